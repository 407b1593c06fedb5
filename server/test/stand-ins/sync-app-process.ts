import "../test-password-cost";
import { buildApp } from "../../src/app";
import { loadConfig } from "../../src/config";
import { createDb } from "../../src/db/client";

/**
 * A whole app process that runs the job queue (syncs included) on a test's database, for tests that
 * kill one mid-sync: `node --import tsx server/test/stand-ins/sync-app-process.ts` with TEST_DB_URL,
 * TEST_DATA_DIR, APP_SECRET and the providers' addresses (PLANNING_CENTER_API_URL, MAILCHIMP_API_URL,
 * CCB_API_URL) set. Prints `{"ready":true}` once its workers run.
 */
const env = process.env;
const db = createDb(env.TEST_DB_URL ?? "", { max: 4 });
const config = loadConfig({
  DATA_DIR: env.TEST_DATA_DIR ?? "",
  LOG_LEVEL: "silent",
  APP_URL: "http://fellowship.test",
  APP_SECRET: env.APP_SECRET ?? "",
  ...(env.PLANNING_CENTER_API_URL ? { PLANNING_CENTER_API_URL: env.PLANNING_CENTER_API_URL } : {}),
  ...(env.MAILCHIMP_API_URL ? { MAILCHIMP_API_URL: env.MAILCHIMP_API_URL } : {}),
  ...(env.CCB_API_URL ? { CCB_API_URL: env.CCB_API_URL } : {}),
});
const app = await buildApp({ config, db, logger: false, serveClient: false });
await app.ready();
process.stdout.write(`${JSON.stringify({ ready: true })}\n`);
