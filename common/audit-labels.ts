/*
 * The audit log's choices, without zod: the Audit log page and Church Settings draw with them before
 * any contract arrives (common/audit.ts holds the contracts). Their words are in the catalogues: an
 * action's is `action.<name>` in the `audit` namespace, a retention's `audit.years` in `settings`.
 */

/**
 * How long a church keeps its audit trail (Church Settings), in days: 1, 2, 5 or 7 years. Entries
 * older than that leave by a daily job (server/src/features/audit/audit-retention.ts).
 */
export const AUDIT_RETENTION_CHOICES = [365, 730, 1825, 2555] as const;
export const DEFAULT_AUDIT_RETENTION_DAYS = 730;

/**
 * The audit trail (issue 25 §2): every change an admin or the system makes to the church. Action
 * names are `area.verb` in lower case; this list is the one place they are named (the page's filter
 * offers them, the server refuses any other).
 */
export const AUDIT_ACTIONS = [
  "church.created",
  "settings.updated",
  "branding.updated",
  "member.joined",
  "member.role_changed",
  "member.removed",
  "member.left",
  "member.erased",
  "invitation.created",
  "invitation.resent",
  "invitation.revoked",
  "invitation_request.approved",
  "invitation_request.declined",
  "import.completed",
  "integration.created",
  "integration.updated",
  "integration.deleted",
  "integration.key_rotated",
  "integration.synced",
  "sermon.created",
  "sermon.updated",
  "sermon.deleted",
  "event.created",
  "event.updated",
  "event.deleted",
  "action_step.created",
  "action_step.updated",
  "action_step.deleted",
  "kudos.approved",
  "kudos.rejected",
  "prayer.hidden",
  "prayer.unhidden",
  "prayer.answered",
  "live.started",
  "live.ended",
  "live.settings_updated",
  "live.message_deleted",
  "live.moderator_added",
  "live.moderator_removed",
  "export.downloaded",
  "backup.created",
  "backup.restored",
  "group.created",
  "group.updated",
  "group.archived",
  "group.post_hidden",
  "group_meeting.created",
  "announcement.created",
  "announcement.updated",
  "announcement.cancelled",
  "announcement.sent",
] as const;
