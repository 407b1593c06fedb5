import { type ChildProcess, spawn } from "node:child_process";
import { once } from "node:events";
import type { AddressInfo } from "node:net";
import path from "node:path";
import { sql } from "drizzle-orm";
import pino from "pino";
import { SMTPServer } from "smtp-server";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { createEmptyTestDb, createTestDb, migrateUpTo } from "../../test/db";
import { queuedMail } from "../../test/mail";
import type { TRootDb } from "../db/client";
import { migrateDb } from "../db/client";
import { Jobs, migrateJobs, type TJobsOptions } from "./jobs";
import { Mailer } from "./mail";

const log = pino({ level: "silent" });
let db: TRootDb;
let drop: () => Promise<void>;
beforeAll(async () => {
  ({ db, drop } = await createTestDb());
});
afterAll(() => drop());

const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const fn of cleanups.splice(0).reverse()) await fn();
  await db.execute(sql`delete from graphile_worker._private_jobs`);
});

/**
 * A loopback SMTP server: `answer` decides each message (accept, refuse with a 451, or hang as a
 * server that never replies), `received` lists the recipients of those accepted.
 */
async function startSmtp(answer: () => "accept" | "refuse" | "hang" = () => "accept") {
  const received: string[] = [];
  let arrived = () => {};
  const dataArrived = new Promise<void>((r) => (arrived = r));
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS", "AUTH"],
    logger: false,
    onData(stream, session, callback) {
      stream.resume();
      stream.on("end", () => {
        arrived();
        const what = answer();
        if (what === "hang") return;
        if (what === "refuse") return callback(Object.assign(new Error("Mailbox busy"), { responseCode: 451 }));
        received.push(session.envelope.rcptTo[0].address);
        callback();
      });
    },
  });
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
  cleanups.push(() => new Promise<void>((r) => server.close(() => r())));
  const { port } = server.server.address() as AddressInfo;
  return { url: `smtp://127.0.0.1:${port}`, received, dataArrived };
}

function createMailer(smtpUrl: string, jobsOpts: Partial<TJobsOptions> = {}) {
  const jobs = new Jobs(db, { log, ...jobsOpts });
  const mailer = new Mailer(jobs, { smtpUrl, from: "test@fellowship.test", log });
  cleanups.push(async () => {
    await jobs.stop();
    mailer.close();
  });
  return { jobs, mailer };
}

type TJobRow = { id: string; attempts: number; last_error: string | null; run_at: Date; locked_by: string | null };
const mailJobs = async () =>
  (
    await db.execute<TJobRow>(
      sql`select id::text, attempts, last_error, run_at, locked_by from graphile_worker.jobs where task_identifier = 'mail'`,
    )
  ).rows;

describe("mail through the job queue", () => {
  it("keeps a message the SMTP server refuses and delivers it, once, on a later try", async () => {
    let refuse = true;
    const smtp = await startSmtp(() => (refuse ? "refuse" : "accept"));
    const { mailer } = createMailer(smtp.url);
    await mailer.enqueue({ to: "ruth@example.org", subject: "Hello", text: "Body" });
    await mailer.flush();
    const [failed] = await mailJobs();
    expect(failed).toMatchObject({ attempts: 1, locked_by: null });
    expect(failed.last_error).toMatch(/Mailbox busy/);
    expect(new Date(failed.run_at).getTime()).toBeGreaterThan(Date.now());
    expect(smtp.received).toEqual([]);

    // The retry is due (time passes): this time the server accepts it, once.
    refuse = false;
    await db.execute(sql`select graphile_worker.reschedule_jobs(array[${failed.id}::bigint], run_at => now())`);
    await mailer.flush();
    await mailer.flush();
    expect(smtp.received).toEqual(["ruth@example.org"]);
    expect(await mailJobs()).toEqual([]);
  });

  it("keeps no sent message in the database: the job and the link in it are deleted", async () => {
    const smtp = await startSmtp();
    const { mailer } = createMailer(smtp.url);
    const link = "http://fellowship.test/reset-password?token=a-live-token-0123456789";
    await mailer.enqueue({ to: "boaz@example.org", subject: "Reset", text: link, html: `<a href="${link}">Reset</a>` });
    expect(await queuedMail(db, "boaz@example.org")).toHaveLength(1);
    await mailer.flush();
    expect(smtp.received).toEqual(["boaz@example.org"]);
    const left = await db.execute(
      sql`select count(*)::int as n from graphile_worker._private_jobs where payload::text like '%a-live-token%'`,
    );
    expect(left.rows).toEqual([{ n: 0 }]);
  });

  it("queues nothing when the caller's transaction rolls back", async () => {
    const { mailer } = createMailer("smtp://127.0.0.1:1");
    await db
      .transaction(async (tx) => {
        await mailer.enqueue({ to: "orpah@example.org", subject: "Hello", text: "Body" }, tx);
        throw new Error("the request failed");
      })
      .catch(() => {});
    expect(await queuedMail(db, "orpah@example.org")).toEqual([]);
  });

  it("a process that dies mid-send loses nothing: the job stays locked, then another process sends it once", async () => {
    let hang = true;
    const smtp = await startSmtp(() => (hang ? "hang" : "accept"));
    // This process's worker sweeps stale locks every 100 ms (the app's: every 8–10 minutes).
    const { jobs, mailer } = createMailer(smtp.url, { lockSweepMs: 100, pollMs: 100 });
    await mailer.enqueue({ to: "naomi@example.org", subject: "Hello", text: "Body" });

    const child: ChildProcess = spawn(
      process.execPath,
      ["--import", "tsx", path.resolve("server/test/mail-worker-process.ts")],
      {
        env: {
          ...process.env,
          TEST_DB_URL: (db.$client.options as { connectionString: string }).connectionString,
          TEST_SMTP_URL: smtp.url,
        },
        stdio: "inherit",
      },
    );
    cleanups.push(async () => {
      if (child.exitCode === null && child.signalCode === null) child.kill("SIGKILL");
    });
    await smtp.dataArrived;
    // The other process dies while the SMTP server has the message and has not answered.
    child.kill("SIGKILL");
    await once(child, "exit");
    const [held] = await mailJobs();
    expect(held).toMatchObject({ attempts: 1 });
    expect(held.locked_by).toMatch(/^pool-/);

    // While the lock holds, no other worker takes the message (it may still be on its way).
    hang = false;
    await mailer.flush();
    expect(smtp.received).toEqual([]);

    // Four hours later the lock has expired: a worker frees the job and sends the message, once.
    await db.execute(sql`update graphile_worker._private_jobs set locked_at = locked_at - interval '4 hours 1 minute'`);
    await jobs.start();
    await vi.waitFor(() => expect(smtp.received).toEqual(["naomi@example.org"]), { timeout: 10_000 });
    await vi.waitFor(async () => expect(await mailJobs()).toEqual([]));
  });
});

describe("upgrading from the mail outbox (migration 0005)", () => {
  it("moves unsent messages into the queue, due as they were, drops the outbox, and sends them", async () => {
    const old = await createEmptyTestDb();
    cleanups.push(() => old.drop());
    await migrateUpTo(old.db, "0004_points_per_church");
    const later = new Date(Date.now() + 3_600_000);
    await old.db.execute(sql`insert into mail_outbox ("to", subject, text, html, attempts, next_attempt_at, sent_at) values
      ('due@example.org', 'Due', 'Link 1', '<p>1</p>', 2, now() - interval '1 minute', null),
      ('later@example.org', 'Later', 'Link 2', null, 5, ${later}, null),
      ('sent@example.org', 'Sent', '', null, 1, now(), now())`);

    // Without the queue installed first, the migration refuses and the messages stay where they were.
    await expect(migrateDb(old.db)).rejects.toThrow();
    const kept = await old.db.execute(sql`select count(*)::int as n from mail_outbox where sent_at is null`);
    expect(kept.rows).toEqual([{ n: 2 }]);

    await migrateJobs(old.db);
    await migrateDb(old.db);
    expect((await old.db.execute(sql`select to_regclass('mail_outbox') as t`)).rows).toEqual([{ t: null }]);
    const moved = await queuedMail(old.db);
    expect(moved.map(({ jobId, ...m }) => m)).toEqual([
      { to: "due@example.org", subject: "Due", text: "Link 1", html: "<p>1</p>" },
      { to: "later@example.org", subject: "Later", text: "Link 2" },
    ]);
    const runAt = await old.db.execute<{ run_at: Date; max_attempts: number }>(
      sql`select run_at, max_attempts from graphile_worker.jobs order by id`,
    );
    expect(new Date(runAt.rows[1].run_at).getTime()).toBe(later.getTime());
    expect(runAt.rows.map((r) => r.max_attempts)).toEqual([32_767, 32_767]);

    const smtp = await startSmtp();
    const jobs = new Jobs(old.db, { log });
    const mailer = new Mailer(jobs, { smtpUrl: smtp.url, from: "test@fellowship.test", log });
    cleanups.push(async () => {
      await jobs.stop();
      mailer.close();
    });
    await mailer.flush();
    expect(smtp.received).toEqual(["due@example.org"]);
  });
});
