import type { TLanguage } from "@common/i18n/locales";
import type {
  TMarkAllReadResult,
  TNotification,
  TNotificationList,
  ZMarkReadBody,
  ZNotificationListQuery,
} from "@common/notifications";
import type { z } from "zod";
import type { TChurchCtx } from "../../lib/context";
import { notFound } from "../../lib/errors";
import { countUnread, findNotifications, markAllRead, markManyRead, markRead } from "./notifications.repo";

const NOT_FOUND = "Notification not found";

/**
 * `GET /api/notifications`: a page of the caller's notifications in their language, newest first, and how many of all
 * theirs are unread (every kind, whatever the filter: it is the bell's count). One row more than the
 * page is read to know whether another page follows.
 */
export async function listNotifications(
  ctx: TChurchCtx,
  query: z.output<typeof ZNotificationListQuery>,
  language: TLanguage,
): Promise<TNotificationList> {
  const [rows, unreadCount] = await Promise.all([
    findNotifications(ctx, { ...query, limit: query.limit + 1, language }),
    countUnread(ctx),
  ]);
  return { notifications: rows.slice(0, query.limit), unreadCount, hasMore: rows.length > query.limit };
}

/** `PATCH /api/notifications/{id}/read`: only the caller's own; anyone else's is 404 and stays as it was. */
export async function readNotification(ctx: TChurchCtx, id: string, language: TLanguage): Promise<TNotification> {
  const read = await markRead(ctx, id, language);
  if (!read) throw notFound(NOT_FOUND);
  return read;
}

/** `PATCH /api/notifications/read`: the caller's own among `ids`; others' are left as they were (and not counted). */
export async function readNotifications(
  ctx: TChurchCtx,
  body: z.output<typeof ZMarkReadBody>,
): Promise<TMarkAllReadResult> {
  return { updated: await markManyRead(ctx, body.ids) };
}

/** `PATCH /api/notifications/mark-all-read`. */
export async function readAllNotifications(ctx: TChurchCtx): Promise<TMarkAllReadResult> {
  return { updated: await markAllRead(ctx) };
}
