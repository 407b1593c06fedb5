import { ZCreateIntegrationBody, ZUpdateIntegrationBody } from "@common/integrations";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { ZIdParams } from "../../lib/params";
import { defineIntegrationJobs } from "./integrations.jobs";
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
  };
  defineIntegrationJobs(app, deps);
  defineWebhookJobs(app.jobs, { db: app.db, secrets: app.secrets, log: app.log, testOrigin: opts.webhookTestOrigin });

  app.get("/api/integrations", { config }, async (req) => listIntegrations(req.churchCtx, app.secrets));

  app.post("/api/integrations", { config, schema: { body: ZCreateIntegrationBody } }, async (req, reply) =>
    reply.code(201).send(await createIntegration(req.churchCtx, req.body, deps)),
  );

  app.patch(
    "/api/integrations/:id",
    { config, schema: { params: ZIdParams, body: ZUpdateIntegrationBody } },
    async (req) => updateIntegration(req.churchCtx, req.params.id, req.body, deps),
  );

  app.delete("/api/integrations/:id", { config, schema: { params: ZIdParams } }, async (req, reply) => {
    await deleteIntegration(req.churchCtx, req.params.id);
    return reply.code(204).send();
  });

  app.post("/api/integrations/:id/sync", { config, schema: { params: ZIdParams } }, async (req, reply) =>
    reply.code(202).send(await startSync(req.churchCtx, req.params.id, app.secrets)),
  );
};
