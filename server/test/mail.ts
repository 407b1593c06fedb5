import { sql } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import type { TDb } from "../src/db/client";
import type { TMail, TQueuedMail } from "../src/lib/mail";
import { SecretBox } from "../src/lib/secrets";
import { TEST_APP_SECRET } from "./app";
import type { TReceivedMail } from "./smtp";

/**
 * E-mails waiting in the job queue, oldest first (an app made with `runJobs: false` keeps them there
 * until `app.mailer.flush()`). Reads the queue's private table: its public view has no payload.
 */
export async function queuedMail(db: TDb, to?: string): Promise<(TMail & { jobId: string })[]> {
  const res = await db.execute<{ id: string; payload: TMail | TQueuedMail }>(
    sql`select j.id::text, j.payload from graphile_worker._private_jobs j
      join graphile_worker._private_tasks t on t.id = j.task_id
      where t.identifier = 'mail' and (${to ?? null}::text is null or j.payload->>'to' = ${to ?? null}::text)
      order by j.id`,
  );
  return res.rows.map((r) => ({ ...openQueuedMail(r.payload), jobId: r.id }));
}

/** A queued message as it will be sent: its sealed body opened with the test apps' APP_SECRET. */
export function openQueuedMail(payload: TMail | TQueuedMail): TMail {
  if (!("sealed" in payload)) return payload;
  const body = JSON.parse(new SecretBox(TEST_APP_SECRET).open(payload.sealed) ?? "null");
  if (!body) throw new Error(`a queued email to ${payload.to} was not sealed with TEST_APP_SECRET`);
  return { to: payload.to, subject: payload.subject, ...body };
}

/**
 * Delivers the app's outbox and waits for the newest e-mail to `to` whose subject matches (an
 * address may receive several: a welcome confirmation link, then a reset link).
 */
export async function receiveMail(
  app: FastifyInstance,
  smtp: { messages: TReceivedMail[] },
  to: string,
  subject: string | RegExp,
  { after = 0, timeoutMs = 5_000 }: { after?: number; timeoutMs?: number } = {},
): Promise<TReceivedMail> {
  const matches = (m: TReceivedMail) =>
    m.to.includes(to) && (typeof subject === "string" ? m.subject === subject : subject.test(m.subject));
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    await app.mailer.flush();
    const found = smtp.messages.slice(after).filter(matches).at(-1);
    if (found) return found;
    if (Date.now() > deadline) throw new Error(`no email "${subject}" to ${to}`);
    await new Promise((r) => setTimeout(r, 25));
  }
}

/** The token of the first `/{path}?token=` link in an e-mail. */
export function linkToken(mail: TReceivedMail, path: string): string {
  const token = new RegExp(`/${path}\\?token=([\\w-]+)`).exec(mail.text)?.[1];
  if (!token) throw new Error(`no ${path} link in "${mail.subject}"`);
  return token;
}
