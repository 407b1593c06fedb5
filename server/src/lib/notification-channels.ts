import type { TChannels } from "@common/notification-channels";
import {
  CHANNEL_KINDS,
  DEFAULT_CHANNELS,
  DEFAULT_DIGEST,
  DEFAULT_QUIET_HOURS,
  EMAIL_MODES,
  type TChannelKind,
  type TEmailMode,
} from "@common/notification-channels-helpers";
import { NOTIFICATION_KINDS } from "@common/notifications";
import { getZonedParts } from "@common/time";
import { eq, type SQL, sql } from "drizzle-orm";
import type { TDb } from "../db/client";
import { notificationChannels } from "../db/schema/community";

/**
 * Issue 29: how each kind of notification reaches a member. The row in notification_channels keeps
 * only what the member changed; everything else is DEFAULT_CHANNELS, the default quiet hours and the
 * digest on. One member's whole choice is `findChannels`; for many members at once (the delivery job,
 * the e-mail fallback sweep, the weekly digest) the SQL expressions below read the same defaults per
 * row, so a member with no row behaves exactly like one who chose the defaults.
 */

type TStoredChannels = {
  channels: Record<string, { push?: boolean; email?: string }> | null;
  quietFrom: string | null;
  quietTo: string | null;
  digest: boolean | null;
};

/** A member's effective choice from their stored row (or none). */
export function effectiveChannels(row: TStoredChannels | null | undefined): TChannels {
  const stored = row?.channels ?? {};
  const kinds = Object.fromEntries(
    CHANNEL_KINDS.map((kind) => {
      const own = stored[kind] ?? {};
      const email = (EMAIL_MODES as readonly string[]).includes(own.email ?? "")
        ? (own.email as TEmailMode)
        : DEFAULT_CHANNELS[kind].email;
      return [kind, { push: typeof own.push === "boolean" ? own.push : DEFAULT_CHANNELS[kind].push, email }];
    }),
  ) as Record<TChannelKind, { push: boolean; email: TEmailMode }>;
  return {
    ...kinds,
    quietHours: { from: row?.quietFrom ?? DEFAULT_QUIET_HOURS.from, to: row?.quietTo ?? DEFAULT_QUIET_HOURS.to },
    digest: row?.digest ?? DEFAULT_DIGEST,
  };
}

/** One member's effective channels (`GET /api/notifications/channels`). */
export async function findChannels(db: TDb, userId: string): Promise<TChannels> {
  const [row] = await db
    .select({
      channels: notificationChannels.channels,
      quietFrom: notificationChannels.quietFrom,
      quietTo: notificationChannels.quietTo,
      digest: notificationChannels.digest,
    })
    .from(notificationChannels)
    .where(eq(notificationChannels.userId, userId));
  return effectiveChannels(row);
}

/**
 * What to store for an effective choice: only the kinds (and within them the fields) that differ from
 * the defaults, quiet hours null when they are the defaults. A later change of a default then reaches
 * every member who never chose otherwise.
 */
export function storedChannels(choice: TChannels): {
  channels: Record<string, { push?: boolean; email?: TEmailMode }>;
  quietFrom: string | null;
  quietTo: string | null;
  digest: boolean;
} {
  const channels: Record<string, { push?: boolean; email?: TEmailMode }> = {};
  for (const kind of CHANNEL_KINDS) {
    const diff: { push?: boolean; email?: TEmailMode } = {};
    if (choice[kind].push !== DEFAULT_CHANNELS[kind].push) diff.push = choice[kind].push;
    if (choice[kind].email !== DEFAULT_CHANNELS[kind].email) diff.email = choice[kind].email;
    if (Object.keys(diff).length > 0) channels[kind] = diff;
  }
  const isDefaultQuiet =
    choice.quietHours.from === DEFAULT_QUIET_HOURS.from && choice.quietHours.to === DEFAULT_QUIET_HOURS.to;
  return {
    channels,
    quietFrom: isDefaultQuiet ? null : choice.quietHours.from,
    quietTo: isDefaultQuiet ? null : choice.quietHours.to,
    digest: choice.digest,
  };
}

// ---- SQL, per row, for many members at once ----

const quote = (s: string) => `'${s.replace(/'/g, "''")}'`;

/**
 * A notification's `kind` column → its channel kind ("events", ...), as SQL (null for `test`).
 * Built from NOTIFICATION_KINDS, so a new kind needs no change here.
 */
export function channelOfKindSql(kindColumn: SQL | unknown): SQL {
  const cases = Object.entries(NOTIFICATION_KINDS)
    .filter(([, k]) => k.channel !== null)
    .map(([kind, k]) => `when ${quote(kind)} then ${quote(k.channel as string)}`)
    .join(" ");
  return sql`(case ${kindColumn} ${sql.raw(cases)} else null end)`;
}

function defaultOfChannelSql(channel: SQL, field: "push" | "email"): SQL {
  const cases = CHANNEL_KINDS.map((k) => `when ${quote(k)} then ${quote(String(DEFAULT_CHANNELS[k][field]))}`).join(
    " ",
  );
  return sql`(case ${channel} ${sql.raw(cases)} else null end)`;
}

/**
 * The member's e-mail mode ('never' | 'unseen' | 'always') for `channel` (an SQL text: a literal kind
 * or `channelOfKindSql(...)`), given the jsonb `channels` column of a LEFT JOINed notification_channels
 * row (null when the member has none). Example, for the digest's part D or any sweep:
 *
 *     emailModeSql(notificationChannels.channels, sql`'events'`)
 */
export function emailModeSql(channelsColumn: unknown, channel: SQL): SQL<TEmailMode> {
  return sql<TEmailMode>`coalesce(${channelsColumn} -> ${channel} ->> 'email', ${defaultOfChannelSql(channel, "email")})`;
}

/** Whether the member wants push for `channel` (same arguments as emailModeSql). */
export function pushOnSql(channelsColumn: unknown, channel: SQL): SQL<boolean> {
  return sql<boolean>`coalesce((${channelsColumn} -> ${channel} ->> 'push')::boolean, ${defaultOfChannelSql(channel, "push")}::boolean)`;
}

/** The member's quiet hours' start and end ("HH:MM") from a LEFT JOINed notification_channels row. */
export const quietFromSql = (): SQL<string> =>
  sql<string>`coalesce(${notificationChannels.quietFrom}, ${DEFAULT_QUIET_HOURS.from})`;
export const quietToSql = (): SQL<string> =>
  sql<string>`coalesce(${notificationChannels.quietTo}, ${DEFAULT_QUIET_HOURS.to})`;

/** Whether the member wants the weekly digest, from a LEFT JOINed notification_channels row (part D). */
export const wantsDigestSql = (): SQL<boolean> =>
  sql<boolean>`coalesce(${notificationChannels.digest}, ${DEFAULT_DIGEST})`;

// ---- Quiet hours, in the church's time zone ----

const minutesOf = (hhmm: string) => {
  const [h, m] = hhmm.split(":").map(Number);
  return (h ?? 0) * 60 + (m ?? 0);
};

/**
 * Whether `at` falls in the quiet hours `from`–`to` ("HH:MM", the church's time zone); they may wrap
 * midnight (21:00–08:00). From is inside, to is outside; from = to means no quiet hours.
 */
export function isInQuietHours(quiet: { from: string; to: string }, at: Date, timeZone: string): boolean {
  const p = getZonedParts(at, timeZone);
  const now = p.hour * 60 + p.minute;
  const from = minutesOf(quiet.from);
  const to = minutesOf(quiet.to);
  if (from === to) return false;
  return from < to ? now >= from && now < to : now >= from || now < to;
}

/** A change to a member's channels (`PUT /api/notifications/channels`'s body once parsed). */
export type TChannelsChange = Partial<Record<TChannelKind, { push?: boolean; email?: TEmailMode } | undefined>> & {
  /** Null: back to the default quiet hours. */
  quietHours?: { from: string; to: string } | null;
  digest?: boolean;
};

/**
 * Applies `change` to the member's channels and stores what then differs from the defaults (one row;
 * locked while it is read and written, so two changes at once both land). Answers the new choice.
 */
export async function saveChannels(db: TDb, userId: string, change: TChannelsChange): Promise<TChannels> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .select({
        channels: notificationChannels.channels,
        quietFrom: notificationChannels.quietFrom,
        quietTo: notificationChannels.quietTo,
        digest: notificationChannels.digest,
      })
      .from(notificationChannels)
      .where(eq(notificationChannels.userId, userId))
      .for("update");
    const next = effectiveChannels(row);
    for (const kind of CHANNEL_KINDS) {
      const part = change[kind];
      if (part)
        next[kind] = { ...next[kind], ...Object.fromEntries(Object.entries(part).filter(([, v]) => v !== undefined)) };
    }
    if (change.quietHours !== undefined) next.quietHours = change.quietHours ?? { ...DEFAULT_QUIET_HOURS };
    if (change.digest !== undefined) next.digest = change.digest;
    const stored = storedChannels(next);
    await tx
      .insert(notificationChannels)
      .values({ userId, ...stored })
      .onConflictDoUpdate({ target: notificationChannels.userId, set: { ...stored, updatedAt: sql`now()` } });
    return next;
  });
}
