import { type ChildProcess, spawn } from "node:child_process";
import { once } from "node:events";
import type { AddressInfo } from "node:net";
import path from "node:path";
import { sql } from "drizzle-orm";
import pino from "pino";
import { SMTPServer } from "smtp-server";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { TEST_APP_SECRET } from "../../test/app";
import { createEmptyTestDb, createTestDb, migrateUpTo } from "../../test/db";
import { queuedMail } from "../../test/mail";
import type { TRootDb } from "../db/client";
import { migrateDb } from "../db/client";
import { Jobs, type TJobsOptions } from "./jobs";
import { Mailer } from "./mail";
import { SecretBox } from "./secrets";

const log = pino({ level: "silent" });
const secrets = new SecretBox(TEST_APP_SECRET);
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
 * A loopback SMTP server: `answer` decides each message (accept, refuse with a 451, hang as a server
 * that never replies, or accept after 2 s), `received` lists the recipients of those accepted and
 * `tries` counts the messages that reached it.
 */
async function startSmtp(answer: () => "accept" | "refuse" | "hang" | "slow" = () => "accept") {
  const received: string[] = [];
  const tries = { count: 0 };
  let arrived = () => {};
  const dataArrived = new Promise<void>((r) => (arrived = r));
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS", "AUTH"],
    logger: false,
    onData(stream, session, callback) {
      stream.resume();
      stream.on("end", () => {
        tries.count++;
        arrived();
        const what = answer();
        if (what === "hang") return;
        if (what === "refuse") return callback(Object.assign(new Error("Mailbox busy"), { responseCode: 451 }));
        const accept = () => {
          received.push(session.envelope.rcptTo[0].address);
          callback();
        };
        if (what === "slow") setTimeout(accept, 2_000);
        else accept();
      });
    },
  });
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
  cleanups.push(() => new Promise<void>((r) => server.close(() => r())));
  const { port } = server.server.address() as AddressInfo;
  return { url: `smtp://127.0.0.1:${port}`, received, tries, dataArrived };
}

function createMailer(smtpUrl: string, jobsOpts: Partial<TJobsOptions> = {}) {
  const jobs = new Jobs(db, { log, ...jobsOpts });
  const mailer = new Mailer(jobs, { smtpUrl, from: "test@fellowship.test", log, secrets });
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

  it("a process that dies mid-send loses nothing: another process sends the message, once, within seconds", async () => {
    let hang = true;
    const smtp = await startSmtp(() => (hang ? "hang" : "accept"));
    const { jobs, mailer } = createSweepingMailer(smtp.url);
    await mailer.enqueue({ to: "naomi@example.org", subject: "Hello", text: "Body" });
    const child = await startOtherProcess(smtp);
    const childPool = await heldBy();

    // Once the other process has the message, this one starts; its sweeps leave a live process's job.
    await jobs.start();
    await sleep(500);
    expect(await heldBy()).toBe(childPool);

    // The other process dies while the SMTP server has the message and has not answered.
    hang = false;
    child.kill("SIGKILL");
    await once(child, "exit");
    // Sent within seconds (graphile-worker alone would hold it for 4 hours); no tighter figure here,
    // the machines are shared: the sweep measured 178–349 ms after the kill.
    await vi.waitFor(() => expect(smtp.received).toEqual(["naomi@example.org"]), { timeout: 10_000, interval: 20 });
    await vi.waitFor(async () => expect(await mailJobs()).toEqual([]));
    await jobs.runDue();
    expect(smtp.received).toEqual(["naomi@example.org"]);
    expect(smtp.tries.count).toBe(2);
  });

  it("a live process's slow send is not taken away by another process's sweep", async () => {
    const smtp = await startSmtp(() => "slow");
    const { jobs, mailer } = createSweepingMailer(smtp.url);
    await mailer.enqueue({ to: "ruth@example.org", subject: "Hello", text: "Body" });
    await startOtherProcess(smtp);
    const childPool = await heldBy();

    // This process sweeps several times while the other one waits 2 s for the SMTP server's answer.
    await jobs.start();
    await sleep(1_500);
    expect(await heldBy()).toBe(childPool);
    await vi.waitFor(async () => expect(await mailJobs()).toEqual([]), { timeout: 10_000 });
    await jobs.runDue();
    expect(smtp.received).toEqual(["ruth@example.org"]);
    expect(smtp.tries.count).toBe(1);
  });
});

/**
 * Another app process (server/test/mail-worker-process.ts) with a mail worker; resolves once it has
 * taken the waiting message and the SMTP server has it. Killed after the test if still running.
 */
async function startOtherProcess(smtp: { url: string; dataArrived: Promise<void> }): Promise<ChildProcess> {
  const child = spawn(process.execPath, ["--import", "tsx", path.resolve("server/test/mail-worker-process.ts")], {
    env: {
      ...process.env,
      TEST_DB_URL: (db.$client.options as { connectionString: string }).connectionString,
      TEST_SMTP_URL: smtp.url,
      TEST_APP_SECRET,
    },
    stdio: "inherit",
  });
  cleanups.push(async () => {
    if (child.exitCode === null && child.signalCode === null) {
      child.kill("SIGKILL");
      await once(child, "exit");
    }
  });
  await smtp.dataArrived;
  return child;
}

/** This process's mailer; once started, its queue looks for dead processes' jobs every 100–200 ms (the app's: 30–60 s). */
function createSweepingMailer(smtpUrl: string) {
  return createMailer(smtpUrl, { lockSweepMs: 100, pollMs: 100 });
}

/** The worker pool holding the one mail job. */
async function heldBy(): Promise<string | null> {
  const [job] = await mailJobs();
  expect(job).toMatchObject({ attempts: 1, locked_by: expect.stringMatching(/^pool-/) });
  return job.locked_by;
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

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

    // migrateDb installs the queue first, then migration 0005 moves the messages into it.
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
    const mailer = new Mailer(jobs, { smtpUrl: smtp.url, from: "test@fellowship.test", log, secrets });
    cleanups.push(async () => {
      await jobs.stop();
      mailer.close();
    });
    await mailer.flush();
    expect(smtp.received).toEqual(["due@example.org"]);
  });
});
