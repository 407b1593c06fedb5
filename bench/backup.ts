/**
 * `node --import tsx bench/backup.ts`: what `npm run backup` and `npm run restore` cost (issue 15), on
 * embedded PostgreSQL servers in a fresh temp dir:
 *
 * 1. an install with 10 churches, BENCH_MEMBERS members (10,000), BENCH_SERMONS sermons (5,000, with
 *    descriptions and notes) and BENCH_POINTS points rows (100,000);
 * 2. `scripts/backup.ts --out FILE` run as operators run it, beside the running database (this
 *    process holds DATA_DIR as the app would): wall time, file size, peak memory (maxRSS of the
 *    backup process);
 * 3. `scripts/restore.ts FILE` into a fresh DATA_DIR (initialised beforehand, so the time is the
 *    restore's: starting the embedded PostgreSQL, checking the file, loading, stopping it);
 * 4. the same two on an install with one church and nothing else, so that the memory figures show
 *    what the data adds (flat: the tables stream).
 *
 * Rows are checked after the restore. Prints a markdown table; figures in bench/RESULTS.md.
 */

import { spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { pathToFileURL } from "node:url";
import pg from "pg";
import { createDb, migrateDb } from "../server/src/db/client";
import { startEmbeddedPostgres } from "../server/src/db/embedded";

const MEMBERS = Number(process.env.BENCH_MEMBERS ?? 10_000);
const SERMONS = Number(process.env.BENCH_SERMONS ?? 5_000);
const POINTS = Number(process.env.BENCH_POINTS ?? 100_000);
const root = path.resolve(import.meta.dirname, "..");
const tmp = fs.mkdtempSync(path.join(os.tmpdir(), "fellowship-bench-backup-"));
// Written by each child process as it exits: its peak resident memory.
const rssHook = path.join(tmp, "report-rss.mjs");
fs.writeFileSync(
  rssHook,
  `import fs from "node:fs";\nprocess.on("exit", () => fs.writeFileSync(process.env.BENCH_RSS_FILE, String(process.resourceUsage().maxRSS)));\n`,
);

type TRun = { seconds: number; peakMiB: number; output: string };

async function runScript(script: string, args: string[], dataDir: string): Promise<TRun> {
  const rssFile = path.join(tmp, `rss-${Date.now()}`);
  const env: NodeJS.ProcessEnv = { ...process.env, DATA_DIR: dataDir, DATABASE_URL: "", BENCH_RSS_FILE: rssFile };
  const started = performance.now();
  const child = spawn(
    process.execPath,
    ["--import", "tsx", "--import", pathToFileURL(rssHook).href, path.join(root, script), ...args],
    { cwd: root, env, stdio: ["ignore", "pipe", "pipe"] },
  );
  let output = "";
  child.stdout.on("data", (d) => (output += d));
  child.stderr.on("data", (d) => (output += d));
  const code = await new Promise<number | null>((resolve) => child.on("close", resolve));
  const seconds = (performance.now() - started) / 1000;
  if (code !== 0) throw new Error(`${script} failed (${code}):\n${output}`);
  return { seconds, peakMiB: Number(fs.readFileSync(rssFile, "utf8")) / 1024, output };
}

async function fill(url: string, big: boolean) {
  const c = new pg.Client({ connectionString: url });
  await c.connect();
  try {
    const churches = big ? 10 : 1;
    await c.query(
      `insert into churches (name, time_zone, slug) select 'Church ' || n, 'America/Chicago', 'church-' || n from generate_series(1, $1) n`,
      [churches],
    );
    if (!big) return;
    await c.query(
      `insert into users (email, password_hash, first_name, last_name, role, church_id, points, church_joined_at)
       select 'member' || n || '@bench.example', '$argon2id$v=19$m=19456,t=2,p=1$' || md5(n::text) || md5((n + 1)::text),
              'First' || n, 'Last' || n, case when n % 50 = 0 then 'GROUP_LEADER' else 'CONGREGANT' end,
              (select id from churches order by name offset (n % $2) limit 1), 0, now()
         from generate_series(1, $1) n`,
      [MEMBERS, churches],
    );
    await c.query(
      `insert into sermons (church_id, title, speaker, date, duration, video_url, series, description, notes, tags, scripture)
       select (select id from churches order by name offset (n % $2) limit 1), 'Sermon ' || n, 'Pastor ' || (n % 40),
              date '2020-01-05' + (n % 2000), 2400 + n % 900, 'https://www.youtube.com/watch?v=' || substr(md5(n::text), 1, 11),
              'Series ' || (n % 60), repeat('A description of the sermon and what it asks of us. ', 8),
              repeat('Notes: a point, a verse, a question for the week. ', 20), array['faith', 'hope', 'week' || (n % 52)],
              'John ' || (n % 21 + 1) || ':' || (n % 30 + 1)
         from generate_series(1, $1) n`,
      [SERMONS, churches],
    );
    await c.query(
      `insert into points_ledger (church_id, user_id, kind, key, points, created_at)
       select u.church_id, u.id, 'sermon_watch', 'sermon-' || n, 10, now() - (n % 365) * interval '1 day'
         from generate_series(1, $1) n
         join (select id, church_id, row_number() over (order by email) - 1 as i from users) u on u.i = n % $2`,
      [POINTS, MEMBERS],
    );
  } finally {
    await c.end();
  }
}

async function counts(dataDir: string): Promise<Record<string, number>> {
  const server = await startEmbeddedPostgres(dataDir);
  const c = new pg.Client({ connectionString: server.url });
  await c.connect();
  try {
    const res = await c.query(
      `select (select count(*) from churches)::int as churches, (select count(*) from users)::int as users,
              (select count(*) from sermons)::int as sermons, (select count(*) from points_ledger)::int as points`,
    );
    return res.rows[0];
  } finally {
    await c.end();
    await server.stop();
  }
}

type TResult = {
  label: string;
  backup: TRun;
  restore: TRun;
  bytes: number;
  dbBytes: number;
  rows: Record<string, number>;
};

async function measure(label: string, big: boolean): Promise<TResult> {
  const source = path.join(tmp, `${label}-source`);
  const target = path.join(tmp, `${label}-target`);
  const file = path.join(tmp, `${label}.zip`);
  const running = await startEmbeddedPostgres(source);
  let dbBytes = 0;
  let rows: Record<string, number>;
  let backup: TRun;
  try {
    const db = createDb(running.url, { max: 1 });
    await migrateDb(db);
    await db.$client.end();
    await fill(running.url, big);
    const c = new pg.Client({ connectionString: running.url });
    await c.connect();
    dbBytes = Number((await c.query("select pg_database_size(current_database()) as b")).rows[0].b);
    await c.end();
    // Beside the running database, as while the app serves.
    backup = await runScript("scripts/backup.ts", ["--out", file], source);
  } finally {
    await running.stop();
  }
  rows = await counts(source);
  // The new machine's DATA_DIR, initialised beforehand (as a first `npm start` would).
  await (await startEmbeddedPostgres(target)).stop();
  const restore = await runScript("scripts/restore.ts", [file], target);
  const restored = await counts(target);
  if (JSON.stringify(restored) !== JSON.stringify(rows))
    throw new Error(`restored ${JSON.stringify(restored)}, expected ${JSON.stringify(rows)}`);
  rows = restored;
  return { label, backup, restore, bytes: fs.statSync(file).size, dbBytes, rows };
}

const mib = (n: number) => `${(n / 1024 / 1024).toFixed(1)} MiB`;

try {
  const results = [await measure("small", false), await measure("large", true)];
  console.log(`\n${os.cpus().length} cores, Node ${process.version}\n`);
  console.log(
    "| database | rows (churches / members / sermons / points) | database size | backup: time | backup: file | backup: peak memory | restore: time | restore: peak memory |",
  );
  console.log("|---|---|---|---|---|---|---|---|");
  for (const r of results) {
    const { churches, users, sermons, points } = r.rows;
    console.log(
      `| ${r.label} | ${churches} / ${users} / ${sermons} / ${points} | ${mib(r.dbBytes)} | ${r.backup.seconds.toFixed(1)} s | ${mib(r.bytes)} | ${r.backup.peakMiB.toFixed(0)} MiB | ${r.restore.seconds.toFixed(1)} s | ${r.restore.peakMiB.toFixed(0)} MiB |`,
    );
  }
} finally {
  fs.rmSync(tmp, { recursive: true, force: true });
}
