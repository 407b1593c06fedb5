import { spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import { afterAll, expect, it } from "vitest";
import { createDb, migrateDb } from "../db/client";
import { startEmbeddedPostgres } from "../db/embedded";

const dirs: string[] = [];
afterAll(() => {
  for (const dir of dirs) fs.rmSync(dir, { recursive: true, force: true });
});

function tempDataDir(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "fellowship-cli-"));
  dirs.push(dir);
  return path.join(dir, "data");
}

/** `npm run <script> -- args` as an operator types it, with DATA_DIR set and no DATABASE_URL. */
function npmRun(script: string, args: string[], dataDir: string) {
  const env: NodeJS.ProcessEnv = { ...process.env, DATA_DIR: dataDir, DATABASE_URL: "" };
  delete env.BACKUP_DIR;
  const child = spawn("npm", ["run", script, "--", ...args], { env, stdio: ["ignore", "pipe", "pipe"] });
  let stdout = "";
  let stderr = "";
  child.stdout.on("data", (d) => (stdout += d));
  child.stderr.on("data", (d) => (stderr += d));
  return new Promise<{ code: number | null; lastLine: string; stderr: string; stdout: string }>((resolve) =>
    child.on("close", (code) => resolve({ code, stdout, stderr, lastLine: stdout.trim().split("\n").at(-1) ?? "" })),
  );
}

async function churchNames(url: string): Promise<string[]> {
  const c = new pg.Client({ connectionString: url });
  await c.connect();
  try {
    return (await c.query<{ name: string }>("select name from churches order by name")).rows.map((r) => r.name);
  } finally {
    await c.end();
  }
}

it("backs up an embedded DATA_DIR while the app runs and while it is stopped, and restores on a new machine", {
  timeout: 180_000,
}, async () => {
  const dataA = tempDataDir();
  // An install with data; this process holds DATA_DIR as a running app does.
  const running = await startEmbeddedPostgres(dataA);
  try {
    const db = createDb(running.url, { max: 1 });
    await migrateDb(db);
    await db.execute(
      "insert into churches (name, time_zone, slug) values ('Grace Chapel', 'UTC', 'grace-chapel'), ('Hope Church', 'UTC', 'hope-church')",
    );
    await db.$client.end();

    const whileRunning = path.join(path.dirname(dataA), "while-running.zip");
    const a = await npmRun("backup", ["--out", whileRunning], dataA);
    expect(a.code, a.stderr).toBe(0);
    expect(a.lastLine).toBe(whileRunning);
    expect(fs.statSync(whileRunning).mode & 0o777).toBe(0o600);

    // A restore needs the app stopped.
    const refused = await npmRun("restore", [whileRunning], dataA);
    expect(refused.code).toBe(1);
    expect(refused.stderr).toMatch(/is running on .* stop it before restoring; nothing was changed/);
  } finally {
    await running.stop();
  }

  // Stopped: the backup starts the embedded PostgreSQL itself, writes to DATA_DIR/backups and stops it.
  const stopped = await npmRun("backup", [], dataA);
  expect(stopped.code, stopped.stderr).toBe(0);
  expect(path.dirname(stopped.lastLine)).toBe(path.join(dataA, "backups"));
  expect(fs.existsSync(stopped.lastLine)).toBe(true);
  expect(fs.existsSync(path.join(dataA, "pg", "postmaster.pid"))).toBe(false);

  // A new machine: a fresh DATA_DIR gets everything back.
  const dataB = tempDataDir();
  const restored = await npmRun("restore", [stopped.lastLine], dataB);
  expect(restored.code, restored.stderr).toBe(0);
  expect(restored.stdout).toMatch(/Restored \d+ tables/);
  // Issue 28: how many members erased since the backup were erased again (none here).
  expect(restored.stdout).toMatch(/Re-applied 0 erasure\(s\) recorded since the backup\./);
  expect(fs.existsSync(path.join(dataB, "pg", "postmaster.pid"))).toBe(false);
  expect(await churchNamesAfterStart(dataB)).toEqual(["Grace Chapel", "Hope Church"]);
});

async function churchNamesAfterStart(dataDir: string): Promise<string[]> {
  const pgServer = await startEmbeddedPostgres(dataDir);
  try {
    return await churchNames(pgServer.url);
  } finally {
    await pgServer.stop();
  }
}
