import { notificationChannels, pushSubscriptions } from "../../db/schema/community";
import { users } from "../../db/schema/users";
import { inChurch } from "../../lib/church-scope";
import { type TDataKind, throughMember, utcDay } from "../../lib/data-kinds";

/** Notification channels (issue 29) and push devices. Declared for the church export (and, by `memberColumn`, a member's own data later). */
export const PUSH_DATA_KINDS: TDataKind[] = [
  {
    // Issue 29: replaced push-preferences.csv (its switches are the kinds' push here).
    file: "notification-channels.csv",
    about:
      "How each kind of notification reaches a member: only the kinds they changed from the defaults (push, e-mail never/unseen/always), their quiet hours (empty: 21:00-08:00) and the weekly digest.",
    fields: {
      userId: notificationChannels.userId,
      channels: notificationChannels.channels,
      quietFrom: notificationChannels.quietFrom,
      quietTo: notificationChannels.quietTo,
      digest: notificationChannels.digest,
      updatedAt: notificationChannels.updatedAt,
    },
    keys: ["userId"],
    table: notificationChannels,
    joins: throughMember(notificationChannels.userId),
    where: (ctx) => inChurch(users, ctx),
    memberColumn: notificationChannels.userId,
  },
  {
    file: "push-subscriptions.csv",
    about:
      "Devices that receive push notifications: who and when only (not the device's address or keys); last push to the day.",
    fields: {
      id: pushSubscriptions.id,
      userId: pushSubscriptions.userId,
      failures: pushSubscriptions.failures,
      lastSuccessAt: utcDay(pushSubscriptions.lastSuccessAt, "last_success_at"),
      createdAt: pushSubscriptions.createdAt,
    },
    keys: ["id"],
    table: pushSubscriptions,
    where: (ctx) => inChurch(pushSubscriptions, ctx),
    memberColumn: pushSubscriptions.userId,
  },
];
