import { INTEGRATION_PLATFORM_INFO, type TIntegrationPlatform } from "@common/integrations";
import type { FastifyBaseLogger } from "fastify";
import { z } from "zod";
import type { TRootDb } from "../../db/client";
import type { Jobs, TJobSpec } from "../../lib/jobs";
import type { SecretBox } from "../../lib/secrets";
import { findIntegrationById, setIntegrationSyncResult } from "./integrations.repo";

const ZSyncJob = z.object({ integrationId: z.uuid() });

/** One integration's sync, queued by "Sync now" (keyed by the integration: never two waiting). */
export const SYNC_JOB: TJobSpec<z.infer<typeof ZSyncJob>> = {
  name: "integrations.sync",
  payload: ZSyncJob,
  maxAttempts: 3,
};

export type TSyncDeps = { db: TRootDb; secrets: SecretBox; log: FastifyBaseLogger };

/**
 * Defines the sync job. For now it only settles the integration: a key that no longer opens gives
 * "needs_key"; otherwise the provider's sync is not built yet, which it records as the last error.
 * The provider slice replaces the second branch with the real sync (paged, resumable from `cursor`).
 */
export function defineIntegrationJobs(jobs: Jobs, deps: TSyncDeps): void {
  jobs.define({
    ...SYNC_JOB,
    run: async ({ integrationId }) => {
      const row = await findIntegrationById(deps.db, integrationId);
      // Disconnected since, or already settled by an earlier try.
      if (row?.syncStatus !== "syncing") return;
      if (deps.secrets.open(row.apiKeySealed) === null) {
        await setIntegrationSyncResult(deps.db, row.id, { syncStatus: "needs_key", lastError: null });
        return;
      }
      const name = INTEGRATION_PLATFORM_INFO[row.platform as TIntegrationPlatform]?.name ?? row.platform;
      await setIntegrationSyncResult(deps.db, row.id, {
        syncStatus: "error",
        lastError: `Sync is not yet available for ${name}.`,
      });
    },
  });
}
