import { type TActionStep, ZActionStepBody, ZActionStepListQuery } from "@common/action-steps";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { MemberCache } from "../../lib/member-cache";
import { ZIdParams } from "../../lib/params";
import { completeActionStep, getCurrentActionStep, listActionSteps, saveActionStep } from "./action-steps.service";

/** Spec 2 Growth settings and the weekly action step (spec 1 section 7). */
export const actionStepsRoutes: FastifyPluginAsyncZod = async (app) => {
  const member = { access: "member" as const };
  const admin = { access: "admin" as const };

  // This week's step for the caller's church, or null (200) when none is set; kept per member until
  // their completion, the church's new step or the church's next day.
  const current = new MemberCache<TActionStep | null>(app.cacheBus, { churchTopics: ["growth", "church"] });
  app.get("/api/weekly-action-step", { config: member }, async (req) =>
    current.get(req.churchCtx, () => getCurrentActionStep(req.churchCtx)),
  );

  // 201 when the week had no step yet, 200 when this save replaced it.
  app.post("/api/weekly-action-step", { config: admin, schema: { body: ZActionStepBody } }, async (req, reply) => {
    const { step, isNew } = await saveActionStep(req.churchCtx, req.body);
    return reply.code(isNew ? 201 : 200).send(step);
  });

  app.post("/api/weekly-action-step/:id/complete", { config: member, schema: { params: ZIdParams } }, async (req) =>
    completeActionStep(req.churchCtx, req.params.id),
  );

  app.get("/api/weekly-action-steps", { config: admin, schema: { querystring: ZActionStepListQuery } }, async (req) =>
    listActionSteps(req.churchCtx, req.query.limit),
  );
};
