import { eq } from "drizzle-orm";
import type { TDb } from "../../db/client";
import { churches, churchLogos } from "../../db/schema/churches";
import { inChurch } from "../../lib/church-scope";

export type TChurchRow = typeof churches.$inferSelect;

export async function findChurchById(db: TDb, churchId: string): Promise<TChurchRow | undefined> {
  const [row] = await db.select().from(churches).where(eq(churches.id, churchId));
  return row;
}

export async function findChurchLogo(db: TDb, churchId: string) {
  const [row] = await db.select().from(churchLogos).where(inChurch(churchLogos, { churchId }));
  return row;
}
