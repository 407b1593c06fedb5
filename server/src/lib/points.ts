import { toLocalDate } from "@common/time";
import { count, eq, gte, type SQL, sql } from "drizzle-orm";
import type { TDb } from "../db/client";
import { pointsLedger } from "../db/schema/points";
import { users } from "../db/schema/users";
import { inChurch } from "./church-scope";
import type { TChurchCtx } from "./context";
import { startOfWeek } from "./time";

/**
 * The one points module: every award is paid here, and every figure read from the ledger comes from
 * here. Points, counts and streaks are per church: a member who moves starts again from zero there,
 * and the church they left keeps its history. The amounts live in `common/points.ts`.
 */

/** Kinds of award; each pays at most once per (church, member, kind, key). */
export type TAwardKind =
  | "sermon_watch"
  | "bible_reading"
  | "action_step"
  | "partner_prayer"
  | "onboarding_step"
  | "group_attendance";

/** The key of a once-a-day award: the calendar day in the church's time zone (`YYYY-MM-DD`). */
export function dayKey(ctx: Pick<TChurchCtx, "timeZone">, now = new Date()): string {
  return toLocalDate(now, ctx.timeZone);
}

/** The key of a once-a-week award: the Sunday the church's week starts on (`YYYY-MM-DD`). */
export function weekKey(ctx: Pick<TChurchCtx, "timeZone">, now = new Date()): string {
  return toLocalDate(startOfWeek(now, ctx.timeZone), ctx.timeZone);
}

/**
 * Pays `points` to the signed-in member for (kind, key) unless already paid. The ledger's unique
 * key decides under any race; the user's running total moves in the same transaction, and every
 * process forgets its cached copy of the member once it commits.
 * The figure always comes from the server's constants, never from the request.
 */
export async function awardPoints(
  ctx: TChurchCtx,
  kind: TAwardKind,
  key: string,
  points: number,
): Promise<{ awarded: number; total: number }> {
  const result = await ctx.db.transaction(async (tx) => {
    const inserted = await tx
      .insert(pointsLedger)
      // The app's clock, not the database's: days and weeks are decided by it everywhere.
      .values({ churchId: ctx.churchId, userId: ctx.userId, kind, key, points, createdAt: new Date() })
      .onConflictDoNothing()
      .returning({ id: pointsLedger.id });
    if (inserted.length === 0) {
      const [u] = await tx.select({ points: users.points }).from(users).where(eq(users.id, ctx.userId));
      return { awarded: 0, total: u.points };
    }
    const [u] = await tx
      .update(users)
      .set({ points: sql`${users.points} + ${points}` })
      .where(eq(users.id, ctx.userId))
      .returning({ points: users.points });
    return { awarded: points, total: u.points };
  });
  if (result.awarded > 0) await ctx.changed("user", ctx.userId);
  return result;
}

/**
 * Takes back the award (kind, key) of the signed-in member when what earned it is undone (a leader
 * corrects "present" to "absent"): the ledger row goes and the running total drops by what it paid,
 * so the ledger stays the sum of what was earned and a later award of the same key pays once again.
 * Returns what was taken back (0 when nothing had been paid).
 */
export async function revokePoints(ctx: TChurchCtx, kind: TAwardKind, key: string): Promise<number> {
  const taken = await ctx.db.transaction(async (tx) => {
    const [row] = await tx
      .delete(pointsLedger)
      .where(
        inChurch(
          pointsLedger,
          ctx,
          eq(pointsLedger.userId, ctx.userId),
          eq(pointsLedger.kind, kind),
          eq(pointsLedger.key, key),
        ),
      )
      .returning({ points: pointsLedger.points });
    if (!row) return 0;
    await tx
      .update(users)
      .set({ points: sql`${users.points} - ${row.points}` })
      .where(eq(users.id, ctx.userId));
    return row.points;
  });
  if (taken > 0) await ctx.changed("user", ctx.userId);
  return taken;
}

/**
 * Sets the member's running total to what they earned in `churchId` (0 without a church). Called
 * when a member joins or leaves a church: points are per church, and the ledger keeps the history.
 */
export async function resetPointsTotal(db: TDb, userId: string, churchId: string | null): Promise<void> {
  const earned = churchId
    ? sql`coalesce((select sum(${pointsLedger.points}) from ${pointsLedger} where ${inChurch(pointsLedger, { churchId }, eq(pointsLedger.userId, userId))}), 0)`
    : sql`0`;
  await db.update(users).set({ points: earned }).where(eq(users.id, userId));
}

const mine = (ctx: TChurchCtx, ...conditions: (SQL | undefined)[]) =>
  inChurch(pointsLedger, ctx, eq(pointsLedger.userId, ctx.userId), ...conditions);

/** The member's points in their church (the running total kept with the user). */
export async function getPointsTotal(ctx: TChurchCtx): Promise<number> {
  const [u] = await ctx.db.select({ points: users.points }).from(users).where(eq(users.id, ctx.userId));
  return u?.points ?? 0;
}

/** Points earned since this week's Sunday in the church's time zone (the Growth Journey's weekly goal). */
export async function getWeeklyPoints(ctx: TChurchCtx, now = new Date()): Promise<number> {
  const [row] = await ctx.db
    .select({ n: sql<number>`coalesce(sum(${pointsLedger.points}), 0)::int` })
    .from(pointsLedger)
    .where(mine(ctx, gte(pointsLedger.createdAt, startOfWeek(now, ctx.timeZone))));
  return row.n;
}

/** How many awards of `kind` the signed-in member has in their church (e.g. sermons watched). */
export async function countAwards(ctx: TChurchCtx, kind: TAwardKind): Promise<number> {
  const [row] = await ctx.db
    .select({ n: count() })
    .from(pointsLedger)
    .where(mine(ctx, eq(pointsLedger.kind, kind)));
  return row.n;
}

/** The keys of `kind` the member has been paid for (e.g. the ids of the sermons they watched). */
export async function getAwardedKeys(ctx: TChurchCtx, kind: TAwardKind): Promise<Set<string>> {
  const rows = await ctx.db
    .select({ key: pointsLedger.key })
    .from(pointsLedger)
    .where(mine(ctx, eq(pointsLedger.kind, kind)));
  return new Set(rows.map((r) => r.key));
}

/**
 * A column for a list query: whether the member has been paid for `kind` with the row's `key`
 * (e.g. `sql\`"sermons"."id"::text\``). Name the key's table: inside this subquery a bare "id"
 * would mean the ledger's own.
 */
export function isAwarded(ctx: TChurchCtx, kind: TAwardKind, key: SQL): SQL<boolean> {
  return sql<boolean>`exists (select 1 from ${pointsLedger} where ${mine(ctx, eq(pointsLedger.kind, kind), sql`${pointsLedger.key} = ${key}`)})`;
}

/**
 * Streak input: the distinct days (church time zone, `YYYY-MM-DD`, newest first) on which the
 * member earned an award of `kind`, from `since` on.
 */
export async function getAwardDays(ctx: TChurchCtx, kind: TAwardKind, since: Date): Promise<string[]> {
  const day = sql<string>`to_char(${pointsLedger.createdAt} at time zone ${ctx.timeZone}, 'YYYY-MM-DD')`;
  const rows = await ctx.db
    .selectDistinct({ day })
    .from(pointsLedger)
    .where(mine(ctx, eq(pointsLedger.kind, kind), gte(pointsLedger.createdAt, since)));
  // Sorted here: the time zone is a parameter, so PostgreSQL would not see ORDER BY as the selected day.
  return rows.map((r) => r.day).sort((a, b) => b.localeCompare(a));
}
