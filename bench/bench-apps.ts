/**
 * What bench/thousand-churches.ts and bench/chat-bus.ts share: an embedded PostgreSQL with several
 * databases, app processes as `npm start` runs them (NODE_ENV=production, the default log level,
 * each log to a file), sign-in through the API, and sessions made by SQL for many members at once.
 */

import { type ChildProcess, spawn } from "node:child_process";
import { createHash, randomBytes } from "node:crypto";
import fs from "node:fs";
import net from "node:net";
import path from "node:path";
import { fileURLToPath } from "node:url";
import type pg from "pg";
import { createDb, migrateDb } from "../server/src/db/client";
import type { TEmbeddedPg } from "../server/src/db/embedded";
import { ensureOwnedDatabase } from "../server/src/db/embedded-roles";

export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
export const HOST = "127.0.0.1";
export const PASSWORD = "bench-password-1";

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

/** The app as `npm start` runs it, on a free port; resolves once it answers. */
export async function startApp(name: string, dbUrl: string, dir: string, env: Record<string, string> = {}) {
  const port = await freePort();
  const logFd = fs.openSync(path.join(dir, `${name}.log`), "w");
  const proc = spawn(process.execPath, [path.join(ROOT, "scripts/start.mjs")], {
    cwd: ROOT,
    env: {
      ...process.env,
      DATABASE_URL: dbUrl,
      DATA_DIR: path.join(dir, `${name}-data`),
      // LOG_LEVEL is left at its default (info), as users run the app.
      RATE_LIMIT_PER_HOUR: "0",
      NODE_ENV: "production",
      APP_SECRET: randomBytes(32).toString("hex"),
      PORT: String(port),
      HOST,
      ...env,
    },
    stdio: ["ignore", logFd, "pipe"],
  });
  fs.closeSync(logFd);
  proc.stderr?.on("data", (d: Buffer) => process.stderr.write(`[${name}] ${d}`));
  const url = `http://${HOST}:${port}`;
  const stop = () =>
    new Promise<void>((resolve) => {
      if (proc.exitCode !== null || proc.signalCode !== null) return resolve();
      const kill = setTimeout(() => proc.kill("SIGKILL"), 10_000);
      proc.once("exit", () => {
        clearTimeout(kill);
        resolve();
      });
      proc.kill("SIGTERM");
    });
  const deadline = Date.now() + 300_000;
  while (Date.now() < deadline) {
    if (proc.exitCode !== null) throw new Error(`${name} exited with code ${proc.exitCode}`);
    try {
      await (await fetch(`${url}/api/auth/providers`)).arrayBuffer();
      return { name, url, pid: proc.pid as number, proc, stop } satisfies TApp;
    } catch {
      await sleep(200);
    }
  }
  await stop();
  throw new Error(`${name} did not answer within 300 s`);
}

export async function api(appUrl: string, method: string, urlPath: string, body?: unknown, cookie?: string) {
  const res = await fetch(appUrl + urlPath, {
    method,
    headers: { "content-type": "application/json", ...(cookie ? { cookie } : {}) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await res.text();
  if (!res.ok) throw new Error(`${method} ${urlPath}: ${res.status} ${text.slice(0, 300)}`);
  return { res, json: text ? (JSON.parse(text) as Record<string, unknown>) : {} };
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

export const fmt = (n: number, digits = 0) =>
  Number.isFinite(n)
    ? n.toLocaleString("en-US", { minimumFractionDigits: digits, maximumFractionDigits: digits })
    : "–";

export function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return Number.NaN;
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(p * sorted.length) - 1))];
}
