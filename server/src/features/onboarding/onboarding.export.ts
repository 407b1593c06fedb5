import { onboardingProgress } from "../../db/schema/growth";
import { inChurch } from "../../lib/church-scope";
import type { TDataKind } from "../../lib/data-kinds";

/** Onboarding journeys. Declared for the church export (and, by `memberColumn`, a member's own data later). */
export const ONBOARDING_DATA_KINDS: TDataKind[] = [
  {
    file: "onboarding.csv",
    about: "Members' onboarding journeys (the steps are in points.csv, kind onboarding_step).",
    fields: {
      userId: onboardingProgress.userId,
      onboardingType: onboardingProgress.onboardingType,
      startedAt: onboardingProgress.startedAt,
      completedAt: onboardingProgress.completedAt,
    },
    keys: ["userId"],
    table: onboardingProgress,
    where: (ctx) => inChurch(onboardingProgress, ctx),
    memberColumn: onboardingProgress.userId,
  },
];
