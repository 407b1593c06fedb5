import { notifications } from "../../db/schema/community";
import { inChurch } from "../../lib/church-scope";
import type { TDataKind } from "../../lib/data-kinds";

/** In-app notifications. Declared for the church export (and, by `memberColumn`, a member's own data later). */
export const NOTIFICATIONS_DATA_KINDS: TDataKind[] = [
  {
    file: "notifications.csv",
    about:
      'In-app notifications sent to members (not those an anonymous request\'s author got about it, such as "Someone prayed for you").',
    fields: {
      id: notifications.id,
      userId: notifications.userId,
      type: notifications.type,
      kind: notifications.kind,
      title: notifications.title,
      message: notifications.message,
      link: notifications.link,
      relatedId: notifications.relatedId,
      isRead: notifications.isRead,
      createdAt: notifications.createdAt,
    },
    keys: ["id"],
    table: notifications,
    where: (ctx) => inChurch(notifications, ctx),
    // "Someone prayed for you" goes to the author alone: with relatedId it would name them (issue 23).
    requestTie: { requestId: notifications.relatedId, userId: notifications.userId },
    memberColumn: notifications.userId,
  },
];
