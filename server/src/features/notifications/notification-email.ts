import type { TChannelKind, TEmailMode } from "@common/notification-channels-helpers";
import { NOTIFICATION_KINDS, type TNotificationKind } from "@common/notifications";
import { sql } from "drizzle-orm";
import type { TDb } from "../../db/client";
import type { TMail } from "../../lib/mail";
import { emailWords, renderMail } from "../../lib/mail-layout";
import { channelOfKindSql, emailModeSql, isInQuietHours } from "../../lib/notification-channels";
import { readStoredText, recipientLanguage } from "../../lib/notification-text";
import type { SecretBox } from "../../lib/secrets";
import { unsubscribeHeaders, unsubscribeSignature } from "../../lib/unsubscribe";

/**
 * Issue 29: a notification by e-mail. Each is e-mailed at most once: its row turns from "undecided"
 * (email_state null) to "sent" by a conditional UPDATE in the same transaction that queues the mail,
 * so a retry or a second process never sends it twice, and a crash before the commit loses nothing
 * (the row is still undecided, the mail not queued).
 */

/** What sending needs from the app (injected by app.ts, like the delivery job's deps). */
export type TNotificationMailDeps = {
  db: TDb;
  mailer: { enqueue(mail: TMail, db?: TDb): Promise<void> };
  secrets: SecretBox;
  /** The app's public address (links in the e-mail). */
  publicUrl: string;
};

/** A pending notification that is still undecided after this many days gets no e-mail (stale news). */
export const EMAIL_STALE_DAYS = 7;
const DAY_MS = 86_400_000;
const HOUR_MS = 3_600_000;

const EMAIL_OPEN_PURPOSE = "notification email open v1";

/** The signature of a notification e-mail's tracked button (`/api/notifications/{id}/email-open?s=`). */
export const emailOpenSignature = (secrets: SecretBox, id: string) => secrets.sign(EMAIL_OPEN_PURPOSE, id);
export const isEmailOpenSignature = (secrets: SecretBox, id: string, s: string) =>
  secrets.verify(EMAIL_OPEN_PURPOSE, id, s);

/** One undecided notification with what deciding its e-mail needs. */
type TPending = {
  id: string;
  userId: string;
  kind: string;
  createdAt: Date;
  isRead: boolean;
  isPushOpened: boolean;
  mode: TEmailMode | null;
  quietFrom: string;
  quietTo: string;
  timeZone: string;
  fallbackHours: number;
  /** The member still belongs to the notification's church, has an address and wants notification e-mail. */
  isReachable: boolean;
};

const pendingColumns = sql`n.id::text as "id", n.user_id::text as "userId", n.kind, n.created_at as "createdAt",
  n.is_read as "isRead", (n.push_opened_at is not null) as "isPushOpened",
  ${emailModeSql(sql`nc.channels`, channelOfKindSql(sql`n.kind`))} as "mode",
  coalesce(nc.quiet_from, '21:00') as "quietFrom", coalesce(nc.quiet_to, '08:00') as "quietTo",
  c.time_zone as "timeZone", c.email_fallback_hours as "fallbackHours",
  (u.church_id = n.church_id and coalesce(u.email, '') <> '' and coalesce(up.email_notifications, true)) as "isReachable"`;

const pendingFrom = sql`from notifications n
  join churches c on c.id = n.church_id
  join users u on u.id = n.user_id
  left join notification_channels nc on nc.user_id = n.user_id
  left join user_preferences up on up.user_id = n.user_id`;

const toPending = (r: Record<string, unknown>): TPending => ({
  ...(r as TPending),
  createdAt: new Date(r.createdAt as string),
});

type TDecision = "send" | "skip" | "wait";

/**
 * Right after delivery: "always" (or an urgent one, unless "never") goes now, except that "always"
 * waits out the member's quiet hours (urgent does not); "never" is skipped; "unseen" waits for the sweep.
 */
export function decideOnDelivery(p: TPending, urgent: boolean, now: Date): TDecision {
  if (!p.isReachable || p.mode === null || p.mode === "never") return "skip";
  if (urgent) return "send";
  if (p.mode === "always")
    return isInQuietHours({ from: p.quietFrom, to: p.quietTo }, now, p.timeZone) ? "wait" : "send";
  return "wait";
}

/**
 * The fallback sweep: read in the app or opened from a push → skipped; stale → skipped; "unseen" past
 * the church's delay (or "always" held by quiet hours) → sent unless the member's quiet hours hold it.
 */
export function decideInSweep(p: TPending, now: Date): TDecision {
  if (!p.isReachable || p.mode === null || p.mode === "never") return "skip";
  if (p.isRead || p.isPushOpened) return "skip";
  // createdAt is the database's clock (notify stores now()), `now` the app's: hours and days against
  // the seconds hosts' clocks differ by, so a notice goes at most that much early or late.
  if (now.getTime() - p.createdAt.getTime() >= EMAIL_STALE_DAYS * DAY_MS) return "skip";
  const isDue = p.mode === "always" || now.getTime() >= p.createdAt.getTime() + p.fallbackHours * HOUR_MS;
  if (!isDue) return "wait";
  return isInQuietHours({ from: p.quietFrom, to: p.quietTo }, now, p.timeZone) ? "wait" : "send";
}

/** The delivery job's part: decides the e-mail of the notifications `ids` of a church just delivered. */
export async function emailOnDelivery(
  deps: TNotificationMailDeps,
  churchId: string,
  ids: string[],
  opts: { urgent: boolean; now: Date },
): Promise<{ sent: number; skipped: number }> {
  const rows = await deps.db.execute(
    sql`select ${pendingColumns} ${pendingFrom}
      where n.church_id = ${churchId} and n.id = any(${sql.param(ids)}::uuid[]) and n.email_state is null`,
  );
  const pending = rows.rows.map(toPending);
  return settle(deps, pending, (p) => decideOnDelivery(p, opts.urgent, opts.now), opts.now);
}

/** Undecided notifications the sweep reads per transaction. */
export const SWEEP_BATCH = 1000;

/**
 * One run of the fallback sweep over every church: the undecided notifications that may be due
 * ("unseen" past their church's delay, "always" held, or stale), oldest first, a batch per
 * transaction; those left waiting (quiet hours) are passed by with a cursor. `now` is the app's clock.
 */
export async function sweepEmailFallback(
  deps: TNotificationMailDeps,
  now: Date,
): Promise<{ sent: number; skipped: number }> {
  const total = { sent: 0, skipped: 0 };
  let after: { createdAt: Date; id: string } | null = null;
  const nowIso = now.toISOString();
  for (;;) {
    const cursor: ReturnType<typeof sql> = after
      ? sql`and (n.created_at, n.id) > (${after.createdAt.toISOString()}::timestamptz, ${after.id}::uuid)`
      : sql``;
    const rows = await deps.db.execute(
      sql`select ${pendingColumns} ${pendingFrom}
        where n.email_state is null and n.created_at <= ${nowIso}::timestamptz
          and (n.created_at + make_interval(hours => c.email_fallback_hours) <= ${nowIso}::timestamptz
            or n.is_read or n.push_opened_at is not null
            or ${emailModeSql(sql`nc.channels`, channelOfKindSql(sql`n.kind`))} <> 'unseen')
          ${cursor}
        order by n.created_at, n.id limit ${SWEEP_BATCH}`,
    );
    const pending = rows.rows.map(toPending);
    if (pending.length === 0) break;
    const done = await settle(deps, pending, (p) => decideInSweep(p, now), now);
    total.sent += done.sent;
    total.skipped += done.skipped;
    const last = pending[pending.length - 1];
    after = { createdAt: last.createdAt, id: last.id };
    if (pending.length < SWEEP_BATCH) break;
  }
  return total;
}

/** Marks the skipped ones, and sends the others, in one transaction; "wait" ones stay undecided. */
async function settle(
  deps: TNotificationMailDeps,
  pending: TPending[],
  decide: (p: TPending) => TDecision,
  now: Date,
): Promise<{ sent: number; skipped: number }> {
  const skip = pending.filter((p) => decide(p) === "skip").map((p) => p.id);
  const send = pending.filter((p) => decide(p) === "send").map((p) => p.id);
  if (skip.length === 0 && send.length === 0) return { sent: 0, skipped: 0 };
  return deps.db.transaction(async (tx) => {
    let skipped = 0;
    if (skip.length > 0) {
      const r = await tx.execute(
        sql`update notifications set email_state = 'skipped'
          where id = any(${sql.param(skip)}::uuid[]) and email_state is null returning id`,
      );
      skipped = r.rows.length;
    }
    const sent = send.length > 0 ? await sendNow({ ...deps, db: tx }, send, now) : 0;
    return { sent, skipped };
  });
}

/**
 * Claims the notifications `ids` still undecided (email_state null → 'sent', emailed_at = now) and
 * queues one e-mail each, all in `deps.db`'s transaction (the caller's). Answers how many it queued.
 */
export async function sendNow(deps: TNotificationMailDeps, ids: string[], now: Date): Promise<number> {
  const claimed = await deps.db.execute(
    sql`update notifications n set email_state = 'sent', emailed_at = ${now.toISOString()}::timestamptz
      from users u, churches c
      where n.id = any(${sql.param(ids)}::uuid[]) and n.email_state is null
        and u.id = n.user_id and c.id = n.church_id
      returning n.id::text as "id", n.user_id::text as "userId", n.kind, n.title, n.message, n.link,
        n.title_key as "titleKey", n.message_key as "messageKey", n.text_values as "textValues",
        u.email, u.language, c.name as "churchName", c.logo_url as "logoUrl", c.brand_color as "brandColor",
        c.default_language as "churchLanguage"`,
  );
  for (const row of claimed.rows) await deps.mailer.enqueue(notificationMail(deps, row as TClaimed), deps.db);
  return claimed.rows.length;
}

type TClaimed = {
  id: string;
  userId: string;
  kind: string;
  title: string;
  message: string;
  link: string | null;
  titleKey: string | null;
  messageKey: string | null;
  textValues: Record<string, string | number | { key: string }> | null;
  email: string;
  language: string | null;
  churchName: string;
  logoUrl: string | null;
  brandColor: string | null;
  churchLanguage: string | null;
};

/**
 * One notification's e-mail, in its member's language with their church's look: the subject and
 * heading its title, its message, a button through the tracked address, why they get it and a link
 * to stop e-mails of its kind (the client's unsubscribe page), and the RFC 8058 one-click headers.
 */
function notificationMail(deps: TNotificationMailDeps, row: TClaimed): TMail {
  const language = recipientLanguage(row.language, row.churchLanguage);
  const words = readStoredText(language, row);
  const t = emailWords(language);
  const base = deps.publicUrl.replace(/\/+$/, "");
  const channel: TChannelKind = NOTIFICATION_KINDS[row.kind as TNotificationKind]?.channel ?? "announcements";
  const open = `${base}/api/notifications/${row.id}/email-open?s=${emailOpenSignature(deps.secrets, row.id)}`;
  const page = new URLSearchParams({
    u: row.userId,
    t: channel,
    s: unsubscribeSignature(deps.secrets, row.userId, channel),
  });
  const { text, html } = renderMail({
    church: { name: row.churchName, logoUrl: row.logoUrl, brandColor: row.brandColor },
    heading: words.title,
    lines: [words.message],
    action: { label: t("notification.action"), url: open },
    baseUrl: base,
    language,
    footer: {
      text: t("notification.footer", { church: row.churchName }),
      linkLabel: t("notification.unsubscribe", { kind: channel }),
      url: `${base}/unsubscribe?${page}`,
    },
  });
  return {
    to: row.email,
    subject: words.title,
    text,
    html,
    headers: unsubscribeHeaders(deps.secrets, base, row.userId, channel),
  };
}
