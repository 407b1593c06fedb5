import "./test-password-cost";
import { buildApp } from "../src/app";
import { loadConfig } from "../src/config";
import { createDb } from "../src/db/client";

/**
 * Another whole app process on a test's database, for tests that kill one (the live stream's viewer
 * count): `node --import tsx server/test/app-process.ts` with TEST_DB_URL, TEST_DATA_DIR and APP_SECRET set
 * (TEST_DB_DIRECT_URL too when TEST_DB_URL is a pooler's, as DATABASE_DIRECT_URL). Prints
 * `{"port": N}` once it listens on loopback. Viewer heartbeats every 200 ms.
 */
const db = createDb(process.env.TEST_DB_URL ?? "", { max: 4, directUrl: process.env.TEST_DB_DIRECT_URL });
const config = loadConfig({
  DATA_DIR: process.env.TEST_DATA_DIR ?? "",
  LOG_LEVEL: "silent",
  APP_URL: "http://fellowship.test",
  APP_SECRET: process.env.APP_SECRET ?? "",
});
const app = await buildApp({
  config,
  db,
  logger: false,
  serveClient: false,
  live: { heartbeatMs: 200, staleMs: 2000 },
});
await app.listen({ port: 0, host: "127.0.0.1" });
const address = app.server.address();
process.stdout.write(`${JSON.stringify({ port: typeof address === "object" ? address?.port : null })}\n`);
