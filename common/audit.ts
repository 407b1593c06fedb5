import { z } from "zod";

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
] as const;
export type TAuditAction = (typeof AUDIT_ACTIONS)[number];
export const ZAuditAction = z.enum(AUDIT_ACTIONS, { error: "Choose an action from the list" });

/** What a masked secret reads as in `changes` (a key was set or changed; never its value). */
export const AUDIT_MASK = "••••••••";

/** `{field: [before, after]}`: only the fields that changed. */
export const ZAuditChanges = z.record(z.string(), z.tuple([z.unknown(), z.unknown()]));
export type TAuditChanges = z.infer<typeof ZAuditChanges>;
