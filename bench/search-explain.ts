/**
 * `npx tsx bench/search-explain.ts`: the search's queries (issue 24) on a church with 20,000
 * sermons, seeded as bench/run.ts seeds its search case, each under EXPLAIN ANALYZE: which index
 * it uses and how long PostgreSQL takes, for a word in about 1,500 sermons and one in all of them.
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { drizzle } from "drizzle-orm/node-postgres";
import pg from "pg";
import { createDb, migrateDb } from "../server/src/db/client";
import { startEmbeddedPostgres } from "../server/src/db/embedded";
import { search } from "../server/src/features/search/search.service";
import type { TChurchCtx } from "../server/src/lib/context";
import { insertSearchSermons, SEARCH_SERMONS } from "./search-seed";

const tmp = fs.mkdtempSync(path.join(os.tmpdir(), "fellowship-search-"));
const embedded = await startEmbeddedPostgres(path.join(tmp, "data"), { database: "search_explain" });
try {
  const migrator = createDb(embedded.url, { max: 1 });
  await migrateDb(migrator);
  await migrator.$client.end();
  const pool = new pg.Pool({ connectionString: embedded.url, max: 2 });
  const { rows } = await pool.query<{ id: string }>(
    "insert into churches (name, time_zone, slug) values ('Search Church', 'UTC', 'search-church') returning id",
  );
  const churchId = rows[0].id;
  const { rows: users } = await pool.query<{ id: string }>(
    "insert into users (email, first_name, last_name, role, church_id) values ('m@search.example', 'M', 'M', 'CONGREGANT', $1) returning id",
    [churchId],
  );
  const t0 = Date.now();
  await insertSearchSermons(pool, churchId, SEARCH_SERMONS);
  await pool.query("analyze");
  console.log(`seeded ${SEARCH_SERMONS} sermons in ${Date.now() - t0} ms`);

  const captured: { sql: string; params: unknown[] }[] = [];
  const db = drizzle(pool, {
    logger: { logQuery: (sql, params) => captured.push({ sql, params }) },
  }) as unknown as TChurchCtx["db"];
  const ctx: TChurchCtx = {
    db,
    changed: async () => {},
    userId: users[0].id,
    churchId,
    role: "CONGREGANT",
    timeZone: "UTC",
  };
  for (const q of ["mercy", "faith", "mer", "luke 15"]) {
    captured.length = 0;
    await search(ctx, q); // warm
    captured.length = 0;
    const t1 = performance.now();
    const answer = await search(ctx, q);
    const ms = performance.now() - t1;
    const sermonQuery = captured.find((c) => c.sql.includes('from "sermons"'));
    if (!sermonQuery) throw new Error("no sermon query captured");
    const count = await pool.query(
      `select count(*)::int as n from sermons where church_id = $1 and search_vector @@ to_tsquery('simple', $2)`,
      [churchId, sermonQuery.params.find((p) => typeof p === "string" && p.endsWith(":*"))],
    );
    const plan = await pool.query(`explain (analyze, buffers, verbose) ${sermonQuery.sql}`, sermonQuery.params);
    console.log(
      `\nq=${JSON.stringify(q)}: ${count.rows[0].n} sermons match; search() answered ${answer.results.length} results in ${ms.toFixed(1)} ms (all four queries)`,
    );
    for (const r of plan.rows) console.log(`  ${r["QUERY PLAN"]}`);
  }
  await pool.end();
} finally {
  await embedded.stop();
  fs.rmSync(tmp, { recursive: true, force: true });
}
