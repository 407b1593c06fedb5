import type { TActivity } from "@common/admin";
import { RECENT_ACTIVITY_COUNT } from "@common/admin-helpers";
import type { TLanguage } from "@common/i18n/locales";
import { desc } from "drizzle-orm";
import type { TDb } from "../../db/client";
import { activities } from "../../db/schema/admin";
import { inChurch } from "../../lib/church-scope";
import type { TChurchCtx } from "../../lib/context";
import { canWordActivity, wordActivity } from "./activity-words";

/** Adds an entry to the church's recent activity (admin dashboard). */
export async function recordActivity(
  ctx: { db: TDb; churchId: string; userId: string | null },
  kind: string,
  description: string,
): Promise<void> {
  await ctx.db.insert(activities).values({ churchId: ctx.churchId, userId: ctx.userId, kind, description });
}

/** The newest lines, each in `language` (the reading admin's) where it was kept as a message. */
export async function findRecentActivity(
  ctx: TChurchCtx,
  language: TLanguage,
  limit = RECENT_ACTIVITY_COUNT * 4,
): Promise<TActivity[]> {
  const rows = await ctx.db
    .select()
    .from(activities)
    .where(inChurch(activities, ctx))
    .orderBy(desc(activities.createdAt))
    .limit(limit);
  return rows.map((r) => ({
    id: r.id,
    description: canWordActivity(r.message) ? wordActivity(r.message, language) : r.description,
    timestamp: r.createdAt.toISOString(),
  }));
}
