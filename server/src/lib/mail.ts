import fs from "node:fs";
import path from "node:path";
import { DEFAULT_BRAND_COLOR } from "@common/brand";
import type { FastifyBaseLogger } from "fastify";
import type { Transporter } from "nodemailer";
import { z } from "zod";
import type { TDb } from "../db/client";
import type { Jobs, TJobTask } from "./jobs";

export const ZMail = z.object({ to: z.string(), subject: z.string(), text: z.string(), html: z.string().optional() });
export type TMail = z.infer<typeof ZMail>;

/**
 * Never given up (the queue's limit is 32,767 tries): after about 10 hours of back-off a message is
 * tried every 6 hours until it goes. Migration 0005 moved the old outbox's messages in with the same.
 */
const MAX_ATTEMPTS = 32_767;

/**
 * Outgoing mail is a job (`mail`) in the queue (jobs.ts): stored in the same transaction as the
 * request that causes it and sent by a worker, so a failing SMTP server delays mail but never loses
 * it, and a request that rolls back sends nothing. Once sent, the job and its body (any link with
 * its token) are deleted.
 */
export class Mailer {
  /** Made on the first message (nodemailer loads only then, not at every start). */
  private transport: Promise<Transporter> | undefined;
  private readonly task: TJobTask<TMail>;

  constructor(
    private readonly jobs: Jobs,
    private readonly opts: {
      smtpUrl?: string;
      from: string;
      log: FastifyBaseLogger;
      /** Without SMTP, each message is written to an owner-only file here (DATA_DIR/mail). */
      mailDir?: string;
    },
  ) {
    this.task = jobs.define({
      name: "mail",
      payload: ZMail,
      maxAttempts: MAX_ATTEMPTS,
      run: (mail, job) => this.send(mail, job.id),
    });
  }

  /** Queues a message in `db`'s transaction when it is one. */
  async enqueue(mail: TMail, db?: TDb): Promise<void> {
    await this.jobs.add(this.task, mail, db);
  }

  /** Delivers everything due now (with any other due jobs); resolves when done. Tests call it. */
  flush(): Promise<void> {
    return this.jobs.runDue();
  }

  /** Closes the SMTP transport; the queue is stopped first. */
  close(): void {
    void this.transport?.then((t) => t.close()).catch(() => {});
  }

  private smtp(smtpUrl: string): Promise<Transporter> {
    this.transport ??= import("nodemailer").then(({ default: nodemailer }) =>
      // Short timeouts: a stuck SMTP server delays mail, it must not hold the worker for minutes.
      nodemailer.createTransport({
        url: smtpUrl,
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
      this.opts.log.info(
        { to: mail.to, subject: mail.subject, file },
        "E-mail written to a file (SMTP_URL is not set)",
      );
      return;
    }
    const transport = await this.smtp(this.opts.smtpUrl);
    await transport.sendMail({
      from: this.opts.from,
      to: mail.to,
      subject: mail.subject,
      text: mail.text,
      html: mail.html,
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
