import { and, eq, gt, isNull } from "drizzle-orm";
import type { TDb } from "../../db/client";
import type { emailVerifications, passwordResets } from "../../db/schema/auth";
import { sha256 } from "../../lib/crypto";

/** Tables of e-mailed one-time links (reset, confirmation): same columns, only the hash stored. */
type TLinkTable = typeof passwordResets | typeof emailVerifications;

const usable = (table: TLinkTable, token: string) =>
  and(eq(table.tokenHash, sha256(token)), isNull(table.usedAt), gt(table.expiresAt, new Date()));

/** The account an unused, unexpired link belongs to, without using it up. */
export async function findLinkOwner(db: TDb, table: TLinkTable, token: string): Promise<string | undefined> {
  const [row] = await db.select({ userId: table.userId }).from(table).where(usable(table, token));
  return row?.userId;
}

/** Marks the link used and returns its account; undefined when it was already used, expired or unknown. */
export async function useLink(db: TDb, table: TLinkTable, token: string): Promise<string | undefined> {
  const [row] = await db
    .update(table)
    .set({ usedAt: new Date() })
    .where(usable(table, token))
    .returning({ userId: table.userId });
  return row?.userId;
}
