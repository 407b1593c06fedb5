import type { FastifyInstance } from "fastify";
import { expect } from "vitest";
import { Caller } from "./app";
import { addMember, type TTestChurch } from "./factories";

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

/** An admin's later page (`link`): a congregant and a group leader of the church get 403, the signed-out 401. */
export async function expectAdminsOnly(app: FastifyInstance, church: TTestChurch, link: string) {
  for (const role of ["CONGREGANT", "GROUP_LEADER"] as const) {
    const m = await addMember(app, church, role);
    expect((await m.get(link)).status, role).toBe(403);
  }
  expect((await new Caller(app).get(link)).status).toBe(401);
}

/** Each `?query` of `path` answers 400 with its message. */
export async function expectBadQueries(caller: Caller, path: string, cases: [query: string, message: string][]) {
  for (const [query, message] of cases) {
    const res = await caller.get(`${path}?${query}`);
    expect(res.status, query).toBe(400);
    expect(JSON.stringify(res.body), query).toContain(message);
  }
}
