import { ZApiError } from "@common/errors";
import {
  ZCreateIntegrationBody,
  ZIntegration,
  ZIntegrationWithSecret,
  ZUpdateIntegrationBody,
} from "@common/integrations";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { ZIdParams } from "../../lib/params";
import { ZNoBody } from "../../plugins/openapi-answers";
import { inLanguage } from "./integration-reasons";
import { defineIntegrationJobs, getProviderSettings } from "./integrations.jobs";
import {
  createIntegration,
  deleteIntegration,
  listIntegrations,
  startSync,
  type TIntegrationDeps,
  updateIntegration,
} from "./integrations.service";
import { defineWebhookJobs } from "./webhooks.jobs";

export type TIntegrationsOptions = {
  /** Tests only: webhooks to this origin (a local receiver, http on loopback) skip the public-address check. */
  webhookTestOrigin?: string;
};

/**
 * `GET/POST /api/integrations`, `PATCH/DELETE /api/integrations/{id}`, `POST /api/integrations/{id}/sync`
 * (spec 2 §7, issue 12): admins only, their own church's integrations only.
 */
export const integrationsRoutes: FastifyPluginAsyncZod<TIntegrationsOptions> = async (app, opts) => {
  const config = { access: "admin" as const };
  const deps: TIntegrationDeps = {
    secrets: app.secrets,
    // In production a key is sealed only under an APP_SECRET the operator set (issue 12).
    canStoreKeys: !app.config.isProduction || app.config.appSecretFromEnv,
    providers: getProviderSettings(app.config),
  };
  defineIntegrationJobs(app, deps.providers);
  defineWebhookJobs(app.jobs, { db: app.db, secrets: app.secrets, log: app.log, testOrigin: opts.webhookTestOrigin });

  app.get(
    "/api/integrations",
    {
      config,
      schema: {
        summary: "The church's integrations",
        description:
          "Keys are masked (at most their last 4 characters); `syncStatus` and the counts show a sync's progress.",
        response: { 200: z.array(ZIntegration) },
      },
    },
    async (req) => {
      const language = await req.getLanguage();
      return (await listIntegrations(req.churchCtx, app.secrets)).map((i) => inLanguage(i, language));
    },
  );

  app.post(
    "/api/integrations",
    {
      config,
      schema: {
        summary: "Connect a platform",
        description:
          "The key is checked with the provider (400 with its reason when refused) and stored encrypted; the webhook secret is in this answer only. 409 when the platform is already connected or the server has no APP_SECRET for keys.",
        body: ZCreateIntegrationBody,
        response: { 201: ZIntegrationWithSecret, 409: ZApiError },
      },
    },
    async (req, reply) =>
      reply.code(201).send(inLanguage(await createIntegration(req.churchCtx, req.body, deps), await req.getLanguage())),
  );

  app.patch(
    "/api/integrations/:id",
    {
      config,
      schema: {
        summary: "Change an integration",
        description:
          "Turn it on or off, a new key (checked), webhook URL or settings; `rotateWebhookSecret` answers with a new secret, shown once.",
        params: ZIdParams,
        body: ZUpdateIntegrationBody,
        response: { 200: z.union([ZIntegrationWithSecret, ZIntegration]), 409: ZApiError },
      },
    },
    async (req) =>
      inLanguage(await updateIntegration(req.churchCtx, req.params.id, req.body, deps), await req.getLanguage()),
  );

  app.delete(
    "/api/integrations/:id",
    { config, schema: { summary: "Disconnect a platform", params: ZIdParams, response: { 204: ZNoBody } } },
    async (req, reply) => {
      await deleteIntegration(req.churchCtx, req.params.id);
      return reply.code(204).send();
    },
  );

  app.post(
    "/api/integrations/:id/sync",
    {
      config,
      schema: {
        summary: "Sync now",
        description:
          "Queues a sync in the background and answers at once; follow `syncStatus` with GET /api/integrations. 409 when inactive or its key must be re-entered.",
        params: ZIdParams,
        response: { 202: ZIntegration, 409: ZApiError },
      },
    },
    async (req, reply) =>
      reply
        .code(202)
        .send(inLanguage(await startSync(req.churchCtx, req.params.id, app.secrets), await req.getLanguage())),
  );
};
