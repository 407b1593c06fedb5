import { createHash } from "node:crypto";
import { msg } from "../../../lib/i18n";
import {
  bare,
  fillBase,
  ProviderError,
  parseJson,
  requestProvider,
  scrub,
  type TProviderAnswer,
  type TProviderSettings,
  unexpectedStatus,
} from "./http";

/**
 * Mailchimp Marketing API (https://mailchimp.com/developer/marketing/api/): the key with its data
 * centre (`…-us21`) as HTTP Basic password, on `https://{dc}.api.mailchimp.com/3.0`; errors are
 * problem+json (`title`, `detail`).
 */
const NAME = "Mailchimp";
const DATA_CENTRE = /^[a-z]{2,5}\d{1,3}$/;
const AUDIENCE_ID = /^[A-Za-z0-9]{1,32}$/;

/** Mailchimp's id of a list member: the MD5 of the lower-cased address. */
export function getSubscriberHash(email: string): string {
  return createHash("md5").update(email.toLowerCase()).digest("hex");
}

/** The data centre a Mailchimp key names (`…-us21` → `us21`). */
export function getMailchimpDataCentre(key: string): string | undefined {
  return /-([a-z]{2,5}\d{1,3})$/.exec(key)?.[1];
}

type TCall = { key: string; settings: TProviderSettings };

function base({ key, settings }: TCall): string {
  return `${fillBase(settings.urls.mailchimp, "dc", getMailchimpDataCentre(key), DATA_CENTRE)}/3.0`;
}

function call(c: TCall, path: string, json?: unknown) {
  return requestProvider(
    {
      provider: NAME,
      url: `${base(c)}${path}`,
      method: json === undefined ? "GET" : "PUT",
      // Mailchimp takes any user name; the key is the password.
      basic: `fellowship:${c.key}`,
      json,
      accept: "application/json",
      secrets: [c.key],
    },
    c.settings,
  );
}

function reasonOf(answer: TProviderAnswer, key: string): string {
  const body = parseJson(answer) as { detail?: unknown; title?: unknown } | undefined;
  const raw = typeof body?.detail === "string" && body.detail ? body.detail : body?.title;
  return typeof raw === "string" ? scrub(raw, [key]) : "";
}

function toError(answer: TProviderAnswer, key: string): ProviderError {
  const reason = reasonOf(answer, key);
  if (answer.status === 401 || answer.status === 403)
    return new ProviderError(
      "refused",
      reason ? msg`${NAME} refused the key: ${bare(reason)}.` : msg`${NAME} refused the key.`,
      answer.status,
    );
  return unexpectedStatus(NAME, answer, reason);
}

const noAudience = (audienceId: string) =>
  new ProviderError(
    "not_found",
    msg`${NAME} has no audience with the ID ${audienceId}: check the Audience ID (Audience, Settings, Audience name and defaults).`,
    404,
  );

/** `GET /3.0/ping`: 200 means the key opens the account. */
export async function checkMailchimpKey(key: string, settings: TProviderSettings): Promise<void> {
  const answer = await call({ key, settings }, "/ping");
  if (answer.status !== 200) throw toError(answer, key);
}

/** `GET /3.0/lists/{id}`: the audience exists in this account. */
export async function checkMailchimpAudience(key: string, settings: TProviderSettings, audienceId: string) {
  if (!AUDIENCE_ID.test(audienceId)) throw noAudience(audienceId);
  const answer = await call({ key, settings }, `/lists/${audienceId}?fields=id,name`);
  if (answer.status === 404) throw noAudience(audienceId);
  if (answer.status !== 200) throw toError(answer, key);
}

export type TMailchimpMember = { email: string; firstName: string | null; lastName: string | null };

/**
 * Adds or updates one member: `PUT /lists/{id}/members/{hash}` with `status_if_new: "subscribed"`
 * and no `status`, so an existing member's status (unsubscribed, cleaned) is never changed. A 400
 * about this one person (an address Mailchimp will not take, one it was asked to forget) answers its
 * reason; a refused key or a missing audience ends the sync.
 */
export async function putMailchimpMember(
  key: string,
  settings: TProviderSettings,
  audienceId: string,
  member: TMailchimpMember,
): Promise<{ ok: true } | { ok: false; reason: string }> {
  if (!AUDIENCE_ID.test(audienceId)) throw noAudience(audienceId);
  const mergeFields: Record<string, string> = {};
  if (member.firstName) mergeFields.FNAME = member.firstName;
  if (member.lastName) mergeFields.LNAME = member.lastName;
  const answer = await call({ key, settings }, `/lists/${audienceId}/members/${getSubscriberHash(member.email)}`, {
    email_address: member.email,
    status_if_new: "subscribed",
    ...(Object.keys(mergeFields).length > 0 ? { merge_fields: mergeFields } : {}),
  });
  if (answer.status === 200) return { ok: true };
  if (answer.status === 400) return { ok: false, reason: reasonOf(answer, key) || "refused by Mailchimp" };
  if (answer.status === 404) throw noAudience(audienceId);
  throw toError(answer, key);
}
