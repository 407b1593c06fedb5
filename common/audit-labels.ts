import type { TAuditAction } from "./audit";

/*
 * The audit log's words and choices, without zod: the Audit log page and Church Settings draw with
 * them before any contract arrives (common/audit.ts holds the contracts).
 */

/**
 * How long a church keeps its audit trail (Church Settings), in days: 1, 2, 5 or 7 years. Entries
 * older than that leave by a daily job (server/src/features/audit/audit-retention.ts).
 */
export const AUDIT_RETENTION_CHOICES = [365, 730, 1825, 2555] as const;
export const DEFAULT_AUDIT_RETENTION_DAYS = 730;
/** A retention in words ("2 years"). */
export const getRetentionLabel = (days: number): string => {
  const years = Math.round(days / 365);
  return years === 1 ? "1 year" : `${years} years`;
};

/** What each action reads as on the Audit log page and in its CSV. */
export const AUDIT_ACTION_LABELS: Record<TAuditAction, string> = {
  "church.created": "Church created",
  "settings.updated": "Settings changed",
  "branding.updated": "Branding changed",
  "member.joined": "Member joined",
  "member.role_changed": "Role changed",
  "member.removed": "Member removed",
  "member.left": "Member left",
  "invitation.created": "Invitation sent",
  "invitation.resent": "Invitation resent",
  "invitation.revoked": "Invitation revoked",
  "invitation_request.approved": "Join request approved",
  "invitation_request.declined": "Join request declined",
  "import.completed": "Members imported",
  "integration.created": "Integration connected",
  "integration.updated": "Integration changed",
  "integration.deleted": "Integration removed",
  "integration.key_rotated": "Integration key changed",
  "integration.synced": "Integration synced",
  "sermon.created": "Sermon added",
  "sermon.updated": "Sermon changed",
  "sermon.deleted": "Sermon deleted",
  "event.created": "Event added",
  "event.updated": "Event changed",
  "event.deleted": "Event deleted",
  "action_step.created": "Action step added",
  "action_step.updated": "Action step changed",
  "action_step.deleted": "Action step deleted",
  "kudos.approved": "Kudos approved",
  "kudos.rejected": "Kudos rejected",
  "prayer.hidden": "Prayer request hidden",
  "prayer.unhidden": "Prayer request shown again",
  "prayer.answered": "Prayer marked answered",
  "live.started": "Live stream started",
  "live.ended": "Live stream ended",
  "live.settings_updated": "Stream settings changed",
  "live.message_deleted": "Chat message deleted",
  "live.moderator_added": "Moderator added",
  "live.moderator_removed": "Moderator removed",
  "export.downloaded": "Export downloaded",
  "backup.created": "Backup made",
  "backup.restored": "Backup restored",
};

/** An action's words, or the name itself for one this release does not know. */
export const getAuditActionLabel = (action: string): string =>
  (AUDIT_ACTION_LABELS as Record<string, string>)[action] ?? action;
