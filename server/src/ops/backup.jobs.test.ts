import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { sql } from "drizzle-orm";
import pino from "pino";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { createTestDb } from "../../test/db";
import type { TRootDb } from "../db/client";
import { readMigrations } from "../db/migrations";
import { Jobs } from "../lib/jobs";
import { BACKUP_JOB_KEY, defineBackupJobs, listBackups } from "./backup.jobs";
import { openBackup } from "./backup-reader";

let db: TRootDb;
let drop: () => Promise<void>;
let tmp: string;
const queues: Jobs[] = [];

beforeAll(async () => {
  ({ db, drop } = await createTestDb());
  tmp = fs.mkdtempSync(path.join(os.tmpdir(), "fellowship-backup-jobs-"));
});
afterEach(async () => {
  for (const jobs of queues.splice(0)) await jobs.stop();
  await db.execute(sql`delete from graphile_worker._private_jobs`);
});
afterAll(async () => {
  await drop();
  fs.rmSync(tmp, { recursive: true, force: true });
});

/** One app process's queue with the backup task, and a log whose errors the test reads. */
function createProcess(config: { intervalHours: number; keep: number; dir: string }) {
  const log = pino({ level: "silent" });
  const error = vi.spyOn(log, "error");
  const jobs = new Jobs(db, { log });
  queues.push(jobs);
  const backups = defineBackupJobs(jobs, { db, config, log });
  return { jobs, backups, error };
}

const waitingBackups = async () =>
  (
    await db.execute<{ run_at: Date }>(
      sql`select run_at from graphile_worker.jobs where key = ${BACKUP_JOB_KEY} and locked_at is null`,
    )
  ).rows.map((r) => new Date(r.run_at).getTime());

const makeDue = () =>
  db.execute(sql`update graphile_worker._private_jobs set run_at = now() where key = ${BACKUP_JOB_KEY}`);

describe("automatic backups", () => {
  it("keeps exactly BACKUP_KEEP backups, newest first, removing old ones only after a newer one is complete", async () => {
    const dir = path.join(tmp, "retention");
    fs.mkdirSync(dir);
    const manual = path.join(dir, "fellowship-backup-manual-20260101T000000Z.zip");
    fs.writeFileSync(manual, "an operator's own backup");
    // A partial file of a backup that died two hours ago goes; one being written now stays.
    const dead = path.join(dir, ".fellowship-backup-20260101T000000Z.zip.dead.partial");
    const live = path.join(dir, ".fellowship-backup-20260102T000000Z.zip.live.partial");
    fs.writeFileSync(dead, "x");
    fs.writeFileSync(live, "x");
    const twoHoursAgo = new Date(Date.now() - 2 * 3_600_000);
    fs.utimesSync(dead, twoHoursAgo, twoHoursAgo);

    const { backups } = createProcess({ intervalHours: 24, keep: 3, dir });
    const made: string[] = [];
    for (let i = 0; i < 5; i++) {
      // A backup is named by its second: on a quick machine two would share one, so each starts in
      // a second of its own (as the interval, hours, guarantees outside this test).
      await new Promise((r) => setTimeout(r, 1005 - (Date.now() % 1000)));
      expect(await backups.runOnce()).toBe(true);
      const newest = listBackups(dir)[0].name;
      expect(made).not.toContain(newest);
      made.push(newest);
      expect(listBackups(dir).length).toBe(Math.min(i + 1, 3));
    }
    expect(listBackups(dir).map((f) => f.name)).toEqual(made.slice(2).reverse());
    for (const f of listBackups(dir)) expect(fs.statSync(path.join(dir, f.name)).mode & 0o777).toBe(0o600);
    expect(fs.existsSync(manual)).toBe(true);
    expect(fs.existsSync(dead)).toBe(false);
    expect(fs.existsSync(live)).toBe(true);
    expect(backups.getStatus()).toMatchObject({ ok: true, enabled: true, lastBackup: made[4] });
  });

  it("records backup.created by the system in each church's audit trail, after its snapshot", async () => {
    const dir = path.join(tmp, "audit");
    const churches = await db.execute<{ id: string }>(
      sql`insert into churches (name, slug, time_zone) values ('Audit One', 'audit-one', 'UTC'), ('Audit Two', 'audit-two', 'UTC') returning id`,
    );
    const { backups } = createProcess({ intervalHours: 24, keep: 3, dir });
    expect(await backups.runOnce()).toBe(true);
    const file = listBackups(dir)[0].name;
    const entries = await db.execute<{
      church_id: string;
      actor_id: string | null;
      target_id: string;
      changes: object;
    }>(
      sql`select church_id, actor_id, target_id, target_type, changes from audit_entries where action = 'backup.created'`,
    );
    expect(entries.rows.map((r) => r.church_id).sort()).toEqual(churches.rows.map((r) => r.id).sort());
    for (const row of entries.rows) {
      expect(row).toMatchObject({ actor_id: null, target_id: file, target_type: "backup" });
      expect(row.changes).toEqual({ bytes: [null, fs.statSync(path.join(dir, file)).size] });
    }
    // The file itself holds the churches but not the entries about it.
    const reader = await openBackup(path.join(dir, file), readMigrations());
    try {
      expect(reader.manifest.tables.find((x) => x.name === "audit_entries")?.rows).toBe(0);
      expect(reader.manifest.tables.find((x) => x.name === "churches")?.rows).toBe(2);
    } finally {
      reader.close();
    }
  });

  it("is taken by one process of several, then queues the next one an interval later", async () => {
    const dir = path.join(tmp, "scheduled");
    const config = { intervalHours: 24, keep: 7, dir };
    const a = createProcess(config);
    const b = createProcess(config);
    // Both processes start and schedule: one job waits, about a minute away on a new install.
    await a.backups.schedule();
    await b.backups.schedule();
    const [first, ...others] = await waitingBackups();
    expect(others).toEqual([]);
    expect(first - Date.now()).toBeGreaterThan(30_000);
    expect(first - Date.now()).toBeLessThan(120_000);

    await makeDue();
    await Promise.all([a.jobs.runDue(), b.jobs.runDue()]);
    expect(listBackups(dir).length).toBe(1);
    const [next, ...more] = await waitingBackups();
    expect(more).toEqual([]);
    expect(Math.abs(next - (Date.now() + 24 * 3_600_000))).toBeLessThan(60_000);

    // A restart schedules from the newest backup on disk, not from the restart.
    await a.backups.schedule();
    const [again] = await waitingBackups();
    expect(Math.abs(again - (listBackups(dir)[0].mtimeMs + 24 * 3_600_000))).toBeLessThan(1_000);

    // BACKUP_INTERVAL_HOURS=0 turns them off: the waiting job goes.
    const off = createProcess({ ...config, intervalHours: 0 });
    await off.backups.schedule();
    expect(await waitingBackups()).toEqual([]);
    expect(off.backups.getStatus()).toEqual({ ok: true, enabled: false });
  });

  it("logs a failed backup as an error, shows it in the status and tries again within an hour", async () => {
    const blocker = path.join(tmp, "not-a-folder");
    fs.writeFileSync(blocker, "");
    const config = { intervalHours: 24, keep: 7, dir: path.join(blocker, "backups") };
    const p = createProcess(config);
    await p.backups.schedule();
    await makeDue();
    await p.jobs.runDue();
    expect(p.error).toHaveBeenCalledWith(
      expect.objectContaining({ err: expect.any(Error) }),
      "automatic backup failed",
    );
    const status = p.backups.getStatus();
    expect(status).toMatchObject({ ok: false, enabled: true, error: expect.stringMatching(/ENOTDIR|EEXIST/) });
    expect(status.failedAt).toBeDefined();
    const [retry] = await waitingBackups();
    expect(retry - Date.now()).toBeLessThanOrEqual(3_600_000);
    expect(retry - Date.now()).toBeGreaterThan(3_500_000);
    // The failed job itself is not left in the queue.
    const failed = await db.execute(sql`select 1 from graphile_worker.jobs where last_error is not null`);
    expect(failed.rows).toEqual([]);
  });
});
