import {
  NOTIFICATIONS_LIMIT,
  type TMarkAllReadResult,
  type TNotification,
  type TNotificationList,
} from "@common/notifications";
import type { TChurchCtx } from "../../lib/context";
import { notFound } from "../../lib/errors";
import { countUnread, findNotifications, markAllRead, markRead } from "./notifications.repo";

const NOT_FOUND = "Notification not found";

/** `GET /api/notifications`: the caller's newest notifications and how many of all theirs are unread. */
export async function listNotifications(ctx: TChurchCtx): Promise<TNotificationList> {
  const [notifications, unreadCount] = await Promise.all([
    findNotifications(ctx, NOTIFICATIONS_LIMIT),
    countUnread(ctx),
  ]);
  return { notifications, unreadCount };
}

/** `PATCH /api/notifications/{id}/read`: only the caller's own; anyone else's is 404 and stays as it was. */
export async function readNotification(ctx: TChurchCtx, id: string): Promise<TNotification> {
  const read = await markRead(ctx, id);
  if (!read) throw notFound(NOT_FOUND);
  return read;
}

/** `PATCH /api/notifications/mark-all-read`. */
export async function readAllNotifications(ctx: TChurchCtx): Promise<TMarkAllReadResult> {
  return { updated: await markAllRead(ctx) };
}
