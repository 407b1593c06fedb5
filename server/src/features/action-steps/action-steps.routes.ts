import {
  ZActionStep,
  ZActionStepBody,
  ZActionStepComplete,
  ZActionStepListQuery,
  ZActionStepSummary,
} from "@common/action-steps";
import { ZApiError } from "@common/errors";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { MemberCache, sendMemberJson } from "../../lib/member-cache";
import { ZIdParams } from "../../lib/params";
import { onWeekStart } from "../../lib/week-start";
import {
  announceWeekActionStep,
  completeActionStep,
  getCurrentActionStep,
  listActionSteps,
  saveActionStep,
} from "./action-steps.service";

/** Spec 2 Growth settings and the weekly action step (spec 1 section 7). */
export const actionStepsRoutes: FastifyPluginAsyncZod = async (app) => {
  const member = { access: "member" as const };
  const admin = { access: "admin" as const };
  // A step saved ahead is announced when its week begins (the week-start job).
  onWeekStart(app, { name: "action-steps", run: announceWeekActionStep });

  // This week's step for the caller's church, or null (200) when none is set; kept per member until
  // their completion, the church's new step or the church's next day.
  const current = new MemberCache<string>(app.cacheBus, { churchTopics: ["growth", "church"] });
  app.get(
    "/api/weekly-action-step",
    { config: member, schema: { summary: "This week's action step", response: { 200: ZActionStep.nullable() } } },
    async (req, reply) => {
      await sendMemberJson(reply, current, req.churchCtx, () => getCurrentActionStep(req.churchCtx));
    },
  );

  // 201 when the week had no step yet, 200 when this save replaced it.
  app.post(
    "/api/weekly-action-step",
    {
      config: admin,
      schema: {
        summary: "Set the step of a week",
        description: "201 when the week had no step yet, 200 when this replaced it.",
        body: ZActionStepBody,
        response: { 200: ZActionStep, 201: ZActionStep },
      },
    },
    async (req, reply) => {
      const { step, isNew } = await saveActionStep(req.churchCtx, req.body);
      return reply.code(isNew ? 201 : 200).send(step);
    },
  );

  app.post(
    "/api/weekly-action-step/:id/complete",
    {
      config: member,
      schema: {
        summary: "Complete this week's step",
        description: "Pays its points once; 409 outside its week.",
        params: ZIdParams,
        response: { 200: ZActionStepComplete, 409: ZApiError },
      },
    },
    async (req) => completeActionStep(req.churchCtx, req.params.id),
  );

  app.get(
    "/api/weekly-action-steps",
    {
      config: admin,
      schema: {
        summary: "Past and scheduled steps",
        description: "Newest week first, with how many members completed each.",
        querystring: ZActionStepListQuery,
        response: { 200: z.array(ZActionStepSummary) },
      },
    },
    async (req) => listActionSteps(req.churchCtx, req.query.limit),
  );
};
