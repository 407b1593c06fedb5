import type { TActionStep, TActionStepComplete, TActionStepSummary, ZActionStepBody } from "@common/action-steps";
import { FAITHFUL_STEPS_WEEKS, type TBadgeKey } from "@common/badges";
import { addDays, sundayOf } from "@common/dates";
import { POINTS } from "@common/points";
import { and, desc, eq, type SQL, sql } from "drizzle-orm";
import type { z } from "zod";
import { weeklyActionSteps } from "../../db/schema/growth";
import { pointsLedger } from "../../db/schema/points";
import { auditChanges, recordAudit } from "../../lib/audit";
import { grantBadge } from "../../lib/badges";
import { churchRow, inChurch } from "../../lib/church-scope";
import type { TChurchCtx } from "../../lib/context";
import { publish } from "../../lib/domain-events";
import { conflict, notFound } from "../../lib/errors";
import { awardPoints, isAwarded, weekKey } from "../../lib/points";
import { inTransaction } from "../../lib/transaction";
import type { TWeekStart, TWeekStartCtx } from "../../lib/week-start";

type TActionStepInput = z.output<typeof ZActionStepBody>;
const NOT_FOUND = "Action step not found";
const KIND = "action_step";

const completedByCaller = (ctx: TChurchCtx) => isAwarded(ctx, KIND, sql`${weeklyActionSteps.id}::text`);

type TRow = { step: typeof weeklyActionSteps.$inferSelect; isCompleted: boolean };

function toActionStep(r: TRow): TActionStep {
  return {
    id: r.step.id,
    title: r.step.title,
    description: r.step.description,
    weekOf: r.step.weekOf,
    points: POINTS.weeklyActionStep,
    isCompleted: r.isCompleted,
  };
}

async function findStep(ctx: TChurchCtx, where: SQL): Promise<TActionStep | null> {
  const [row] = await ctx.db
    .select({ step: weeklyActionSteps, isCompleted: completedByCaller(ctx) })
    .from(weeklyActionSteps)
    .where(where);
  return row ? toActionStep(row) : null;
}

/** This week's step (the week holding now, in the church's time zone), or null when none is set. */
export async function getCurrentActionStep(ctx: TChurchCtx, now = new Date()): Promise<TActionStep | null> {
  return findStep(ctx, inChurch(weeklyActionSteps, ctx, eq(weeklyActionSteps.weekOf, weekKey(ctx, now))));
}

/**
 * Sets the step of the week holding `weekOf`. A second save for the same week replaces its title
 * and description but keeps its id, so members who already completed it stay completed and nobody
 * is paid twice in one week.
 */
export async function saveActionStep(
  ctx: TChurchCtx,
  body: TActionStepInput,
): Promise<{ step: TActionStep; isNew: boolean }> {
  const weekOf = sundayOf(body.weekOf);
  const now = new Date();
  const saved = await ctx.db.transaction(async (db) => {
    const [before] = await db
      .select({ title: weeklyActionSteps.title, description: weeklyActionSteps.description })
      .from(weeklyActionSteps)
      .where(inChurch(weeklyActionSteps, ctx, eq(weeklyActionSteps.weekOf, weekOf)));
    const [row] = await db
      .insert(weeklyActionSteps)
      .values({
        churchId: ctx.churchId,
        weekOf,
        title: body.title,
        description: body.description,
        createdBy: ctx.userId,
        createdAt: now,
        updatedAt: now,
      })
      .onConflictDoUpdate({
        target: [weeklyActionSteps.churchId, weeklyActionSteps.weekOf],
        set: { title: body.title, description: body.description, createdBy: ctx.userId, updatedAt: now },
      })
      // xmax is 0 only on a row this statement inserted.
      .returning({ id: weeklyActionSteps.id, isNew: sql<boolean>`(xmax = 0)` });
    const by = { churchId: ctx.churchId, actorId: ctx.userId, actionStepId: row.id };
    await publish(db, "action_step.saved", { ...by, title: body.title });
    // Members hear of a step new this week; an edit is not news, and a step planned for a later week
    // is announced when that week begins (announceWeekActionStep).
    if (row.isNew && weekOf === weekKey(ctx, now)) await publish(db, "action_step.published", by);
    await recordAudit(db, ctx, {
      action: row.isNew ? "action_step.created" : "action_step.updated",
      targetType: "action_step",
      targetId: row.id,
      changes: auditChanges(row.isNew ? null : (before ?? null), {
        ...(row.isNew ? { weekOf } : {}),
        title: body.title,
        description: body.description,
      }),
    });
    return row;
  });
  // Every process forgets the church's cached step (and each member's mark with it).
  await ctx.changed("growth", ctx.churchId);
  const step = await findStep(ctx, churchRow(weeklyActionSteps, ctx, saved.id));
  if (!step) throw notFound(NOT_FOUND);
  return { step, isNew: saved.isNew };
}

/**
 * The action steps' part of a week's start (lib/week-start.ts): the step saved ahead for the week
 * that has just begun is published now, in the job's transaction for the church (by the system).
 * Its announcement is keyed by the step, so a step saved in the minutes before the job runs is
 * announced once, by whichever comes first.
 */
export async function announceWeekActionStep(ctx: TWeekStartCtx, week: TWeekStart): Promise<void> {
  const [step] = await ctx.db
    .select({ id: weeklyActionSteps.id })
    .from(weeklyActionSteps)
    .where(inChurch(weeklyActionSteps, ctx, eq(weeklyActionSteps.weekOf, week.weekOf)));
  if (step)
    await publish(ctx.db, "action_step.published", { churchId: ctx.churchId, actorId: null, actionStepId: step.id });
}

/** Past and scheduled steps, newest week first, with how many members completed each. */
export async function listActionSteps(ctx: TChurchCtx, limit: number): Promise<TActionStepSummary[]> {
  const completions = sql<number>`(select count(*) from ${pointsLedger} where ${inChurch(
    pointsLedger,
    ctx,
    eq(pointsLedger.kind, KIND),
    sql`${pointsLedger.key} = ${weeklyActionSteps.id}::text`,
  )})::int`;
  const rows = await ctx.db
    .select({
      id: weeklyActionSteps.id,
      title: weeklyActionSteps.title,
      description: weeklyActionSteps.description,
      weekOf: weeklyActionSteps.weekOf,
      completions,
    })
    .from(weeklyActionSteps)
    .where(inChurch(weeklyActionSteps, ctx))
    .orderBy(desc(weeklyActionSteps.weekOf))
    .limit(limit);
  return rows;
}

/**
 * Completes this week's step: POINTS.weeklyActionStep once per member and step, whatever the race.
 * Another week's step (ended or not yet begun) cannot be completed; another church's is a 404.
 */
export async function completeActionStep(ctx: TChurchCtx, id: string, now = new Date()): Promise<TActionStepComplete> {
  const step = await findStep(ctx, churchRow(weeklyActionSteps, ctx, id));
  if (!step) throw notFound(NOT_FOUND);
  const thisWeek = weekKey(ctx, now);
  if (step.weekOf < thisWeek)
    throw conflict("This action step's week has ended; only this week's step can be completed.");
  if (step.weekOf > thisWeek)
    throw conflict("This action step's week has not begun yet; only this week's step can be completed.");

  return inTransaction(ctx, async (tx) => {
    const { awarded, total } = await awardPoints(tx, KIND, step.id, POINTS.weeklyActionStep);
    const badges: TBadgeKey[] = [];
    if (awarded === 0) return { awarded, total, isCompleted: true, badges };
    // Onboarding (spec 2 §4): the event completes the growth journey's "join_growth" step (paid once).
    await publish(tx.db, "action_step.completed", { churchId: ctx.churchId, actorId: ctx.userId, actionStepId: id });
    // Only the call that paid looks for badges; the streak read in this transaction counts its award.
    if (await grantBadge(tx, "first_action_step")) badges.push("first_action_step");
    if ((await getActionStepStreakWeeks(tx, now)) >= FAITHFUL_STEPS_WEEKS && (await grantBadge(tx, "faithful_steps")))
      badges.push("faithful_steps");
    return { awarded, total, isCompleted: true, badges };
  });
}

/** The Sundays of the weeks whose step the member completed, newest first (at most `weeks` of them). */
async function findCompletedWeeks(ctx: TChurchCtx, weeks: number): Promise<string[]> {
  const rows = await ctx.db
    .select({ weekOf: weeklyActionSteps.weekOf })
    .from(pointsLedger)
    .innerJoin(weeklyActionSteps, sql`${weeklyActionSteps.id}::text = ${pointsLedger.key}`)
    .where(
      and(
        inChurch(pointsLedger, ctx, eq(pointsLedger.userId, ctx.userId), eq(pointsLedger.kind, KIND)),
        inChurch(weeklyActionSteps, ctx),
      ),
    )
    .orderBy(desc(weeklyActionSteps.weekOf))
    .limit(weeks);
  return rows.map((r) => r.weekOf);
}

/** How far back a streak is counted (ten years of weeks): a bound on the read, not a rule members meet. */
const STREAK_WEEKS_READ = 520;

/**
 * The member's action-step streak: consecutive weeks, ending this week or last week (church time
 * zone), in which they completed that week's step. This week not yet done does not break it; a
 * week without a completion (or without a step) does. The stats endpoint shows it.
 */
export async function getActionStepStreakWeeks(ctx: TChurchCtx, now = new Date()): Promise<number> {
  const done = new Set(await findCompletedWeeks(ctx, STREAK_WEEKS_READ));
  const thisWeek = weekKey(ctx, now);
  let week = done.has(thisWeek) ? thisWeek : addDays(thisWeek, -7);
  let streak = 0;
  while (done.has(week)) {
    streak++;
    week = addDays(week, -7);
  }
  return streak;
}
