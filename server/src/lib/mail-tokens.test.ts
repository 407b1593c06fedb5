import net from "node:net";
import { EMAIL_VERIFICATION_TTL_HOURS } from "@common/auth-helpers";
import { sql } from "drizzle-orm";
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { Caller, createTestApp, type TTestApp } from "../../test/app";
import { createChurch, invite, PASSWORD, signUp, uniqueEmail } from "../../test/factories";
import { linkToken, queuedMail, receiveMail } from "../../test/mail";
import { startSmtpServer } from "../../test/smtp";
import { MAIL_CLEANUP_KEY } from "./mail";

/**
 * Security issue 23, item 10: reset, confirmation and invitation links do not sit in the job queue
 * in plain text (the body of a queued e-mail is sealed under APP_SECRET), and a mail job that cannot
 * be delivered is deleted once its link has expired.
 */
const HOUR_MS = 3_600_000;
let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
let t: TTestApp;
/** An app whose SMTP server refuses every connection (a closed port). */
let down: TTestApp;
const lines: string[] = [];

beforeAll(async () => {
  smtp = await startSmtpServer();
  // Jobs do not run until a test flushes the queue: the mail worker is "paused".
  t = await createTestApp(
    { SMTP_URL: smtp.url, LOG_LEVEL: "debug" },
    { runJobs: false, logger: { stream: { write: (l: string) => lines.push(l) } } },
  );
  down = await createTestApp({ SMTP_URL: `smtp://127.0.0.1:${await closedPort()}` }, { runJobs: false });
});
afterEach(() => {
  vi.useRealTimers();
});

/** A loopback port nothing listens on. */
async function closedPort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
  const { port } = server.address() as net.AddressInfo;
  await new Promise<void>((r) => server.close(() => r()));
  return port;
}

/** Every row of the queue, every column, as one string. */
async function wholeQueue(app: TTestApp): Promise<string> {
  return JSON.stringify((await app.db.execute(sql`select * from graphile_worker._private_jobs`)).rows);
}

type TMailJob = { id: string; to: string; attempts: number; max_attempts: number; last_error: string | null };
async function mailJobs(app: TTestApp, to: string): Promise<TMailJob[]> {
  const res = await app.db.execute<TMailJob>(
    sql`select j.id::text, j.payload->>'to' as to, j.attempts, j.max_attempts, j.last_error
      from graphile_worker._private_jobs j join graphile_worker._private_tasks t on t.id = j.task_id
      where t.identifier = 'mail' and j.payload->>'to' = ${to} order by j.id`,
  );
  return res.rows;
}

/** Runs the queue's mail sweep now, through the queue (as its hourly job does). */
async function runSweep(app: TTestApp): Promise<void> {
  await app.db.execute(
    sql`select graphile_worker.reschedule_jobs(array(select id from graphile_worker.jobs where key = ${MAIL_CLEANUP_KEY}), run_at => now())`,
  );
  await app.app.mailer.flush();
}

/** Moves this process's clock (the one the app reads) by `ms` from now. */
function moveClock(ms: number): void {
  vi.useFakeTimers({ toFake: ["Date"], now: new Date(Date.now() + ms) });
}

describe("tokens in queued mail (security issue 23, item 10)", () => {
  it("queues reset, confirmation and invitation emails with no usable token, and the links delivered work", async () => {
    const sent = smtp.messages.length;
    // A confirmation link (the welcome e-mail of a new account) and a reset link.
    const ruth = await signUp(t.app, { email: uniqueEmail("ruth") });
    const anon = new Caller(t.app);
    expect((await anon.post("/api/auth/forgot-password", { email: ruth.user.email })).status).toBe(202);
    // An invitation link.
    const { admin, church } = await createChurch(t.app);
    const guestEmail = uniqueEmail("guest");
    const inv = await invite(admin, guestEmail);

    // What an attacker reading the database (or a copy of it) finds while the mail waits.
    const queue = await wholeQueue(t);
    const waiting = await queuedMail(t.db);
    expect(waiting.filter((m) => [ruth.user.email, guestEmail].includes(m.to))).toHaveLength(3);
    const rawPayloads = (
      await t.db.execute<{ payload: Record<string, unknown> }>(
        sql`select j.payload from graphile_worker._private_jobs j join graphile_worker._private_tasks t on t.id = j.task_id
          where t.identifier = 'mail' and j.payload->>'to' in (${ruth.user.email}, ${guestEmail})`,
      )
    ).rows.map((r) => r.payload);
    for (const p of rawPayloads) {
      expect(Object.keys(p).sort()).toEqual(["expiresAt", "sealed", "subject", "to"]);
      expect(p.sealed).toMatch(/^v1\./);
    }
    expect(queue).not.toContain("token=");
    expect(queue).not.toContain("/invite/");

    // The mail worker runs: the e-mails arrive, each with its link.
    const confirmation = await receiveMail(t.app, smtp, ruth.user.email, "Confirm your Fellowship email address", {
      after: sent,
    });
    const reset = await receiveMail(t.app, smtp, ruth.user.email, "Reset your Fellowship password", { after: sent });
    const invitation = await receiveMail(t.app, smtp, guestEmail, /invited to join/, { after: sent });
    const verifyToken = linkToken(confirmation, "verify-email");
    const resetToken = linkToken(reset, "reset-password");
    const inviteToken = /\/invite\/([\w-]+)/.exec(invitation.text)?.[1] ?? "";
    expect(inviteToken).toBe(inv.token);
    for (const token of [verifyToken, resetToken, inviteToken]) {
      expect(token).toMatch(/^[\w-]{43}$/);
      expect(queue).not.toContain(token);
    }
    // Sent mail leaves nothing behind in the queue, and no log line holds a link.
    expect(await queuedMail(t.db, ruth.user.email)).toEqual([]);
    const log = lines.join("");
    for (const token of [verifyToken, resetToken, inviteToken]) expect(log).not.toContain(token);

    // Each delivered link works.
    expect((await ruth.post("/api/auth/verify-email", { token: verifyToken })).status).toBe(200);
    expect((await ruth.get("/api/auth/user")).body.emailVerified).toBe(true);
    const newPassword = "a brand new password";
    expect((await anon.post("/api/auth/reset-password", { token: resetToken, password: newPassword })).status).toBe(
      200,
    );
    const login = (password: string) => new Caller(t.app).post("/api/auth/login", { email: ruth.user.email, password });
    expect((await login(PASSWORD)).status).toBe(401);
    expect((await login(newPassword)).status).toBe(200);
    const guest = await signUp(t.app, { email: guestEmail });
    expect((await guest.post(`/api/invite/${inviteToken}/accept`)).status).toBe(200);
    expect((await guest.get("/api/auth/user")).body).toMatchObject({ churchId: church.id });
  });

  it("keeps a failed mail job while its link works, and the sweep deletes it once the link has expired", async () => {
    // The SMTP server is down: the welcome confirmation (24 hours) and a reset link (1 hour) fail.
    const naomi = await signUp(down.app, { email: uniqueEmail("naomi") });
    expect((await new Caller(down.app).post("/api/auth/forgot-password", { email: naomi.user.email })).status).toBe(
      202,
    );
    await down.app.mailer.flush();
    const failed = await mailJobs(down, naomi.user.email);
    expect(failed).toHaveLength(2);
    for (const job of failed) {
      expect(job.attempts).toBeGreaterThanOrEqual(1);
      expect(job.last_error).toMatch(/ECONNREFUSED/);
    }
    const [confirmJob, resetJob] = failed;
    // One of them has used up its tries: the queue would never run it again, only the sweep removes it.
    await down.db.execute(
      sql`update graphile_worker._private_jobs set max_attempts = attempts where id = ${confirmJob.id}::bigint`,
    );

    // Both links still work: the sweep keeps both jobs.
    await runSweep(down);
    expect((await mailJobs(down, naomi.user.email)).map((j) => j.id)).toEqual([confirmJob.id, resetJob.id]);

    // An hour and a minute on, the reset link has expired: its job goes, the confirmation's stays.
    moveClock(HOUR_MS + 60_000);
    await runSweep(down);
    expect((await mailJobs(down, naomi.user.email)).map((j) => j.id)).toEqual([confirmJob.id]);
    vi.useRealTimers();

    // Past the confirmation link's 24 hours, the job that ran out of tries goes too.
    moveClock(EMAIL_VERIFICATION_TTL_HOURS * HOUR_MS + 60_000);
    await runSweep(down);
    expect(await mailJobs(down, naomi.user.email)).toEqual([]);
  });

  it("does not send an email whose link expired while it waited, and deletes its job", async () => {
    const boaz = await signUp(t.app, { email: uniqueEmail("boaz") });
    await t.app.mailer.flush();
    const before = smtp.messages.length;
    expect((await new Caller(t.app).post("/api/auth/forgot-password", { email: boaz.user.email })).status).toBe(202);
    expect(await mailJobs(t, boaz.user.email)).toHaveLength(1);
    moveClock(HOUR_MS + 60_000);
    await t.app.mailer.flush();
    expect(await mailJobs(t, boaz.user.email)).toEqual([]);
    expect(smtp.messages.slice(before).filter((m) => m.to.includes(boaz.user.email))).toEqual([]);
  });

  it("seals a plain email queued before sealing, which is then delivered as it was", async () => {
    const to = uniqueEmail("orpah");
    const link = "http://fellowship.test/reset-password?token=a-live-legacy-token-0123456789abcdef";
    const payload = JSON.stringify({ to, subject: "Reset your Fellowship password", text: `Choose: ${link}\n` });
    await t.db.execute(sql`select graphile_worker.add_job('mail', ${payload}::json, max_attempts => 32767)`);
    expect(await wholeQueue(t)).toContain("a-live-legacy-token");

    await t.app.mailer.cleanup();
    expect(await wholeQueue(t)).not.toContain("a-live-legacy-token");
    const mail = await receiveMail(t.app, smtp, to, "Reset your Fellowship password");
    expect(mail.text).toContain(link);
    expect(await mailJobs(t, to)).toEqual([]);
  });
});
