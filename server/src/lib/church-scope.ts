import { and, eq, type SQL } from "drizzle-orm";
import type { PgColumn } from "drizzle-orm/pg-core";

type TChurchOwned = { churchId: PgColumn };

/**
 * The church filter every church-owned query uses, reads, updates and deletes alike (in the spirit
 * of documenso's `buildTeamWhereQuery`): the rows of the caller's church, and any further conditions.
 * A query that writes by id after a scoped read filters by the church again: ids are not secrets.
 */
export function inChurch(table: TChurchOwned, ctx: { churchId: string }, ...conditions: (SQL | undefined)[]): SQL {
  return and(eq(table.churchId, ctx.churchId), ...conditions) as SQL;
}

/** One row by its id, only within the caller's church. */
export function churchRow(table: TChurchOwned & { id: PgColumn }, ctx: { churchId: string }, id: string): SQL {
  return inChurch(table, ctx, eq(table.id, id));
}
