import { AUDIT_MASK, type TAuditAction, type TAuditChanges } from "@common/audit";
import { eq } from "drizzle-orm";
import type { TDb } from "../db/client";
import { auditEntries } from "../db/schema/audit";
import { users } from "../db/schema/users";

/**
 * The write side of the audit trail (issue 25 §2). A service that changes the church records the
 * entry with `recordAudit(tx, ctx, ...)` inside the transaction of the change, as it pays points: an
 * entry exists exactly when its change committed, and it holds what only the writer knows (the
 * fields before and after, the address the request came from). It is not a domain-event subscriber
 * for that reason: events carry ids, not rows, and no request address.
 *
 * Privacy: an entry names the admin or system that acted, never the author of an anonymous prayer
 * request (record the request's id, not its author), and secrets are masked by `auditChanges`.
 * The app's role can insert and read entries, never change or remove them (migration 0018); the
 * reading side, the page and the retention job are in features/audit.
 */

/** Who acted: a signed-in member (`TChurchCtx` fits) or the system (`userId: null`). */
export type TAuditBy = { churchId: string; userId: string | null; ip?: string | null };

export type TAuditEntry = {
  action: TAuditAction;
  /** The kind of row changed, in the singular (`member`, `sermon`, `integration`, `church`, ...). */
  targetType: string;
  targetId: string | null;
  changes?: TAuditChanges;
  /** When it happened by the app's clock (a limit counted from entries reads the same clock); else the database's now. */
  at?: Date;
};

/** Adds one entry in `tx` (pass the transaction of the change). */
export async function recordAudit(tx: TDb, by: TAuditBy, entry: TAuditEntry): Promise<void> {
  const [actor] = by.userId
    ? await tx
        .select({ firstName: users.firstName, lastName: users.lastName })
        .from(users)
        .where(eq(users.id, by.userId))
    : [];
  await tx.insert(auditEntries).values({
    churchId: by.churchId,
    actorId: by.userId,
    actorFirstName: actor?.firstName ?? null,
    actorLastName: actor?.lastName ?? null,
    action: entry.action,
    targetType: entry.targetType,
    targetId: entry.targetId,
    changes: entry.changes ?? {},
    ip: by.userId ? (by.ip ?? null) : null,
    ...(entry.at ? { createdAt: entry.at } : {}),
  });
}

const same = (a: unknown, b: unknown) =>
  JSON.stringify(a instanceof Date ? a.toISOString() : a) === JSON.stringify(b instanceof Date ? b.toISOString() : b);
const plain = (v: unknown) => (v instanceof Date ? v.toISOString() : (v ?? null));

/**
 * The fields of `after` that differ from `before`, as `{field: [before, after]}`. Fields named in
 * `secret` show only that a value was set, changed or removed (`AUDIT_MASK` for any value); fields
 * not in `after` are not compared. Pass `before = null` for a new row (every given field, from null)
 * and `after = null` for a removed one.
 */
export function auditChanges<T extends Record<string, unknown>>(
  before: Partial<T> | null,
  after: Partial<T> | null,
  opts: { fields?: (keyof T & string)[]; secret?: (keyof T & string)[] } = {},
): TAuditChanges {
  const keys = opts.fields ?? (Object.keys(after ?? before ?? {}) as (keyof T & string)[]);
  const secret = new Set<string>(opts.secret ?? []);
  const changes: TAuditChanges = {};
  for (const key of keys) {
    if (after && !(key in after)) continue;
    const was = before?.[key];
    const now = after?.[key];
    if (same(plain(was), plain(now))) continue;
    changes[key] = secret.has(key)
      ? [was == null ? null : AUDIT_MASK, now == null ? null : AUDIT_MASK]
      : [plain(was), plain(now)];
  }
  return changes;
}
