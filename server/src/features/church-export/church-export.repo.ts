import { and, asc, eq, sql } from "drizzle-orm";
import type { AnyPgColumn } from "drizzle-orm/pg-core";
import { churches } from "../../db/schema/churches";
import type { TChurchCtx } from "../../lib/context";
import type { TDataKind, TDataKindRule } from "../../lib/data-kinds";

/**
 * One page of a kind's rows that pass every rule (the anonymous-author rule), after the row whose
 * keys are `after` (keyset paging: each page is an index range, however deep into the file).
 */
export async function findExportPage(
  ctx: TChurchCtx,
  kind: TDataKind,
  rules: TDataKindRule[],
  after: unknown[] | null,
  limit: number,
): Promise<Record<string, unknown>[]> {
  const keys = kind.keys.map((k) => kind.fields[k] as AnyPgColumn);
  const afterKeys = after
    ? sql`(${sql.join(keys, sql`, `)}) > (${sql.join(
        after.map((v) => sql`${v}`),
        sql`, `,
      )})`
    : undefined;
  let query = ctx.db.select(kind.fields).from(kind.table).$dynamic();
  for (const join of kind.joins ?? []) query = query.innerJoin(join.table, join.on);
  return query
    .where(and(kind.where(ctx), ...rules.map((rule) => rule(ctx, kind)), afterKeys))
    .orderBy(...keys.map((k) => asc(k)))
    .limit(limit);
}

/** The church's name, for the README. */
export async function findChurchName(ctx: TChurchCtx): Promise<string> {
  const [row] = await ctx.db.select({ name: churches.name }).from(churches).where(eq(churches.id, ctx.churchId));
  return row?.name ?? "";
}
