import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import type { FastifyInstance, InjectOptions } from "fastify";
import { buildApp, type TBuildOptions } from "../src/app";
import { loadConfig, type TConfig } from "../src/config";
import { createDb, type TRootDb } from "../src/db/client";
import { afterFile } from "./after-file";
import { createTestDb } from "./db";

export const TEST_APP_SECRET = "a test secret that is long enough";

export type TTestApp = { app: FastifyInstance; db: TRootDb; config: TConfig; dbUrl: string };

/**
 * The real app on a database of its own, closed after the file's tests.
 * `env` overrides configuration as environment variables would.
 */
export async function createTestApp(
  env: Record<string, string> = {},
  opts: Pick<TBuildOptions, "logger" | "runJobs" | "live" | "push" | "integrations"> = {},
): Promise<TTestApp> {
  const testDb = await createTestDb();
  // Files the app keeps (e-mails without SMTP, secrets) go to a folder of this app's own.
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "fellowship-test-data-"));
  const config = loadConfig({
    DATA_DIR: dataDir,
    LOG_LEVEL: "silent",
    APP_URL: "http://fellowship.test",
    APP_SECRET: TEST_APP_SECRET,
    ...env,
  });
  const app = await buildApp({
    config,
    db: testDb.db,
    logger: opts.logger ?? false,
    serveClient: false,
    checkAnswers: true,
    runJobs: opts.runJobs,
    live: opts.live,
    push: opts.push,
    integrations: opts.integrations,
  });
  await app.ready();
  afterFile(async () => {
    await app.close();
    await testDb.drop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });
  return { app, db: testDb.db, config, dbUrl: testDb.url };
}

/**
 * Another app process on the same database (its own pool, cache bus and sockets), as behind a load
 * balancer; closed after the file's tests, before the database goes.
 */
export async function createSecondInstance(
  first: TTestApp,
  opts: Pick<TBuildOptions, "live"> = {},
): Promise<FastifyInstance> {
  const db = createDb(first.dbUrl, { max: 4 });
  const app = await buildApp({
    config: first.config,
    db,
    logger: false,
    serveClient: false,
    checkAnswers: true,
    live: opts.live,
  });
  await app.ready();
  afterFile(async () => {
    await app.close();
    await db.$client.end();
  });
  return app;
}

export type TResponse<T = any> = { status: number; body: T; headers: Record<string, unknown> };

/** A signed-in (or signed-out) caller: `as.get("/api/...")`. */
export class Caller {
  /** Cookies other than the session (e.g. the sign-in state cookie), as a browser would keep them. */
  private readonly otherCookies = new Map<string, string>();

  /** The client's address as the server sees it (the socket's), when not 127.0.0.1. */
  ip?: string;

  constructor(
    readonly app: FastifyInstance,
    public cookie?: string,
  ) {}

  async request<T = any>(
    method: InjectOptions["method"],
    url: string,
    payload?: unknown,
    headers: Record<string, string> = {},
  ): Promise<TResponse<T>> {
    const res = await this.app.inject({
      method,
      url,
      payload: payload as InjectOptions["payload"],
      ...(this.ip ? { remoteAddress: this.ip } : {}),
      headers: { ...(this.cookieHeader() ? { cookie: this.cookieHeader() } : {}), ...headers },
    });
    for (const c of res.cookies) {
      if (c.name === "fellowship_session") this.cookie = c.value ? `fellowship_session=${c.value}` : undefined;
      else if (c.value && (c.maxAge === undefined || c.maxAge > 0)) this.otherCookies.set(c.name, c.value);
      else this.otherCookies.delete(c.name);
    }
    let body: any = res.body;
    if (String(res.headers["content-type"] ?? "").includes("json")) body = res.json();
    return { status: res.statusCode, body, headers: res.headers };
  }

  private cookieHeader(): string {
    return [this.cookie, ...[...this.otherCookies].map(([k, v]) => `${k}=${v}`)].filter(Boolean).join("; ");
  }

  get<T = any>(url: string) {
    return this.request<T>("GET", url);
  }
  post<T = any>(url: string, payload?: unknown) {
    return this.request<T>("POST", url, payload);
  }
  put<T = any>(url: string, payload?: unknown) {
    return this.request<T>("PUT", url, payload);
  }
  patch<T = any>(url: string, payload?: unknown) {
    return this.request<T>("PATCH", url, payload);
  }
  delete<T = any>(url: string) {
    return this.request<T>("DELETE", url);
  }
}
