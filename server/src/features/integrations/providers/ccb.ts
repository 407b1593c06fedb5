import { XMLParser } from "fast-xml-parser";
import { msg } from "../../../lib/i18n";
import {
  bare,
  fillBase,
  keySecrets,
  ProviderError,
  requestProvider,
  scrub,
  type TProviderAnswer,
  type TProviderSettings,
  unexpectedStatus,
} from "./http";
import type { TPeoplePage, TPeoplePosition, TPeopleSource } from "./people";

/**
 * Church Community Builder (Pushpay ChMS) API: `https://{subdomain}.ccbchurch.com/api.php?srv=...`,
 * the API user's name and password as HTTP Basic, XML answers (`<ccb_api><response>...`), paged
 * with `page` and `per_page`, `modified_since` (a date) for later syncs.
 */
const NAME = "Church Community Builder";
const SUBDOMAIN = /^[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?$/;
export const CCB_PAGE_SIZE = 100;

const parser = new XMLParser({
  ignoreAttributes: false,
  attributeNamePrefix: "@_",
  // Ids, names and e-mails stay text ("007" is not 7).
  parseTagValue: false,
  parseAttributeValue: false,
  trimValues: true,
  isArray: (name) => name === "individual" || name === "error",
});

type TXmlText = string | { "#text"?: string } | undefined;
const text = (v: TXmlText): string | null => {
  const s = typeof v === "string" ? v : typeof v === "object" && v ? v["#text"] : undefined;
  return s?.trim() || null;
};

type TXmlAnswer = {
  ccb_api?: {
    response?: {
      errors?: { error?: TXmlText[] };
      individuals?: {
        individual?: { "@_id"?: string; first_name?: TXmlText; last_name?: TXmlText; email?: TXmlText }[];
      };
    };
  };
};

function parse(answer: TProviderAnswer): TXmlAnswer | undefined {
  try {
    const doc = parser.parse(answer.text) as TXmlAnswer;
    return typeof doc === "object" && doc ? doc : undefined;
  } catch {
    return undefined;
  }
}

/** The first `<error>` of an answer, scrubbed of the key. */
function errorText(doc: TXmlAnswer | undefined, secrets: string[]): string {
  const first = doc?.ccb_api?.response?.errors?.error?.[0];
  return first ? scrub(text(first) ?? "", secrets) : "";
}

// CCB answers some refusals with HTTP 200 and an <error> in the body.
const AUTH_WORDS = /password|user ?name|credential|authori[sz]|authentic|permission|not allowed/i;

function toError(answer: TProviderAnswer, doc: TXmlAnswer | undefined, secrets: string[]): ProviderError {
  const reason = errorText(doc, secrets);
  if (answer.status === 401 || answer.status === 403 || (answer.status === 200 && AUTH_WORDS.test(reason)))
    return new ProviderError(
      "refused",
      reason ? msg`${NAME} refused the API user: ${bare(reason)}.` : msg`${NAME} refused the API user.`,
      answer.status,
    );
  if (answer.status === 200) return new ProviderError("failed", msg`${NAME} answered with an error: ${bare(reason)}.`);
  return unexpectedStatus(NAME, answer, reason);
}

async function getProfiles(key: string, settings: TProviderSettings, subdomain: string, query: string) {
  const base = fillBase(settings.urls.ccb, "subdomain", subdomain, SUBDOMAIN);
  const secrets = keySecrets(key);
  const answer = await requestProvider(
    {
      provider: NAME,
      url: `${base}/api.php?srv=individual_profiles&${query}`,
      basic: key,
      accept: "application/xml, text/xml",
      secrets,
    },
    settings,
  );
  const doc = parse(answer);
  if (answer.status !== 200 || doc?.ccb_api?.response?.errors) throw toError(answer, doc, secrets);
  const response = doc?.ccb_api?.response;
  if (!response || typeof response !== "object")
    throw new ProviderError("failed", msg`${NAME}'s list of people was not in the expected form.`);
  // `<individuals count="0"/>` parses to an object without `individual`, `<individuals/>` to "".
  const individuals = response.individuals;
  return typeof individuals === "object" && individuals ? (individuals.individual ?? []) : [];
}

/** Asks for one profile: an answer without errors means the API user may read individuals. */
export async function checkCcbKey(key: string, settings: TProviderSettings, subdomain: string): Promise<void> {
  await getProfiles(key, settings, subdomain, "page=1&per_page=1");
}

/** One page of individual profiles; with `modifiedSince` (YYYY-MM-DD), only those changed since. */
export async function fetchCcbPeople(
  key: string,
  settings: TProviderSettings,
  subdomain: string,
  position: TPeoplePosition,
): Promise<TPeoplePage> {
  const page = position.page ?? 1;
  const since = position.modifiedSince ? `&modified_since=${encodeURIComponent(position.modifiedSince)}` : "";
  const rows = await getProfiles(key, settings, subdomain, `page=${page}&per_page=${CCB_PAGE_SIZE}${since}`);
  const people = rows.flatMap((r) => {
    const id = r["@_id"]?.trim();
    if (!id) return [];
    return [{ externalId: id, email: text(r.email), firstName: text(r.first_name), lastName: text(r.last_name) }];
  });
  return { people, next: rows.length >= CCB_PAGE_SIZE ? { ...position, page: page + 1 } : null };
}

/** CCB's individuals a page at a time: everyone the first time, then those modified since the last sync began. */
export function ccbSource(
  key: string,
  settings: TProviderSettings,
  subdomain: string,
  modifiedSince: string | null,
): TPeopleSource {
  return {
    firstPosition: { page: 1, modifiedSince },
    fetchPage: (position) => fetchCcbPeople(key, settings, subdomain, position),
  };
}
