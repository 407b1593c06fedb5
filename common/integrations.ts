import { z } from "zod";

/** Spec 2 §9: the platforms a church can connect, one of each. */
export const INTEGRATION_PLATFORMS = ["planning_center", "church_community_builder", "mailchimp"] as const;
export type TIntegrationPlatform = (typeof INTEGRATION_PLATFORMS)[number];

/** What the Integrations page shows for each platform (name, and the features of its card and list row). */
export const INTEGRATION_PLATFORM_INFO: Record<TIntegrationPlatform, { name: string; features: string[] }> = {
  planning_center: { name: "Planning Center", features: ["People import", "Name updates"] },
  church_community_builder: { name: "Church Community Builder", features: ["People import", "Name updates"] },
  mailchimp: { name: "Mailchimp", features: ["Audience sync"] },
};

/** Spec 2 §4; `needs_key`: the stored key no longer opens under the server's APP_SECRET (re-enter it). */
export const INTEGRATION_SYNC_STATUSES = ["active", "syncing", "error", "needs_key"] as const;
export type TIntegrationSyncStatus = (typeof INTEGRATION_SYNC_STATUSES)[number];

/** Spec 2 §5 and §8 (the "Platform Required" toast's text). */
export const PLATFORM_REQUIRED = "Please select a platform to integrate with.";
export const API_KEY_MAX = 500;
export const WEBHOOK_URL_MAX = 2000;

export const ZIntegrationPlatform = z.enum(INTEGRATION_PLATFORMS, {
  error: (iss) =>
    iss.input === undefined || iss.input === null || iss.input === ""
      ? PLATFORM_REQUIRED
      : "Unknown platform: choose Planning Center, Church Community Builder or Mailchimp.",
});

const ZApiKey = z
  .string({ error: "Please enter the API key." })
  .trim()
  .min(1, "Please enter the API key.")
  .max(API_KEY_MAX, `The API key is too long (at most ${API_KEY_MAX} characters).`);

/** Empty means none; whether the server may send to it (https, public addresses) is checked on the server. */
const ZWebhookUrl = z
  .string({ error: "The webhook URL must be text." })
  .trim()
  .max(WEBHOOK_URL_MAX, `The webhook URL is too long (at most ${WEBHOOK_URL_MAX} characters).`)
  .nullish()
  .transform((s) => s || null);

/**
 * Each platform's settings: small, strict, never a secret. Planning Center needs none; CCB the
 * church's subdomain (`{subdomain}.ccbchurch.com`); Mailchimp the audience to fill, chosen later if not yet.
 */
export const ZIntegrationConfigs = {
  planning_center: z.strictObject({}),
  church_community_builder: z.strictObject({
    subdomain: z
      .string({ error: "Please enter your church's CCB subdomain (the part before .ccbchurch.com)." })
      .trim()
      .toLowerCase()
      .regex(
        /^[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?$/,
        "The CCB subdomain is the part before .ccbchurch.com: letters, digits and dashes.",
      ),
  }),
  mailchimp: z.strictObject({
    audienceId: z
      .string({ error: "The Mailchimp audience id must be text." })
      .trim()
      .regex(/^[A-Za-z0-9]{1,32}$/, "The Mailchimp audience id is letters and digits (Audience settings, Audience ID).")
      .optional(),
  }),
} satisfies Record<TIntegrationPlatform, z.ZodType>;
export type TIntegrationConfig = Record<string, unknown>;

const ZConfigInput = z
  .record(z.string(), z.unknown(), { error: "config must be an object." })
  .nullish()
  .transform((c) => c ?? {});

/** `POST /api/integrations` (spec 2 §7). */
export const ZCreateIntegrationBody = z
  .object({ platform: ZIntegrationPlatform, apiKey: ZApiKey, webhookUrl: ZWebhookUrl, config: ZConfigInput })
  .transform((body, ctx) => {
    const config = ZIntegrationConfigs[body.platform].safeParse(body.config);
    if (config.success) return { ...body, config: config.data as TIntegrationConfig };
    for (const issue of config.error.issues)
      ctx.addIssue({ code: "custom", message: issue.message, path: ["config", ...issue.path] });
    return z.NEVER;
  });
export type TCreateIntegrationBody = z.input<typeof ZCreateIntegrationBody>;

/** `PATCH /api/integrations/{id}`: any of these; `config` is checked against the integration's platform. */
export const ZUpdateIntegrationBody = z
  .strictObject({
    isActive: z.boolean({ error: "isActive must be true or false." }).optional(),
    apiKey: ZApiKey.optional(),
    webhookUrl: ZWebhookUrl.optional(),
    config: z.record(z.string(), z.unknown(), { error: "config must be an object." }).optional(),
    /** A new webhook signing secret, shown once in the answer. */
    rotateWebhookSecret: z.literal(true, { error: "rotateWebhookSecret can only be true." }).optional(),
  })
  .refine((b) => Object.values(b).some((v) => v !== undefined), "Nothing to change.");
export type TUpdateIntegrationBody = z.input<typeof ZUpdateIntegrationBody>;

/** An integration as every answer shows it: the key masked (at most its last 4 characters), never a secret. */
export const ZIntegration = z.object({
  id: z.string(),
  platform: ZIntegrationPlatform,
  /** "••••abcd": never the key. */
  apiKey: z.string(),
  webhookUrl: z.string().nullable(),
  config: z.record(z.string(), z.unknown()),
  syncStatus: z.enum(INTEGRATION_SYNC_STATUSES),
  lastSync: z.string().nullable(),
  lastError: z.string().nullable(),
  isActive: z.boolean(),
  /**
   * Why it is off when the app turned it off (the admin who connected it was removed or demoted):
   * the admins review it and turn it back on. Optional in the type only for older fixtures.
   */
  pausedReason: z.string().nullable().optional(),
  /** The last (or running) sync's figures. */
  counts: z.object({ seen: z.number(), added: z.number(), updated: z.number(), skipped: z.number() }),
  createdAt: z.string(),
});
export type TIntegration = z.infer<typeof ZIntegration>;

/** Creating (201), or a PATCH that made a new webhook secret: the secret, shown this once only. */
export const ZIntegrationWithSecret = ZIntegration.extend({ webhookSecret: z.string() });
export type TIntegrationWithSecret = z.infer<typeof ZIntegrationWithSecret>;
