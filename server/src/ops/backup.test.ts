import { spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import yazl from "yazl";
import { createTestApp, type TTestApp } from "../../test/app";
import { createEmptyTestDb } from "../../test/db";
import { addMember, createChurch } from "../../test/factories";
import { fillEveryTable, readAllRows } from "../../test/fixtures/fill-tables";
import { buildApp } from "../app";
import { applyMigrations, getMigrationState, readMigrations, type TMigration } from "../db/migrations";
import { createBackup } from "./backup";
import { listBackups } from "./backup.jobs";
import { BackupFileError, PARTIAL_FILE_PATTERN } from "./backup-format";
import { openBackup } from "./backup-reader";
import { RestoreRefusedError, restoreBackup } from "./restore";

const RELEASE = readMigrations();
/**
 * A migration of this test's own, after the release's: a table numbered by an identity (sequences
 * must continue after a restore) and two tables written in pairs (a snapshot must hold both or neither).
 */
const TEST_MIGRATION: TMigration = {
  tag: "9000_backup_test",
  when: (RELEASE.at(-1)?.when ?? 0) + 1_000,
  hash: "backup-test",
  statements: [
    `create table "backup_test_counters" ("id" integer generated always as identity primary key, "label" text not null)`,
    `create table "backup_test_left" ("n" integer primary key)`,
    `create table "backup_test_right" ("n" integer primary key references "backup_test_left" ("n"))`,
  ],
};
const MIGRATIONS = [...RELEASE, TEST_MIGRATION];

let t: TTestApp;
let tmp: string;

async function withClient<T>(url: string, work: (c: pg.Client) => Promise<T>): Promise<T> {
  const c = new pg.Client({ connectionString: url });
  await c.connect();
  try {
    return await work(c);
  } finally {
    await c.end();
  }
}

/**
 * A restore right after this test's own look at the database: a closed client's server process can
 * linger for a moment (longer on a loaded machine), and the restore refuses a database in use. The
 * refusal changes nothing, so trying again until only the restore is connected is safe.
 */
async function restoreWhenAlone(...args: Parameters<typeof restoreBackup>) {
  for (let tries = 0; ; tries++) {
    try {
      return await restoreBackup(...args);
    } catch (err) {
      if (!(err instanceof RestoreRefusedError && /in use/.test(err.message)) || tries >= 50) throw err;
      await new Promise((r) => setTimeout(r, 100));
    }
  }
}

/** Tables, schemas and rows: what "nothing changed" is checked against. */
async function describeDatabase(url: string) {
  return withClient(url, async (c) => {
    const schemas = await c.query<{ n: string }>(
      "select nspname as n from pg_namespace where nspname in ('graphile_worker', 'drizzle') order by 1",
    );
    return { schemas: schemas.rows.map((r) => r.n), rows: await readAllRows(c) };
  });
}

beforeAll(async () => {
  tmp = fs.mkdtempSync(path.join(os.tmpdir(), "fellowship-backup-test-"));
  t = await createTestApp();
  // Several churches made as people make them, then every table filled.
  for (const name of ["Grace Chapel", "Hope Church", "St Luke's"]) {
    const church = await createChurch(t.app, name);
    await addMember(t.app, church, "GROUP_LEADER", "Leader");
    await addMember(t.app, church, "CONGREGANT", "Member");
  }
  await withClient(t.dbUrl, async (c) => {
    await applyMigrations(c, { migrations: MIGRATIONS });
    for (let i = 1; i <= 5; i++) await c.query(`insert into backup_test_counters (label) values ('n${i}')`);
    // The sequence is past the highest row: a restore must not hand out 5 again.
    await c.query("delete from backup_test_counters where id = 5");
    await fillEveryTable(c, 3);
  });
});

afterAll(() => {
  fs.rmSync(tmp, { recursive: true, force: true });
});

describe("backup and restore", () => {
  it("round-trips every table row for row into an empty database, and the app works on it", async () => {
    const file = path.join(tmp, "round-trip.zip");
    const { manifest } = await createBackup(t.dbUrl, file, { migrations: MIGRATIONS });
    expect(fs.statSync(file).mode & 0o777).toBe(0o600);
    expect(manifest.migration.tag).toBe("9000_backup_test");

    const source = await withClient(t.dbUrl, readAllRows);
    // live_viewer_counts is each running process's heartbeat: the test app's own hub rewrites and
    // prunes it every 2 s, so the filled row may be gone by the time this reads (seen on PostgreSQL 15).
    // It may change between the backup's snapshot and this read in any way: it is compared with the
    // backup's own count after the restore instead.
    const VOLATILE = "live_viewer_counts";
    const empty = Object.entries(source).filter(([name, rows]) => rows.length === 0 && name !== VOLATILE);
    expect(empty.map(([name]) => name)).toEqual([]);
    expect(source.churches.length).toBeGreaterThanOrEqual(3);
    expect(manifest.tables.map((x) => x.name).sort()).toEqual(Object.keys(source).sort());
    for (const table of manifest.tables)
      if (table.name !== VOLATILE) expect(table.rows, table.name).toBe(source[table.name].length);

    const target = await createEmptyTestDb();
    try {
      const result = await restoreBackup(target.url, file, { safetyDir: tmp, migrations: MIGRATIONS });
      expect(result.upgradedWith).toEqual([]);
      const restored = await withClient(target.url, readAllRows);
      // The restore adds one audit entry per church, in the restored database (issue 25 §2).
      const restoredEntries = restored.audit_entries.filter((r) =>
        r.includes(",backup.restored,backup,round-trip.zip,"),
      );
      expect(restoredEntries).toHaveLength(source.churches.length);
      restored.audit_entries = restored.audit_entries.filter((r) => !restoredEntries.includes(r));
      for (const name of Object.keys(source)) if (name !== VOLATILE) expect(restored[name], name).toEqual(source[name]);
      expect(restored[VOLATILE].length).toBe(manifest.tables.find((x) => x.name === VOLATILE)?.rows);
      expect(Object.keys(restored).sort()).toEqual(Object.keys(source).sort());

      await withClient(target.url, async (c) => {
        expect((await getMigrationState(c, MIGRATIONS)).pending).toEqual([]);
        // The identity continues after the backup's position (5 was handed out, then deleted).
        const next = await c.query("insert into backup_test_counters (label) values ('after') returning id");
        expect(next.rows[0].id).toBe(6);
      });

      // The app serves on the restored database: new churches and members are added as usual.
      const app = await buildApp({
        config: t.config,
        db: target.db,
        logger: false,
        serveClient: false,
        runJobs: false,
      });
      await app.ready();
      try {
        const church = await createChurch(app, "After the restore");
        await addMember(app, church);
      } finally {
        await app.close();
      }
    } finally {
      await target.drop();
    }
  });

  it("restores a backup made by an older release's schema and upgrades it", async () => {
    const fixture = path.resolve("server/test/fixtures/backup-at-0004.zip");
    const target = await createEmptyTestDb();
    try {
      const { manifest, upgradedWith } = await restoreBackup(target.url, fixture, { safetyDir: tmp });
      expect(manifest.migration.tag).toBe("0004_points_per_church");
      expect(upgradedWith).toEqual(RELEASE.slice(5).map((m) => m.tag));
      await withClient(target.url, async (c) => {
        expect((await getMigrationState(c)).pending).toEqual([]);
        for (const table of manifest.tables.filter((x) => x.name !== "mail_outbox")) {
          const n = await c.query(`select count(*)::int as n from "${table.name}"`);
          expect(n.rows[0].n, table.name).toBe(table.rows);
        }
        // Migration 0005 moved the outbox's unsent e-mail into the job queue, as on an upgrade.
        const mail = await c.query(
          "select count(*)::int as n from graphile_worker.jobs where task_identifier = 'mail'",
        );
        expect(mail.rows[0].n).toBe(1);
      });
    } finally {
      await target.drop();
    }
  });

  it("refuses a database holding data unless forced, and forced, first backs it up", async () => {
    const file = path.join(tmp, "force.zip");
    await createBackup(t.dbUrl, file, { migrations: MIGRATIONS });
    const target = await createEmptyTestDb();
    try {
      await restoreBackup(target.url, file, { safetyDir: tmp, migrations: MIGRATIONS });
      await withClient(target.url, (c) => c.query("insert into backup_test_counters (label) values ('added later')"));
      const before = await describeDatabase(target.url);

      const refused = restoreWhenAlone(target.url, file, { safetyDir: tmp, migrations: MIGRATIONS });
      await expect(refused).rejects.toThrow(RestoreRefusedError);
      await expect(refused).rejects.toThrow(/already holds data.*--force/);
      expect(await describeDatabase(target.url)).toEqual(before);

      const safetyDir = path.join(tmp, "safety");
      const forced = await restoreWhenAlone(target.url, file, { safetyDir, force: true, migrations: MIGRATIONS });
      expect(forced.safetyBackup).toBeDefined();
      const safety = await openBackup(forced.safetyBackup as string, MIGRATIONS);
      expect(safety.manifest.tables.find((x) => x.name === "backup_test_counters")?.rows).toBe(5);
      safety.close();
      const after = await withClient(target.url, readAllRows);
      expect(after.backup_test_counters.some((r) => r.includes("added later"))).toBe(false);
    } finally {
      await target.drop();
    }
  });

  it("checks the whole file first: corrupt, truncated, foreign and newer files change nothing", async () => {
    const good = path.join(tmp, "good.zip");
    await createBackup(t.dbUrl, good, { migrations: MIGRATIONS });
    const bytes = fs.readFileSync(good);

    const truncated = path.join(tmp, "truncated.zip");
    fs.writeFileSync(truncated, bytes.subarray(0, Math.floor(bytes.length * 0.8)));
    // One byte flipped in the middle of the largest table's compressed rows.
    const flipped = path.join(tmp, "flipped.zip");
    const copy = Buffer.from(bytes);
    copy[await middleOfLargestEntry(good)] ^= 0xff;
    fs.writeFileSync(flipped, copy);
    // Intact ZIP, one table's rows changed, manifest as it was: only the checksum can tell.
    const tampered = path.join(tmp, "tampered.zip");
    await rewriteZip(good, tampered, (name, data) =>
      name === "tables/public.churches.tsv"
        ? Buffer.from(data.toString().replace("Grace Chapel", "Grace Chapex"))
        : data,
    );
    const newer = path.join(tmp, "newer.zip");
    await rewriteZip(good, newer, (name, data) =>
      name === "manifest.json"
        ? Buffer.from(data.toString().replace('"formatVersion": 1', '"formatVersion": 99'))
        : data,
    );
    const foreign = path.join(tmp, "foreign.zip");
    await writeZip(foreign, [["photo.jpg", Buffer.from("not a backup")]]);
    const text = path.join(tmp, "notes.txt");
    fs.writeFileSync(text, "hello");

    const cases: [string, RegExp][] = [
      [truncated, /truncated/],
      [flipped, /damaged|cannot be read|truncated/],
      [tampered, /damaged: tables\/public\.churches\.tsv does not match its checksum/],
      [newer, /newer release/],
      [foreign, /not a Fellowship backup/],
      [text, /not a Fellowship backup/],
      [path.join(tmp, "missing.zip"), /no such file/],
    ];
    // An empty target stays empty; a target holding data keeps it, and --force writes nothing first.
    const target = await createEmptyTestDb();
    const full = await createEmptyTestDb();
    try {
      await restoreBackup(full.url, good, { safetyDir: tmp, migrations: MIGRATIONS });
      const emptyBefore = await describeDatabase(target.url);
      const fullBefore = await describeDatabase(full.url);
      const safetyDir = path.join(tmp, "never");
      for (const [file, message] of cases) {
        for (const url of [target.url, full.url]) {
          const attempt = restoreBackup(url, file, { safetyDir, force: true, migrations: MIGRATIONS });
          await expect(attempt, file).rejects.toThrow(BackupFileError);
          await expect(attempt, file).rejects.toThrow(message);
          await expect(attempt, file).rejects.toThrow(/Nothing was changed/);
        }
      }
      expect(await describeDatabase(target.url)).toEqual(emptyBefore);
      expect(emptyBefore).toEqual({ schemas: [], rows: {} });
      expect(await describeDatabase(full.url)).toEqual(fullBefore);
      expect(fs.existsSync(safetyDir)).toBe(false);
    } finally {
      await target.drop();
      await full.drop();
    }
  });

  it("takes one snapshot: rows written in one transaction during the backup are both there or neither", async () => {
    const pool = new pg.Pool({ connectionString: t.dbUrl, max: 2 });
    // Pairs numbered from 1001 (the filler took the first numbers).
    let committed = 0;
    let writing = true;
    const writer = (async () => {
      for (let n = 1001; writing; n++) {
        const c = await pool.connect();
        try {
          await c.query("begin");
          await c.query("insert into backup_test_left (n) values ($1)", [n]);
          await c.query("insert into backup_test_right (n) values ($1)", [n]);
          await c.query("commit");
          committed++;
        } finally {
          c.release();
        }
      }
    })();
    try {
      while (committed < 10) await new Promise((r) => setTimeout(r, 5));
      const file = path.join(tmp, "under-writes.zip");
      await createBackup(t.dbUrl, file, {
        migrations: MIGRATIONS,
        // Between the two tables' copies, more pairs are committed.
        onTable: async (name) => {
          if (name !== "backup_test_right") return;
          const seen = committed;
          while (committed < seen + 10) await new Promise((r) => setTimeout(r, 5));
        },
      });
      writing = false;
      await writer;
      const target = await createEmptyTestDb();
      try {
        await restoreBackup(target.url, file, { safetyDir: tmp, migrations: MIGRATIONS });
        const rows = await withClient(target.url, readAllRows);
        const pairs = rows.backup_test_left.filter((r) => Number(r.slice(1, -1)) > 1000);
        expect(pairs.length).toBeGreaterThanOrEqual(10);
        expect(rows.backup_test_right).toEqual(rows.backup_test_left);
        // Pairs committed while the backup ran after its snapshot are not in it.
        expect(pairs.length).toBeLessThan(committed);
      } finally {
        await target.drop();
      }
    } finally {
      writing = false;
      await writer.catch(() => {});
      await pool.end();
    }
  });

  it("leaves no complete-looking file when the backup process is killed mid-way", async () => {
    const dir = path.join(tmp, "killed");
    const out = path.join(dir, "fellowship-backup-20261126T000000Z.zip");
    const args = [
      "--import",
      "tsx",
      "server/test/fixtures/backup-child.ts",
      t.dbUrl,
      out,
      JSON.stringify(TEST_MIGRATION),
    ];
    const child = spawn(process.execPath, args, {
      stdio: ["ignore", "pipe", "pipe"],
    });
    const exited = new Promise<NodeJS.Signals | null>((resolve) =>
      child.on("exit", (_code, signal) => resolve(signal)),
    );
    let errors = "";
    child.stderr.on("data", (d) => (errors += d));
    await new Promise<void>((resolve, reject) => {
      child.stdout.on("data", (d) => String(d).includes("paused") && resolve());
      child.on("exit", () => reject(new Error(`the backup process ended before it paused: ${errors}`)));
    });
    child.kill("SIGKILL");
    expect(await exited).toBe("SIGKILL");
    const left = fs.readdirSync(dir);
    expect(fs.existsSync(out)).toBe(false);
    expect(listBackups(dir)).toEqual([]);
    expect(left.length).toBe(1);
    expect(left[0]).toMatch(PARTIAL_FILE_PATTERN);
    expect(fs.statSync(path.join(dir, left[0])).size).toBeGreaterThan(0);
    await expect(openBackup(path.join(dir, left[0]))).rejects.toThrow(/truncated/);
  });
});

async function writeZip(file: string, entries: [string, Buffer][]) {
  const zip = new yazl.ZipFile();
  for (const [name, data] of entries) zip.addBuffer(data, name);
  zip.end();
  await new Promise<void>((resolve, reject) =>
    zip.outputStream.pipe(fs.createWriteStream(file)).on("close", resolve).on("error", reject),
  );
}

async function middleOfLargestEntry(file: string): Promise<number> {
  const yauzl = await import("yauzl");
  const zip = await yauzl.openPromise(file, { lazyEntries: true, autoClose: false });
  let largest: import("yauzl").Entry | undefined;
  for await (const entry of zip.eachEntry())
    if (!largest || entry.compressedSize > largest.compressedSize) largest = entry;
  if (!largest) throw new Error("empty zip");
  const { fileDataStart } = await zip.readLocalFileHeaderPromise(largest, { minimal: true });
  zip.close();
  return fileDataStart + Math.floor(largest.compressedSize / 2);
}

async function rewriteZip(from: string, to: string, edit: (name: string, data: Buffer) => Buffer) {
  const yauzl = await import("yauzl");
  const zip = await yauzl.openPromise(from, { lazyEntries: true, autoClose: false });
  const entries: [string, Buffer][] = [];
  for await (const entry of zip.eachEntry()) {
    const chunks: Buffer[] = [];
    for await (const c of await zip.openReadStreamPromise(entry)) chunks.push(c as Buffer);
    entries.push([entry.fileName, edit(entry.fileName, Buffer.concat(chunks))]);
  }
  zip.close();
  await writeZip(to, entries);
}
