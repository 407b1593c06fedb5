import type { TIntegrationConfig, TIntegrationPlatform } from "@common/integrations";
import { badRequest } from "../../lib/errors";
import { checkPublicHost } from "../../lib/public-address";

/**
 * Checks a key before it is stored, and answers 400 with the reason when it will not do. For now
 * only its shape; the provider slice makes this ask the provider itself (Planning Center
 * `GET /people/v2/people`, Mailchimp `GET /3.0/ping`, CCB `api.php?srv=...`) through the base address
 * in the server's configuration, and passes the provider's refusal on in the message.
 */
export async function verifyKey(
  platform: TIntegrationPlatform,
  key: string,
  _config: TIntegrationConfig,
): Promise<void> {
  const refuse = (why: string) => badRequest(why, "apiKey");
  if (/\s/.test(key)) throw refuse("The API key must not contain spaces.");
  if (platform === "mailchimp" && !/^[A-Za-z0-9]+-[a-z]{2,5}\d{1,3}$/.test(key))
    throw refuse("A Mailchimp API key ends with its data centre, like -us21 (Account, Extras, API keys).");
  if (platform === "planning_center" && !/^[^:]+:[^:]+$/.test(key))
    throw refuse(
      "A Planning Center key is a personal access token's application id and secret, written as applicationId:secret.",
    );
  if (platform === "church_community_builder" && !/^[^:]+:.+$/.test(key))
    throw refuse("A Church Community Builder key is the API user's name and password, written as user:password.");
}

/** The data centre a Mailchimp key names (`…-us21` → `us21`), for the provider slice's base address. */
export function getMailchimpDataCentre(key: string): string | undefined {
  return /-([a-z]{2,5}\d{1,3})$/.exec(key)?.[1];
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
  const refuse = (why: string) => badRequest(`This webhook URL cannot be used: ${why}.`, "webhookUrl");
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw refuse("enter a full address such as https://example.org/hooks/fellowship");
  }
  if (url.protocol !== "https:") throw refuse("it must be an https address");
  if (url.port !== "") throw refuse("it must use the standard https port");
  if (url.username || url.password) throw refuse("it must not carry a user name or password");
  const host = await checkPublicHost(url.hostname);
  if (!host.ok)
    throw refuse(host.reason === "unresolved" ? "its host does not resolve" : "it is not a public internet address");
  return url.href;
}
