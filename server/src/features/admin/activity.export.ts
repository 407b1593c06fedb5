import { activities } from "../../db/schema/admin";
import { inChurch } from "../../lib/church-scope";
import type { TDataKind } from "../../lib/data-kinds";

/** The admin dashboard's activity lines. Declared for the church export (and, by `memberColumn`, a member's own data later). */
export const ACTIVITY_DATA_KINDS: TDataKind[] = [
  {
    file: "activity.csv",
    about: "The admin dashboard's recent activity lines.",
    fields: {
      id: activities.id,
      userId: activities.userId,
      kind: activities.kind,
      description: activities.description,
      createdAt: activities.createdAt,
    },
    keys: ["id"],
    table: activities,
    where: (ctx) => inChurch(activities, ctx),
    memberColumn: activities.userId,
  },
];
