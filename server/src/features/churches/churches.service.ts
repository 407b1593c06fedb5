import { randomInt } from "node:crypto";
import { DEFAULT_BRAND_COLOR } from "@common/brand";
import { publicPagePath, slugFromName, slugWithNumber } from "@common/church-slug";
import type { TChurch, TChurchProfile, ZCreateChurchBody } from "@common/churches";
import { and, eq, isNull, ne } from "drizzle-orm";
import type { z } from "zod";
import type { TDb } from "../../db/client";
import { churches } from "../../db/schema/churches";
import { users } from "../../db/schema/users";
import { auditChanges, recordAudit } from "../../lib/audit";
import type { TChurchCtx, TUserCtx } from "../../lib/context";
import { publish } from "../../lib/domain-events";
import { AppError, conflict, notFound } from "../../lib/errors";
import { findChurchById, type TChurchRow } from "./churches.repo";

export function toChurch(row: TChurchRow): TChurch {
  return {
    id: row.id,
    name: row.name,
    address: row.address,
    phone: row.phone,
    email: row.email,
    website: row.website,
    logoUrl: row.logoUrl,
    brandColor: row.brandColor,
    timeZone: row.timeZone,
    slug: row.slug,
    publicPage: row.publicPage,
    createdAt: row.createdAt.toISOString(),
  };
}

/**
 * A church that sends no time zone starts on UTC: the server's own zone says nothing about where the
 * church is (the setup screen always sends the browser's, or the leader's choice).
 */
export const DEFAULT_CHURCH_TIME_ZONE = "UTC";

export const SLUG_TAKEN = "That address is already taken by another church; choose another";

export function isSlugViolation(err: unknown): boolean {
  const e = err as { code?: string; constraint?: string; cause?: { code?: string; constraint?: string } };
  const pgErr = e?.cause?.code ? e.cause : e;
  return pgErr?.code === "23505" && pgErr.constraint === "churches_slug_key";
}

/** Whether another church (than `exceptChurchId`) has the slug. */
export async function isSlugTaken(db: TDb, slug: string, exceptChurchId?: string): Promise<boolean> {
  const [row] = await db
    .select({ id: churches.id })
    .from(churches)
    .where(and(eq(churches.slug, slug), exceptChurchId ? ne(churches.id, exceptChurchId) : undefined));
  return !!row;
}

/** The name's slug, or the first of name-2, name-3... that no church has. */
export async function findFreeSlug(db: TDb, name: string): Promise<string> {
  const base = slugFromName(name);
  for (let n = 1; n <= 50; n++) {
    const candidate = n === 1 ? base : slugWithNumber(base, n);
    if (!(await isSlugTaken(db, candidate))) return candidate;
  }
  // Fifty churches of the same name: a short random tail instead of counting on.
  return slugWithNumber(base, randomInt(51, 1_000_000));
}

/** A signed-in user without a church creates one and becomes its ADMIN. */
export async function createChurch(ctx: TUserCtx, body: z.output<typeof ZCreateChurchBody>): Promise<TChurch> {
  if (ctx.churchId) throw conflict("You already belong to a church.");
  if (body.slug && (await isSlugTaken(ctx.db, body.slug))) throw slugTaken();
  const slug = body.slug ?? (await findFreeSlug(ctx.db, body.name));
  const church = await ctx.db.transaction(async (tx) => {
    const [row] = await tx
      .insert(churches)
      .values({
        name: body.name,
        brandColor: DEFAULT_BRAND_COLOR,
        timeZone: body.timeZone ?? DEFAULT_CHURCH_TIME_ZONE,
        slug,
      })
      .returning()
      .catch((err) => {
        // Another church took the same address a moment ago.
        throw isSlugViolation(err) ? slugTaken() : err;
      });
    // The condition makes a double submit (two tabs) create one church, not two.
    const joined = await tx
      .update(users)
      // A new church: its founder starts from zero points (points are per church).
      .set({ churchId: row.id, churchJoinedAt: new Date(), role: "ADMIN", points: 0 })
      .where(and(eq(users.id, ctx.userId), isNull(users.churchId)))
      .returning({ id: users.id });
    if (joined.length === 0) throw conflict("You already belong to a church.");
    const by = { churchId: row.id, userId: ctx.userId, ip: ctx.ip };
    await recordAudit(tx, by, {
      action: "church.created",
      targetType: "church",
      targetId: row.id,
      changes: auditChanges(null, { name: row.name, slug: row.slug, timeZone: row.timeZone }),
    });
    // The founder joins as its first admin: no member.joined (there is nobody to tell yet).
    await publish(tx, "church.created", { churchId: row.id, actorId: ctx.userId, name: row.name });
    return toChurch(row);
  });
  await ctx.changed("user", ctx.userId);
  return church;
}

export const slugTaken = () =>
  new AppError("CONFLICT", SLUG_TAKEN, { errors: [{ path: "slug", message: SLUG_TAKEN }] });

/** The member's own church with its contact details (Church Settings says they are shown to members). */
export async function getChurchProfile(ctx: TChurchCtx): Promise<TChurchProfile> {
  const row = await findChurchById(ctx.db, ctx.churchId);
  if (!row) throw notFound("Church not found");
  return {
    name: row.name,
    logoUrl: row.logoUrl,
    brandColor: row.brandColor,
    address: row.address,
    phone: row.phone,
    email: row.email,
    website: row.website,
    publicPagePath: row.publicPage ? publicPagePath(row.slug) : null,
  };
}
