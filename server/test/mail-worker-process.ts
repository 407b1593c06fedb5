import pino from "pino";
import { createDb } from "../src/db/client";
import { Jobs } from "../src/lib/jobs";
import { Mailer } from "../src/lib/mail";
import { SecretBox } from "../src/lib/secrets";

/**
 * Another app process's mail worker, for the crash test in server/src/lib/mail.test.ts, which kills
 * it mid-send: `node --import tsx server/test/mail-worker-process.ts` with TEST_DB_URL and
 * TEST_SMTP_URL and
 * TEST_APP_SECRET (the parent's, so it can open the messages the parent sealed) set.
 */
const log = pino({ level: "silent" });
const db = createDb(process.env.TEST_DB_URL ?? "", { max: 2 });
const jobs = new Jobs(db, { log });
new Mailer(jobs, {
  smtpUrl: process.env.TEST_SMTP_URL,
  from: "test@fellowship.test",
  log,
  secrets: new SecretBox(process.env.TEST_APP_SECRET ?? ""),
});
await jobs.start();
