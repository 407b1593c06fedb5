import { type SQL, sql } from "drizzle-orm";
import type { TRootDb } from "../src/db/client";

/*
 * The cost tests' one reader of `EXPLAIN (ANALYZE, FORMAT JSON)`: how many rows of a table a statement
 * read and how it reached them, whatever the church's size, so a test can bound a page's cost.
 */

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

/**
 * Runs `statement` under EXPLAIN (ANALYZE, FORMAT JSON): ANALYZE runs it, so a DELETE deletes.
 * `statement` is a drizzle SQL (on the database or a transaction) or a built query's `toSQL()` (on the
 * database). Answers, for `relation`: `read`, its rows the plan's nodes read, kept or filtered out, over
 * all loops (a DELETE's own ModifyTable node not counted); `scanTypes`, those nodes' types ("Index
 * Scan", "Seq Scan" …); and for the whole plan: `seqScans`, the relations read by a sequential scan;
 * `root`, its top node (`root["Actual Rows"]`: the rows answered); `plan`, the plan as JSON for a
 * failing expectation's message.
 */
export async function explainRows(
  db: Pick<TRootDb, "execute"> & { $client?: TRootDb["$client"] },
  statement: SQL | { sql: string; params: unknown[] },
  relation: string,
) {
  let planJson: { Plan: TPlanNode }[];
  if ("params" in statement) {
    if (!db.$client) throw new Error("a toSQL() statement runs on the database, not in a transaction");
    const { rows } = await db.$client.query(`explain (analyze, format json) ${statement.sql}`, statement.params);
    planJson = rows[0]["QUERY PLAN"];
  } else {
    const res = await db.execute<{ "QUERY PLAN": { Plan: TPlanNode }[] }>(
      sql`explain (analyze, format json) ${statement}`,
    );
    planJson = res.rows[0]["QUERY PLAN"];
  }
  const root = planJson[0].Plan;
  const all = [...nodes(root)];
  const ofRelation = all.filter((n) => n["Relation Name"] === relation && n["Node Type"] !== "ModifyTable");
  const read = ofRelation.reduce(
    (sum, n) =>
      sum +
      (n["Actual Rows"] + (n["Rows Removed by Filter"] ?? 0) + (n["Rows Removed by Index Recheck"] ?? 0)) *
        n["Actual Loops"],
    0,
  );
  return {
    read,
    scanTypes: ofRelation.map((n) => n["Node Type"]),
    seqScans: all.filter((n) => n["Node Type"] === "Seq Scan").map((n) => n["Relation Name"]),
    root,
    plan: JSON.stringify(root),
  };
}
