import { pushPreferences, pushSubscriptions } from "../../db/schema/community";
import { users } from "../../db/schema/users";
import { inChurch } from "../../lib/church-scope";
import { type TDataKind, throughMember, utcDay } from "../../lib/data-kinds";

/** Push preferences and devices. Declared for the church export (and, by `memberColumn`, a member's own data later). */
export const PUSH_DATA_KINDS: TDataKind[] = [
  {
    file: "push-preferences.csv",
    about: "Members' push notification preferences.",
    fields: {
      userId: pushPreferences.userId,
      prayerRequests: pushPreferences.prayerRequests,
      liveStreams: pushPreferences.liveStreams,
      events: pushPreferences.events,
      sermons: pushPreferences.sermons,
      announcements: pushPreferences.announcements,
      updatedAt: pushPreferences.updatedAt,
    },
    keys: ["userId"],
    table: pushPreferences,
    joins: throughMember(pushPreferences.userId),
    where: (ctx) => inChurch(users, ctx),
    memberColumn: pushPreferences.userId,
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
