import { BADGES } from "@common/badges";
import type { TLanguage } from "@common/i18n/locales";
import {
  FINAL_ONBOARDING_STEP,
  FINAL_STEP_LOCKED,
  getCompletionPercentage,
  ONBOARDING_STEP_IDS,
  type TCompleteStepBody,
  type TCompleteStepResult,
  type TGamificationBadge,
  type TOnboardingProgress,
  type TOnboardingStartBody,
  type TOnboardingStepId,
  UNKNOWN_STEP,
} from "@common/onboarding";
import { ONBOARDING_STEPS } from "@common/points";
import { eq, inArray, sql } from "drizzle-orm";
import { onboardingProgress } from "../../db/schema/growth";
import { pointsLedger } from "../../db/schema/points";
import { prayerRequestPrayers, prayerRequests } from "../../db/schema/prayer";
import { users } from "../../db/schema/users";
import { badgeWords, getEarnedBadges, grantBadge } from "../../lib/badges";
import { inChurch } from "../../lib/church-scope";
import type { TChurchCtx } from "../../lib/context";
import { badRequest } from "../../lib/errors";
import { awardPoints, getPointsTotal } from "../../lib/points";

/**
 * The onboarding journey (spec 2 §4). Each step is a points-ledger row (kind `onboarding_step`, key =
 * the step's id), paid once with the step's own points from common/points.ts; its badge is granted
 * with it. `onboarding_progress` only records when the member began and finished.
 */

const stepById = new Map(ONBOARDING_STEPS.map((s) => [s.id as string, s]));

/**
 * Completes `stepId` for the signed-in member: pays its points and grants its badge, once however
 * often or concurrently it is called. Other features call it when the step's real action happens
 * (a sermon watched → explore_sermons, a reading or action step → join_growth, a complete profile →
 * profile_setup), through their domain events (onboarding.subscribers.ts). The last step is
 * refused (400) until the seven others are done.
 */
export async function completeOnboardingStepFor(
  ctx: TChurchCtx,
  stepId: TOnboardingStepId,
): Promise<{ awarded: number; total: number; badgeGranted: boolean }> {
  const step = stepById.get(stepId);
  if (!step) throw badRequest(UNKNOWN_STEP, "stepId");
  if (step.id === FINAL_ONBOARDING_STEP) {
    const done = await syncDoneSteps(ctx);
    if (ONBOARDING_STEP_IDS.some((id) => id !== FINAL_ONBOARDING_STEP && !done.has(id))) {
      throw badRequest(FINAL_STEP_LOCKED, "stepId");
    }
  }
  const { awarded, total } = await awardPoints(ctx, "onboarding_step", step.id, step.points);
  // Granted on every call, not only on payment: a badge lost to a crash between the two is restored.
  const badgeGranted = step.badge ? await grantBadge(ctx, step.badge) : false;
  if (step.id === FINAL_ONBOARDING_STEP) await markFinished(ctx);
  return { awarded, total, badgeGranted };
}

/** The steps already paid, and which real actions the member has done (evidence for four steps). */
async function findStepEvidence(ctx: TChurchCtx) {
  const kind = pointsLedger.kind;
  const [ledger] = await ctx.db
    .select({
      paid: sql<string[]>`coalesce(array_agg(${pointsLedger.key}) filter (where ${kind} = 'onboarding_step'), '{}')`,
      hasWatched: sql<boolean>`coalesce(bool_or(${kind} = 'sermon_watch'), false)`,
      hasGrown: sql<boolean>`coalesce(bool_or(${kind} in ('bible_reading', 'action_step')), false)`,
    })
    .from(pointsLedger)
    .where(
      inChurch(
        pointsLedger,
        ctx,
        eq(pointsLedger.userId, ctx.userId),
        inArray(kind, ["onboarding_step", "sermon_watch", "bible_reading", "action_step"]),
      ),
    );
  const [profile] = await ctx.db
    .select({ firstName: users.firstName, lastName: users.lastName, bio: users.bio })
    .from(users)
    .where(inChurch(users, ctx, eq(users.id, ctx.userId)));
  // A prayer for any request, or a request shared under the member's name (never an anonymous one:
  // its step, paid with it, would name its author). A prayer for an anonymous request publishes an
  // event with nobody in it, so its step is found here.
  const [prayed] = await ctx.db
    .select({ one: sql`1` })
    .from(prayerRequestPrayers)
    .where(inChurch(prayerRequestPrayers, ctx, eq(prayerRequestPrayers.userId, ctx.userId)))
    .limit(1);
  const [shared] = prayed
    ? [prayed]
    : await ctx.db
        .select({ one: sql`1` })
        .from(prayerRequests)
        .where(
          inChurch(prayerRequests, ctx, eq(prayerRequests.authorId, ctx.userId), eq(prayerRequests.isAnonymous, false)),
        )
        .limit(1);
  const filled = (v: string | null | undefined) => Boolean(v?.trim());
  const evidenced: TOnboardingStepId[] = [];
  if (shared) evidenced.push("prayer_requests");
  if (ledger.hasWatched) evidenced.push("explore_sermons");
  if (ledger.hasGrown) evidenced.push("join_growth");
  if (profile && filled(profile.firstName) && filled(profile.lastName) && filled(profile.bio)) {
    evidenced.push("profile_setup");
  }
  return { paid: new Set(ledger.paid.filter((k) => stepById.has(k)) as TOnboardingStepId[]), evidenced };
}

/**
 * The steps done: those paid, and those whose real action the member did before the journey knew
 * of it, which are paid now so points and badges agree with what the page shows.
 */
async function syncDoneSteps(ctx: TChurchCtx): Promise<Set<TOnboardingStepId>> {
  const { paid, evidenced } = await findStepEvidence(ctx);
  for (const id of evidenced) {
    if (paid.has(id)) continue;
    await completeOnboardingStepFor(ctx, id);
    paid.add(id);
  }
  return paid;
}

/** Records when the journey was finished (the first time), starting it if it never was. */
async function markFinished(ctx: TChurchCtx): Promise<void> {
  const now = new Date();
  await ctx.db
    .insert(onboardingProgress)
    .values({ churchId: ctx.churchId, userId: ctx.userId, onboardingType: "member", startedAt: now, completedAt: now })
    .onConflictDoUpdate({
      target: [onboardingProgress.churchId, onboardingProgress.userId],
      set: { completedAt: sql`coalesce(${onboardingProgress.completedAt}, excluded.completed_at)` },
    });
}

async function findProgressRow(ctx: TChurchCtx) {
  const [row] = await ctx.db
    .select()
    .from(onboardingProgress)
    .where(inChurch(onboardingProgress, ctx, eq(onboardingProgress.userId, ctx.userId)));
  return row ?? null;
}

/** `GET /api/onboarding/progress`. */
export async function getOnboardingProgress(ctx: TChurchCtx): Promise<TOnboardingProgress> {
  const done = await syncDoneSteps(ctx);
  const row = await findProgressRow(ctx);
  const stepsCompleted = ONBOARDING_STEP_IDS.filter((id) => done.has(id));
  return {
    isCompleted: done.has(FINAL_ONBOARDING_STEP) ? "true" : "false",
    stepsCompleted,
    completionPercentage: getCompletionPercentage(stepsCompleted.length),
    onboardingType: row?.onboardingType ?? null,
    startedAt: row?.startedAt.toISOString() ?? null,
    completedAt: row?.completedAt?.toISOString() ?? null,
  };
}

/** `POST /api/onboarding/start`: begins the journey once; a repeat keeps the first start. */
export async function startOnboarding(ctx: TChurchCtx, body: TOnboardingStartBody): Promise<TOnboardingProgress> {
  await ctx.db
    .insert(onboardingProgress)
    .values({ churchId: ctx.churchId, userId: ctx.userId, onboardingType: body.onboardingType, startedAt: new Date() })
    .onConflictDoNothing();
  return getOnboardingProgress(ctx);
}

/** `POST /api/onboarding/complete-step`: the client's pointsEarned and badgeType are ignored. */
export async function completeStep(
  ctx: TChurchCtx,
  body: TCompleteStepBody,
  language: TLanguage,
): Promise<TCompleteStepResult> {
  const step = stepById.get(body.stepId);
  if (!step) throw badRequest(UNKNOWN_STEP, "stepId");
  const { awarded, total, badgeGranted } = await completeOnboardingStepFor(ctx, step.id);
  const badge = badgeGranted && step.badge ? { ...BADGES[step.badge], ...badgeWords(language, step.badge) } : null;
  return {
    stepId: step.id,
    pointsAwarded: awarded,
    totalPoints: total,
    badgeEarned:
      badge && step.badge
        ? { badge: step.badge, badgeIcon: badge.icon, badgeTitle: badge.name, description: badge.description }
        : null,
    progress: await getOnboardingProgress(ctx),
  };
}

/** `GET /api/gamification/points`. */
export async function getGamificationPoints(ctx: TChurchCtx): Promise<{ totalPoints: number }> {
  return { totalPoints: await getPointsTotal(ctx) };
}

/** `GET /api/gamification/badges`: the member's badges in their church, newest first. */
export async function listGamificationBadges(ctx: TChurchCtx, language: TLanguage): Promise<TGamificationBadge[]> {
  const earned = await getEarnedBadges(ctx);
  return earned.map(({ badge, earnedAt }) => ({
    badge,
    badgeIcon: BADGES[badge].icon,
    badgeTitle: badgeWords(language, badge).name,
    description: badgeWords(language, badge).description,
    earnedAt: earnedAt.toISOString(),
  }));
}
