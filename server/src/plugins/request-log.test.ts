import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { TEST_APP_SECRET } from "../../test/app";
import { createTestDb } from "../../test/db";
import { buildApp } from "../app";
import { loadConfig } from "../config";

/** A built client: one hashed asset and index.html. */
const dir = fs.mkdtempSync(path.join(os.tmpdir(), "fellowship-log-client-"));
fs.mkdirSync(path.join(dir, "assets"));
fs.writeFileSync(path.join(dir, "assets", "index-abc123.js"), "export {};\n");
fs.writeFileSync(path.join(dir, "index.html"), "<!doctype html><title>Fellowship</title>");

const lines: Record<string, unknown>[] = [];
let app: Awaited<ReturnType<typeof buildApp>>;
let dropDb: () => Promise<void>;
beforeAll(async () => {
  const db = await createTestDb();
  dropDb = db.drop;
  const config = loadConfig({ LOG_LEVEL: "info", APP_SECRET: TEST_APP_SECRET, DATA_DIR: dir });
  const stream = { write: (line: string) => lines.push(JSON.parse(line)) };
  app = await buildApp({ config, db: db.db, logger: { stream }, clientDir: dir, runJobs: false });
  await app.ready();
});
afterAll(async () => {
  await app.close();
  await dropDb();
  fs.rmSync(dir, { recursive: true, force: true });
});

const requestLines = () => lines.filter((l) => l.msg === "request").map((l) => `${l.method} ${l.url} ${l.status}`);

describe("request log at the default level (info)", () => {
  // Issue 30: a quick successful read's line cost about a fifth of its time; reads are at debug.
  it("logs writes and problems, not quick successful reads, the client's files or its shell", async () => {
    for (const url of ["/assets/index-abc123.js", "/", "/sermons", "/api/auth/providers", "/api/nowhere"]) {
      const res = await app.inject({ method: "GET", url });
      expect(res.statusCode, url).toBe(url === "/api/nowhere" ? 404 : 200);
    }
    expect((await app.inject({ method: "POST", url: "/api/logout" })).statusCode).toBe(204);
    expect((await app.inject({ method: "GET", url: "/api/auth/user" })).statusCode).toBe(401);
    expect(requestLines()).toEqual(["GET /api/nowhere 404", "POST /api/logout 204", "GET /api/auth/user 401"]);
  });
});
