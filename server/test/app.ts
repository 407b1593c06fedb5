import type { FastifyInstance, InjectOptions } from "fastify";
import { afterAll } from "vitest";
import { buildApp } from "../src/app";
import { loadConfig, type TConfig } from "../src/config";
import type { TRootDb } from "../src/db/client";
import { createTestDb } from "./db";

export type TTestApp = { app: FastifyInstance; db: TRootDb; config: TConfig };

/**
 * The real app on a database of its own, closed after the file's tests.
 * `env` overrides configuration as environment variables would.
 */
export async function createTestApp(env: Record<string, string> = {}): Promise<TTestApp> {
  const testDb = await createTestDb();
  const config = loadConfig({ LOG_LEVEL: "silent", APP_URL: "http://fellowship.test", ...env });
  const app = await buildApp({ config, db: testDb.db, logger: false, serveClient: false });
  await app.ready();
  afterAll(async () => {
    await app.close();
    await testDb.drop();
  });
  return { app, db: testDb.db, config };
}

export type TResponse<T = any> = { status: number; body: T; headers: Record<string, unknown> };

/** A signed-in (or signed-out) caller: `as.get("/api/...")`. */
export class Caller {
  constructor(
    readonly app: FastifyInstance,
    public cookie?: string,
  ) {}

  async request<T = any>(method: InjectOptions["method"], url: string, payload?: unknown, headers: Record<string, string> = {}): Promise<TResponse<T>> {
    const res = await this.app.inject({
      method,
      url,
      payload: payload as InjectOptions["payload"],
      headers: { ...(this.cookie ? { cookie: this.cookie } : {}), ...headers },
    });
    const setCookie = res.cookies.find((c) => c.name === "fellowship_session");
    if (setCookie) this.cookie = setCookie.value ? `fellowship_session=${setCookie.value}` : undefined;
    let body: any = res.body;
    if (String(res.headers["content-type"] ?? "").includes("json")) body = res.json();
    return { status: res.statusCode, body, headers: res.headers };
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
