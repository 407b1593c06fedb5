import { apiGet } from "./api-client";

/*
 * Issue 30: a list the server answers in pages keeps its JSON array, and says where the next page
 * is in an RFC 8288 header, `Link: </api/...?after=...>; rel="next"`.
 */

/** The next page's path from the answer's `Link` header, or null on the last page. */
export function nextPageLink(res: Response): string | null {
  const link = res.headers.get("link") ?? "";
  return /<([^>]+)>;\s*rel="next"/.exec(link)?.[1] ?? null;
}

/** One page of a paged list: its rows, and the next page's path (null on the last). */
export type TListPage<T> = { items: T[]; next: string | null };

export async function fetchListPage<T>(path: string, signal?: AbortSignal): Promise<TListPage<T>> {
  const res = await apiGet(path, signal);
  return { items: (await res.json()) as T[], next: nextPageLink(res) };
}

/**
 * Every page of a list, for a picker that must offer all of it (the group and moderator pickers
 * choose among every member); `maxPages` bounds a runaway link.
 */
export async function fetchAllPages<T>(path: string, signal?: AbortSignal, maxPages = 200): Promise<T[]> {
  const all: T[] = [];
  let next: string | null = path;
  for (let n = 0; next && n < maxPages; n++) {
    const page: TListPage<T> = await fetchListPage<T>(next, signal);
    all.push(...page.items);
    next = page.next;
  }
  return all;
}
