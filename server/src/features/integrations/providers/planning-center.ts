import { z } from "zod";
import { msg } from "../../../lib/i18n";
import {
  bare,
  keySecrets,
  ProviderError,
  parseJson,
  requestProvider,
  scrub,
  type TProviderAnswer,
  type TProviderSettings,
  unexpectedStatus,
} from "./http";
import type { TPeoplePage, TPeopleSource, TProviderPerson } from "./people";

/**
 * Planning Center People (https://developer.planning.center/docs/#/apps/people): a personal access
 * token's application id and secret as HTTP Basic, JSON:API answers, `per_page` up to 100 and
 * `offset` paging with `links.next`.
 */
const NAME = "Planning Center";
export const PLANNING_CENTER_PAGE_SIZE = 100;

const ZPage = z.object({
  data: z.array(
    z.object({
      id: z.union([z.string(), z.number()]).transform(String),
      attributes: z
        .looseObject({ first_name: z.string().nullish(), last_name: z.string().nullish() })
        .optional()
        .default({}),
      relationships: z
        .looseObject({
          emails: z
            .looseObject({ data: z.array(z.looseObject({ id: z.union([z.string(), z.number()]).transform(String) })) })
            .optional(),
        })
        .optional(),
    }),
  ),
  included: z
    .array(
      z.looseObject({
        type: z.string(),
        id: z.union([z.string(), z.number()]).transform(String),
        attributes: z.looseObject({ address: z.string().nullish(), primary: z.boolean().nullish() }).optional(),
      }),
    )
    .optional(),
  links: z.looseObject({ next: z.string().nullish() }).optional(),
  meta: z.looseObject({ next: z.looseObject({ offset: z.number().int() }).optional() }).optional(),
});

/** A refusal's reason: JSON:API `errors[0].detail` (or its title). */
function toError(answer: TProviderAnswer, secrets: string[]): ProviderError {
  const body = parseJson(answer) as { errors?: { detail?: unknown; title?: unknown }[] } | undefined;
  const first = Array.isArray(body?.errors) ? body.errors[0] : undefined;
  const raw = typeof first?.detail === "string" && first.detail ? first.detail : first?.title;
  const reason = typeof raw === "string" ? scrub(raw, secrets) : "";
  if (answer.status === 401 || answer.status === 403)
    return new ProviderError(
      "refused",
      reason ? msg`${NAME} refused the key: ${bare(reason)}.` : msg`${NAME} refused the key.`,
      answer.status,
    );
  return unexpectedStatus(NAME, answer, reason);
}

function get(key: string, settings: TProviderSettings, query: string) {
  return requestProvider(
    {
      provider: NAME,
      url: `${settings.urls.planningCenter}/people/v2/people?${query}`,
      basic: key,
      accept: "application/json",
      secrets: keySecrets(key),
    },
    settings,
  );
}

/** Asks for one person: 200 means the token opens the People API. */
export async function checkPlanningCenterKey(key: string, settings: TProviderSettings): Promise<void> {
  const answer = await get(key, settings, "per_page=1");
  if (answer.status !== 200) throw toError(answer, keySecrets(key));
}

/** The page of people at `offset`, with each one's primary e-mail (or first, when none is primary). */
export async function fetchPlanningCenterPeople(
  key: string,
  settings: TProviderSettings,
  offset: number,
): Promise<TPeoplePage> {
  const answer = await get(key, settings, `include=emails&per_page=${PLANNING_CENTER_PAGE_SIZE}&offset=${offset}`);
  if (answer.status !== 200) throw toError(answer, keySecrets(key));
  const parsed = ZPage.safeParse(parseJson(answer));
  if (!parsed.success) throw new ProviderError("failed", msg`${NAME}'s list of people was not in the expected form.`);
  const page = parsed.data;
  const emails = new Map<string, { address: string; primary: boolean }>();
  for (const item of page.included ?? [])
    if (item.type === "Email" && item.attributes?.address)
      emails.set(item.id, { address: item.attributes.address, primary: item.attributes.primary === true });
  const people: TProviderPerson[] = page.data.map((p) => {
    const own = (p.relationships?.emails?.data ?? []).flatMap((ref) => emails.get(ref.id) ?? []);
    const email = own.find((e) => e.primary) ?? own[0];
    return {
      externalId: p.id,
      email: email?.address ?? null,
      firstName: p.attributes.first_name ?? null,
      lastName: p.attributes.last_name ?? null,
    };
  });
  // The next page's offset from `links.next` (its address is not followed: it would carry the key
  // wherever it pointed), else from `meta.next`; it must move forward, or paging would never end.
  let next: number | undefined;
  if (page.links?.next) next = offsetOf(page.links.next);
  else next = page.meta?.next?.offset;
  const hasNext = next !== undefined && next > offset && people.length > 0;
  return { people, next: hasNext ? { offset: next } : null };
}

function offsetOf(link: string): number | undefined {
  try {
    const offset = Number(new URL(link, "http://planning-center.invalid").searchParams.get("offset"));
    return Number.isInteger(offset) ? offset : undefined;
  } catch {
    return undefined;
  }
}

/** Planning Center's people, a page at a time, from the start. */
export function planningCenterSource(key: string, settings: TProviderSettings): TPeopleSource {
  return {
    firstPosition: { offset: 0 },
    fetchPage: (position) => fetchPlanningCenterPeople(key, settings, position.offset ?? 0),
  };
}
