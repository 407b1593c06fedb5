/**
 * `node --import tsx bench/mail-queue.ts`: what the mail queue (server/src/lib/jobs.ts with the `mail`
 * task) costs, on an embedded PostgreSQL in a fresh temp dir and a local SMTP server (smtp-server),
 * all over loopback:
 *
 * 1. enqueue: BENCH_MAILS messages, each queued in a transaction of its own (as a request does), with
 *    no worker running;
 * 2. delivery: BENCH_MAILS messages queued, then the worker started: time until the SMTP server has
 *    them all; the same into files (no SMTP_URL); at 1 and at 4 jobs at once;
 * 3. latency: one message queued in a transaction while the worker idles, until the SMTP server has it
 *    (median of 20);
 * 4. idle cost: queries per minute the process sends PostgreSQL while the worker idles (counted at
 *    node-postgres's `Client.query`), over BENCH_IDLE_S, and the connections it holds.
 *
 * Environment: BENCH_MAILS (default 1000), BENCH_IDLE_S (default 60). Everything stops by itself
 * within a few minutes; figures in bench/RESULTS.md.
 */

import fs from "node:fs";
import type { AddressInfo } from "node:net";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import pino from "pino";
import { SMTPServer } from "smtp-server";
import { createDb, migrateDb, type TDb, type TRootDb } from "../server/src/db/client";
import { startEmbeddedPostgres, type TEmbeddedPg } from "../server/src/db/embedded";
import { Jobs } from "../server/src/lib/jobs";
import { Mailer, type TMail } from "../server/src/lib/mail";
import { SecretBox } from "../server/src/lib/secrets";

const MAILS = Number(process.env.BENCH_MAILS ?? 1000);
const IDLE_S = Number(process.env.BENCH_IDLE_S ?? 60);
const log = pino({ level: "silent" });

type TQueue = {
  enqueue: (mail: TMail, tx: TDb) => Promise<void>;
  start: () => Promise<void>;
  stop: () => Promise<void>;
};

/** The queue under test, as the app wires it. */
function createQueue(db: TRootDb, opts: { smtpUrl?: string; mailDir?: string; concurrency?: number }): TQueue {
  const jobs = new Jobs(db, { log, concurrency: opts.concurrency });
  const mailer = new Mailer(jobs, {
    smtpUrl: opts.smtpUrl,
    mailDir: opts.mailDir,
    from: "bench@fellowship.test",
    log,
    secrets: new SecretBox("a bench secret that is long enough"),
  });
  return {
    enqueue: (mail, tx) => mailer.enqueue(mail, tx),
    start: () => jobs.start(),
    async stop() {
      await jobs.stop();
      mailer.close();
    },
  };
}

const mail = (i: number): TMail => ({
  to: `member${i}@example.org`,
  subject: "You're invited to join Grace Chapel",
  text: `Follow this link: http://fellowship.test/invite/${"x".repeat(43)}${i}`,
  html: `<p>Follow <a href="http://fellowship.test/invite/${"x".repeat(43)}${i}">this link</a></p>`,
});

async function startSmtp() {
  let received = 0;
  let waiter: { n: number; resolve: () => void } | undefined;
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS", "AUTH"],
    // Its reverse DNS look-up of each client would be most of what is measured.
    disableReverseLookup: true,
    logger: false,
    onData(stream, _session, callback) {
      stream.resume();
      stream.on("end", () => {
        received++;
        if (waiter && received >= waiter.n) waiter.resolve();
        callback();
      });
    },
  });
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
  const { port } = server.server.address() as AddressInfo;
  return {
    url: `smtp://127.0.0.1:${port}`,
    get received() {
      return received;
    },
    /** Resolves once `n` messages in all have arrived. */
    until(n: number, timeoutMs = 120_000): Promise<void> {
      if (received >= n) return Promise.resolve();
      return new Promise((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error(`only ${received} of ${n} messages arrived`)), timeoutMs);
        waiter = {
          n,
          resolve: () => {
            clearTimeout(timer);
            resolve();
          },
        };
      });
    },
    close: () => new Promise<void>((r) => server.close(() => r())),
  };
}

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))];
const fmt = (n: number, digits = 2) => n.toFixed(digits);

async function enqueueMany(db: TRootDb, queue: TQueue, from: number, n: number): Promise<number[]> {
  const times: number[] = [];
  for (let i = from; i < from + n; i++) {
    const t0 = performance.now();
    await db.transaction((tx) => queue.enqueue(mail(i), tx));
    times.push(performance.now() - t0);
  }
  return times.sort((a, b) => a - b);
}

async function main() {
  const started = Date.now();
  const tmp = fs.mkdtempSync(path.join(os.tmpdir(), "fellowship-bench-mail-"));
  let embedded: TEmbeddedPg | undefined;
  const budget = setTimeout(() => {
    console.error("bench: still running after 10 minutes, giving up");
    process.exit(1);
  }, 600_000);
  budget.unref();
  const smtp = await startSmtp();
  try {
    embedded = await startEmbeddedPostgres(path.join(tmp, "data"), { database: "fellowship_bench" });
    const db = createDb(embedded.url);
    await migrateDb(db);
    console.log(`bench: node ${process.version}, ${os.cpus().length} CPUs, ${MAILS} mails, idle window ${IDLE_S} s`);
    let sent = 0;

    // 1. Enqueue cost, no worker running.
    const idle = createQueue(db, { smtpUrl: smtp.url, concurrency: 1 });
    const times = await enqueueMany(db, idle, 0, MAILS);
    const mean = times.reduce((a, b) => a + b, 0) / times.length;
    console.log(
      `enqueue (own transaction each): mean ${fmt(mean)} ms, p50 ${fmt(percentile(times, 0.5))} ms, p99 ${fmt(percentile(times, 0.99))} ms`,
    );

    // 2. Delivery throughput: the queued messages, then more at 4 at once, then into files.
    for (const concurrency of [1, 4]) {
      const queue = concurrency === 1 ? idle : createQueue(db, { smtpUrl: smtp.url, concurrency });
      if (concurrency !== 1) await enqueueMany(db, queue, sent, MAILS);
      const t0 = performance.now();
      await queue.start();
      await smtp.until(sent + MAILS);
      const s = (performance.now() - t0) / 1000;
      sent += MAILS;
      console.log(`deliver ${MAILS} to SMTP, ${concurrency} at once: ${fmt(s)} s, ${fmt(MAILS / s, 0)} mails/s`);
      await queue.stop();
    }
    const mailDir = path.join(tmp, "mail");
    for (const concurrency of [1, 4]) {
      const files = createQueue(db, { mailDir, concurrency });
      await enqueueMany(db, files, 0, MAILS);
      const before = fs.existsSync(mailDir) ? fs.readdirSync(mailDir).length : 0;
      const t0 = performance.now();
      await files.start();
      while ((fs.existsSync(mailDir) ? fs.readdirSync(mailDir).length : 0) < before + MAILS) {
        if (performance.now() - t0 > 120_000) throw new Error("files: not all written");
        await new Promise((r) => setTimeout(r, 20));
      }
      const s = (performance.now() - t0) / 1000;
      console.log(`deliver ${MAILS} to files, ${concurrency} at once: ${fmt(s)} s, ${fmt(MAILS / s, 0)} mails/s`);
      await files.stop();
    }

    // 3. Latency of one message while the worker idles (default concurrency).
    const live = createQueue(db, { smtpUrl: smtp.url });
    await live.start();
    await new Promise((r) => setTimeout(r, 1000));
    const latencies: number[] = [];
    for (let i = 0; i < 20; i++) {
      const t0 = performance.now();
      await db.transaction((tx) => live.enqueue(mail(i), tx));
      await smtp.until(sent + 1, 30_000);
      sent++;
      latencies.push(performance.now() - t0);
      await new Promise((r) => setTimeout(r, 100 + Math.random() * 400));
    }
    latencies.sort((a, b) => a - b);
    console.log(
      `latency, enqueue to SMTP, worker idle: median ${fmt(percentile(latencies, 0.5), 0)} ms, max ${fmt(latencies.at(-1) ?? 0, 0)} ms`,
    );
    await live.stop();

    // 4. Idle cost: every query this process sends, counted where node-postgres sends it.
    let queries = 0;
    const query = pg.Client.prototype.query;
    pg.Client.prototype.query = function (this: pg.Client, ...args: unknown[]) {
      queries++;
      return (query as (...a: unknown[]) => unknown).apply(this, args);
    } as typeof query;
    const counter = new pg.Client({ connectionString: embedded.url });
    await counter.connect();
    for (const concurrency of [1, 4]) {
      const waiting = createQueue(db, { smtpUrl: smtp.url, concurrency });
      await waiting.start();
      await new Promise((r) => setTimeout(r, 5_000));
      const q0 = queries;
      await new Promise((r) => setTimeout(r, IDLE_S * 1000));
      const perMin = ((queries - q0) * 60) / IDLE_S;
      const conns = await counter.query(
        "select count(*)::int as n from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid()",
      );
      console.log(
        `idle, ${concurrency} at once: ${fmt(perMin, 1)} queries/min, ${conns.rows[0].n} connections open (app pool included)`,
      );
      await waiting.stop();
    }
    await counter.end();
    await db.$client.end();
    console.log(`bench: done in ${fmt((Date.now() - started) / 1000, 0)} s`);
  } finally {
    await smtp.close();
    await embedded?.stop();
    fs.rmSync(tmp, { recursive: true, force: true });
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
