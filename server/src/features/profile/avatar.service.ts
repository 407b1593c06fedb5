import { createHash } from "node:crypto";
import type { TAuthUser } from "@common/auth";
import { AVATAR_MAX_BYTES } from "@common/profile-helpers";
import { eq } from "drizzle-orm";
import { userAvatars } from "../../db/schema/growth";
import { users } from "../../db/schema/users";
import type { TUserCtx } from "../../lib/context";
import { AppError, badRequest, notFound } from "../../lib/errors";
import { SIGNATURES } from "../../lib/image-signatures";
import { getFreshUser } from "./profile.service";

const NOT_AN_IMAGE = "Please select an image file (PNG, JPG, etc.)";
const TOO_LARGE = "Please select an image smaller than 2MB";

export type TAvatarImage = { contentType: string; bytes: Buffer; etag: string };

/** Decodes the uploaded `data:` URL and checks its bytes are a PNG, JPEG, GIF or WebP of at most 2 MB. */
export function parseAvatarDataUrl(dataUrl: string): TAvatarImage {
  const match = /^data:([\w.+-]+\/[\w.+-]+)?(;[\w=.-]+)*;base64,([A-Za-z0-9+/=\s]*)$/.exec(dataUrl);
  if (!match) throw badRequest(NOT_AN_IMAGE, "image");
  const bytes = Buffer.from(match[3], "base64");
  if (bytes.length > AVATAR_MAX_BYTES) {
    throw new AppError("TOO_LARGE", TOO_LARGE, { errors: [{ path: "image", message: TOO_LARGE }] });
  }
  const kind = SIGNATURES.find((s) => s.test(bytes));
  if (!kind) throw badRequest(NOT_AN_IMAGE, "image");
  const etag = `"${createHash("sha256").update(bytes).digest("base64url").slice(0, 27)}"`;
  return { contentType: kind.type, bytes, etag };
}

/** Where a member's picture is served; the version changes with the picture, so it can be cached for good. */
export function avatarPath(userId: string, etag: string): string {
  return `/api/users/${userId}/avatar?v=${encodeURIComponent(etag.replace(/"/g, ""))}`;
}

/** `PUT /api/user/avatar`: stores the picture and points the profile at it. */
export async function setAvatar(ctx: TUserCtx, dataUrl: string): Promise<TAuthUser> {
  const image = parseAvatarDataUrl(dataUrl);
  await ctx.db.transaction(async (tx) => {
    await tx
      .insert(userAvatars)
      .values({ userId: ctx.userId, ...image, updatedAt: new Date() })
      .onConflictDoUpdate({ target: userAvatars.userId, set: { ...image, updatedAt: new Date() } });
    await tx
      .update(users)
      .set({ profileImageUrl: avatarPath(ctx.userId, image.etag) })
      .where(eq(users.id, ctx.userId));
  });
  await ctx.changed("user", ctx.userId);
  return getFreshUser(ctx);
}

/** `DELETE /api/user/avatar`: back to the initials. */
export async function deleteAvatar(ctx: TUserCtx): Promise<TAuthUser> {
  await ctx.db.transaction(async (tx) => {
    await tx.delete(userAvatars).where(eq(userAvatars.userId, ctx.userId));
    await tx.update(users).set({ profileImageUrl: null }).where(eq(users.id, ctx.userId));
  });
  await ctx.changed("user", ctx.userId);
  return getFreshUser(ctx);
}

/**
 * `GET /api/users/{id}/avatar`: the picture, for its owner and the members of their church. Anyone
 * else (another church, no church) gets 404, as if there were none.
 */
export async function getAvatar(ctx: TUserCtx, userId: string): Promise<TAvatarImage> {
  const [row] = await ctx.db
    .select({
      churchId: users.churchId,
      contentType: userAvatars.contentType,
      bytes: userAvatars.bytes,
      etag: userAvatars.etag,
    })
    .from(userAvatars)
    .innerJoin(users, eq(users.id, userAvatars.userId))
    .where(eq(userAvatars.userId, userId));
  const isOwn = userId === ctx.userId;
  const isSameChurch = !!row && row.churchId !== null && row.churchId === ctx.churchId;
  if (!row || !(isOwn || isSameChurch)) throw notFound("Picture not found");
  return { contentType: row.contentType, bytes: row.bytes, etag: row.etag };
}
