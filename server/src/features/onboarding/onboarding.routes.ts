import { getOnboardingSteps, ZCompleteStepBody, ZOnboardingStartBody } from "@common/onboarding";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import {
  completeStep,
  getGamificationPoints,
  getOnboardingProgress,
  listGamificationBadges,
  startOnboarding,
} from "./onboarding.service";

/** Spec 2 §7 "Onboarding and gamification": every call is the signed-in member's own, in their church. */
export const onboardingRoutes: FastifyPluginAsyncZod = async (app) => {
  const member = { access: "member" as const };
  const steps = getOnboardingSteps();

  app.get("/api/onboarding/steps", { config: member }, async () => steps);

  app.get("/api/onboarding/progress", { config: member }, async (req) => getOnboardingProgress(req.churchCtx));

  app.post("/api/onboarding/start", { config: member, schema: { body: ZOnboardingStartBody } }, async (req) =>
    startOnboarding(req.churchCtx, req.body),
  );

  app.post("/api/onboarding/complete-step", { config: member, schema: { body: ZCompleteStepBody } }, async (req) =>
    completeStep(req.churchCtx, req.body),
  );

  app.get("/api/gamification/points", { config: member }, async (req) => getGamificationPoints(req.churchCtx));

  app.get("/api/gamification/badges", { config: member }, async (req) => listGamificationBadges(req.churchCtx));
};
