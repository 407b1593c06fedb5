import type { TIntegration } from "@common/integrations";
import type { FastifyInstance } from "fastify";
import type { Caller } from "../app";
import type { TStandIn } from "./stand-in-server";

/**
 * Driving a sync the way the app does it (the bench and tests): connect through
 * `POST /api/integrations` (the key checked against the stand-in), press "Sync now", then run the
 * queue until the sync is done and read the integration back.
 *
 *   const pc = await startPlanningCenterStandIn({ people: 5000 });
 *   // an app whose config has PLANNING_CENTER_API_URL = pc.url, and a church admin caller
 *   const { id } = await connectIntegration(admin, { platform: "planning_center", apiKey: pc.key });
 *   const done = await syncNow(app, admin, id); // done.counts.added === 5000
 */
export async function connectIntegration(
  admin: Caller,
  body: { platform: string; apiKey: string; config?: Record<string, unknown>; webhookUrl?: string },
): Promise<TIntegration> {
  const res = await admin.post("/api/integrations", body);
  if (res.status !== 201) throw new Error(`connecting ${body.platform} answered ${res.status}: ${res.body?.message}`);
  return res.body;
}

/** "Sync now", then every due job run to the end (the app may run its own workers or not). */
export async function syncNow(app: FastifyInstance, admin: Caller, id: string): Promise<TIntegration> {
  const res = await admin.post(`/api/integrations/${id}/sync`);
  if (res.status !== 202) throw new Error(`Sync now answered ${res.status}: ${res.body?.message}`);
  return waitForSync(app, admin, id);
}

/** Runs due jobs until the integration is no longer syncing; answers it as the page sees it. */
export async function waitForSync(app: FastifyInstance, admin: Caller, id: string): Promise<TIntegration> {
  for (;;) {
    await app.jobs.runDue();
    const list = (await admin.get("/api/integrations")).body as TIntegration[];
    const found = list.find((i) => i.id === id);
    if (!found) throw new Error("the integration is gone");
    if (found.syncStatus !== "syncing") return found;
    await new Promise((r) => setTimeout(r, 50));
  }
}

/** The environment that points an app at these stand-ins (Mailchimp's and CCB's with their placeholders). */
export function standInEnv(s: {
  planningCenter?: TStandIn<unknown>;
  mailchimp?: TStandIn<unknown>;
  ccb?: TStandIn<unknown>;
}): Record<string, string> {
  const env: Record<string, string> = {};
  if (s.planningCenter) env.PLANNING_CENTER_API_URL = s.planningCenter.url;
  if (s.mailchimp) env.MAILCHIMP_API_URL = `${s.mailchimp.url}/{dc}`;
  if (s.ccb) env.CCB_API_URL = `${s.ccb.url}/{subdomain}`;
  return env;
}
