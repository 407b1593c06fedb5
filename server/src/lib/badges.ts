import { BADGES, type TBadgeKey } from "@common/badges";
import type { TLanguage } from "@common/i18n/locales";
import { desc, eq } from "drizzle-orm";
import { userBadges } from "../db/schema/growth";
import { inChurch } from "./church-scope";
import type { TChurchCtx } from "./context";
import { publish } from "./domain-events";
import { translate } from "./i18n";

/**
 * Badges: earned once per member and church, with the date, granted by the server when the action
 * that earns one happens (never on a client's word), with `badge.earned` published in the same
 * transaction. Call `grantBadge` after the action's own write (or inside its transaction); a repeat
 * or a race grants nothing.
 */
export async function grantBadge(ctx: TChurchCtx, badge: TBadgeKey): Promise<boolean> {
  const granted = await ctx.db.transaction(async (tx) => {
    const inserted = await tx
      .insert(userBadges)
      .values({ churchId: ctx.churchId, userId: ctx.userId, badge })
      .onConflictDoNothing()
      .returning({ id: userBadges.id });
    if (inserted.length === 0) return false;
    // The member is told by the notifications' subscriber (notifications.subscribers.ts).
    await publish(tx, "badge.earned", { churchId: ctx.churchId, actorId: ctx.userId, userId: ctx.userId, badge });
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

/** A badge's name and description in `language` (the `badges` catalogue; common/badges.ts is the English). */
export function badgeWords(language: TLanguage, badge: TBadgeKey): { name: string; description: string } {
  return {
    name: translate(language, "badges", `${badge}.name`),
    description: translate(language, "badges", `${badge}.description`),
  };
}
