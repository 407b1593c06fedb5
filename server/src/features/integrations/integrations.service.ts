import { AUDIT_MASK } from "@common/audit";
import {
  INTEGRATION_PLATFORM_INFO,
  INTEGRATION_SYNC_STATUSES,
  type TIntegration,
  type TIntegrationConfig,
  type TIntegrationPlatform,
  type TIntegrationSyncStatus,
  type TIntegrationWithSecret,
  type ZCreateIntegrationBody,
  ZIntegrationConfigs,
  type ZUpdateIntegrationBody,
} from "@common/integrations";
import type { z } from "zod";
import { auditChanges, recordAudit } from "../../lib/audit";
import type { TChurchCtx } from "../../lib/context";
import { createToken } from "../../lib/crypto";
import { AppError, conflict, notFound } from "../../lib/errors";
import { msg } from "../../lib/i18n";
import { addJob } from "../../lib/jobs";
import type { SecretBox } from "../../lib/secrets";
import {
  assertKeyShape,
  assertWebhookUrl,
  getKeyLast4,
  maskKey,
  verifyKey,
  verifyMailchimpAudience,
} from "./integration-checks";
import { SYNC_JOB, syncJobKey } from "./integrations.jobs";
import {
  createIntegrationRow,
  deleteIntegrationPeople,
  deleteIntegrationRow,
  findIntegration,
  findIntegrations,
  type TIntegrationRow,
  updateIntegrationRow,
} from "./integrations.repo";
import type { TProviderSettings } from "./providers/http";

export const NEEDS_KEY_MESSAGE =
  "The stored key can no longer be read (the server's APP_SECRET changed). Please re-enter the key.";
const NEEDS_APP_SECRET =
  "Integrations need APP_SECRET: set it in the server's environment and restart, then connect again.";

/** What storing keys needs: the sealing box, and whether this server may store keys at all. */
export type TIntegrationDeps = {
  secrets: SecretBox;
  /** False in production without APP_SECRET in the environment: keys would be sealed under a file's secret. */
  canStoreKeys: boolean;
  /** Where the providers are, for checking keys: always the server's configuration, never a request. */
  providers: TProviderSettings;
};

type TCreateBody = z.output<typeof ZCreateIntegrationBody>;
type TUpdateBody = z.output<typeof ZUpdateIntegrationBody>;

const platformName = (platform: string) =>
  INTEGRATION_PLATFORM_INFO[platform as TIntegrationPlatform]?.name ?? platform;

/** Whether the row's key (still) opens under this server's APP_SECRET. */
const canOpenKey = (row: TIntegrationRow, secrets: SecretBox) => secrets.open(row.apiKeySealed) !== null;

function getSyncStatus(row: TIntegrationRow, keyOpens: boolean): TIntegrationSyncStatus {
  if (!keyOpens) return "needs_key";
  // Marked by a sync while the key did not open, and readable again (APP_SECRET put back).
  if (row.syncStatus === "needs_key") return "active";
  return (INTEGRATION_SYNC_STATUSES as readonly string[]).includes(row.syncStatus)
    ? (row.syncStatus as TIntegrationSyncStatus)
    : "error";
}

/** The row as answers show it: the key masked, no secret. */
export function toIntegration(row: TIntegrationRow, secrets: SecretBox): TIntegration {
  const keyOpens = canOpenKey(row, secrets);
  return {
    id: row.id,
    platform: row.platform as TIntegrationPlatform,
    apiKey: maskKey(row.keyLast4),
    webhookUrl: row.webhookUrl,
    config: row.config,
    syncStatus: getSyncStatus(row, keyOpens),
    lastSync: row.lastSync?.toISOString() ?? null,
    lastError: keyOpens ? row.lastError : NEEDS_KEY_MESSAGE,
    isActive: row.isActive,
    pausedReason: row.pausedReason,
    counts: { seen: row.seen, added: row.added, updated: row.updated, skipped: row.skipped },
    createdAt: row.createdAt.toISOString(),
  };
}

export async function listIntegrations(ctx: TChurchCtx, secrets: SecretBox): Promise<TIntegration[]> {
  return (await findIntegrations(ctx)).map((row) => toIntegration(row, secrets));
}

/** A webhook signing secret (HMAC key), shown to the admin once. */
function createWebhookSecret(secrets: SecretBox) {
  const plain = `whsec_${createToken(32)}`;
  return { plain, sealed: secrets.seal(plain) };
}

function sealKey(key: string, secrets: SecretBox) {
  return { apiKeySealed: secrets.seal(key), keyLast4: getKeyLast4(key) };
}

function parseConfig(platform: TIntegrationPlatform, config: unknown): TIntegrationConfig {
  const parsed = ZIntegrationConfigs[platform].safeParse(config);
  if (parsed.success) return parsed.data as TIntegrationConfig;
  const issues = parsed.error.issues.map((i) => ({ path: ["config", ...i.path].join("."), message: i.message }));
  throw new AppError("BAD_REQUEST", issues[0].message, { errors: issues });
}

/** `POST /api/integrations`: one of each platform per church; the answer shows the webhook secret once. */
export async function createIntegration(
  ctx: TChurchCtx,
  body: TCreateBody,
  deps: TIntegrationDeps,
): Promise<TIntegrationWithSecret> {
  if (!deps.canStoreKeys) throw conflict(NEEDS_APP_SECRET);
  const alreadyConnected = () =>
    conflict(msg`${platformName(body.platform)} is already connected. Update or disconnect it instead.`);
  if ((await findIntegrations(ctx)).some((r) => r.platform === body.platform)) throw alreadyConnected();
  // What can be checked here first; the provider is asked last.
  assertKeyShape(body.platform, body.apiKey);
  const webhookUrl = body.webhookUrl ? await assertWebhookUrl(body.webhookUrl) : null;
  await verifyKey(body.platform, body.apiKey, body.config, deps.providers);
  const webhookSecret = createWebhookSecret(deps.secrets);
  const row = await ctx.db.transaction(async (db) => {
    const created = await createIntegrationRow(
      { ...ctx, db },
      {
        platform: body.platform,
        ...sealKey(body.apiKey, deps.secrets),
        webhookUrl,
        webhookSecretSealed: webhookSecret.sealed,
        config: body.config,
      },
    );
    if (created) {
      const after = { platform: body.platform, webhookUrl, config: body.config, apiKey: 1, webhookSecret: 1 };
      await recordAudit(db, ctx, {
        action: "integration.created",
        targetType: "integration",
        targetId: created.id,
        changes: auditChanges(null, after, { secret: ["apiKey", "webhookSecret"] }),
      });
    }
    return created;
  });
  // Another request connected the same platform in between.
  if (!row) throw alreadyConnected();
  return { ...toIntegration(row, deps.secrets), webhookSecret: webhookSecret.plain };
}

/**
 * `PATCH /api/integrations/{id}`. A new key clears a "re-enter the key" or error state; the answer
 * carries `webhookSecret` only when a new one was made (asked for, or the old one no longer opens).
 */
export async function updateIntegration(
  ctx: TChurchCtx,
  id: string,
  body: TUpdateBody,
  deps: TIntegrationDeps,
): Promise<TIntegration | TIntegrationWithSecret> {
  const row = await findIntegration(ctx, id);
  if (!row) throw notFound();
  const platform = row.platform as TIntegrationPlatform;
  const values: Parameters<typeof updateIntegrationRow>[2] = {};
  const config = body.config === undefined ? row.config : parseConfig(platform, body.config);
  if (body.config !== undefined) values.config = config;
  let webhookSecret: { plain: string; sealed: string } | undefined;
  if (body.apiKey !== undefined && !deps.canStoreKeys) throw conflict(NEEDS_APP_SECRET);
  if (body.apiKey !== undefined) assertKeyShape(platform, body.apiKey);
  if (body.webhookUrl !== undefined)
    values.webhookUrl = body.webhookUrl ? await assertWebhookUrl(body.webhookUrl) : null;
  if (body.apiKey !== undefined) {
    await verifyKey(platform, body.apiKey, config, deps.providers);
    Object.assign(values, sealKey(body.apiKey, deps.secrets));
    if (row.syncStatus !== "syncing") Object.assign(values, { syncStatus: "active", lastError: null });
    if (row.webhookSecretSealed && deps.secrets.open(row.webhookSecretSealed) === null)
      webhookSecret = createWebhookSecret(deps.secrets);
  } else if (
    platform === "mailchimp" &&
    typeof config.audienceId === "string" &&
    config.audienceId !== row.config.audienceId
  ) {
    // A new audience is checked with the stored key (when it still opens).
    const key = deps.secrets.open(row.apiKeySealed);
    if (key !== null) await verifyMailchimpAudience(key, config.audienceId, deps.providers);
  }
  // Another CCB site: its people and dates are not the old site's (ids could even repeat).
  const isOtherSite = platform === "church_community_builder" && config.subdomain !== row.config.subdomain;
  if (isOtherSite && row.syncStatus === "syncing")
    throw conflict("A sync is running: change the CCB subdomain once it has finished.");
  if (isOtherSite) values.cursor = null;
  // Turned on (resumed after a review) or off by hand: a pause's reason no longer applies.
  if (body.isActive !== undefined) Object.assign(values, { isActive: body.isActive, pausedReason: null });
  if (body.rotateWebhookSecret) webhookSecret = createWebhookSecret(deps.secrets);
  if (webhookSecret) values.webhookSecretSealed = webhookSecret.sealed;
  const updated = await ctx.db.transaction(async (db) => {
    if (isOtherSite) await deleteIntegrationPeople({ ...ctx, db }, id);
    const changed = await updateIntegrationRow({ ...ctx, db }, id, values);
    if (changed) await auditUpdate({ ...ctx, db }, row, changed, { newKey: body.apiKey !== undefined, webhookSecret });
    return changed;
  });
  if (!updated) throw notFound();
  const answer = toIntegration(updated, deps.secrets);
  return webhookSecret ? { ...answer, webhookSecret: webhookSecret.plain } : answer;
}

/**
 * The audit entries of an update: `integration.updated` for what anyone may read (URL, settings, on
 * or off), `integration.key_rotated` when the API key or the webhook secret changed, masked.
 */
async function auditUpdate(
  ctx: TChurchCtx,
  before: TIntegrationRow,
  after: TIntegrationRow,
  secrets: { newKey: boolean; webhookSecret?: unknown },
): Promise<void> {
  const fields = ["webhookUrl", "config", "isActive"] as const;
  const changes = auditChanges<Record<(typeof fields)[number], unknown>>(before, after, { fields: [...fields] });
  const target = { targetType: "integration", targetId: after.id } as const;
  if (Object.keys(changes).length > 0)
    await recordAudit(ctx.db, ctx, { action: "integration.updated", ...target, changes });
  const rotated = {
    ...(secrets.newKey ? { apiKey: [AUDIT_MASK, AUDIT_MASK] as [string, string] } : {}),
    ...(secrets.webhookSecret ? { webhookSecret: [AUDIT_MASK, AUDIT_MASK] as [string, string] } : {}),
  };
  if (Object.keys(rotated).length > 0)
    await recordAudit(ctx.db, ctx, { action: "integration.key_rotated", ...target, changes: rotated });
}

/** `DELETE /api/integrations/{id}` (disconnect): the key, secret and what syncs remembered go with it. */
export async function deleteIntegration(ctx: TChurchCtx, id: string): Promise<void> {
  await ctx.db.transaction(async (db) => {
    const tx = { ...ctx, db };
    const row = await findIntegration(tx, id);
    if (!row || !(await deleteIntegrationRow(tx, id))) throw notFound();
    await recordAudit(db, ctx, {
      action: "integration.deleted",
      targetType: "integration",
      targetId: id,
      changes: auditChanges({ platform: row.platform, webhookUrl: row.webhookUrl }, null),
    });
  });
}

/**
 * `POST /api/integrations/{id}/sync` ("Sync now"): marks it syncing and queues the sync, in one
 * transaction; the answer (202) is the integration, whose status the page follows. A second press
 * while one waits replaces the waiting job (keyed by the integration), so syncs never pile up.
 */
export async function startSync(ctx: TChurchCtx, id: string, secrets: SecretBox): Promise<TIntegration> {
  const row = await findIntegration(ctx, id);
  if (!row) throw notFound();
  if (!row.isActive) throw conflict("This integration is inactive: turn it on before syncing.");
  if (!canOpenKey(row, secrets)) throw conflict(NEEDS_KEY_MESSAGE);
  const updated = await ctx.db.transaction(async (tx) => {
    const marked = await updateIntegrationRow({ ...ctx, db: tx }, id, { syncStatus: "syncing", lastError: null });
    if (marked) await addJob(tx, SYNC_JOB, { integrationId: id }, { key: syncJobKey(id) });
    return marked;
  });
  if (!updated) throw notFound();
  return toIntegration(updated, secrets);
}
