import { userBadges } from "../db/schema/growth";
import { inChurch } from "./church-scope";
import type { TDataKind } from "./data-kinds";

/** Badges earned (lib/badges.ts awards them). Declared for the church export (and, by `memberColumn`, a member's own data later). */
export const BADGES_DATA_KINDS: TDataKind[] = [
  {
    file: "badges.csv",
    about: "Badges members earned.",
    fields: { id: userBadges.id, userId: userBadges.userId, badge: userBadges.badge, earnedAt: userBadges.earnedAt },
    keys: ["id"],
    table: userBadges,
    where: (ctx) => inChurch(userBadges, ctx),
    memberColumn: userBadges.userId,
  },
];
