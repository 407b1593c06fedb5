import { sql } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { z } from "zod";
import type { TConfig } from "../../config";
import type { TDb } from "../../db/client";
import { msg } from "../../lib/i18n";
import { addJob, type TJobSpec } from "../../lib/jobs";
import {
  endSyncRun,
  findDueIntegrations,
  findStaleSyncs,
  markSyncing,
  setIntegrationSyncResult,
} from "./integrations.repo";
import { syncIntegration, type TSyncDeps } from "./integrations.sync";
import { PROVIDER_DEFAULTS, type TProviderSettings } from "./providers/http";

export type { TSyncDeps } from "./integrations.sync";

const ZSyncJob = z.object({ integrationId: z.uuid() });

/** One integration's sync, queued by "Sync now" or the daily sweep (keyed by the integration: never two waiting). */
export const SYNC_JOB: TJobSpec<z.infer<typeof ZSyncJob>> = {
  name: "integrations.sync",
  payload: ZSyncJob,
  maxAttempts: 3,
};

export const syncJobKey = (integrationId: string) => `integrations.sync:${integrationId}`;

/**
 * The daily sync's sweep: one job in the whole queue (job key `integrations.daily`, however many
 * processes run), which queues the sync of every active integration whose last sync began a day
 * ago or more, then queues itself again an hour on.
 */
export const DAILY_JOB: TJobSpec<Record<string, never>> = {
  name: "integrations.daily",
  payload: z.object({}).strict() as z.ZodType<Record<string, never>>,
  maxAttempts: 5,
};
const DAILY_KEY = "integrations.daily";
export const SYNC_EVERY_MS = 24 * 3_600_000;
const SWEEP_EVERY_MS = 3_600_000;
const STALE_SYNC_MS = 6 * 3_600_000;

// A sentence of the `errors` catalogue: the admin reads it in their language (integration-reasons.ts).
const UNEXPECTED =
  msg`The sync stopped on an unexpected problem on our side. Press Sync now to try again; if it happens again, tell the server's operator.`.english();

/**
 * Queues the sweep at `runAt` (an hour on when not given). `preserve`: an existing waiting sweep
 * keeps its time (every process calls this at start; none pushes the sweep later).
 */
export async function scheduleDailySweep(db: TDb, opts: { runAt?: Date; preserve?: boolean } = {}): Promise<void> {
  const runAt = opts.runAt ?? new Date(Date.now() + SWEEP_EVERY_MS);
  await db.execute(
    sql`select graphile_worker.add_job(${DAILY_JOB.name}, '{}'::json, run_at => ${runAt.toISOString()}::timestamptz,
      max_attempts => ${DAILY_JOB.maxAttempts}::int, job_key => ${DAILY_KEY}::text,
      job_key_mode => ${opts.preserve ? "preserve_run_at" : "replace"}::text)`,
  );
}

/**
 * Marks each due integration syncing and queues its sync (each in one transaction), and queues again
 * a sync that has not moved for hours; the ids queued.
 */
export async function queueDueSyncs(deps: Pick<TSyncDeps, "db" | "secrets">): Promise<string[]> {
  const queued: string[] = [];
  for (const row of await findDueIntegrations(deps.db, SYNC_EVERY_MS)) {
    if (deps.secrets.open(row.apiKeySealed) === null) {
      await setIntegrationSyncResult(deps.db, row.id, { syncStatus: "needs_key", lastError: null });
      continue;
    }
    const marked = await deps.db.transaction(async (tx) => {
      const syncing = await markSyncing(tx, row.id);
      if (syncing) await addJob(tx, SYNC_JOB, { integrationId: row.id }, { key: syncJobKey(row.id) });
      return syncing;
    });
    if (marked) queued.push(row.id);
  }
  // A sync that stopped moving hours ago is queued again (its job resumes at the saved page; one
  // still waiting is replaced, keyed by the integration).
  for (const { id } of await findStaleSyncs(deps.db, STALE_SYNC_MS)) {
    await addJob(deps.db, SYNC_JOB, { integrationId: id }, { key: syncJobKey(id) });
    queued.push(id);
  }
  return queued;
}

/** Where the providers are: always the server's configuration (`integrationUrls`), never a request. */
export function getProviderSettings(config: TConfig): TProviderSettings {
  return { urls: config.integrationUrls, ...PROVIDER_DEFAULTS };
}

/** Defines the sync and daily jobs on the app's queue, and schedules the sweep once the app is ready. */
export function defineIntegrationJobs(app: FastifyInstance, providers: TProviderSettings): void {
  const deps: TSyncDeps = {
    db: app.db,
    secrets: app.secrets,
    log: app.log,
    changed: app.appCtx.changed,
    providers,
  };
  app.jobs.define({
    ...SYNC_JOB,
    run: async ({ integrationId }, job) => {
      try {
        await syncIntegration(deps, integrationId);
      } catch (err) {
        // The last try: the page shows an error instead of "syncing" for ever.
        if (job.attempt >= SYNC_JOB.maxAttempts)
          await endSyncRun(deps.db, integrationId, null, { syncStatus: "error", lastError: UNEXPECTED }).catch(
            () => {},
          );
        throw err;
      }
    },
  });
  app.jobs.define({
    ...DAILY_JOB,
    run: async () => {
      // The next sweep first: whatever happens to this one, the sweeps go on.
      await scheduleDailySweep(deps.db);
      const queued = await queueDueSyncs(deps);
      if (queued.length > 0) deps.log.info({ integrations: queued.length }, "daily integration syncs queued");
    },
  });
  app.addHook("onReady", async () => {
    await scheduleDailySweep(deps.db, { preserve: true });
  });
}
