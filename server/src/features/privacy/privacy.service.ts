import type { TChurchPrivacy } from "@common/privacy";
import { eq } from "drizzle-orm";
import type { TConfig } from "../../config";
import type { TDb } from "../../db/client";
import { churches } from "../../db/schema/churches";
import type { TChurchCtx } from "../../lib/context";
import { notFound } from "../../lib/errors";
import { getUsableInvitation } from "../../lib/membership";

/** About how many days the automatic backups reach back (every N hours, the newest K kept); null: none. */
export function getBackupDays(backup: Pick<TConfig["backup"], "intervalHours" | "keep">): number | null {
  if (backup.intervalHours <= 0) return null;
  return Math.ceil((backup.intervalHours * backup.keep) / 24);
}

/**
 * The one function that builds the privacy page's answer: each field picked here by name (the
 * church's own contact details and settings, nothing about any member).
 */
async function findChurchPrivacy(db: TDb, churchId: string, backup: TConfig["backup"]): Promise<TChurchPrivacy> {
  const [row] = await db
    .select({
      name: churches.name,
      logoUrl: churches.logoUrl,
      brandColor: churches.brandColor,
      address: churches.address,
      phone: churches.phone,
      email: churches.email,
      website: churches.website,
      privacyContact: churches.privacyContact,
      chat: churches.chatRetentionDays,
      notifications: churches.notificationRetentionDays,
      audit: churches.auditRetentionDays,
      removedMembers: churches.removedMemberRetentionDays,
    })
    .from(churches)
    .where(eq(churches.id, churchId));
  if (!row) throw notFound("Church not found");
  const { privacyContact, chat, notifications, audit, removedMembers, ...church } = row;
  return {
    church,
    // A contact left blank in the settings is no contact: the page falls back to the church's e-mail.
    privacyContact: privacyContact?.trim() || null,
    retentionDays: { chat, notifications, audit, removedMembers },
    backupDays: getBackupDays(backup),
  };
}

/** `GET /api/church/privacy`: the caller's own church's page. */
export async function getChurchPrivacy(ctx: TChurchCtx, backup: TConfig["backup"]): Promise<TChurchPrivacy> {
  return findChurchPrivacy(ctx.db, ctx.churchId, backup);
}

/**
 * `GET /api/invite/{token}/privacy`: the page of the church a valid invitation leads to, for the
 * sign-up form (signed out); a used, expired or unknown token is the invitation's own 404.
 */
export async function getInvitationPrivacy(db: TDb, token: string, backup: TConfig["backup"]): Promise<TChurchPrivacy> {
  const { invitation } = await getUsableInvitation(db, token);
  return findChurchPrivacy(db, invitation.churchId, backup);
}
