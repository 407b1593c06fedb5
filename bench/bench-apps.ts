/**
 * What the benches that start the app share (thousand-churches, chat-bus, hot-reads, list-paging,
 * pooler, member-data, announcement-send): databases on an embedded PostgreSQL, app processes as
 * `npm start` runs them (NODE_ENV=production, the default log level, each log to a file), the bare
 * server replaying the app's answers, sign-in through the API, and sessions made by SQL for many
 * members at once.
 */

import { type ChildProcess, spawn } from "node:child_process";
import { createHash, randomBytes } from "node:crypto";
import fs from "node:fs";
import http from "node:http";
import net from "node:net";
import path from "node:path";
import { fileURLToPath } from "node:url";
import autocannon from "autocannon";
import type pg from "pg";
import { createDb, migrateDb } from "../server/src/db/client";
import type { TEmbeddedPg } from "../server/src/db/embedded";
import { ensureOwnedDatabase } from "../server/src/db/embedded-roles";
import type { TCapturedRoute } from "./run";

export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
export const HOST = "127.0.0.1";
export const PASSWORD = "bench-password-1";

/** What the member dashboard asks on every visit (client/src/app/pages/member-dashboard-page.tsx and its cards). */
export const DASHBOARD_CALLS = [
  "/api/user/stats",
  "/api/user/badges",
  "/api/sermons?limit=3",
  "/api/events?upcoming=true&limit=3",
  "/api/weekly-action-step",
];

export type TApp = { name: string; url: string; pid: number; proc: ChildProcess; stop: () => Promise<void> };

export const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.once("error", reject);
    srv.listen(0, HOST, () => {
      const { port } = srv.address() as net.AddressInfo;
      srv.close(() => resolve(port));
    });
  });
}

/** A second (third …) database on the embedded server, owned by the app's role, migrated; its URL. */
export async function createAppDatabase(embedded: TEmbeddedPg, name: string): Promise<string> {
  await ensureOwnedDatabase(embedded.adminUrl, name, embedded.appRole);
  const u = new URL(embedded.url);
  u.pathname = `/${name}`;
  const url = u.toString();
  await migrate(url);
  return url;
}

export async function migrate(url: string): Promise<void> {
  const db = createDb(url, { max: 1 });
  try {
    await migrateDb(db);
  } finally {
    await db.$client.end();
  }
}

/** Node flags for the app's processes (BENCH_APP_NODE_ARGS, e.g. "--cpu-prof --cpu-prof-dir=/tmp/prof"). */
export const APP_NODE_ARGS = (process.env.BENCH_APP_NODE_ARGS ?? "").split(/\s+/).filter(Boolean);

/** Every process startNode started and has not stopped yet (stopAll ends them). */
const started = new Set<TApp>();

/**
 * `node <args>` on a free port (PORT, HOST), its stdout to `<dir>/<name>.log`, its stderr here with its
 * name in front; resolves once `probe` answers at all (2xx with `untilOk`: a /readyz), 300 s at the
 * most (a first `npm start` builds).
 * `env` adds to this process's environment; a variable set to undefined or "" is left out, so the
 * child takes its own default for it, as for a user who never set it.
 */
export async function startNode(
  name: string,
  dir: string,
  {
    args,
    env = {},
    probe,
    untilOk = false,
  }: { args: string[]; env?: Record<string, string | undefined>; probe: string; untilOk?: boolean },
): Promise<TApp> {
  const port = await freePort();
  const logFd = fs.openSync(path.join(dir, `${name}.log`), "w");
  const merged = { ...process.env, ...env, PORT: String(port), HOST };
  const proc = spawn(process.execPath, args, {
    cwd: ROOT,
    env: Object.fromEntries(Object.entries(merged).filter((e): e is [string, string] => Boolean(e[1]))),
    stdio: ["ignore", logFd, "pipe"],
  });
  fs.closeSync(logFd);
  proc.stderr?.on("data", (d: Buffer) => process.stderr.write(`[${name}] ${d}`));
  const url = `http://${HOST}:${port}`;
  const app: TApp = {
    name,
    url,
    pid: proc.pid as number,
    proc,
    stop: () =>
      new Promise<void>((resolve) => {
        started.delete(app);
        if (proc.exitCode !== null || proc.signalCode !== null) return resolve();
        const kill = setTimeout(() => proc.kill("SIGKILL"), 10_000);
        proc.once("exit", () => {
          clearTimeout(kill);
          resolve();
        });
        proc.kill("SIGTERM");
      }),
  };
  started.add(app);
  const deadline = Date.now() + 300_000;
  while (Date.now() < deadline) {
    if (proc.exitCode !== null) throw new Error(`${name} exited with code ${proc.exitCode} (its log: ${name}.log)`);
    try {
      const res = await fetch(url + probe);
      await res.arrayBuffer();
      if (res.ok || !untilOk) return app;
    } catch {}
    await sleep(200);
  }
  await app.stop();
  throw new Error(`${name} did not answer within 300 s`);
}

/** Stops every process startNode (startApp, startBare) started that is still running. */
export async function stopAll(): Promise<void> {
  await Promise.all([...started].map((a) => a.stop().catch(() => {})));
}

/**
 * The app as `npm start` runs it (`node scripts/start.mjs`, or `main`: another compiled main.js), with
 * BENCH_APP_NODE_ARGS, on a free port; resolves once it answers. NODE_ENV=production, LOG_LEVEL unset
 * (its default, info, as users run the app: a line per request to `<dir>/<name>.log`), its data in
 * `<dir>/<name>-data`, a fresh APP_SECRET, the rate limit off unless `env` sets RATE_LIMIT_PER_HOUR
 * (1e9 keeps the limiter counting every request while never refusing one). `dbUrl` undefined: the
 * app's own embedded PostgreSQL under its DATA_DIR, as a user's first start.
 */
export function startApp(
  name: string,
  dbUrl: string | undefined,
  dir: string,
  env: Record<string, string | undefined> = {},
  { main = path.join(ROOT, "scripts/start.mjs"), probe = "/api/auth/providers", untilOk = false } = {},
): Promise<TApp> {
  return startNode(name, dir, {
    args: [...APP_NODE_ARGS, main],
    env: {
      DATABASE_URL: dbUrl,
      DATA_DIR: path.join(dir, `${name}-data`),
      LOG_LEVEL: undefined,
      RATE_LIMIT_PER_HOUR: "0",
      NODE_ENV: "production",
      APP_SECRET: randomBytes(32).toString("hex"),
      ...env,
    },
    probe,
    untilOk,
  });
}

/**
 * A path's answer as the bare server replays it: fetched once with the cookie, which must answer 200.
 * The body is returned too, for the caller's checks.
 */
export async function captureRoute(appUrl: string, urlPath: string, cookie: string) {
  const res = await new Promise<{ status: number; contentType: string; body: Buffer }>((resolve, reject) => {
    http
      .get(appUrl + urlPath, { headers: { cookie } }, (r) => {
        const chunks: Buffer[] = [];
        r.on("data", (c: Buffer) => chunks.push(c));
        r.on("end", () =>
          resolve({
            status: r.statusCode ?? 0,
            contentType: String(r.headers["content-type"] ?? ""),
            body: Buffer.concat(chunks),
          }),
        );
        r.on("error", reject);
      })
      .on("error", reject);
  });
  if (res.status !== 200) throw new Error(`${urlPath}: ${res.status} ${res.body.toString()}`);
  const route: TCapturedRoute = {
    path: urlPath,
    acceptEncoding: "",
    contentType: res.contentType,
    contentEncoding: "",
    bodyBase64: res.body.toString("base64"),
  };
  return { route, body: res.body };
}

/** bench/bare-server.ts answering `routes` from memory (`<dir>/<name>-routes.json`); resolves once it answers. */
export function startBare(name: string, dir: string, routes: TCapturedRoute[]): Promise<TApp> {
  const file = path.join(dir, `${name}-routes.json`);
  fs.writeFileSync(file, JSON.stringify(routes));
  return startNode(name, dir, {
    args: ["--import", "tsx", path.join(ROOT, "bench/bare-server.ts")],
    env: { BENCH_ROUTES_FILE: file },
    probe: routes[0].path,
  });
}

/** A JSON call, whatever it answers: the response, its status and its JSON body ({} when empty). */
export async function request(appUrl: string, method: string, urlPath: string, body?: unknown, cookie?: string) {
  const res = await fetch(appUrl + urlPath, {
    method,
    headers: { "content-type": "application/json", ...(cookie ? { cookie } : {}) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await res.text();
  return { res, status: res.status, json: text ? (JSON.parse(text) as Record<string, unknown>) : {} };
}

/** As `request`, but a status other than 2xx throws. */
export async function api(appUrl: string, method: string, urlPath: string, body?: unknown, cookie?: string) {
  const r = await request(appUrl, method, urlPath, body, cookie);
  if (!r.res.ok) throw new Error(`${method} ${urlPath}: ${r.status} ${JSON.stringify(r.json).slice(0, 300)}`);
  return r;
}

export function sessionOf(res: Response): string {
  const session = res.headers.getSetCookie().find((c) => c.startsWith("fellowship_session="));
  if (!session) throw new Error("no session cookie");
  return session.split(";")[0];
}

/** An admin registered through the API and their church: the admin's cookie and ids. */
export async function registerAdmin(appUrl: string, name: string) {
  const reg = await api(appUrl, "POST", "/api/auth/register", {
    email: `admin@${name}.example`,
    password: PASSWORD,
    firstName: "Bench",
    lastName: "Admin",
  });
  const cookie = sessionOf(reg.res);
  const church = await api(appUrl, "POST", "/api/churches", { name: `${name} church` }, cookie);
  return { cookie, adminId: String(reg.json.id), churchId: String(church.json.id) };
}

/** Signs a member in through `POST /api/auth/login`; their `fellowship_session=...`. */
export async function signIn(appUrl: string, email: string): Promise<string> {
  const { res } = await api(appUrl, "POST", "/api/auth/login", { email, password: PASSWORD });
  return sessionOf(res);
}

/**
 * Sessions for many members at once, by SQL, as lib/sessions.ts makes them (a random token, only its
 * SHA-256 in base64url stored): signing 3,000 members in through the API would take minutes of
 * password hashing on two cores. Their `fellowship_session=...` cookies.
 */
export async function createSessions(db: pg.Pool, userIds: string[]): Promise<string[]> {
  const tokens = userIds.map(() => randomBytes(32).toString("base64url"));
  const ids = tokens.map((t) => createHash("sha256").update(t).digest("base64url"));
  await db.query(
    `insert into sessions (id, user_id, expires_at)
     select s.id, s.user_id, now() + interval '1 day' from unnest($1::text[], $2::uuid[]) as s(id, user_id)`,
    [ids, userIds],
  );
  return tokens.map((t) => `fellowship_session=${t}`);
}

/** autocannon for `duration` s with `connections`, each sending `paths` in turn with the cookie. */
export async function loadPaths(base: string, paths: string[], cookie: string, duration: number, connections: number) {
  const r = await autocannon({
    url: base + paths[0],
    connections,
    duration,
    headers: { cookie },
    // @ts-expect-error: bench/autocannon.d.ts types the options the other benches use; this sends several paths in turn.
    requests: paths.map((p) => ({ method: "GET", path: p })),
  });
  return {
    reqPerSec: r.requests.mean,
    total: r.requests.total,
    p50: r.latency.p50,
    p99: r.latency.p99,
    failures: r.errors + r.timeouts + r.non2xx,
  };
}

export const fmt = (n: number, digits = 0) =>
  Number.isFinite(n)
    ? n.toLocaleString("en-US", { minimumFractionDigits: digits, maximumFractionDigits: digits })
    : "–";

export function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return Number.NaN;
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(p * sorted.length) - 1))];
}
