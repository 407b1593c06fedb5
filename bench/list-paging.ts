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

import { type ChildProcess, spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import fs from "node:fs";
import http from "node:http";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import autocannon from "autocannon";
import pg from "pg";
import { encodeTimeCursor } from "../common/list-page";
import { createDb, migrateDb } from "../server/src/db/client";
import { startEmbeddedPostgres, type TEmbeddedPg } from "../server/src/db/embedded";
import type { TCapturedRoute } from "./run";

/** bench/run.ts's name for this part (BENCH_ONLY / BENCH_SKIP "list paging"). */
export const LIST_PAGING_PART = "list paging: a page of each list at 10x and 100x rows";

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const HOST = "127.0.0.1";
const PASSWORD = "bench-password-1";
const num = (name: string, fallback: number) => Number(process.env[name] || fallback);
const DURATION = num("BENCH_DURATION", 10);
const WARMUP = num("BENCH_WARMUP", 2);
const CONNECTIONS = Math.round(num("BENCH_CONNECTIONS", 50));

let embedded: TEmbeddedPg | undefined;
const children: ChildProcess[] = [];
let pool: pg.Pool | undefined;
const tmp = fs.mkdtempSync(path.join(os.tmpdir(), "fellowship-bench-list-paging-"));

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.once("error", reject);
    srv.listen(0, HOST, () => {
      const { port } = srv.address() as net.AddressInfo;
      srv.close(() => resolve(port));
    });
  });
}

/** A child process on a free port; resolves once `probe` answers. */
async function startChild(name: string, args: string[], env: Record<string, string>, probe: string) {
  const port = await freePort();
  const logFd = fs.openSync(path.join(tmp, `${name}.log`), "w");
  const child = spawn(process.execPath, args, {
    cwd: ROOT,
    env: { ...process.env, ...env, PORT: String(port), HOST },
    stdio: ["ignore", logFd, "pipe"],
  });
  fs.closeSync(logFd);
  children.push(child);
  child.stderr?.on("data", (d: Buffer) => process.stderr.write(`[${name}] ${d}`));
  const url = `http://${HOST}:${port}`;
  const deadline = Date.now() + 240_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`${name} exited with code ${child.exitCode}`);
    try {
      await (await fetch(url + probe)).arrayBuffer();
      return url;
    } catch {
      await new Promise((r) => setTimeout(r, 200));
    }
  }
  throw new Error(`${name} did not answer within 240 s`);
}

async function signUpAdmin(appUrl: string, name: string): Promise<{ cookie: string; churchId: string }> {
  const reg = await fetch(`${appUrl}/api/auth/register`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ email: `admin@${name}.example`, password: PASSWORD, firstName: "Bench", lastName: name }),
  });
  if (!reg.ok) throw new Error(`register: ${reg.status} ${await reg.text()}`);
  const session = reg.headers.getSetCookie().find((c) => c.startsWith("fellowship_session="));
  if (!session) throw new Error("no session cookie");
  const cookie = session.split(";")[0];
  const church = await fetch(`${appUrl}/api/churches`, {
    method: "POST",
    headers: { "content-type": "application/json", cookie },
    body: JSON.stringify({ name: `${name} church` }),
  });
  if (!church.ok) throw new Error(`church: ${church.status} ${await church.text()}`);
  return { cookie, churchId: String(((await church.json()) as { id: string }).id) };
}

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

function getRaw(url: string, cookie: string): Promise<{ status: number; contentType: string; body: Buffer }> {
  return new Promise((resolve, reject) => {
    http
      .get(url, { headers: { cookie } }, (res) => {
        const chunks: Buffer[] = [];
        res.on("data", (c: Buffer) => chunks.push(c));
        res.on("end", () =>
          resolve({
            status: res.statusCode ?? 0,
            contentType: String(res.headers["content-type"] ?? ""),
            body: Buffer.concat(chunks),
          }),
        );
        res.on("error", reject);
      })
      .on("error", reject);
  });
}

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
  const migrator = createDb(embedded.url, { max: 1 });
  try {
    await migrateDb(migrator);
  } finally {
    await migrator.$client.end();
  }
  pool = new pg.Pool({ connectionString: embedded.url, max: 2 });
  console.log("bench: starting the app (npm start's script: it builds what is stale first) …");
  const appUrl = await startChild(
    "app",
    // BENCH_APP_NODE_ARGS as in bench/run.ts (e.g. "--cpu-prof --cpu-prof-dir=/tmp/prof").
    [...(process.env.BENCH_APP_NODE_ARGS ?? "").split(/\s+/).filter(Boolean), path.join(ROOT, "scripts/start.mjs")],
    {
      DATABASE_URL: embedded.url,
      DATA_DIR: path.join(tmp, "app-data"),
      // The limiter stays on, as users run it, raised above what the run sends (bench/run.ts does the same).
      RATE_LIMIT_PER_HOUR: "1000000000",
      NODE_ENV: "production",
      APP_SECRET: randomBytes(32).toString("hex"),
    },
    "/api/auth/providers",
  );

  const t0 = performance.now();
  const cases: TCase[] = [];
  for (const list of LISTS) {
    for (const n of list.sizes) {
      const { cookie, churchId } = await signUpAdmin(
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
    const res = await getRaw(appUrl + c.path, c.cookie);
    if (res.status !== 200) throw new Error(`${c.list} ${c.path}: ${res.status} ${res.body.toString()}`);
    const rows = (JSON.parse(res.body.toString()) as unknown[]).length;
    if (rows !== Math.min(100, c.page === "first" ? c.rows : c.rows - Math.floor(c.rows / 2) - 1))
      throw new Error(`${c.list} ${c.path}: ${rows} rows`);
    c.bytes = res.body.length;
    captured.push({
      path: c.path,
      acceptEncoding: "",
      contentType: res.contentType,
      contentEncoding: "",
      bodyBase64: res.body.toString("base64"),
    });
  }
  const routesFile = path.join(tmp, "routes.json");
  fs.writeFileSync(routesFile, JSON.stringify(captured));
  const bareUrl = await startChild(
    "bare",
    ["--import", "tsx", path.join(ROOT, "bench/bare-server.ts")],
    { BENCH_ROUTES_FILE: routesFile },
    captured[0].path,
  );

  const results: { c: TCase; app: TMeasure; bare: TMeasure }[] = [];
  for (const c of cases) {
    console.log(`bench: ${c.list} at ${c.rows.toLocaleString("en-US")} rows, ${c.page} page …`);
    const app = await measure(appUrl + c.path, c.cookie);
    const bare = await measure(bareUrl + c.path, c.cookie);
    results.push({ c, app, bare });
  }

  const fmt = (n: number, d = 0) => n.toLocaleString("en-US", { minimumFractionDigits: d, maximumFractionDigits: d });
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
  for (const child of children.reverse()) {
    if (child.exitCode !== null || child.signalCode !== null) continue;
    await new Promise<void>((resolve) => {
      const kill = setTimeout(() => child.kill("SIGKILL"), 10_000);
      child.once("exit", () => {
        clearTimeout(kill);
        resolve();
      });
      child.kill("SIGTERM");
    });
  }
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
