import fs from "node:fs";
import path from "node:path";
import { DEFAULT_BRAND_COLOR } from "@common/churches";
import { and, asc, eq, inArray, isNull, lte, sql } from "drizzle-orm";
import type { FastifyBaseLogger } from "fastify";
import nodemailer, { type Transporter } from "nodemailer";
import type { TDb, TRootDb } from "../db/client";
import { mailOutbox } from "../db/schema";

export type TMail = { to: string; subject: string; text: string; html?: string };

const MAX_ATTEMPTS = 8;
const POLL_MS = 5_000;
const LEASE_S = 120;

/**
 * Outgoing mail goes through the `mail_outbox` table: a message is stored in the same request that
 * causes it and a worker delivers it, so a failing SMTP server delays mail but never loses it.
 * Several app processes may run workers; `for update skip locked` gives each row to one of them.
 */
export class Mailer {
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<void> | undefined;
  private transport: Transporter | undefined;

  constructor(
    private readonly db: TRootDb,
    private readonly opts: {
      smtpUrl?: string;
      from: string;
      log: FastifyBaseLogger;
      /** Without SMTP, each message is written to an owner-only file here (DATA_DIR/mail). */
      mailDir?: string;
    },
  ) {
    if (opts.smtpUrl) {
      // Short timeouts: a stuck SMTP server delays mail, it must not hold the worker for minutes.
      this.transport = nodemailer.createTransport({
        url: opts.smtpUrl,
        connectionTimeout: 20_000,
        greetingTimeout: 20_000,
        socketTimeout: 30_000,
      });
    }
  }

  async enqueue(mail: TMail, db: TDb = this.db): Promise<void> {
    await db.insert(mailOutbox).values(mail);
    this.kick();
  }

  start(): void {
    this.timer = setInterval(() => this.kick(), POLL_MS);
    this.timer.unref();
    this.kick();
  }

  async stop(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    this.timer = undefined;
    await this.running;
    this.transport?.close();
  }

  /** Delivers everything due now; resolves when done (tests and shutdown call it). */
  async flush(): Promise<void> {
    while (this.running) await this.running;
    this.running = this.deliverDue().finally(() => {
      this.running = undefined;
    });
    await this.running;
  }

  private kick(): void {
    if (this.running) return;
    this.flush().catch((err) => this.opts.log.error({ err }, "mail delivery failed"));
  }

  /**
   * Claims one due message at a time with a lease (its next attempt moves 2 minutes ahead), sends
   * it outside any transaction, then marks it sent. A process that dies mid-send leaves the lease
   * to expire and another worker sends it: a message may rarely go twice, but is never lost.
   */
  private async deliverDue(): Promise<void> {
    for (;;) {
      const due = this.db
        .select({ id: mailOutbox.id })
        .from(mailOutbox)
        .where(and(isNull(mailOutbox.sentAt), lte(mailOutbox.nextAttemptAt, sql`now()`)))
        .orderBy(asc(mailOutbox.createdAt))
        .limit(1)
        .for("update", { skipLocked: true });
      const [row] = await this.db
        .update(mailOutbox)
        .set({
          nextAttemptAt: sql`now() + interval '${sql.raw(String(LEASE_S))} seconds'`,
          attempts: sql`${mailOutbox.attempts} + 1`,
        })
        .where(inArray(mailOutbox.id, due))
        .returning();
      if (!row) return;
      try {
        await this.send({ ...row, html: row.html ?? undefined });
        // Sent: the body (with any link and its token) is not kept; the row stays as a record.
        await this.db
          .update(mailOutbox)
          .set({ sentAt: new Date(), lastError: null, text: "", html: null })
          .where(eq(mailOutbox.id, row.id));
      } catch (err) {
        const delayS = row.attempts >= MAX_ATTEMPTS ? 86_400 : Math.min(3600, 15 * 2 ** row.attempts);
        this.opts.log.warn({ err, to: row.to, attempts: row.attempts }, "could not send mail; will retry");
        // After MAX_ATTEMPTS the message waits a day between tries rather than being dropped.
        await this.db
          .update(mailOutbox)
          .set({
            lastError: String((err as Error).message ?? err).slice(0, 500),
            nextAttemptAt: new Date(Date.now() + delayS * 1000),
          })
          .where(eq(mailOutbox.id, row.id));
      }
    }
  }

  private async send(mail: TMail & { id: string }): Promise<void> {
    if (!this.transport) {
      // No SMTP configured: the message goes to a file only this user can read, so a local user can
      // follow its link; the log says which file, never the link (it carries a token).
      const file = this.writeMailFile(mail);
      this.opts.log.info(
        { to: mail.to, subject: mail.subject, file },
        "E-mail written to a file (SMTP_URL is not set)",
      );
      return;
    }
    await this.transport.sendMail({
      from: this.opts.from,
      to: mail.to,
      subject: mail.subject,
      text: mail.text,
      html: mail.html,
    });
  }

  private writeMailFile(mail: TMail & { id: string }): string {
    if (!this.opts.mailDir) throw new Error("SMTP_URL is not set and there is no mail directory");
    fs.mkdirSync(this.opts.mailDir, { recursive: true, mode: 0o700 });
    const file = path.join(this.opts.mailDir, `${new Date().toISOString().replace(/[:.]/g, "-")}-${mail.id}.eml`);
    const header = (v: string) => v.replace(/[\r\n]+/g, " ");
    const eml = [
      `From: ${header(this.opts.from)}`,
      `To: ${header(mail.to)}`,
      `Subject: ${header(mail.subject)}`,
      `Date: ${new Date().toUTCString()}`,
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

export function escapeHtml(s: string): string {
  return s.replace(
    /[&<>"']/g,
    (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c] as string,
  );
}

/** A plain, readable HTML e-mail with one button; the text version carries the same link. */
export function renderActionMail(opts: {
  heading: string;
  lines: string[];
  actionLabel: string;
  actionUrl: string;
  color?: string;
}): string {
  const color = opts.color ?? DEFAULT_BRAND_COLOR;
  const paras = opts.lines.map((l) => `<p style="margin:0 0 12px">${escapeHtml(l)}</p>`).join("");
  return `<!doctype html><html><body style="font-family:system-ui,sans-serif;background:#f6f7fb;padding:24px;color:#1f2937">
<div style="max-width:520px;margin:auto;background:#fff;border-radius:12px;padding:28px;border:1px solid #e5e7eb">
<h1 style="font-size:20px;margin:0 0 16px">${escapeHtml(opts.heading)}</h1>${paras}
<p style="margin:20px 0"><a href="${escapeHtml(opts.actionUrl)}" style="background:${color};color:#fff;padding:10px 18px;border-radius:8px;text-decoration:none;display:inline-block">${escapeHtml(opts.actionLabel)}</a></p>
<p style="font-size:12px;color:#6b7280;word-break:break-all">${escapeHtml(opts.actionUrl)}</p></div></body></html>`;
}
