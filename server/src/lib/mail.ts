import fs from "node:fs";
import path from "node:path";
import { INVITATION_TTL_DAYS } from "@common/invitation-helpers";
import { sql } from "drizzle-orm";
import type { FastifyBaseLogger } from "fastify";
import type { Transporter } from "nodemailer";
import { z } from "zod";
import type { TDb } from "../db/client";
import type { Jobs, TJobTask } from "./jobs";
import type { SecretBox } from "./secrets";

/** A message as a feature writes it. */
export const ZMail = z.object({
  to: z.string(),
  subject: z.string(),
  text: z.string(),
  html: z.string().optional(),
  /** Extra headers (issue 29: `List-Unsubscribe`, `List-Unsubscribe-Post`), sealed with the body. */
  headers: z.record(z.string(), z.string()).optional(),
});
export type TMail = z.infer<typeof ZMail>;

/**
 * A message as the queue holds it: the body (text and HTML, where the link and its token are) sealed
 * with the app's secret box (AES-256-GCM under APP_SECRET), opened only by the job that sends it;
 * `expiresAt` is when its link stops working. Jobs queued before sealing hold a plain `TMail`.
 */
export const ZQueuedMail = z.object({
  to: z.string(),
  subject: z.string(),
  sealed: z.string().startsWith("v1."),
  expiresAt: z.string().datetime().optional(),
});
export type TQueuedMail = z.infer<typeof ZQueuedMail>;

/** The mail task's name in the queue (also read by tests and metrics). */
export const MAIL_TASK = "mail";
/** The sweep of expired mail: one job in the whole queue under this key, however many processes run. */
export const MAIL_CLEANUP_KEY = "mail.cleanup";
const MAIL_CLEANUP_TASK = { name: "mail.cleanup", payload: z.object({}), maxAttempts: 5 };
const CLEANUP_EVERY_MS = 3_600_000;
/**
 * A plain message queued before bodies were sealed says nothing of its link's life; the longest any
 * link lives (an invitation's) is taken from when it was queued.
 */
const LEGACY_LINK_TTL_MS = INVITATION_TTL_DAYS * 86_400_000;

/**
 * Never given up (the queue's limit is 32,767 tries): after about 10 hours of back-off a message is
 * tried every 6 hours until it goes, or until its link has expired (then it is dropped).
 * Migration 0005 moved the old outbox's messages in with the same.
 */
const MAX_ATTEMPTS = 32_767;

/** Open SMTP connections per process: as many as the queue runs jobs at once (jobs.ts's concurrency). */
const SMTP_CONNECTIONS = 4;

/**
 * Outgoing mail is a job (`mail`) in the queue (jobs.ts): stored in the same transaction as the
 * request that causes it and sent by a worker, so a failing SMTP server delays mail but never loses
 * it, and a request that rolls back sends nothing. The body, with any link and its token, is sealed
 * in the queue (security issue 23, item 10); once sent, the job is deleted. A message whose link has
 * expired is never sent, and the hourly `mail.cleanup` job deletes it (failed or waiting).
 */
export class Mailer {
  /** Made on the first message (nodemailer loads only then, not at every start). */
  private transport: Promise<Transporter> | undefined;
  private readonly task: TJobTask<TQueuedMail | TMail>;

  constructor(
    private readonly jobs: Jobs,
    private readonly opts: {
      smtpUrl?: string;
      from: string;
      log: FastifyBaseLogger;
      /** Seals each message's body in the queue (the app's `secrets`). */
      secrets: SecretBox;
      /** Without SMTP, each message is written to an owner-only file here (DATA_DIR/mail). */
      mailDir?: string;
    },
  ) {
    this.task = jobs.define({
      name: MAIL_TASK,
      // Sealed first: a plain message (queued before sealing) lacks `sealed` and is read as it was.
      payload: z.union([ZQueuedMail, ZMail]),
      maxAttempts: MAX_ATTEMPTS,
      run: (mail, job) => this.deliver(mail, job.id),
    });
    jobs.define({
      ...MAIL_CLEANUP_TASK,
      run: async () => {
        // The next sweep first: whatever happens to this one, the sweeps go on.
        await this.scheduleCleanup();
        const done = await this.cleanup();
        if (done.deleted > 0 || done.sealed > 0)
          this.opts.log.info(done, "mail queue swept: expired emails deleted, old plain ones sealed");
      },
    });
  }

  /**
   * Queues a message in `db`'s transaction when it is one, its body sealed. `expiresAt`: when the
   * message's link stops working; it is not sent after that, and its job is deleted.
   */
  async enqueue(mail: TMail, db?: TDb, opts: { expiresAt?: Date } = {}): Promise<void> {
    await this.jobs.add(this.task, this.seal(ZMail.parse(mail), opts.expiresAt), db);
  }

  /** Delivers everything due now (with any other due jobs); resolves when done. Tests call it. */
  flush(): Promise<void> {
    return this.jobs.runDue();
  }

  /**
   * Queues the sweep at `runAt` (an hour on when not given). `preserve`: a waiting sweep keeps its
   * time (every process calls this at start; none pushes the sweep later).
   */
  async scheduleCleanup(opts: { runAt?: Date; preserve?: boolean } = {}): Promise<void> {
    const runAt = opts.runAt ?? new Date(Date.now() + CLEANUP_EVERY_MS);
    await this.jobs.db.execute(
      sql`select graphile_worker.add_job(${MAIL_CLEANUP_TASK.name}, '{}'::json, run_at => ${runAt.toISOString()}::timestamptz,
        max_attempts => ${MAIL_CLEANUP_TASK.maxAttempts}::int, job_key => ${MAIL_CLEANUP_KEY}::text,
        job_key_mode => ${opts.preserve ? "preserve_run_at" : "replace"}::text)`,
    );
  }

  /**
   * Seals any plain message still queued from before bodies were sealed, then deletes every mail
   * job whose link has expired and that no worker holds: failed ones (retrying, or out of tries)
   * and ones still waiting alike. Returns how many of each.
   */
  async cleanup(): Promise<{ sealed: number; deleted: number }> {
    const db = this.jobs.db;
    const plain = await db.execute<{ id: string; payload: TMail; created_at: string }>(
      sql`select j.id::text, j.payload, j.created_at from graphile_worker._private_jobs j
        join graphile_worker._private_tasks t on t.id = j.task_id
        where t.identifier = ${MAIL_TASK} and j.payload->>'sealed' is null and j.locked_at is null`,
    );
    let sealed = 0;
    for (const row of plain.rows) {
      const parsed = ZMail.safeParse(row.payload);
      if (!parsed.success) continue;
      const expiresAt = new Date(new Date(row.created_at).getTime() + LEGACY_LINK_TTL_MS);
      const res = await db.execute(
        sql`update graphile_worker._private_jobs set payload = ${JSON.stringify(this.seal(parsed.data, expiresAt))}::json
          where id = ${row.id}::bigint and locked_at is null and payload->>'sealed' is null`,
      );
      sealed += res.rowCount ?? 0;
    }
    // The clock is this process's (as for the check at send time), not the database's.
    const deleted = await db.execute<{ n: number }>(
      sql`select count(*)::int as n from graphile_worker.complete_jobs(array(
        select j.id from graphile_worker._private_jobs j join graphile_worker._private_tasks t on t.id = j.task_id
        where t.identifier = ${MAIL_TASK} and j.locked_at is null
          and (j.payload->>'expiresAt')::timestamptz <= ${new Date().toISOString()}::timestamptz))`,
    );
    return { sealed, deleted: deleted.rows[0].n };
  }

  /** Closes the SMTP transport; the queue is stopped first. */
  close(): void {
    void this.transport?.then((t) => t.close()).catch(() => {});
  }

  private seal(mail: TMail, expiresAt?: Date): TQueuedMail {
    return {
      to: mail.to,
      subject: mail.subject,
      sealed: this.opts.secrets.seal(JSON.stringify({ text: mail.text, html: mail.html, headers: mail.headers })),
      ...(expiresAt ? { expiresAt: expiresAt.toISOString() } : {}),
    };
  }

  /** The message to send, or null when it cannot be opened (sealed under another APP_SECRET). */
  private open(queued: TQueuedMail | TMail): TMail | null {
    if (!("sealed" in queued)) return queued;
    const plain = this.opts.secrets.open(queued.sealed);
    if (plain === null) return null;
    const body = z
      .object({ text: z.string(), html: z.string().optional(), headers: z.record(z.string(), z.string()).optional() })
      .parse(JSON.parse(plain));
    return { to: queued.to, subject: queued.subject, ...body };
  }

  private async deliver(queued: TQueuedMail | TMail, id: string): Promise<void> {
    // Returning deletes the job: a link that no longer works is not worth a message.
    if ("expiresAt" in queued && queued.expiresAt && Date.parse(queued.expiresAt) <= Date.now()) {
      this.opts.log.info({ jobId: id, subject: queued.subject }, "email not sent: its link expired while it waited");
      return;
    }
    const mail = this.open(queued);
    if (!mail) {
      this.opts.log.error(
        { jobId: id, subject: queued.subject },
        "email not sent: it was sealed under another APP_SECRET and cannot be read",
      );
      return;
    }
    await this.send(mail, id);
  }

  private smtp(smtpUrl: string): Promise<Transporter> {
    this.transport ??= import("nodemailer").then(({ default: nodemailer }) =>
      // Short timeouts: a stuck SMTP server delays mail, it must not hold the worker for minutes.
      // Pooled: the queue's workers reuse a few open connections instead of one per message (an
      // announcement to 5,000 members: about 100 e-mails a second rather than 20 on a small machine).
      nodemailer.createTransport({
        url: smtpUrl,
        pool: true,
        maxConnections: SMTP_CONNECTIONS,
        connectionTimeout: 20_000,
        greetingTimeout: 20_000,
        socketTimeout: 30_000,
      }),
    );
    return this.transport;
  }

  private async send(mail: TMail, id: string): Promise<void> {
    if (!this.opts.smtpUrl) {
      // No SMTP configured: the message goes to a file only this user can read, so a local user can
      // follow its link; the log says which file, never the link (it carries a token).
      const file = this.writeMailFile(mail, id);
      this.opts.log.info({ to: mail.to, subject: mail.subject, file }, "Email written to a file (SMTP_URL is not set)");
      return;
    }
    const transport = await this.smtp(this.opts.smtpUrl);
    await transport.sendMail({
      from: this.opts.from,
      to: mail.to,
      subject: mail.subject,
      text: mail.text,
      html: mail.html,
      headers: mail.headers,
    });
  }

  private writeMailFile(mail: TMail, id: string): string {
    if (!this.opts.mailDir) throw new Error("SMTP_URL is not set and there is no mail directory");
    fs.mkdirSync(this.opts.mailDir, { recursive: true, mode: 0o700 });
    const file = path.join(this.opts.mailDir, `${new Date().toISOString().replace(/[:.]/g, "-")}-${id}.eml`);
    const header = (v: string) => v.replace(/[\r\n]+/g, " ");
    const eml = [
      `From: ${header(this.opts.from)}`,
      `To: ${header(mail.to)}`,
      `Subject: ${header(mail.subject)}`,
      `Date: ${new Date().toUTCString()}`,
      ...Object.entries(mail.headers ?? {}).map(([k, v]) => `${header(k)}: ${header(v)}`),
      "MIME-Version: 1.0",
      "Content-Type: text/plain; charset=utf-8",
      "",
      mail.text,
    ].join("\r\n");
    fs.writeFileSync(file, eml, { mode: 0o600 });
    return file;
  }
}

/**
 * A name written by a user (a church's, a member's) as it goes into an e-mail: plain text that no
 * mail client turns into a link. Clients link anything that looks like an address, so the dots,
 * slashes and at signs of a name become look-alike characters (one dot leader, division slash,
 * fullwidth at) that read the same and link nowhere; control characters become spaces.
 */
export function unlinkable(name: string): string {
  return (
    name
      // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what it removes.
      .replace(/[\u0000-\u001f\u007f]/g, " ")
      .replace(/\./g, "\u2024")
      .replace(/[/\\]/g, "\u2215")
      .replace(/@/g, "\uff20")
  );
}
