import type { TActivity } from "@common/admin";
import { RECENT_ACTIVITY_COUNT } from "@common/admin-helpers";
import { desc } from "drizzle-orm";
import type { TDb } from "../../db/client";
import { activities } from "../../db/schema/admin";
import { inChurch } from "../../lib/church-scope";
import type { TChurchCtx } from "../../lib/context";

/** Adds an entry to the church's recent activity (admin dashboard). */
export async function recordActivity(
  ctx: { db: TDb; churchId: string; userId: string | null },
  kind: string,
  description: string,
): Promise<void> {
  await ctx.db.insert(activities).values({ churchId: ctx.churchId, userId: ctx.userId, kind, description });
}

export async function findRecentActivity(ctx: TChurchCtx, limit = RECENT_ACTIVITY_COUNT * 4): Promise<TActivity[]> {
  const rows = await ctx.db
    .select()
    .from(activities)
    .where(inChurch(activities, ctx))
    .orderBy(desc(activities.createdAt))
    .limit(limit);
  return rows.map((r) => ({ id: r.id, description: r.description, timestamp: r.createdAt.toISOString() }));
}
