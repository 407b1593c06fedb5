/**
 * `node --import tsx bench/hot-reads.ts`: the reads every visit makes (issue 30, "hot reads"), as a
 * member, measured from outside the way the issue measured them:
 *
 * 1. the app exactly as `npm start` runs it: `node scripts/start.mjs` with only DATA_DIR, PORT, HOST
 *    (loopback) and APP_SECRET set, NODE_ENV=production: its own embedded PostgreSQL, the default log
 *    level (a line per request, to a file), the general rate limit on. The limit is raised above what
 *    this run sends from its one address (RATE_LIMIT_PER_HOUR=1e9, so the limiter still counts every
 *    request): at the default 10,000 an hour every request after the first 10,000 answers 429, which
 *    is what an outside measurement with the defaults measures;
 * 2. a church with a member (signed in through the API), 20 events, a year of weekly steps and readings;
 * 3. per sermon count (BENCH_HOT_SERMONS, default 200,2000,20000; seeded with SQL and announced on the
 *    cache bus as a write would be): each case's answers captured once (200, checked), replayed by
 *    bench/bare-server.ts from memory; then BENCH_HOT_ROUNDS (2) rounds of app then bare, autocannon
 *    with 50 connections for BENCH_DURATION s each after one warm-up of the app. A case of several
 *    paths (the member dashboard's own calls) sends them in turn on each connection.
 *
 * BENCH_HOT_APP names another compiled main.js to run instead of scripts/start.mjs (a build of the
 * tree before a change, for before/after figures); BENCH_APP_NODE_ARGS adds node flags (--cpu-prof).
 * Prints a markdown table; figures in bench/RESULTS.md. Loopback only.
 */

import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import { embeddedAppUrl } from "../server/src/db/embedded";
import {
  captureRoute,
  DASHBOARD_CALLS,
  loadPaths,
  registerAdmin,
  signIn,
  startApp,
  startBare,
  stopAll,
} from "./bench-apps";

const DURATION = Number(process.env.BENCH_DURATION ?? 10);
const ROUNDS = Math.max(1, Math.round(Number(process.env.BENCH_HOT_ROUNDS ?? 2)));
const CONNECTIONS = Math.round(Number(process.env.BENCH_CONNECTIONS ?? 50));
const SIZES = (process.env.BENCH_HOT_SERMONS ?? "200,2000,20000").split(",").map(Number);
const APP_MAIN = process.env.BENCH_HOT_APP;

const CASES: { name: string; paths: string[]; bySize: boolean }[] = [
  { name: "GET /api/auth/user", paths: ["/api/auth/user"], bySize: false },
  { name: "GET /api/user/stats", paths: ["/api/user/stats"], bySize: false },
  { name: "GET /api/weekly-action-step", paths: ["/api/weekly-action-step"], bySize: false },
  { name: "the member dashboard's 5 calls", paths: DASHBOARD_CALLS, bySize: true },
];

const tmp = fs.mkdtempSync(path.join(os.tmpdir(), "fellowship-bench-hot-"));
type TRun = { reqPerSec: number; p50: number; p99: number; failures: number; cpuUsPerRequest: number };

/**
 * CPU time (user + system, ms) the process has used, from /proc (Linux; NaN elsewhere). Per request it
 * is the figure the machine's load barely moves: on a shared machine the req/s ratio drifts toward 1
 * as both servers wait for a core, while on a quiet one it approaches the ratio of CPU per request.
 */
function cpuMs(pid: number | undefined): number {
  try {
    const fields = fs.readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1].split(" ");
    return ((Number(fields[11]) + Number(fields[12])) * 1000) / 100;
  } catch {
    return Number.NaN;
  }
}

async function measure(
  base: string,
  paths: string[],
  cookie: string,
  pid: number | undefined,
  duration = DURATION,
): Promise<TRun> {
  const cpuBefore = cpuMs(pid);
  const r = await loadPaths(base, paths, cookie, duration, CONNECTIONS);
  return { ...r, cpuUsPerRequest: ((cpuMs(pid) - cpuBefore) * 1000) / Math.max(1, r.total) };
}

async function main(): Promise<number> {
  // As users start it: nothing but where its data lives (its own embedded PostgreSQL), where it
  // listens and its secret; the limiter raised above what this run sends.
  const app = await startApp("app", undefined, tmp, { RATE_LIMIT_PER_HOUR: "1000000000" }, { main: APP_MAIN });
  const dataDir = path.join(tmp, "app-data");
  const { churchId } = await registerAdmin(app.url, "hot");
  const db = new pg.Pool({ connectionString: embeddedAppUrl(dataDir), max: 2 });
  try {
    await db.query(
      `insert into users (email, first_name, last_name, role, church_id, created_at, church_joined_at, password_hash)
       select 'member@hot.example', 'Ruth', 'Member', 'CONGREGANT', $1, now() - interval '400 days',
              now() - interval '400 days', password_hash
         from users where email = 'admin@hot.example'`,
      [churchId],
    );
    const cookie = await signIn(app.url, "member@hot.example");
    const { rows } = await db.query<{ id: string }>("select id from users where email = 'member@hot.example'");
    const memberId = rows[0].id;
    await db.query(
      `insert into events (church_id, title, description, location, start_time, end_time)
       select $1, 'Event ' || g, 'Gathering ' || g, 'Fellowship Hall', now() + make_interval(days => g - 5),
              now() + make_interval(days => g - 5, hours => 2)
         from generate_series(1, 20) as g`,
      [churchId],
    );
    await db.query(
      `insert into weekly_action_steps (church_id, week_of, title, description)
       select $1, (date_trunc('week', now() + interval '1 day') - interval '1 day')::date - 7 * w,
              'Step ' || w, 'Practise something good, week ' || w
         from generate_series(0, 51) as w`,
      [churchId],
    );
    await db.query(
      `insert into points_ledger (church_id, user_id, kind, key, points, created_at)
       select $1, $2, 'bible_reading', (now() - make_interval(days => g))::date || ':Genesis 1', 10,
              now() - make_interval(days => g)
         from generate_series(0, 364) as g where g % 3 <> 0`,
      [churchId, memberId],
    );

    const lines = [
      "| Case | Sermons | app req/s (rounds) | bare req/s (rounds) | app p50 / p99 (ms) | app/bare req/s | CPU µs/req app / bare | bare/app CPU |",
      "|---|---:|---:|---:|---:|---:|---:|---:|",
    ];
    let failed = false;
    let seeded = 0;
    for (const [i, size] of SIZES.entries()) {
      await db.query(
        `insert into sermons (church_id, title, speaker, date, duration, video_url, audio_url, series, description, tags)
         select $1, 'Sermon ' || g, 'Speaker ' || (g % 12), date '2020-01-05' + (g * 7 % 2400), 30 + g % 40,
                case when g % 2 = 0 then 'https://www.youtube.com/watch?v=bench' || g end,
                case when g % 3 = 0 then 'https://cdn.example.org/sermon' || g || '.mp3' end,
                'Series ' || (g % 40), 'A message about faith, hope and love, number ' || g || '.', array['faith']
           from generate_series($2::int + 1, $3::int) as g`,
        [churchId, seeded, size],
      );
      seeded = size;
      // The member watched every tenth sermon and the newest (the dashboard marks them).
      await db.query(
        `insert into points_ledger (church_id, user_id, kind, key, points, created_at)
         select $1, $2, 'sermon_watch', s.id::text, 10, now() - interval '3 days'
           from sermons s
          where s.church_id = $1
            and (s.title like '%0' or s.id = (select id from sermons where church_id = $1
                                               order by date desc, created_at desc, id limit 1))
         on conflict do nothing`,
        [churchId, memberId],
      );
      await db.query("analyze sermons; analyze points_ledger");
      // As a write would announce it (lib/cache-bus.ts), so every cache reads the new archive.
      for (const [t, id] of [
        ["sermons", churchId],
        ["user", memberId],
      ])
        await db.query("select pg_notify('fellowship_cache', $1)", [JSON.stringify({ t, id })]);

      const cases = CASES.filter((c) => c.bySize || i === 0);
      const captured = [];
      for (const p of new Set(cases.flatMap((c) => c.paths))) {
        const { route, body: bytes } = await captureRoute(app.url, p, cookie);
        const body = JSON.parse(bytes.toString());
        if (
          p.startsWith("/api/sermons") &&
          (body.length !== 3 || !body.some((s: { isWatched: boolean }) => s.isWatched))
        )
          throw new Error(`${p}: expected the newest 3 with a watched one`);
        if (p.startsWith("/api/events") && body.length !== 3) throw new Error(`${p}: expected 3 events`);
        captured.push(route);
      }
      const bare = await startBare("bare", tmp, captured);
      for (const c of cases) {
        console.log(`bench: ${c.name}, ${size} sermons …`);
        await measure(app.url, c.paths, cookie, app.proc.pid, Math.min(DURATION, 3));
        const appRuns: TRun[] = [];
        const bareRuns: TRun[] = [];
        for (let r = 0; r < ROUNDS; r++) {
          appRuns.push(await measure(app.url, c.paths, cookie, app.proc.pid));
          bareRuns.push(await measure(bare.url, c.paths, cookie, bare.proc.pid));
        }
        const sum = (runs: TRun[]) => runs.reduce((s, x) => s + x.reqPerSec, 0);
        const cpu = (runs: TRun[]) => runs.reduce((s, x) => s + x.cpuUsPerRequest, 0) / runs.length;
        const list = (runs: TRun[]) => runs.map((x) => Math.round(x.reqPerSec).toLocaleString("en-US")).join(", ");
        if ([...appRuns, ...bareRuns].some((x) => x.failures > 0)) {
          failed = true;
          console.error(`bench: ${c.name}: requests failed or answered non-2xx`);
        }
        lines.push(
          `| ${c.name} | ${c.bySize ? size.toLocaleString("en-US") : "—"} | ${list(appRuns)} | ${list(bareRuns)} | ${appRuns.map((x) => `${x.p50} / ${x.p99}`).join(", ")} | **${(sum(appRuns) / sum(bareRuns)).toFixed(2)}** | ${cpu(appRuns).toFixed(0)} / ${cpu(bareRuns).toFixed(0)} | ${(cpu(bareRuns) / cpu(appRuns)).toFixed(2)} |`,
        );
      }
      await bare.stop();
    }
    console.log(`\n${lines.join("\n")}\n`);
    const logBytes = fs.statSync(path.join(tmp, "app.log")).size;
    console.log(`bench: the app wrote ${(logBytes / 1024 / 1024).toFixed(1)} MB of log at its default level`);
    return failed ? 1 : 0;
  } finally {
    await db.end();
  }
}

async function stop(): Promise<void> {
  await stopAll();
  fs.rmSync(tmp, { recursive: true, force: true });
}

process.on("SIGINT", () => void stop().finally(() => process.exit(130)));
main()
  .then(async (code) => {
    await stop();
    process.exit(code);
  })
  .catch(async (err) => {
    console.error(err);
    await stop();
    process.exit(1);
  });
