/**
 * `node --import tsx bench/thousand-churches.ts` (bench/run.ts's part "thousand churches", issue 30):
 * do a member's hot reads cost the same when the database holds a thousand churches?
 *
 * 1. an embedded PostgreSQL (its default settings: shared_buffers 32 MB) with two migrated databases:
 *    "big" and "one";
 * 2. per database, the app as users run it (`node scripts/start.mjs`, NODE_ENV=production, default
 *    log level), an admin and their church registered through the API;
 * 3. with SQL `generate_series`: "big" gets BENCH_CHURCHES - 1 more churches (999), "one" none; every
 *    church 200 members (a few points-ledger rows and notifications each, a session for one in four),
 *    50 sermons, 20 events (half ahead) and 8 weekly action steps; then ANALYZE. The big database
 *    holds 200,000 members, 50,000 sermons, 20,000 events;
 * 4. in each database one member of the measured church (the middle one by creation, number 500 in
 *    "big", the only one in "one") signs in through `POST /api/auth/login`;
 * 5. per hot read, autocannon on loopback (BENCH_CONNECTIONS, 50) against the one-church app, the
 *    big one, the big one again and the one-church app again (one-big-big-one, so that the shared
 *    machine's drift falls on both), each BENCH_WARMUP (2 s) + BENCH_DURATION (5 s);
 * 6. EXPLAIN (ANALYZE, BUFFERS) of the reads' heaviest queries in both databases, to show which grow.
 *
 * Prints markdown tables; figures in bench/RESULTS.md. Environment: BENCH_CHURCHES (1000),
 * BENCH_MEMBERS_PER_CHURCH (200), BENCH_DURATION, BENCH_WARMUP, BENCH_CONNECTIONS.
 */

import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import autocannon, { type TAutocannonResult } from "autocannon";
import pg from "pg";
import { startEmbeddedPostgres, type TEmbeddedPg } from "../server/src/db/embedded";
import { createAppDatabase, fmt, registerAdmin, signIn, sleep, startApp, type TApp } from "./bench-apps";

const num = (name: string, fallback: number) => {
  const n = Number(process.env[name] ?? fallback);
  if (!Number.isFinite(n) || n <= 0) throw new Error(`${name} must be a positive number`);
  return n;
};
const CHURCHES = Math.round(num("BENCH_CHURCHES", 1000));
const MEMBERS = Math.round(num("BENCH_MEMBERS_PER_CHURCH", 200));
const DURATION = num("BENCH_DURATION", 5);
const WARMUP = num("BENCH_WARMUP", 2);
const CONNECTIONS = Math.round(num("BENCH_CONNECTIONS", 50));

/** The member dashboard's and the bell's reads. */
const READS = [
  "/api/auth/user",
  "/api/user/stats",
  "/api/sermons?limit=3",
  "/api/events?upcoming=true&limit=3",
  "/api/weekly-action-step",
  "/api/notifications",
];

const tmp = fs.mkdtempSync(path.join(os.tmpdir(), "fellowship-bench-thousand-"));
let embedded: TEmbeddedPg | undefined;
const apps: TApp[] = [];
const pools: pg.Pool[] = [];

const CHURCH_N = `with c as (select id, row_number() over (order by created_at, id) as n from churches)`;

/** Everything but the registered church, and every church's members and content, by SQL. */
async function seed(db: pg.Pool, churches: number, adminEmail: string): Promise<void> {
  const t0 = performance.now();
  const step = async (what: string, sql: string, params: unknown[] = []) => {
    const t = performance.now();
    const r = await db.query(sql, params);
    console.log(
      `bench: thousand: ${what}: ${fmt(r.rowCount ?? 0)} rows in ${fmt((performance.now() - t) / 1000, 1)} s`,
    );
  };
  await step(
    "churches",
    `insert into churches (name, slug, time_zone, created_at)
     select 'Church ' || g, 'church-' || g, 'America/Chicago', now() + make_interval(secs => g)
       from generate_series(2, $1::int) as g`,
    [churches],
  );
  await step(
    "members",
    `${CHURCH_N}
     insert into users (email, first_name, last_name, role, church_id, created_at, church_joined_at, last_active_at, points)
     select 'm' || c.n || '-' || g || '@bench.example', 'First' || g, 'Last' || c.n, 'CONGREGANT', c.id,
            now() - interval '400 days', now() - interval '400 days', now() - make_interval(days => g % 40), 50
       from c cross join generate_series(1, $1::int) as g`,
    [MEMBERS],
  );
  await step(
    "sermons",
    `${CHURCH_N}
     insert into sermons (church_id, title, speaker, date, duration, description, created_at)
     select c.id, 'Sermon ' || g, 'Pastor ' || (g % 5), (now() - make_interval(days => 7 * g))::date, 2400,
            'What the sermon asks of us this week, number ' || g, now() - make_interval(days => 7 * g)
       from c cross join generate_series(0, 49) as g`,
  );
  await step(
    "events",
    `${CHURCH_N}
     insert into events (church_id, title, description, location, start_time, end_time, is_service)
     select c.id, 'Gathering ' || g, 'Come as you are', 'Main hall', now() + make_interval(days => 7 * (g - 10)) + interval '1 hour',
            now() + make_interval(days => 7 * (g - 10)) + interval '150 minutes', g % 2 = 0
       from c cross join generate_series(0, 19) as g`,
  );
  await step(
    "weekly action steps",
    `${CHURCH_N}
     insert into weekly_action_steps (church_id, week_of, title, description)
     select c.id, (date_trunc('week', now() + interval '1 day') - interval '1 day')::date - 7 * w, 'Step ' || w,
            'Practise something good, week ' || w
       from c cross join generate_series(0, 7) as w`,
  );
  await step(
    "points ledger",
    `insert into points_ledger (church_id, user_id, kind, key, points, created_at)
     select u.church_id, u.id, 'bible_reading', (now() - make_interval(days => g))::date || ':Genesis 1', 10,
            now() - make_interval(days => g)
       from users u cross join generate_series(0, 4) as g where u.church_id is not null`,
  );
  await step(
    "notifications",
    // Their e-mail already decided, as a running app leaves them (else the e-mail fallback sweep would
    // work through a million rows during the measurements).
    `insert into notifications (church_id, user_id, type, kind, title, message, link, related_id, is_read, created_at, email_state)
     select u.church_id, u.id, 'event', 'event_published', 'New event', 'Gathering number ' || g, '/events',
            gen_random_uuid(), g > 2, now() - make_interval(days => g * 3), 'skipped'
       from users u cross join generate_series(1, 5) as g where u.church_id is not null`,
  );
  await step(
    "sessions (one member in four)",
    `insert into sessions (id, user_id, expires_at)
     select md5(u.id::text || random()::text), u.id, now() + interval '20 days'
       from users u where u.church_id is not null and abs(hashtext(u.id::text)) % 4 = 0`,
  );
  // The measured member: the admin's password (hashed as the app hashes it), signed in through the API.
  await step(
    "the measured member's password",
    `${CHURCH_N}
     update users set password_hash = (select password_hash from users where email = $2)
      where email = 'm' || (select n from c where n = greatest(1, $1::int / 2)) || '-1@bench.example'`,
    [churches, adminEmail],
  );
  await step("analyze", "analyze");
  console.log(`bench: thousand: seeded ${churches} church(es) in ${fmt((performance.now() - t0) / 1000, 1)} s`);
}

type TMeasure = { reqPerSec: number; p50: number; p99: number; requests: number; failures: string[] };

async function measure(url: string, cookie: string): Promise<TMeasure> {
  const headers = { cookie };
  const warm = await autocannon({ url, connections: CONNECTIONS, duration: WARMUP, headers });
  const r: TAutocannonResult = await autocannon({ url, connections: CONNECTIONS, duration: DURATION, headers });
  const failures: string[] = [];
  if (r.errors) failures.push(`${r.errors} errors`);
  if (r.timeouts) failures.push(`${r.timeouts} timeouts`);
  if (r.non2xx) failures.push(`${r.non2xx} non-2xx`);
  return {
    reqPerSec: r.requests.mean,
    p50: r.latency.p50,
    p99: r.latency.p99,
    requests: warm.requests.total + r.requests.total,
    failures,
  };
}

/** Per table, rows read by sequential scans and fetched through indexes, so far (this database). */
async function tableReads(db: pg.Pool): Promise<Map<string, { seq: number; idx: number }>> {
  const { rows } = await db.query<{ relname: string; seq: string; idx: string }>(
    "select relname, coalesce(seq_tup_read, 0) as seq, coalesce(idx_tup_fetch, 0) as idx from pg_stat_user_tables",
  );
  return new Map(rows.map((r) => [r.relname, { seq: Number(r.seq), idx: Number(r.idx) }]));
}

/**
 * What one request read, per table, in a database (rows by sequential scan + rows fetched by index),
 * from the statistics' growth over `requests` requests; tables under 1 row a request left out. The
 * app's idle connections flush their statistics within 10 s, so the caller waits before `after`.
 */
function readsPerRequest(before: Map<string, { seq: number; idx: number }>, after: typeof before, requests: number) {
  const out: string[] = [];
  for (const [table, a] of after) {
    const b = before.get(table) ?? { seq: 0, idx: 0 };
    const seq = (a.seq - b.seq) / requests;
    const idx = (a.idx - b.idx) / requests;
    if (seq + idx >= 1)
      out.push(
        `${table} ${seq >= 1 ? `${fmt(seq)} seq` : ""}${seq >= 1 && idx >= 1 ? " + " : ""}${idx >= 1 ? `${fmt(idx)} idx` : ""}`,
      );
  }
  return out.sort().join(", ") || "none";
}

async function main(): Promise<void> {
  console.log(
    `bench: thousand: node ${process.version}, ${os.cpus().length} CPUs; ${CHURCHES} churches × ${MEMBERS} members against 1; ${CONNECTIONS} connections, ${WARMUP} s + ${DURATION} s per run`,
  );
  embedded = await startEmbeddedPostgres(path.join(tmp, "pg"), { database: "one", maxConnections: 80 });
  const targets: {
    name: string;
    churches: number;
    app: TApp;
    db: pg.Pool;
    cookie: string;
    churchId: string;
    userId: string;
  }[] = [];
  for (const [name, churches] of [
    ["one", 1],
    ["big", CHURCHES],
  ] as const) {
    const url = await createAppDatabase(embedded, name);
    const db = new pg.Pool({ connectionString: url, max: 2 });
    pools.push(db);
    const app = await startApp(`app-${name}`, url, tmp);
    apps.push(app);
    await registerAdmin(app.url, name);
    await seed(db, churches, `admin@${name}.example`);
    const email = `m${Math.max(1, Math.floor(churches / 2))}-1@bench.example`;
    const { rows } = await db.query<{ id: string; church_id: string }>(
      "select id, church_id from users where email = $1",
      [email],
    );
    const cookie = await signIn(app.url, email);
    targets.push({ name, churches, app, db, cookie, churchId: rows[0].church_id, userId: rows[0].id });
  }
  const [one, big] = targets;
  const sizes = await big.db.query<{ size: string }>(
    "select pg_size_pretty(pg_database_size(current_database())) as size",
  );
  const sizeOne = await one.db.query<{ size: string }>(
    "select pg_size_pretty(pg_database_size(current_database())) as size",
  );
  console.log(
    `bench: thousand: database sizes: one church ${sizeOne.rows[0].size}, ${CHURCHES} churches ${sizes.rows[0].size}`,
  );

  // What the databases read with no request at all (the apps' background jobs), over 30 s.
  await sleep(11_000);
  const idle0 = await Promise.all(targets.map((t) => tableReads(t.db)));
  await sleep(30_000);
  const idle1 = await Promise.all(targets.map((t) => tableReads(t.db)));
  const idleLine = `| (no request, per second over 30 s) | ${readsPerRequest(idle0[0], idle1[0], 30)} | ${readsPerRequest(idle0[1], idle1[1], 30)} |`;
  console.log(`bench: thousand: ${idleLine}`);
  const rows: string[] = [];
  const reads: string[] = [idleLine];
  const failures: string[] = [];
  for (const read of READS) {
    const runs: Record<string, TMeasure[]> = { one: [], big: [] };
    const before = await Promise.all(targets.map((t) => tableReads(t.db)));
    for (const t of [one, big, big, one]) {
      const m = await measure(t.app.url + read, t.cookie);
      runs[t.name].push(m);
      for (const f of m.failures) failures.push(`${read} (${t.name}): ${f}`);
    }
    await sleep(11_000);
    const after = await Promise.all(targets.map((t) => tableReads(t.db)));
    const avg = (ms: TMeasure[], k: "reqPerSec" | "p50" | "p99") => ms.reduce((s, m) => s + m[k], 0) / ms.length;
    const total = (ms: TMeasure[]) => ms.reduce((s, m) => s + m.requests, 0);
    const r1 = avg(runs.one, "reqPerSec");
    const rb = avg(runs.big, "reqPerSec");
    const line = `| \`${read}\` | ${fmt(r1)} | ${fmt(rb)} | ${fmt(r1 / rb, 2)} | ${fmt(avg(runs.one, "p50"))} / ${fmt(avg(runs.one, "p99"))} | ${fmt(avg(runs.big, "p50"))} / ${fmt(avg(runs.big, "p99"))} |`;
    console.log(`bench: thousand: ${line}`);
    rows.push(line);
    reads.push(
      `| \`${read}\` | ${readsPerRequest(before[0], after[0], total(runs.one))} | ${readsPerRequest(before[1], after[1], total(runs.big))} |`,
    );
  }
  console.log(
    `\n| Read (as a member, ${CONNECTIONS} connections) | 1 church req/s | ${fmt(CHURCHES)} churches req/s | time ratio big/one | 1 church p50 / p99 (ms) | ${fmt(CHURCHES)} churches p50 / p99 (ms) |\n|---|---:|---:|---:|---:|---:|\n${rows.join("\n")}\n`,
  );
  console.log(
    `| Read | rows read per request, 1 church (pg_stat_user_tables) | rows read per request, ${fmt(CHURCHES)} churches |\n|---|---|---|\n${reads.join("\n")}\n`,
  );
  if (failures.length) {
    console.error(`bench: thousand: ${failures.join("; ")}`);
    process.exitCode = 1;
  }
}

async function cleanup(): Promise<void> {
  for (const a of apps) await a.stop().catch(() => {});
  for (const p of pools) await p.end().catch(() => {});
  await embedded?.stop().catch(() => {});
  fs.rmSync(tmp, { recursive: true, force: true });
}

for (const signal of ["SIGINT", "SIGTERM"] as const)
  process.on(signal, () => void cleanup().finally(() => process.exit(130)));

main()
  .catch((err) => {
    console.error(err);
    process.exitCode = 1;
  })
  .finally(() => cleanup());
