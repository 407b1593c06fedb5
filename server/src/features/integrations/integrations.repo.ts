import { asc, eq } from "drizzle-orm";
import type { TDb } from "../../db/client";
import { integrations } from "../../db/schema/integrations";
import { churchRow, inChurch } from "../../lib/church-scope";
import type { TChurchCtx } from "../../lib/context";

export type TIntegrationRow = typeof integrations.$inferSelect;
type TIntegrationValues = Partial<
  Omit<typeof integrations.$inferInsert, "id" | "churchId" | "createdBy" | "createdAt">
>;

export function findIntegrations(ctx: TChurchCtx): Promise<TIntegrationRow[]> {
  return ctx.db.select().from(integrations).where(inChurch(integrations, ctx)).orderBy(asc(integrations.createdAt));
}

export async function findIntegration(ctx: TChurchCtx, id: string): Promise<TIntegrationRow | undefined> {
  const [row] = await ctx.db
    .select()
    .from(integrations)
    .where(churchRow(integrations, ctx, id));
  return row;
}

/** The new row, or undefined when the church already has this platform (one of each per church). */
export async function createIntegrationRow(
  ctx: TChurchCtx,
  values: Omit<typeof integrations.$inferInsert, "id" | "churchId" | "createdBy">,
): Promise<TIntegrationRow | undefined> {
  const [row] = await ctx.db
    .insert(integrations)
    .values({ ...values, churchId: ctx.churchId, createdBy: ctx.userId })
    .onConflictDoNothing({ target: [integrations.churchId, integrations.platform] })
    .returning();
  return row;
}

export async function updateIntegrationRow(
  ctx: TChurchCtx,
  id: string,
  values: TIntegrationValues,
): Promise<TIntegrationRow | undefined> {
  const [row] = await ctx.db
    .update(integrations)
    .set({ ...values, updatedAt: new Date() })
    .where(churchRow(integrations, ctx, id))
    .returning();
  return row;
}

export async function deleteIntegrationRow(ctx: TChurchCtx, id: string): Promise<boolean> {
  const rows = await ctx.db
    .delete(integrations)
    .where(churchRow(integrations, ctx, id))
    .returning({ id: integrations.id });
  return rows.length > 0;
}

/** For the sync job, which runs for no signed-in caller: the integration by id alone. */
export async function findIntegrationById(db: TDb, id: string): Promise<TIntegrationRow | undefined> {
  const [row] = await db.select().from(integrations).where(eq(integrations.id, id));
  return row;
}

export async function setIntegrationSyncResult(db: TDb, id: string, values: TIntegrationValues): Promise<void> {
  await db
    .update(integrations)
    .set({ ...values, updatedAt: new Date() })
    .where(eq(integrations.id, id));
}
