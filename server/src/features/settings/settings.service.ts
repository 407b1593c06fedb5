import { DEFAULT_BIBLE_READER } from "@common/bible-plan";
import type { TChurchSettings, ZChurchSettingsBody } from "@common/churches";
import { isLanguage } from "@common/i18n/locales";
import { eq } from "drizzle-orm";
import type { z } from "zod";
import { churches, churchLogos } from "../../db/schema/churches";
import { auditChanges, recordAudit } from "../../lib/audit";
import { inChurch } from "../../lib/church-scope";
import type { TChurchCtx } from "../../lib/context";
import { notFound } from "../../lib/errors";
import { findChurchById, type TChurchRow } from "../churches/churches.repo";
import { isSlugTaken, isSlugViolation, slugTaken, toChurch } from "../churches/churches.service";
import { parseLogoDataUrl } from "./logo";

export function logoPath(churchId: string, etag: string): string {
  return `/api/churches/${churchId}/logo?v=${encodeURIComponent(etag.replace(/"/g, ""))}`;
}

/** The church with its effective Bible reader: null columns mean DEFAULT_BIBLE_READER. */
function toChurchSettings(row: TChurchRow): TChurchSettings {
  return {
    ...toChurch(row),
    bibleReaderPattern: row.bibleReaderPattern || DEFAULT_BIBLE_READER.pattern,
    bibleTranslation: row.bibleTranslation || DEFAULT_BIBLE_READER.translation,
    auditRetentionDays: row.auditRetentionDays,
    chatRetentionDays: row.chatRetentionDays,
    notificationRetentionDays: row.notificationRetentionDays,
    removedMemberRetentionDays: row.removedMemberRetentionDays,
    privacyContact: row.privacyContact,
    emailFallbackHours: row.emailFallbackHours,
    digestDay: row.digestDay,
    digestTime: row.digestTime,
    defaultLanguage: isLanguage(row.defaultLanguage) ? row.defaultLanguage : null,
  };
}

/** The settings an audit entry compares (`settings.updated`); colour and logo are `branding.updated`. */
const SETTINGS_FIELDS = [
  "name",
  "address",
  "phone",
  "email",
  "website",
  "timeZone",
  "slug",
  "publicPage",
  "bibleReaderPattern",
  "bibleTranslation",
  "defaultLanguage",
  "auditRetentionDays",
  "chatRetentionDays",
  "notificationRetentionDays",
  "removedMemberRetentionDays",
  "privacyContact",
  "emailFallbackHours",
  "digestDay",
  "digestTime",
] as const;

/**
 * The logo as the audit trail shows it: never the image's bytes, only whether one was uploaded (and
 * that it changed) or the pasted web address.
 */
function logoForAudit(logoUrl: string | null, churchId: string): string | null {
  if (!logoUrl) return null;
  return logoUrl.startsWith(`/api/churches/${churchId}/logo`) ? "uploaded image" : logoUrl;
}

function brandingChanges(before: TChurchRow, after: TChurchRow) {
  const changes = auditChanges(before, after, { fields: ["brandColor"] });
  if (before.logoUrl !== after.logoUrl) {
    const was = logoForAudit(before.logoUrl, before.id);
    const now = logoForAudit(after.logoUrl, after.id);
    changes.logo = [was, was === now ? "new uploaded image" : now];
  }
  return changes;
}

/**
 * The column value for a reader setting: undefined (absent) keeps `current`; null or the default
 * itself is stored as null, so a church on the default follows it if the default ever changes.
 */
function readerColumn(value: string | null | undefined, current: string | null, fallback: string): string | null {
  if (value === undefined) return current;
  return value === null || value === fallback ? null : value;
}

export async function getChurchSettings(ctx: TChurchCtx): Promise<TChurchSettings> {
  const row = await findChurchById(ctx.db, ctx.churchId);
  if (!row) throw notFound("Church not found");
  return toChurchSettings(row);
}

/**
 * Saves the settings. A `data:` logo is checked and stored with the church; a pasted web address
 * is kept as it is; our own logo path means "unchanged"; null removes the logo.
 */
export async function updateChurchSettings(
  ctx: TChurchCtx,
  body: z.output<typeof ZChurchSettingsBody>,
): Promise<TChurchSettings> {
  const current = await findChurchById(ctx.db, ctx.churchId);
  if (!current) throw notFound("Church not found");
  if (body.slug && body.slug !== current.slug && (await isSlugTaken(ctx.db, body.slug, ctx.churchId))) {
    throw slugTaken();
  }
  const logo = body.logoUrl?.startsWith("data:") ? parseLogoDataUrl(body.logoUrl) : null;
  const ownLogoPrefix = `/api/churches/${ctx.churchId}/logo`;
  let logoUrl: string | null = body.logoUrl;
  if (logo) logoUrl = logoPath(ctx.churchId, logo.etag);
  else if (logoUrl?.startsWith("/api/")) logoUrl = logoUrl.startsWith(ownLogoPrefix) ? current.logoUrl : null;

  const church = await ctx.db.transaction(async (tx) => {
    // The row as it is now, held until this change commits: the audit's "before" is what this
    // change replaced, also when another admin saved a moment ago.
    const [before = current] = await tx.select().from(churches).where(eq(churches.id, ctx.churchId)).for("update");
    if (logo) {
      await tx
        .insert(churchLogos)
        .values({ churchId: ctx.churchId, ...logo })
        .onConflictDoUpdate({ target: churchLogos.churchId, set: { ...logo, updatedAt: new Date() } });
    } else if (!logoUrl?.startsWith(ownLogoPrefix)) {
      await tx.delete(churchLogos).where(inChurch(churchLogos, ctx));
    }
    const [row] = await tx
      .update(churches)
      .set({
        name: body.name,
        address: body.address,
        phone: body.phone,
        email: body.email,
        website: body.website,
        brandColor: body.brandColor.toUpperCase(),
        timeZone: body.timeZone ?? current.timeZone,
        slug: body.slug ?? current.slug,
        publicPage: body.publicPage ?? current.publicPage,
        logoUrl,
        bibleReaderPattern: readerColumn(
          body.bibleReaderPattern,
          current.bibleReaderPattern,
          DEFAULT_BIBLE_READER.pattern,
        ),
        bibleTranslation: readerColumn(
          body.bibleTranslation,
          current.bibleTranslation,
          DEFAULT_BIBLE_READER.translation,
        ),
        auditRetentionDays: body.auditRetentionDays ?? current.auditRetentionDays,
        chatRetentionDays: body.chatRetentionDays ?? current.chatRetentionDays,
        notificationRetentionDays: body.notificationRetentionDays ?? current.notificationRetentionDays,
        removedMemberRetentionDays: body.removedMemberRetentionDays ?? current.removedMemberRetentionDays,
        privacyContact: body.privacyContact === undefined ? current.privacyContact : body.privacyContact,
        defaultLanguage: body.defaultLanguage === undefined ? current.defaultLanguage : body.defaultLanguage,
        emailFallbackHours: body.emailFallbackHours ?? current.emailFallbackHours,
        digestDay: body.digestDay ?? current.digestDay,
        digestTime: body.digestTime ?? current.digestTime,
      })
      .where(eq(churches.id, ctx.churchId))
      .returning()
      .catch((err) => {
        // Another church took the same address a moment ago.
        throw isSlugViolation(err) ? slugTaken() : err;
      });
    // The effective values (a Bible reader left on the default reads as the default).
    const settings = auditChanges(toChurchSettings(before), toChurchSettings(row), { fields: [...SETTINGS_FIELDS] });
    if (Object.keys(settings).length > 0)
      await recordAudit(tx, ctx, {
        action: "settings.updated",
        targetType: "church",
        targetId: ctx.churchId,
        changes: settings,
      });
    const branding = brandingChanges(before, row);
    if (Object.keys(branding).length > 0)
      await recordAudit(tx, ctx, {
        action: "branding.updated",
        targetType: "church",
        targetId: ctx.churchId,
        changes: branding,
      });
    return toChurchSettings(row);
  });
  // Every signed-in member carries the church's name, colour, logo and time zone. (The reading plan
  // reads the Bible reader from the church row on each request, so its links follow at once.)
  await ctx.changed("church", ctx.churchId);
  return church;
}
