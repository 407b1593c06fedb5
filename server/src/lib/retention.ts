import { type SQL, sql } from "drizzle-orm";
import type { TDb } from "../db/client";

/**
 * The distinct values of a churches' retention column (`notification_retention_days`, ...): the
 * retention jobs run one statement per value, its cutoff a constant the planner can read, so each
 * reads the rows past the cutoff through its (church_id, created_at) index instead of the whole table
 * (a cutoff computed per church row is a join filter the planner cannot estimate, and it chose a
 * sequential scan). A few values in practice: the default and the churches' own choices.
 */
export async function retentionsInUse(db: Pick<TDb, "execute">, column: SQL): Promise<number[]> {
  const res = await db.execute<{ days: number }>(sql`select distinct ${column} as days from churches order by 1`);
  return res.rows.map((r) => Number(r.days));
}
