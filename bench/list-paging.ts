/**
 * `node --import tsx bench/list-paging.ts`: what a page of each server-paged list costs as the
 * church grows (issue 30, "every list pages on the server"): the first page and a later one (the
 * cursor of the list's middle row) at 10x and 100x rows, against a bare node:http server answering
 * the same bytes; bench/run.ts runs it as its "list paging" part.
 *
 * 1. an embedded PostgreSQL in a fresh temp dir, one migrated database;
 * 2. the app as users run it (bench/run.ts's way): `node scripts/start.mjs` (what `npm start` runs),
 *    NODE_ENV=production, the default log level, its log to a file;
 * 3. per list and size, a church of its own (an admin registered through the API) whose rows are
 *    inserted with SQL `generate_series`: members 10 / 100 / 1,000 / 10,000 (the aim is
 *    app/bare 0.3 at 10 / 100 / 1,000), invitations 100 / 1,000 / 10,000;
 * 4. each page's answer captured once (must be 200), replayed by bench/bare-server.ts;
 * 5. per page, autocannon (BENCH_CONNECTIONS, 50) for BENCH_WARMUP then BENCH_DURATION seconds
 *    (defaults 2 and 10) against the app, then the bare server.
 *
 * Prints a markdown table: req/s, latency p50/p99, app/bare, and each page's time per request
 * against the smallest size's ("growth", aim within 1.5x). Figures in bench/RESULTS.md.
 * Loopback only; a few minutes on 2 cores (BENCH_DURATION=5 BENCH_WARMUP=1 while developing).
 */

import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { pathToFileURL } from "node:url";
import autocannon from "autocannon";
import pg from "pg";
import { encodeTimeCursor } from "../common/list-page";
import { startEmbeddedPostgres, type TEmbeddedPg } from "../server/src/db/embedded";
import { captureRoute, fmt, migrate, registerAdmin, startApp, startBare, stopAll } from "./bench-apps";
import type { TCapturedRoute } from "./run";

/** bench/run.ts's name for this part (BENCH_ONLY / BENCH_SKIP "list paging"). */
export const LIST_PAGING_PART = "list paging: a page of each list at 10x and 100x rows";

const num = (name: string, fallback: number) => Number(process.env[name] || fallback);
const DURATION = num("BENCH_DURATION", 10);
const WARMUP = num("BENCH_WARMUP", 2);
const CONNECTIONS = Math.round(num("BENCH_CONNECTIONS", 50));

let embedded: TEmbeddedPg | undefined;
let pool: pg.Pool | undefined;
const tmp = fs.mkdtempSync(path.join(os.tmpdir(), "fellowship-bench-list-paging-"));

/** A list the bench pages through: how to fill a church with `n` rows, and its path and order. */
type TList = {
  name: string;
  path: string;
  sizes: number[];
  seed: (db: pg.Pool, churchId: string, n: number) => Promise<void>;
  /** The cursor of the row in the middle of the church's list (the later page starts after it). */
  middle: (db: pg.Pool, churchId: string, n: number) => Promise<{ at: string; id: string }>;
};

const AT = `to_char(created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`;

const LISTS: TList[] = [
  {
    name: "GET /api/admin/members",
    path: "/api/admin/members",
    sizes: [10, 100, 1_000, 10_000],
    // The admin is one; the others joined over the last years, some signed in lately.
    seed: (db, churchId, n) =>
      db
        .query(
          `insert into users (church_id, email, first_name, last_name, role, church_joined_at, created_at, last_login, last_active_at)
           select $1::uuid, 'm' || g || '-' || $1::text || '@bench.example', 'First' || g, 'Last' || g,
                  case when g % 25 = 0 then 'GROUP_LEADER' else 'CONGREGANT' end,
                  now() - make_interval(hours => g), now() - make_interval(hours => g),
                  now() - make_interval(days => g % 60), now() - make_interval(days => g % 60)
             from generate_series(1, $2::int - 1) as g`,
          [churchId, n],
        )
        .then(() => undefined),
    middle: async (db, churchId, n) =>
      (
        await db.query(
          `select ${AT} as at, id from users where church_id = $1 order by created_at, id offset $2 limit 1`,
          [churchId, Math.floor(n / 2)],
        )
      ).rows[0],
  },
  {
    name: "GET /api/invitations",
    path: "/api/invitations",
    sizes: [100, 1_000, 10_000],
    seed: (db, churchId, n) =>
      db
        .query(
          `insert into invitations (church_id, email, role, token_hash, expires_at, created_at, source)
           select $1::uuid, 'i' || g || '-' || $1::text || '@bench.example', 'CONGREGANT', md5($1::text || g), now() + interval '7 days',
                  now() - make_interval(hours => g), case when g % 3 = 0 then 'import' else 'manual' end
             from generate_series(1, $2::int) as g`,
          [churchId, n],
        )
        .then(() => undefined),
    middle: async (db, churchId, n) =>
      (
        await db.query(
          `select ${AT} as at, id from invitations where church_id = $1 order by created_at desc, id desc offset $2 limit 1`,
          [churchId, Math.floor(n / 2)],
        )
      ).rows[0],
  },
];

type TCase = { list: string; rows: number; page: "first" | "later"; path: string; cookie: string; bytes?: number };
type TMeasure = { reqPerSec: number; p50: number; p99: number; failures: string[] };

async function measure(url: string, cookie: string): Promise<TMeasure> {
  const headers = { cookie };
  await autocannon({ url, connections: CONNECTIONS, duration: WARMUP, headers });
  const r = await autocannon({ url, connections: CONNECTIONS, duration: DURATION, headers });
  const failures: string[] = [];
  if (r.errors) failures.push(`${r.errors} errors`);
  if (r.timeouts) failures.push(`${r.timeouts} timeouts`);
  if (r.non2xx) failures.push(`${r.non2xx} non-2xx`);
  return { reqPerSec: r.requests.mean, p50: r.latency.p50, p99: r.latency.p99, failures };
}

export async function measureListPaging(): Promise<{ markdown: string; failed: boolean }> {
  embedded = await startEmbeddedPostgres(path.join(tmp, "data"), { database: "fellowship_bench" });
  await migrate(embedded.url);
  pool = new pg.Pool({ connectionString: embedded.url, max: 2 });
  console.log("bench: starting the app (npm start's script: it builds what is stale first) …");
  // The limiter stays on, as users run it, raised above what the run sends (bench/run.ts does the same).
  const { url: appUrl } = await startApp("app", embedded.url, tmp, { RATE_LIMIT_PER_HOUR: "1000000000" });

  const t0 = performance.now();
  const cases: TCase[] = [];
  for (const list of LISTS) {
    for (const n of list.sizes) {
      const { cookie, churchId } = await registerAdmin(
        appUrl,
        `${list.path.replace(/\W+/g, "-").replace(/^-+/, "")}-${n}`,
      );
      await list.seed(pool, churchId, n);
      await pool.query("analyze");
      cases.push({ list: list.name, rows: n, page: "first", path: list.path, cookie });
      // A later page exists only past the first page (100 rows).
      if (n > 100) {
        const cursor = encodeTimeCursor(await list.middle(pool, churchId, n));
        cases.push({ list: list.name, rows: n, page: "later", path: `${list.path}?after=${cursor}`, cookie });
      }
    }
  }
  await pool.query("vacuum analyze");
  console.log(`bench: seeded in ${((performance.now() - t0) / 1000).toFixed(1)} s`);

  const captured: TCapturedRoute[] = [];
  for (const c of cases) {
    const { route, body } = await captureRoute(appUrl, c.path, c.cookie);
    const rows = (JSON.parse(body.toString()) as unknown[]).length;
    if (rows !== Math.min(100, c.page === "first" ? c.rows : c.rows - Math.floor(c.rows / 2) - 1))
      throw new Error(`${c.list} ${c.path}: ${rows} rows`);
    c.bytes = body.length;
    captured.push(route);
  }
  const { url: bareUrl } = await startBare("bare", tmp, captured);

  const results: { c: TCase; app: TMeasure; bare: TMeasure }[] = [];
  for (const c of cases) {
    console.log(`bench: ${c.list} at ${c.rows.toLocaleString("en-US")} rows, ${c.page} page …`);
    const app = await measure(appUrl + c.path, c.cookie);
    const bare = await measure(bareUrl + c.path, c.cookie);
    results.push({ c, app, bare });
  }

  const lines = [
    "| List | Rows in the church | Page | Body | App req/s | p50 / p99 (ms) | Bare req/s | App/bare | Time per request vs the smallest size |",
    "|---|---:|---|---:|---:|---:|---:|---:|---:|",
  ];
  let failed = false;
  for (const { c, app, bare } of results) {
    const smallest = results.find((r) => r.c.list === c.list && r.c.page === c.page);
    const growth = smallest ? smallest.app.reqPerSec / app.reqPerSec : 1;
    lines.push(
      `| ${c.list} | ${fmt(c.rows)} | ${c.page} | ${fmt((c.bytes ?? 0) / 1024, 1)} KiB | ${fmt(app.reqPerSec)} | ${fmt(app.p50)} / ${fmt(app.p99)} | ${fmt(bare.reqPerSec)} | ${fmt(app.reqPerSec / bare.reqPerSec, 2)} | ${fmt(growth, 2)}x |`,
    );
    for (const [target, m] of [
      ["app", app],
      ["bare", bare],
    ] as const)
      if (m.failures.length) {
        failed = true;
        console.error(`bench: ${c.list} ${c.rows} ${c.page} (${target}): ${m.failures.join("; ")}`);
      }
  }
  const settings = `${CONNECTIONS} connections, ${WARMUP} s warm-up then ${DURATION} s per target; pages of 100 (the default); ${os.cpus().length} CPUs, Node ${process.version}`;
  return { markdown: `${lines.join("\n")}\n\n${settings}.`, failed };
}

async function cleanup() {
  await stopAll();
  await pool?.end().catch(() => {});
  await embedded?.stop().catch((err) => console.error("could not stop PostgreSQL:", err));
  fs.rmSync(tmp, { recursive: true, force: true });
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) {
  let code = 1;
  try {
    const load = () =>
      os
        .loadavg()
        .map((l) => l.toFixed(1))
        .join(" ");
    console.log(`bench: ${LIST_PAGING_PART}; load average ${load()}`);
    const r = await measureListPaging();
    console.log(`\n${r.markdown}\n`);
    console.log(`bench: load average ${load()}`);
    code = r.failed ? 1 : 0;
  } catch (err) {
    console.error("bench:", err);
  } finally {
    await cleanup();
  }
  process.exit(code);
}
