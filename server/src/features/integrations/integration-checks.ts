import type { TIntegrationConfig, TIntegrationPlatform } from "@common/integrations";
import { AppError, badRequest } from "../../lib/errors";
import { isPublicHost, NOT_PUBLIC_HOST } from "../../lib/public-address";
import { checkCcbKey } from "./providers/ccb";
import { ProviderError, type TProviderSettings } from "./providers/http";
import { checkMailchimpAudience, checkMailchimpKey } from "./providers/mailchimp";
import { checkPlanningCenterKey } from "./providers/planning-center";

/** Refuses (400) a key whose shape cannot be right, before any provider is asked. */
export function assertKeyShape(platform: TIntegrationPlatform, key: string): void {
  const refuse = (why: string) => badRequest(why, "apiKey");
  if (/\s/.test(key)) throw refuse("The API key must not contain spaces.");
  if (platform === "mailchimp" && !/^[A-Za-z0-9]+-[a-z]{2,5}\d{1,3}$/.test(key))
    throw refuse("A Mailchimp API key ends with its data center, like -us21 (Account, Extras, API keys).");
  if (platform === "planning_center" && !/^[^:]+:[^:]+$/.test(key))
    throw refuse(
      "A Planning Center key is a personal access token's application id and secret, written as applicationId:secret.",
    );
  if (platform === "church_community_builder" && !/^[^:]+:.+$/.test(key))
    throw refuse("A Church Community Builder key is the API user's name and password, written as user:password.");
}

/**
 * Checks a key before it is stored: its shape, then the provider itself through the base address
 * in the server's configuration (never one from a request): Planning Center `GET
 * /people/v2/people?per_page=1`, Mailchimp `GET /3.0/ping` (and the audience, when one is set), CCB
 * `api.php?srv=individual_profiles`. A refusal answers 400 with the provider's reason; a provider
 * that cannot be reached answers 400 saying so. No message carries the key.
 */
export async function verifyKey(
  platform: TIntegrationPlatform,
  key: string,
  config: TIntegrationConfig,
  settings: TProviderSettings,
): Promise<void> {
  assertKeyShape(platform, key);
  try {
    if (platform === "planning_center") await checkPlanningCenterKey(key, settings);
    else if (platform === "church_community_builder") await checkCcbKey(key, settings, String(config.subdomain ?? ""));
    else {
      await checkMailchimpKey(key, settings);
      if (typeof config.audienceId === "string") await checkMailchimpAudience(key, settings, config.audienceId);
    }
  } catch (err) {
    throw toKeyCheckError(err);
  }
}

/** The Mailchimp audience a settings change names exists, checked with the stored key. */
export async function verifyMailchimpAudience(key: string, audienceId: string, settings: TProviderSettings) {
  try {
    await checkMailchimpAudience(key, settings, audienceId);
  } catch (err) {
    throw toKeyCheckError(err);
  }
}

function toKeyCheckError(err: unknown): unknown {
  if (!(err instanceof ProviderError)) return err;
  // The provider's sentence as a `Text`: the answer is in the admin's language.
  if (err.kind === "refused") return badRequest(err.text, "apiKey");
  if (err.kind === "not_found") return badRequest(err.text, "config.audienceId");
  return new AppError("BAD_REQUEST", err.text);
}

/** Short keys show nothing: four characters of a short password would give too much away. */
const SHOW_LAST4_FROM = 16;

export function getKeyLast4(key: string): string {
  return key.length >= SHOW_LAST4_FROM ? key.slice(-4) : "";
}

export function maskKey(last4: string): string {
  return `••••${last4}`;
}

/**
 * Refuses (400) a webhook URL the server must not post to, with why: anything but an https URL on the
 * standard port whose host resolves to public addresses only (web push endpoints get the same check,
 * push-send.ts). Checked again when sending, by a lookup that refuses other addresses (DNS rebinding).
 */
export async function assertWebhookUrl(raw: string): Promise<string> {
  // Each refusal is one whole sentence, so that it reads naturally in every language (errors.json).
  const refuse = (sentence: string) => badRequest(sentence, "webhookUrl");
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw refuse("This webhook URL cannot be used: enter a full address such as https://example.org/hooks/fellowship.");
  }
  if (url.protocol !== "https:") throw refuse("This webhook URL cannot be used: it must be an https address.");
  if (url.port !== "") throw refuse("This webhook URL cannot be used: it must use the standard https port.");
  if (url.username || url.password)
    throw refuse("This webhook URL cannot be used: it must not carry a user name or password.");
  if (!(await isPublicHost(url.hostname))) throw refuse(`This webhook URL cannot be used: ${NOT_PUBLIC_HOST}.`);
  return url.href;
}
