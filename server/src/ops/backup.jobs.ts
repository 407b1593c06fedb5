import fs from "node:fs";
import path from "node:path";
import { sql } from "drizzle-orm";
import type { FastifyBaseLogger } from "fastify";
import { z } from "zod";
import type { TConfig } from "../config";
import type { TRootDb } from "../db/client";
import type { TMigration } from "../db/migrations";
import type { Jobs } from "../lib/jobs";
import { createBackup } from "./backup";
import { recordBackupAudit } from "./backup-audit";
import { BACKUP_FILE_PATTERN, backupFileName, PARTIAL_FILE_PATTERN } from "./backup-format";

/**
 * Automatic backups (issue 15): a job of the queue, so that of several app processes exactly one
 * takes each run. One job waits at a time under a fixed key; each run queues the next before it ends.
 * The newest BACKUP_KEEP complete files are kept; older ones go only after a newer one is complete.
 */

export const BACKUP_JOB_KEY = "fellowship:backup";
export const backupTask = { name: "backup", payload: z.object({}), maxAttempts: 3 };

/** A first backup on a new install, this long after the start (not during it). */
const FIRST_RUN_DELAY_MS = 60_000;
/** After a failure the next try comes within an hour, whatever the interval. */
const RETRY_AFTER_FAILURE_MS = 60 * 60_000;
/** A partial file this old belongs to a backup that died (a live one writes to it continuously). */
const STALE_PARTIAL_MS = 60 * 60_000;
/** Where a failure is written down, so every process showing `/readyz` sees it until a backup succeeds. */
const FAILURE_FILE = ".last-failure.json";

export type TBackupJobsDeps = {
  db: TRootDb;
  config: TConfig["backup"];
  log: FastifyBaseLogger;
  migrations?: TMigration[];
};

export type TBackupStatus = {
  ok: boolean;
  enabled: boolean;
  lastBackupAt?: string;
  lastBackup?: string;
  failedAt?: string;
  error?: string;
};

type TFailure = { at: string; error: string };

export function defineBackupJobs(jobs: Jobs, deps: TBackupJobsDeps) {
  let failure: TFailure | undefined;
  const runOnce = async (): Promise<boolean> => {
    try {
      await runBackup(deps);
      failure = undefined;
      return true;
    } catch (err) {
      failure = { at: new Date().toISOString(), error: firstLine(err) };
      deps.log.error({ err, dir: deps.config.dir }, "automatic backup failed");
      writeFailure(deps.config.dir, failure);
      return false;
    }
  };
  jobs.define({
    ...backupTask,
    run: async () => {
      const ok = await runOnce();
      // Failures are logged and shown on /readyz, not thrown: the queue would keep a failed job forever.
      const intervalMs = deps.config.intervalHours * 3_600_000;
      await queueBackup(
        deps.db,
        new Date(Date.now() + (ok ? intervalMs : Math.min(intervalMs, RETRY_AFTER_FAILURE_MS))),
      );
    },
  });
  return {
    /** Queues the next run (call once the app serves): one interval after the newest backup on disk. */
    schedule: () => scheduleBackups(deps),
    /** Runs a backup now in this process (tests, or an operator's hook), with retention. */
    runOnce,
    /** For `/readyz`'s details. */
    getStatus: (): TBackupStatus => getBackupStatus(deps.config, failure),
  };
}

/** The next run at its due time, replacing any waiting one; with the interval 0, none. */
export async function scheduleBackups(deps: TBackupJobsDeps): Promise<void> {
  if (deps.config.intervalHours <= 0) {
    await deps.db.execute(sql`select graphile_worker.remove_job(${BACKUP_JOB_KEY})`);
    return;
  }
  const newest = listBackups(deps.config.dir)[0];
  const due = newest ? newest.mtimeMs + deps.config.intervalHours * 3_600_000 : Date.now() + FIRST_RUN_DELAY_MS;
  await queueBackup(deps.db, new Date(Math.max(due, Date.now())));
}

async function queueBackup(db: TRootDb, runAt: Date): Promise<void> {
  // A waiting job of the key is replaced (processes starting together agree on one); queued by a
  // running backup, the new job takes the key and the running one finishes as it is.
  await db.execute(
    sql`select graphile_worker.add_job(${backupTask.name}, '{}'::json, run_at => ${runAt.toISOString()}::timestamptz,
      max_attempts => ${backupTask.maxAttempts}::int, job_key => ${BACKUP_JOB_KEY}::text, job_key_mode => 'replace')`,
  );
}

/** One backup into BACKUP_DIR, then the rotation. */
async function runBackup(deps: TBackupJobsDeps): Promise<string> {
  const { dir, keep } = deps.config;
  fs.mkdirSync(dir, { recursive: true, mode: 0o700 });
  let name = backupFileName(new Date());
  for (let n = 1; fs.existsSync(path.join(dir, name)); n++) name = name.replace(/(-\d+)?\.zip$/, `-${n}.zip`);
  const result = await createBackup(deps.db.$direct, path.join(dir, name), { migrations: deps.migrations });
  fs.rmSync(path.join(dir, FAILURE_FILE), { force: true });
  // After the snapshot: the backup does not hold its own entry.
  await recordBackupAudit(deps.db.$client, "backup.created", result.file, { bytes: [null, result.bytes] });
  const removed = pruneBackups(dir, keep);
  deps.log.info({ file: result.file, bytes: result.bytes, removed }, "automatic backup written");
  return result.file;
}

type TBackupFile = { name: string; mtimeMs: number };

/** Complete automatic backups in `dir`, newest first. */
export function listBackups(dir: string): TBackupFile[] {
  let names: string[];
  try {
    names = fs.readdirSync(dir);
  } catch {
    return [];
  }
  return names
    .filter((n) => BACKUP_FILE_PATTERN.test(n))
    .map((name) => ({ name, mtimeMs: fs.statSync(path.join(dir, name)).mtimeMs }))
    .sort((a, b) => b.mtimeMs - a.mtimeMs || nameOrder(b.name) - nameOrder(a.name) || (b.name > a.name ? 1 : -1));
}

/**
 * Within one second, backups are named `…Z.zip`, `…Z-1.zip`, `…Z-2.zip`: when their times tie (the
 * file system's clock is coarse), the suffix orders them (a plain string order puts `Z.zip` last).
 */
function nameOrder(name: string): number {
  return Number(/-(\d+)\.zip$/.exec(name.replace(/^fellowship-backup-\d{8}T\d{6}Z/, ""))?.[1] ?? 0);
}

/** Keeps the newest `keep` automatic backups (manual ones are named apart), and clears dead partials. */
export function pruneBackups(dir: string, keep: number): string[] {
  const removed = listBackups(dir)
    .slice(keep)
    .map((f) => f.name);
  for (const name of removed) fs.rmSync(path.join(dir, name), { force: true });
  for (const name of fs.readdirSync(dir).filter((n) => PARTIAL_FILE_PATTERN.test(n))) {
    const file = path.join(dir, name);
    if (Date.now() - fs.statSync(file).mtimeMs > STALE_PARTIAL_MS) fs.rmSync(file, { force: true });
  }
  return removed;
}

export function getBackupStatus(config: TConfig["backup"], failure?: TFailure): TBackupStatus {
  if (config.intervalHours <= 0) return { ok: true, enabled: false };
  const newest = listBackups(config.dir)[0];
  const last = newest ? { lastBackupAt: new Date(newest.mtimeMs).toISOString(), lastBackup: newest.name } : {};
  const failed = readFailure(config.dir) ?? failure;
  // A failure older than the newest backup was followed by a success (of another process, say).
  if (failed && (!newest || Date.parse(failed.at) > newest.mtimeMs))
    return { ok: false, enabled: true, ...last, failedAt: failed.at, error: failed.error };
  return { ok: true, enabled: true, ...last };
}

function writeFailure(dir: string, failure: TFailure) {
  try {
    fs.mkdirSync(dir, { recursive: true, mode: 0o700 });
    fs.writeFileSync(path.join(dir, FAILURE_FILE), JSON.stringify(failure), { mode: 0o600 });
  } catch {
    // An unwritable BACKUP_DIR is likely the failure itself: this process still shows it.
  }
}

function readFailure(dir: string): TFailure | undefined {
  try {
    return JSON.parse(fs.readFileSync(path.join(dir, FAILURE_FILE), "utf8")) as TFailure;
  } catch {
    return undefined;
  }
}

function firstLine(err: unknown): string {
  return (err instanceof Error ? err.message : String(err)).split("\n")[0].slice(0, 300);
}
