import { z } from "zod";
import { BADGES } from "./badges";
import { ONBOARDING_STEPS } from "./points";

/**
 * The onboarding journey (spec 2 §4 and §7): eight steps in order, each paid once by the server with
 * its own points (ONBOARDING_STEPS in common/points.ts) and its badge. The words of each step live
 * here so the server's `GET /api/onboarding/steps` and the page agree.
 */

export type TOnboardingStepId = (typeof ONBOARDING_STEPS)[number]["id"];

export const ONBOARDING_STEP_IDS = ONBOARDING_STEPS.map((s) => s.id) as [TOnboardingStepId, ...TOnboardingStepId[]];

/** The last step, open only once the seven others are done. */
export const FINAL_ONBOARDING_STEP: TOnboardingStepId = "onboarding_complete";

/** Spec 2 §7: `POST /api/onboarding/start` carries onboardingType (member). */
export const ONBOARDING_TYPES = ["member"] as const;

export const UNKNOWN_STEP = "Unknown onboarding step";
export const FINAL_STEP_LOCKED = "Complete the other seven steps before finishing your journey";

/** Titles, descriptions and where each step's real action lives. */
export const ONBOARDING_STEP_TEXT: Record<
  TOnboardingStepId,
  { title: string; description: string; actionUrl: string | null; actionLabel: string | null }
> = {
  welcome: {
    title: "Welcome to the Family",
    description: "We're so glad you're here. Take a moment to begin your journey with our church community.",
    actionUrl: null,
    actionLabel: null,
  },
  profile_setup: {
    title: "Set Up Your Profile",
    description: "Add your name and a few words about yourself so others can get to know you.",
    actionUrl: "/profile",
    actionLabel: "Open your profile",
  },
  explore_sermons: {
    title: "Explore Sermons",
    description: "Watch a message from our sermon library and take a word with you into the week.",
    actionUrl: "/sermons",
    actionLabel: "Browse sermons",
  },
  join_growth: {
    title: "Join the Growth Journey",
    description: "Read today's Bible passage or take this week's action step to grow in faith day by day.",
    actionUrl: "/growth",
    actionLabel: "Open the Growth Journey",
  },
  give_kudos: {
    title: "Encourage Someone",
    description: "Recognize a fellow member for their service, prayers or kindness with a kudos.",
    actionUrl: "/kudos",
    actionLabel: "Give kudos",
  },
  prayer_requests: {
    title: "Share in Prayer",
    description: "Visit the prayer wall to share a request or lift up others in prayer.",
    actionUrl: "/prayer-requests",
    actionLabel: "See prayer requests",
  },
  community_features: {
    title: "Connect with the Community",
    description: "Find an upcoming service, study or gathering and let us know you'll be there.",
    actionUrl: "/events",
    actionLabel: "See upcoming events",
  },
  onboarding_complete: {
    title: "Complete Your Journey",
    description: "You've taken every first step. Finish your journey and celebrate what you've begun!",
    actionUrl: null,
    actionLabel: null,
  },
};

export const ZOnboardingStepId = z.enum(ONBOARDING_STEP_IDS, { error: UNKNOWN_STEP });

/** `POST /api/onboarding/start`. */
export const ZOnboardingStartBody = z.object({
  onboardingType: z.enum(ONBOARDING_TYPES, { error: "Unknown onboarding type" }),
});
export type TOnboardingStartBody = z.infer<typeof ZOnboardingStartBody>;

/**
 * `POST /api/onboarding/complete-step`. The spec's client also sends `pointsEarned` and `badgeType`;
 * they are accepted and ignored: the server pays the step's own points and badge (DESIGN.md rule 4).
 */
export const ZCompleteStepBody = z.object({
  stepId: ZOnboardingStepId,
  pointsEarned: z.number({ error: "pointsEarned must be a number" }).optional(),
  badgeType: z.string({ error: "badgeType must be text" }).max(100).nullable().optional(),
});
export type TCompleteStepBody = z.input<typeof ZCompleteStepBody>;

/** One step of `GET /api/onboarding/steps`. */
export const ZOnboardingStep = z.object({
  id: ZOnboardingStepId,
  title: z.string(),
  description: z.string(),
  points: z.number().int(),
  /** The key of the badge it grants (common/badges.ts), or null. */
  badge: z.string().nullable(),
  badgeTitle: z.string().nullable(),
  badgeIcon: z.string().nullable(),
  actionUrl: z.string().nullable(),
  actionLabel: z.string().nullable(),
});
export type TOnboardingStep = z.infer<typeof ZOnboardingStep>;

/** `GET /api/onboarding/progress` (spec 2 §3: strings for isCompleted and completionPercentage). */
export const ZOnboardingProgress = z.object({
  isCompleted: z.enum(["true", "false"]),
  stepsCompleted: z.array(ZOnboardingStepId),
  completionPercentage: z.string().regex(/^\d{1,3}$/),
  /** Null until the member presses Begin Your Journey. */
  onboardingType: z.string().nullable(),
  startedAt: z.string().nullable(),
  completedAt: z.string().nullable(),
});
export type TOnboardingProgress = z.infer<typeof ZOnboardingProgress>;

/** `GET /api/gamification/points`. */
export const ZGamificationPoints = z.object({ totalPoints: z.number().int() });
export type TGamificationPoints = z.infer<typeof ZGamificationPoints>;

/** `GET /api/gamification/badges` item. */
export const ZGamificationBadge = z.object({
  badge: z.string(),
  badgeIcon: z.string(),
  badgeTitle: z.string(),
  description: z.string(),
  earnedAt: z.string(),
});
export type TGamificationBadge = z.infer<typeof ZGamificationBadge>;

/** `POST /api/onboarding/complete-step` answer: what this call paid, and the journey afterwards. */
export const ZCompleteStepResult = z.object({
  stepId: ZOnboardingStepId,
  pointsAwarded: z.number().int(),
  totalPoints: z.number().int(),
  /** The badge this call granted, or null (none for the step, or granted before). */
  badgeEarned: ZGamificationBadge.omit({ earnedAt: true }).nullable(),
  progress: ZOnboardingProgress,
});
export type TCompleteStepResult = z.infer<typeof ZCompleteStepResult>;

/** The steps with their words and badges, in order. */
export function getOnboardingSteps(): TOnboardingStep[] {
  return ONBOARDING_STEPS.map((s) => {
    const badge = s.badge ? BADGES[s.badge] : null;
    return {
      id: s.id,
      points: s.points,
      badge: s.badge,
      badgeTitle: badge?.name ?? null,
      badgeIcon: badge?.icon ?? null,
      ...ONBOARDING_STEP_TEXT[s.id],
    };
  });
}

/** Spec 2 §3: the share of steps done, a whole-number string ("0" to "100"). */
export function getCompletionPercentage(done: number): string {
  return String(Math.round((done / ONBOARDING_STEPS.length) * 100));
}
