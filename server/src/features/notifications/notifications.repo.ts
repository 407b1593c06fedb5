import type { TLanguage } from "@common/i18n/locales";
import type { TNotification, TNotificationKind, TNotificationType } from "@common/notifications";
import { count, desc, eq, not, type SQL, sql } from "drizzle-orm";
import type { TDb } from "../../db/client";
import { notifications } from "../../db/schema/community";
import { inChurch } from "../../lib/church-scope";
import type { TChurchCtx } from "../../lib/context";
import { readStoredText } from "../../lib/notification-text";

/** The caller's own notifications in their church: every read and write here starts from it. */
const mine = (ctx: TChurchCtx, ...conditions: (SQL | undefined)[]) =>
  inChurch(notifications, ctx, eq(notifications.userId, ctx.userId), ...conditions);

const columns = {
  id: notifications.id,
  type: notifications.type,
  kind: notifications.kind,
  title: notifications.title,
  message: notifications.message,
  isRead: notifications.isRead,
  createdAt: notifications.createdAt,
  relatedId: notifications.relatedId,
  link: notifications.link,
  titleKey: notifications.titleKey,
  messageKey: notifications.messageKey,
  textValues: notifications.textValues,
};
type TRow = Pick<typeof notifications.$inferSelect, keyof typeof columns>;

/** A stored row as the API answers it: its words in the reader's `language` (issue 26). */
function toNotification({ titleKey, messageKey, textValues, ...r }: TRow, language: TLanguage): TNotification {
  const words = readStoredText(language, { title: r.title, message: r.message, titleKey, messageKey, textValues });
  return { ...r, ...words, type: r.type as TNotificationType, createdAt: r.createdAt.toISOString() };
}

export type TNotificationFilter = {
  limit: number;
  before?: string;
  kind?: TNotificationKind;
  /** The language the words are read in (the caller's). */
  language: TLanguage;
};

/**
 * The caller's newest `limit` notifications (of `kind`, older than `before`): a backward walk of the
 * (user_id, created_at) index that stops after `limit` rows, whatever the member's total. An id that
 * is not one of the caller's has no position, so the page after it is empty.
 */
export async function findNotifications(ctx: TChurchCtx, filter: TNotificationFilter): Promise<TNotification[]> {
  const rows = await ctx.db
    .select(columns)
    .from(notifications)
    .where(
      mine(
        ctx,
        filter.kind ? eq(notifications.kind, filter.kind) : undefined,
        filter.before
          ? sql`(${notifications.createdAt}, ${notifications.id}) < (select n.created_at, n.id from ${notifications} n where n.id = ${filter.before} and n.user_id = ${ctx.userId})`
          : undefined,
      ),
    )
    .orderBy(desc(notifications.createdAt), desc(notifications.id))
    .limit(filter.limit);
  return rows.map((r) => toNotification(r, filter.language));
}

/** How many of the caller's notifications are unread (the partial index on unread rows). */
export async function countUnread(ctx: TChurchCtx): Promise<number> {
  const [row] = await ctx.db
    .select({ n: count() })
    .from(notifications)
    .where(mine(ctx, not(notifications.isRead)));
  return row.n;
}

/** Marks one of the caller's notifications read; null when it is not theirs (or not at all). */
export async function markRead(ctx: TChurchCtx, id: string, language: TLanguage): Promise<TNotification | null> {
  const [row] = await ctx.db
    .update(notifications)
    .set({ isRead: true })
    .where(mine(ctx, eq(notifications.id, id)))
    .returning(columns);
  return row ? toNotification(row, language) : null;
}

/** Marks those of `ids` that are the caller's and unread read; answers how many changed. */
export async function markManyRead(ctx: TChurchCtx, ids: string[]): Promise<number> {
  const rows = await ctx.db
    .update(notifications)
    .set({ isRead: true })
    .where(mine(ctx, not(notifications.isRead), sql`${notifications.id} = any(${sql.param(ids)}::uuid[])`))
    .returning({ id: notifications.id });
  return rows.length;
}

/** Marks every unread notification of the caller read; answers how many changed. */
export async function markAllRead(ctx: TChurchCtx): Promise<number> {
  const rows = await ctx.db
    .update(notifications)
    .set({ isRead: true })
    .where(mine(ctx, not(notifications.isRead)))
    .returning({ id: notifications.id });
  return rows.length;
}

/** The members the stored notifications `ids` of a church are for (the delivery job). */
export async function findRecipients(db: TDb, churchId: string, ids: string[]): Promise<string[]> {
  if (ids.length === 0) return [];
  const rows = await db
    .selectDistinct({ userId: notifications.userId })
    .from(notifications)
    // One array parameter, however many ids (a job may carry thousands).
    .where(inChurch(notifications, { churchId }, sql`${notifications.id} = any(${sql.param(ids)}::uuid[])`));
  return rows.map((r) => r.userId);
}
