import { DEFAULT_BIBLE_READER, isPlanReading, readerUrl, readingsFor } from "@common/bible-plan";
import { addDays } from "@common/dates";
import { CONSISTENT_READER_STREAK_DAYS, POINTS } from "@common/points";
import type { TReadingComplete, TReadingCompleted, TReadingToday } from "@common/reading";
import { READING_CATCH_UP_DAYS } from "@common/reading-helpers";
import { eq, sql } from "drizzle-orm";
import { churches } from "../../db/schema/churches";
import { pointsLedger } from "../../db/schema/points";
import { grantBadge } from "../../lib/badges";
import { inChurch } from "../../lib/church-scope";
import type { TChurchCtx } from "../../lib/context";
import { publish } from "../../lib/domain-events";
import { badRequest } from "../../lib/errors";
import { msg } from "../../lib/i18n";
import { awardPoints, dayKey, weekKey } from "../../lib/points";
import { dayStreak } from "../../lib/streaks";
import { inTransaction } from "../../lib/transaction";

/**
 * The one-year Bible reading plan (common/bible-plan.ts) for a member: today's three passages in the
 * church's calendar, this week's grid, the reading streak and the payments. A completed reading is a
 * ledger row of kind `bible_reading` keyed `YYYY-MM-DD:passage` by the plan day it belongs to, so a
 * reading caught up later counts for its own day (streaks and the grid follow the plan day).
 */

const readingKey = (date: string, passage: string) => `${date}:${passage}`;
const PER_DAY = 3;

/** Keys of the member's readings from `from` (a day) on, up to and excluding `until`. */
async function readingKeys(ctx: TChurchCtx, from: string, until?: string): Promise<string[]> {
  const rows = await ctx.db
    .select({ key: pointsLedger.key })
    .from(pointsLedger)
    .where(
      inChurch(
        pointsLedger,
        ctx,
        eq(pointsLedger.userId, ctx.userId),
        eq(pointsLedger.kind, "bible_reading"),
        // Byte order ("C"): keys start with the day, whatever the database's collation.
        sql`${pointsLedger.key} collate "C" >= ${from}`,
        until ? sql`${pointsLedger.key} collate "C" < ${until}` : undefined,
      ),
    );
  return rows.map((r) => r.key);
}

/** Consecutive plan days with at least one reading, ending today or yesterday (church calendar). */
export async function getReadingStreak(ctx: TChurchCtx, today = dayKey(ctx)): Promise<number> {
  const rows = await ctx.db
    .selectDistinct({ day: sql<string>`left(${pointsLedger.key}, 10)` })
    .from(pointsLedger)
    .where(inChurch(pointsLedger, ctx, eq(pointsLedger.userId, ctx.userId), eq(pointsLedger.kind, "bible_reading")));
  return dayStreak(
    rows.map((r) => r.day),
    today,
  );
}

/** The church's Bible reader (its link pattern and translation), or the default one; sermons link their scripture to it too. */
export async function findBibleReader(ctx: TChurchCtx): Promise<{ pattern: string; translation: string }> {
  const [c] = await ctx.db
    .select({ pattern: churches.bibleReaderPattern, translation: churches.bibleTranslation })
    .from(churches)
    .where(eq(churches.id, ctx.churchId));
  return {
    pattern: c?.pattern || DEFAULT_BIBLE_READER.pattern,
    translation: c?.translation || DEFAULT_BIBLE_READER.translation,
  };
}

export async function getTodayReadings(ctx: TChurchCtx): Promise<TReadingToday> {
  const now = new Date();
  const date = dayKey(ctx, now);
  const sunday = weekKey(ctx, now);
  const [keys, reader, streak] = await Promise.all([
    // The week's keys ("YYYY-MM-DD:..." sorts by day): Sunday up to the next Sunday.
    readingKeys(ctx, sunday, addDays(sunday, 7)),
    findBibleReader(ctx),
    getReadingStreak(ctx, date),
  ]);
  const done = new Set(keys);
  const readingsOf = (day: string) =>
    readingsFor(day).map((passage) => ({
      passage,
      isCompleted: done.has(readingKey(day, passage)),
      url: readerUrl(passage, reader.pattern, reader.translation),
    }));
  const week = Array.from({ length: 7 }, (_, i) => {
    const day = addDays(sunday, i);
    const readings = readingsOf(day);
    return { date: day, completed: readings.filter((r) => r.isCompleted).length, total: PER_DAY, readings };
  });
  return { date, readings: readingsOf(date), week, streak };
}

/**
 * Pays POINTS.dailyReading once per passage and plan day. The day may be today or up to
 * READING_CATCH_UP_DAYS back in the church's calendar, never ahead; the passage must be one of that
 * day's. Badges: the first reading, and 'Consistent Reader' at CONSISTENT_READER_STREAK_DAYS in a row.
 */
export async function completeReading(ctx: TChurchCtx, body: TReadingComplete): Promise<TReadingCompleted> {
  const today = dayKey(ctx);
  const { passage, readingDate } = body;
  if (readingDate > today) throw badRequest("You can't complete a reading for a future day.", "readingDate");
  if (readingDate < addDays(today, -READING_CATCH_UP_DAYS)) {
    throw badRequest(
      msg`Readings can be caught up for up to ${READING_CATCH_UP_DAYS} days; that day has passed.`,
      "readingDate",
    );
  }
  if (!isPlanReading(readingDate, passage)) {
    throw badRequest(msg`"${passage}" is not one of the readings for ${readingDate}.`, "passage");
  }
  return inTransaction(ctx, async (tx) => {
    const { awarded, total } = await awardPoints(
      tx,
      "bible_reading",
      readingKey(readingDate, passage),
      POINTS.dailyReading,
    );
    const streak = await getReadingStreak(tx, today);
    if (awarded > 0) {
      // Onboarding (spec 2 §4): the event completes the growth journey's "join_growth" step (paid once).
      await publish(tx.db, "reading.completed", { churchId: ctx.churchId, actorId: ctx.userId, readingDate });
      await grantBadge(tx, "first_reading");
      if (streak >= CONSISTENT_READER_STREAK_DAYS) await grantBadge(tx, "consistent_reader");
    }
    return { awarded, total, streak };
  });
}
