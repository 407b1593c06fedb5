import pino from "pino";
import { createDb } from "../src/db/client";
import { Jobs } from "../src/lib/jobs";
import { Mailer } from "../src/lib/mail";

/**
 * Another app process's mail worker, for the crash test in server/src/lib/mail.test.ts, which kills
 * it mid-send: `node --import tsx server/test/mail-worker-process.ts` with TEST_DB_URL and
 * TEST_SMTP_URL set.
 */
const log = pino({ level: "silent" });
const db = createDb(process.env.TEST_DB_URL ?? "", { max: 2 });
const jobs = new Jobs(db, { log });
new Mailer(jobs, { smtpUrl: process.env.TEST_SMTP_URL, from: "test@fellowship.test", log });
await jobs.start();
