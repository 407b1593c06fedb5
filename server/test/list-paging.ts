import type { Caller, TTestApp } from "./app";

/*
 * Issue 30's list tests share these: walk a list through its `Link: rel="next"` headers, and read
 * EXPLAIN (ANALYZE) of a page to count the rows it touched.
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

type TPlanNode = {
  "Node Type": string;
  "Relation Name"?: string;
  "Actual Rows": number;
  "Actual Loops": number;
  "Rows Removed by Filter"?: number;
  "Rows Removed by Index Recheck"?: number;
  Plans?: TPlanNode[];
};

function* nodes(n: TPlanNode): Generator<TPlanNode> {
  yield n;
  for (const child of n.Plans ?? []) yield* nodes(child);
}

/** EXPLAIN (ANALYZE) of a statement: the rows of `relation` it read (kept or filtered out) and its sequential scans. */
export async function explainRows(t: TTestApp, query: { sql: string; params: unknown[] }, relation: string) {
  const { rows } = await t.db.$client.query(`explain (analyze, format json) ${query.sql}`, query.params);
  const root = (rows[0]["QUERY PLAN"] as { Plan: TPlanNode }[])[0].Plan;
  const read = [...nodes(root)]
    .filter((n) => n["Relation Name"] === relation)
    .reduce(
      (sum, n) =>
        sum +
        (n["Actual Rows"] + (n["Rows Removed by Filter"] ?? 0) + (n["Rows Removed by Index Recheck"] ?? 0)) *
          n["Actual Loops"],
      0,
    );
  const seqScans = [...nodes(root)].filter((n) => n["Node Type"] === "Seq Scan").map((n) => n["Relation Name"]);
  return { read, seqScans, plan: JSON.stringify(root) };
}
