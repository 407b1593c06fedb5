import path from "node:path";
import type { TAuditAction, TAuditChanges } from "@common/audit";
import type pg from "pg";

/**
 * A backup or a restore is a change the system makes to every church (issue 25 §2): one audit entry
 * per church, with no actor. It names the file, never its contents. A database older than the audit
 * trail (restored to an older migration on the way) has no table yet, and gets no entry.
 */
export async function recordBackupAudit(
  db: Pick<pg.ClientBase, "query">,
  action: Extract<TAuditAction, "backup.created" | "backup.restored">,
  file: string,
  changes: TAuditChanges = {},
): Promise<number> {
  const table = await db.query<{ present: boolean }>(
    "select to_regclass('public.audit_entries') is not null as present",
  );
  if (!table.rows[0].present) return 0;
  const res = await db.query(
    `insert into audit_entries (church_id, action, target_type, target_id, changes)
     select id, $1, 'backup', $2, $3::jsonb from churches`,
    [action, path.basename(file), JSON.stringify(changes)],
  );
  return res.rowCount ?? 0;
}
