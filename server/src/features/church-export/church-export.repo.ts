import { eq } from "drizzle-orm";
import { churches } from "../../db/schema/churches";
import type { TChurchCtx } from "../../lib/context";
import { findKindPage, type TDataKind, type TDataKindRule } from "../../lib/data-kinds";

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
  return findKindPage(ctx, kind, [kind.where(ctx), ...rules.map((rule) => rule(ctx, kind))], after, limit);
}

/** The church's name, for the README. */
export async function findChurchName(ctx: TChurchCtx): Promise<string> {
  const [row] = await ctx.db.select({ name: churches.name }).from(churches).where(eq(churches.id, ctx.churchId));
  return row?.name ?? "";
}
