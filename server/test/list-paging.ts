import type { Caller } from "./app";

/*
 * Issue 30's list tests share these: walk a list through its `Link: rel="next"` headers (what a page
 * read: explain-rows.ts).
 */

/** The URL of `Link: <url>; rel="next"`, or null. */
export function nextLink(headers: Record<string, unknown>): string | null {
  const link = String(headers.link ?? "");
  return /<([^>]+)>;\s*rel="next"/.exec(link)?.[1] ?? null;
}

/** Every page of `url`, following the next links; each page's items. */
export async function walkPages<T>(caller: Caller, url: string, maxPages = 1000): Promise<T[][]> {
  const pages: T[][] = [];
  let next: string | null = url;
  while (next) {
    const res = await caller.get(next);
    if (res.status !== 200) throw new Error(`${next}: ${res.status} ${JSON.stringify(res.body)}`);
    pages.push(res.body as T[]);
    next = nextLink(res.headers);
    if (pages.length > maxPages) throw new Error(`more than ${maxPages} pages: ${next}`);
  }
  return pages;
}
