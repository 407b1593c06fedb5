import { and, eq, or } from "drizzle-orm";
import { kudos, kudosReactions } from "../../db/schema/community";
import { inChurch } from "../../lib/church-scope";
import type { TDataKind } from "../../lib/data-kinds";

/** Kudos and reactions. Declared for the church export (and, by `memberColumn`, a member's own data later). */
export const KUDOS_DATA_KINDS: TDataKind[] = [
  {
    file: "kudos.csv",
    about: "Kudos, pending, approved and rejected.",
    fields: {
      id: kudos.id,
      fromUserId: kudos.fromUserId,
      toUserId: kudos.toUserId,
      type: kudos.type,
      category: kudos.category,
      title: kudos.title,
      message: kudos.message,
      status: kudos.status,
      rejectionReason: kudos.rejectionReason,
      reviewedBy: kudos.reviewedBy,
      reviewedAt: kudos.reviewedAt,
      createdAt: kudos.createdAt,
    },
    keys: ["id"],
    table: kudos,
    where: (ctx) => inChurch(kudos, ctx),
    memberColumn: kudos.fromUserId,
    // A member's own kudos: those they gave, and those they received once approved (as the app shows them).
    memberWhere: (ctx, memberId) =>
      inChurch(
        kudos,
        ctx,
        or(eq(kudos.fromUserId, memberId), and(eq(kudos.toUserId, memberId), eq(kudos.status, "approved"))),
      ),
  },
  {
    file: "kudos-reactions.csv",
    about: "Reactions to kudos.",
    fields: {
      kudosId: kudosReactions.kudosId,
      userId: kudosReactions.userId,
      reaction: kudosReactions.reaction,
      createdAt: kudosReactions.createdAt,
    },
    keys: ["kudosId", "userId", "reaction"],
    table: kudosReactions,
    where: (ctx) => inChurch(kudosReactions, ctx),
    memberColumn: kudosReactions.userId,
  },
];
