import { and, asc, eq } from "drizzle-orm";
import type { TRootDb } from "../src/db/client";
import { auditEntries } from "../src/db/schema/audit";

/** The church's audit entries (of one action, when given), oldest first, as stored. */
export function findAuditEntries(db: TRootDb, churchId: string, action?: string) {
  return db
    .select()
    .from(auditEntries)
    .where(and(eq(auditEntries.churchId, churchId), action ? eq(auditEntries.action, action) : undefined))
    .orderBy(asc(auditEntries.createdAt));
}
