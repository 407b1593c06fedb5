import { BADGES, type TBadgeKey } from "@common/badges";
import { desc, eq } from "drizzle-orm";
import { userBadges } from "../db/schema/growth";
import { notify } from "../features/notifications/notify";
import { inChurch } from "./church-scope";
import type { TChurchCtx } from "./context";

/**
 * Badges: earned once per member and church, with the date, granted by the server when the action
 * that earns one happens (never on a client's word). Call `grantBadge` after the action's own
 * transaction has committed; a repeat or a race grants nothing.
 */
export async function grantBadge(ctx: TChurchCtx, badge: TBadgeKey): Promise<boolean> {
  const granted = await ctx.db.transaction(async (tx) => {
    const inserted = await tx
      .insert(userBadges)
      .values({ churchId: ctx.churchId, userId: ctx.userId, badge })
      .onConflictDoNothing()
      .returning({ id: userBadges.id });
    if (inserted.length === 0) return false;
    await notify(tx, ctx, {
      kind: "badge_earned",
      to: { userIds: [ctx.userId] },
      title: "Badge earned",
      message: `You earned the ${BADGES[badge].name} badge: ${BADGES[badge].description}`,
      link: "/profile",
    });
    return true;
  });
  if (!granted) return false;
  await ctx.changed("user", ctx.userId);
  return true;
}

export type TEarnedBadge = { badge: TBadgeKey; earnedAt: Date };

/** The member's badges in their church, newest first (unknown keys from older versions are left out). */
export async function getEarnedBadges(ctx: TChurchCtx): Promise<TEarnedBadge[]> {
  const rows = await ctx.db
    .select({ badge: userBadges.badge, earnedAt: userBadges.earnedAt })
    .from(userBadges)
    .where(inChurch(userBadges, ctx, eq(userBadges.userId, ctx.userId)))
    .orderBy(desc(userBadges.earnedAt), desc(userBadges.id));
  return rows.filter((r): r is TEarnedBadge => Object.hasOwn(BADGES, r.badge));
}
