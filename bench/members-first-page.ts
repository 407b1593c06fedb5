/**
 * `node --import tsx bench/members-first-page.ts`: what the admins' lists cost the app's CPU per
 * request against a bare node:http server answering the same bytes (issue 30: members app/bare 0.3),
 * by the hot-reads bench's method: CPU time (user + system) read from /proc/<pid>/stat around each
 * autocannon run, divided by the requests answered.
 *
 * - one embedded PostgreSQL, migrated; the app as `npm start` runs it (bench-apps.ts startApp,
 *   NODE_ENV=production, default log level), or BENCH_MEMBERS_APP: another compiled main.js (a build
 *   of the tree before a change, for before/after figures in one run of this script each);
 * - churches of 1,000 and 10,000 members (10x and 100x a page), and of 1,000 and 10,000
 *   invitations, seeded by SQL as bench/list-paging.ts seeds them; the first page of each (the
 *   default limit), and for members a later page too (uncached: the cursor of the middle row);
 * - per page, BENCH_MEMBERS_ROUNDS rounds (default 2) of app then bare, BENCH_DURATION seconds each
 *   (default 5) after one warm-up run, 50 connections.
 * BENCH_MEMBERS_CASES keeps only the pages whose name contains it ("first page", "members, 1,000"),
 * for a CPU profile of one kind of page (BENCH_APP_NODE_ARGS="--cpu-prof ...").
 * Prints a markdown table. Loopback only. Linux (/proc).
 */

import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import autocannon from "autocannon";
import pg from "pg";
import { encodeTimeCursor } from "../common/list-page";
import { startEmbeddedPostgres, type TEmbeddedPg } from "../server/src/db/embedded";
import { api, captureRoute, fmt, migrate, registerAdmin, startApp, startBare, stopAll } from "./bench-apps";
import type { TCapturedRoute } from "./run";

const DURATION = Number(process.env.BENCH_DURATION || 5);
const ROUNDS = Math.max(1, Math.round(Number(process.env.BENCH_MEMBERS_ROUNDS || 2)));
const CONNECTIONS = Math.round(Number(process.env.BENCH_CONNECTIONS || 50));
const APP_MAIN = process.env.BENCH_MEMBERS_APP || undefined;
const SIZES = [1_000, 10_000];

const tmp = fs.mkdtempSync(path.join(os.tmpdir(), "fellowship-bench-members-"));
const AT = `to_char(created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`;

/** CPU time (user + system, ms) the process has used so far, from /proc. */
function cpuMs(pid: number): number {
  const fields = fs.readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1].split(" ");
  const ticks = Number(fields[11]) + Number(fields[12]);
  return (ticks * 1000) / 100;
}

type TRun = { reqPerSec: number; p50: number; p99: number; cpuUs: number; failures: number };

async function run(url: string, cookie: string, pid: number, duration = DURATION): Promise<TRun> {
  const before = cpuMs(pid);
  const r = await autocannon({ url, connections: CONNECTIONS, duration, headers: { cookie } });
  return {
    reqPerSec: r.requests.mean,
    p50: r.latency.p50,
    p99: r.latency.p99,
    cpuUs: ((cpuMs(pid) - before) * 1000) / Math.max(1, r.requests.total),
    failures: r.errors + r.timeouts + r.non2xx,
  };
}

async function seedMembers(db: pg.Pool, churchId: string, n: number) {
  await db.query(
    `insert into users (church_id, email, first_name, last_name, role, church_joined_at, created_at, last_login, last_active_at)
     select $1::uuid, 'm' || g || '-' || $1::text || '@bench.example', 'First' || g, 'Last' || g,
            case when g % 25 = 0 then 'GROUP_LEADER' else 'CONGREGANT' end,
            now() - make_interval(hours => g), now() - make_interval(hours => g),
            now() - make_interval(days => g % 60), now() - make_interval(days => g % 60)
       from generate_series(1, $2::int - 1) as g`,
    [churchId, n],
  );
}

async function seedInvitations(db: pg.Pool, churchId: string, secretSealed: string, n: number) {
  await db.query(
    `insert into invitations (church_id, email, role, token_hash, token_sealed, expires_at, created_at, source)
     select $1::uuid, 'i' || g || '-' || $1::text || '@bench.example', 'CONGREGANT', md5($1::text || g), $3,
            now() + interval '7 days', now() - make_interval(hours => g), 'manual'
       from generate_series(1, $2::int) as g`,
    [churchId, n, secretSealed],
  );
}

let embedded: TEmbeddedPg | undefined;
let pool: pg.Pool | undefined;

async function main() {
  embedded = await startEmbeddedPostgres(path.join(tmp, "data"), { database: "fellowship_bench" });
  await migrate(embedded.url);
  pool = new pg.Pool({ connectionString: embedded.url, max: 2 });
  const main = APP_MAIN ? { main: APP_MAIN } : {};
  const app = await startApp("app", embedded.url, tmp, { RATE_LIMIT_PER_HOUR: "1000000000" }, main);

  type TCase = { name: string; path: string; cookie: string };
  const cases: TCase[] = [];
  for (const n of SIZES) {
    const { cookie, churchId } = await registerAdmin(app.url, `members-${n}`);
    await seedMembers(pool, churchId, n);
    cases.push({ name: `members, ${fmt(n)}, first page`, path: "/api/admin/members", cookie });
    const middle = (
      await pool.query(
        `select ${AT} as at, id from users where church_id = $1 order by created_at, id offset $2 limit 1`,
        [churchId, Math.floor(n / 2)],
      )
    ).rows[0];
    cases.push({
      name: `members, ${fmt(n)}, later page`,
      path: `/api/admin/members?after=${encodeTimeCursor(middle)}`,
      cookie,
    });
  }
  for (const n of SIZES) {
    const { cookie, churchId } = await registerAdmin(app.url, `invitations-${n}`);
    // One real invitation through the API, whose sealed token every seeded row then carries (a
    // token opened per row is what the list pays for).
    const inv = await api(
      app.url,
      "POST",
      "/api/invitations",
      { email: `first-${n}@bench.example`, role: "CONGREGANT" },
      cookie,
    );
    if (inv.res.status !== 201) throw new Error(`invite: ${inv.res.status} ${JSON.stringify(inv.json)}`);
    const sealed = (await pool.query("select token_sealed from invitations where church_id = $1", [churchId])).rows[0]
      .token_sealed as string;
    await seedInvitations(pool, churchId, sealed, n - 1);
    cases.push({ name: `invitations, ${fmt(n)}, first page`, path: "/api/invitations", cookie });
  }
  await pool.query("vacuum analyze");

  const only = process.env.BENCH_MEMBERS_CASES;
  if (only) cases.splice(0, cases.length, ...cases.filter((c) => c.name.includes(only)));
  const captured: TCapturedRoute[] = [];
  for (const c of cases) {
    const { route, body } = await captureRoute(app.url, c.path, c.cookie);
    const rows = (JSON.parse(body.toString()) as unknown[]).length;
    if (rows !== 100) throw new Error(`${c.path}: ${rows} rows`);
    captured.push(route);
  }
  const bare = await startBare("bare", tmp, captured);

  const lines = [
    "| Page | App req/s (rounds) | Bare req/s (rounds) | App p50 / p99 (ms) | App/bare req/s | CPU µs per request, app / bare | Bare/app CPU |",
    "|---|---:|---:|---:|---:|---:|---:|",
  ];
  let failures = 0;
  for (const c of cases) {
    console.log(`bench: ${c.name} …`);
    await run(app.url + c.path, c.cookie, app.pid, 2);
    await run(bare.url + c.path, c.cookie, bare.pid, 2);
    const a: TRun[] = [];
    const b: TRun[] = [];
    for (let i = 0; i < ROUNDS; i++) {
      a.push(await run(app.url + c.path, c.cookie, app.pid));
      b.push(await run(bare.url + c.path, c.cookie, bare.pid));
    }
    failures += [...a, ...b].reduce((s, r) => s + r.failures, 0);
    const sum = (rs: TRun[]) => rs.reduce((s, r) => s + r.reqPerSec, 0);
    const cpu = (rs: TRun[]) => rs.reduce((s, r) => s + r.cpuUs, 0) / rs.length;
    lines.push(
      `| ${c.name} | ${a.map((r) => fmt(r.reqPerSec)).join(", ")} | ${b.map((r) => fmt(r.reqPerSec)).join(", ")} | ${a.map((r) => `${r.p50} / ${r.p99}`).join(", ")} | **${(sum(a) / sum(b)).toFixed(2)}** | ${cpu(a).toFixed(0)} / ${cpu(b).toFixed(0)} | ${(cpu(b) / cpu(a)).toFixed(2)} |`,
    );
  }
  const settings = `${CONNECTIONS} connections, ${ROUNDS} rounds of ${DURATION} s per target after a 2 s warm-up; ${APP_MAIN ?? "scripts/start.mjs"}; load average ${os
    .loadavg()
    .map((l) => l.toFixed(1))
    .join(" ")}`;
  console.log(`\n${lines.join("\n")}\n\n${settings}.\n`);
  if (failures) throw new Error(`${failures} failed requests`);
}

let code = 1;
try {
  await main();
  code = 0;
} catch (err) {
  console.error("bench:", err);
} finally {
  await stopAll();
  await pool?.end().catch(() => {});
  await embedded?.stop().catch(() => {});
  fs.rmSync(tmp, { recursive: true, force: true });
}
process.exit(code);
