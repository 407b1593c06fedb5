import {
  getOnboardingSteps,
  ZCompleteStepBody,
  ZCompleteStepResult,
  ZGamificationBadge,
  ZGamificationPoints,
  ZOnboardingProgress,
  ZOnboardingStartBody,
  ZOnboardingStep,
} from "@common/onboarding";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
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

  app.get(
    "/api/onboarding/steps",
    { config: member, schema: { summary: "The onboarding steps", response: { 200: z.array(ZOnboardingStep) } } },
    async () => steps,
  );

  app.get(
    "/api/onboarding/progress",
    { config: member, schema: { summary: "The caller's onboarding", response: { 200: ZOnboardingProgress } } },
    async (req) => getOnboardingProgress(req.churchCtx),
  );

  app.post(
    "/api/onboarding/start",
    {
      config: member,
      schema: { summary: "Begin the journey", body: ZOnboardingStartBody, response: { 200: ZOnboardingProgress } },
    },
    async (req) => startOnboarding(req.churchCtx, req.body),
  );

  app.post(
    "/api/onboarding/complete-step",
    {
      config: member,
      schema: {
        summary: "Complete a step",
        description:
          "Pays the step's own points and badge once (a `pointsEarned` sent is ignored); the last step opens after the other seven.",
        body: ZCompleteStepBody,
        response: { 200: ZCompleteStepResult },
      },
    },
    async (req) => completeStep(req.churchCtx, req.body, await req.getLanguage()),
  );

  app.get(
    "/api/gamification/points",
    { config: member, schema: { summary: "The caller's points", response: { 200: ZGamificationPoints } } },
    async (req) => getGamificationPoints(req.churchCtx),
  );

  app.get(
    "/api/gamification/badges",
    { config: member, schema: { summary: "The caller's badges", response: { 200: z.array(ZGamificationBadge) } } },
    async (req) => listGamificationBadges(req.churchCtx, await req.getLanguage()),
  );
};
