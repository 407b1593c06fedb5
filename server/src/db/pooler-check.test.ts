import { spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDb } from "../../test/db";
import { startPgBouncer, type TPgBouncer } from "../../test/pgbouncer";
import { StartupError } from "./ensure-database";
import { refuseTransactionPooler, TRANSACTION_POOLER_MESSAGE } from "./pooler-check";

/**
 * Issue 30: DATABASE_URL through a transaction-mode pooler without DATABASE_DIRECT_URL would start
 * and then lose chat across processes and the job queue's wake-ups; the start refuses it in one
 * sentence naming DATABASE_DIRECT_URL. A real PgBouncer (server/test/pgbouncer.ts) in each mode.
 */
let testDb: Awaited<ReturnType<typeof createTestDb>>;
const bouncers: TPgBouncer[] = [];
let transaction: TPgBouncer;

beforeAll(async () => {
  testDb = await createTestDb();
  transaction = await startPgBouncer(testDb.url, { poolSize: 3 });
  bouncers.push(transaction);
});

afterAll(async () => {
  for (const b of bouncers) await b.stop();
  await testDb?.drop();
});

describe("the start-up check for a transaction-mode pooler", () => {
  it("refuses a transaction-mode PgBouncer, with a pool of several server connections or of one", async () => {
    await expect(refuseTransactionPooler(transaction.url)).rejects.toThrow(StartupError);
    await expect(refuseTransactionPooler(transaction.url)).rejects.toThrow(/DATABASE_DIRECT_URL/);
    const single = await startPgBouncer(testDb.url, { poolSize: 1 });
    bouncers.push(single);
    await expect(refuseTransactionPooler(single.url)).rejects.toThrow(TRANSACTION_POOLER_MESSAGE);
  });

  it("lets PostgreSQL itself and a session-mode PgBouncer pass", async () => {
    await expect(refuseTransactionPooler(testDb.url)).resolves.toBeUndefined();
    const session = await startPgBouncer(testDb.url, { poolSize: 3, poolMode: "session" });
    bouncers.push(session);
    await expect(refuseTransactionPooler(session.url)).resolves.toBeUndefined();
  });

  it("npm start's process exits at once with the one sentence, not a stack", async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "fellowship-pooler-check-"));
    try {
      const env: NodeJS.ProcessEnv = { ...process.env, DATA_DIR: dataDir, LOG_LEVEL: "silent" };
      for (const name of ["DATABASE_DIRECT_URL", "TEST_DATABASE_URL", "SMTP_URL"]) delete env[name];
      env.DATABASE_URL = transaction.url;
      env.HOST = "127.0.0.1";
      env.PORT = "0";
      const child = spawn(process.execPath, ["--import", "tsx", path.resolve("server/src/main.ts")], {
        env,
        stdio: ["ignore", "pipe", "pipe"],
      });
      let stderr = "";
      child.stderr?.on("data", (d) => (stderr += d));
      const code = await new Promise<number | null>((resolve) => child.once("exit", resolve));
      expect(code, stderr).toBe(1);
      expect(stderr.trim(), stderr).toBe(TRANSACTION_POOLER_MESSAGE);
    } finally {
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  }, 90_000);
});
