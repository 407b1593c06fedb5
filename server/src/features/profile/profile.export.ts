import { userPreferences } from "../../db/schema/growth";
import { users } from "../../db/schema/users";
import { inChurch } from "../../lib/church-scope";
import { type TDataKind, throughMember } from "../../lib/data-kinds";

/** Members' own preferences. Declared for the church export (and, by `memberColumn`, a member's own data later). */
export const PROFILE_DATA_KINDS: TDataKind[] = [
  {
    file: "member-preferences.csv",
    about: "Members' notification and prayer preferences (members who never changed them use the defaults).",
    fields: {
      userId: userPreferences.userId,
      emailNotifications: userPreferences.emailNotifications,
      prayerReminders: userPreferences.prayerReminders,
      sermonNotifications: userPreferences.sermonNotifications,
      eventNotifications: userPreferences.eventNotifications,
      prayerTopics: userPreferences.prayerTopics,
      updatedAt: userPreferences.updatedAt,
    },
    keys: ["userId"],
    table: userPreferences,
    joins: throughMember(userPreferences.userId),
    where: (ctx) => inChurch(users, ctx),
    memberColumn: userPreferences.userId,
  },
];
