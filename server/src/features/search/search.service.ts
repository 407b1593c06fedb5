import { DEFAULT_LANGUAGE, type TLanguage } from "@common/i18n/locales";
import type searchWordsEn from "@common/locales/en/search.json";
import { isAdminRole } from "@common/roles";
import {
  SEARCH_LIMIT_PER_TYPE,
  SEARCH_MIN_LENGTH,
  SEARCH_PAGES,
  searchWords,
  type TSearchResult,
} from "@common/search-helpers";
import type { TChurchCtx } from "../../lib/context";
import { serverCatalog } from "../../lib/i18n";
import {
  findEventMatches,
  findGroupMatches,
  findKudosMatches,
  findPrayerMatches,
  findSermonMatches,
} from "./search.repo";

type TScored = TSearchResult & { score: number };

const searchCatalog = serverCatalog<typeof searchWordsEn>("search");

const SNIPPET_LENGTH = 140;

/** Whether `text` has a word starting with `word` (the way the tsquery's prefix matches). */
function wordIndex(text: string, word: string): number {
  const lower = text.toLowerCase();
  let at = lower.indexOf(word);
  while (at > 0 && /[\p{L}\p{N}]/u.test(lower[at - 1])) at = lower.indexOf(word, at + 1);
  return at;
}

/**
 * A plain-text excerpt of `text` around the first word searched for (or its start when none is in
 * it), cut at spaces, with an ellipsis where it was cut. Plain text: the client marks the words.
 */
export function excerpt(text: string | null | undefined, words: string[], length = SNIPPET_LENGTH): string {
  const flat = (text ?? "").replace(/\s+/g, " ").trim();
  if (flat.length <= length) return flat;
  const hits = words.map((w) => wordIndex(flat, w)).filter((i) => i >= 0);
  const hit = hits.length > 0 ? Math.min(...hits) : 0;
  let start = Math.max(0, hit - 40);
  if (start > 0) start = flat.indexOf(" ", start) + 1 || start;
  let end = Math.min(flat.length, start + length);
  if (end < flat.length) end = flat.lastIndexOf(" ", end) > start ? flat.lastIndexOf(" ", end) : end;
  return `${start > 0 ? "…" : ""}${flat.slice(start, end)}${end < flat.length ? "…" : ""}`;
}

/** Whether any of the words is in `text` (to decide whether the body is worth a snippet). */
const mentions = (text: string | null | undefined, words: string[]) =>
  !!text && words.some((w) => wordIndex(text, w) >= 0);

const joined = (...parts: (string | null | undefined)[]) => parts.filter(Boolean).join(" · ");

function formatDay(date: string): string {
  return new Intl.DateTimeFormat("en-US", { dateStyle: "medium", timeZone: "UTC" }).format(new Date(`${date}T00:00Z`));
}

function formatWhen(at: Date, timeZone: string): string {
  return new Intl.DateTimeFormat("en-US", { dateStyle: "medium", timeStyle: "short", timeZone }).format(at);
}

/**
 * The app's screens whose name (in English or in the caller's language: `page.<id>` of the search
 * catalogue, the sidebar's names) or another word for them has a word starting with each word
 * searched for; a name match above another word's. Admin screens for admins only. A page's title
 * and snippet are in the caller's language.
 */
export function findPages(
  ctx: Pick<TChurchCtx, "role">,
  words: string[],
  language: TLanguage = DEFAULT_LANGUAGE,
): TScored[] {
  const isAdmin = isAdminRole(ctx.role);
  const t = searchCatalog(language);
  const found: TScored[] = [];
  for (const page of SEARCH_PAGES) {
    if (page.isAdmin && !isAdmin) continue;
    const title = t(`page.${page.id}` as keyof typeof searchWordsEn);
    const names = `${page.title} ${title}`;
    const inTitle = words.every((w) => wordIndex(names, w) >= 0);
    const inAny = words.every((w) => wordIndex(`${names} ${page.words}`, w) >= 0);
    if (!inAny) continue;
    const snippet = t(page.isAdmin ? "snippet.admin" : "snippet.page");
    found.push({ type: "page", id: page.id, title, snippet, url: page.url, score: inTitle ? 1 : 0.5 });
  }
  return found.sort((a, b) => b.score - a.score).slice(0, SEARCH_LIMIT_PER_TYPE);
}

/**
 * `GET /api/search?q=`: what the caller may see in their church that matches the words (pages,
 * sermons, events, prayer requests, kudos, groups), at most
 * five of each type, each type's best first; the types ordered by their best match.
 */
export async function search(
  ctx: TChurchCtx,
  q: string,
  language: TLanguage = DEFAULT_LANGUAGE,
): Promise<{ results: TSearchResult[] }> {
  const words = searchWords(q);
  if (q.trim().length < SEARCH_MIN_LENGTH || words.length === 0) return { results: [] };

  const [sermons, events, prayers, kudos, groups] = await Promise.all([
    findSermonMatches(ctx, words),
    findEventMatches(ctx, words),
    findPrayerMatches(ctx, words),
    findKudosMatches(ctx, words),
    findGroupMatches(ctx, words),
  ]);

  const byType: TScored[][] = [
    findPages(ctx, words, language),
    sermons.map((s) => {
      const body = [s.description, s.notes].find((t) => mentions(t, words));
      const about = joined(s.speaker, s.scripture, s.series, formatDay(s.date));
      return {
        type: "sermon" as const,
        id: s.id,
        title: s.title,
        snippet: body ? `${about} — ${excerpt(body, words, 100)}` : about,
        url: `/sermons/${s.id}`,
        score: s.score,
      };
    }),
    events.map((e) => {
      const about = joined(formatWhen(e.startTime, ctx.timeZone), e.location);
      const body = mentions(e.description, words) ? excerpt(e.description, words, 100) : "";
      return {
        type: "event" as const,
        id: e.id,
        title: e.title,
        snippet: body ? `${about} — ${body}` : about,
        url: `/events/${e.id}`,
        score: e.score,
      };
    }),
    prayers.map((p) => ({
      type: "prayer" as const,
      id: p.id,
      title: p.title,
      snippet: excerpt(p.description, words),
      url: `/prayer-requests#prayer-${p.id}`,
      score: p.score,
    })),
    kudos.map((k) => ({
      type: "kudos" as const,
      id: k.id,
      title: k.title,
      snippet: excerpt(k.message, words),
      url: `/kudos#kudos-${k.id}`,
      score: k.score,
    })),
    // Only what members wrote (its place, its description): no words of ours to translate.
    groups.map((g) => ({
      type: "group" as const,
      id: g.id,
      title: g.name,
      snippet: joined(g.location, excerpt(g.description, words, 100)),
      url: `/groups/${g.id}`,
      score: g.score,
    })),
  ];

  const best = (g: TScored[]) => g[0]?.score ?? 0;
  const results = byType
    .filter((g) => g.length > 0)
    .sort((a, b) => best(b) - best(a))
    .flat()
    .map(({ score: _score, ...r }) => r);
  return { results };
}
