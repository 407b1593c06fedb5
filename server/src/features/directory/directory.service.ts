import {
  readPrivacy,
  type TDirectoryEntry,
  type TPrivacySettings,
  type ZDirectoryQuery,
  type ZPrivacySettings,
} from "@common/directory";
import { asc, eq, ilike, or, sql } from "drizzle-orm";
import type { z } from "zod";
import { users } from "../../db/schema/users";
import { inChurch } from "../../lib/church-scope";
import type { TChurchCtx, TUserCtx } from "../../lib/context";
import { notFound } from "../../lib/errors";
import { privacyColumns, visibleFieldsOfMany } from "../../lib/profile-privacy";

const escapeLike = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);

/** `GET /api/user/privacy`: the caller's directory switch and who sees each of their fields. */
export async function getPrivacy(ctx: TUserCtx): Promise<TPrivacySettings> {
  const [row] = await ctx.db
    .select({ hidden: users.directoryHidden, privacy: users.privacy })
    .from(users)
    .where(eq(users.id, ctx.userId));
  if (!row) throw notFound("Account not found");
  return { hidden: row.hidden, fields: readPrivacy(row.privacy) };
}

/** `PUT /api/user/privacy`: stores the whole setting (the contract refused anything partial or unknown). */
export async function updatePrivacy(ctx: TUserCtx, body: z.output<typeof ZPrivacySettings>): Promise<TPrivacySettings> {
  const [row] = await ctx.db
    .update(users)
    .set({ directoryHidden: body.hidden, privacy: body.fields })
    .where(eq(users.id, ctx.userId))
    .returning({ hidden: users.directoryHidden, privacy: users.privacy });
  if (!row) throw notFound("Account not found");
  // Kept answers that show a field by this choice (the admins' first page of members) forget it.
  await ctx.changed("user", ctx.userId);
  return { hidden: row.hidden, fields: readPrivacy(row.privacy) };
}

/**
 * `GET /api/directory`: one page of the caller's church's members who did not hide, by name, each
 * with only the fields its owner lets the caller see: one query for the people, one for how the
 * caller stands to them (lib/profile-privacy.ts). A hidden member is absent for everyone, themselves
 * included, so the page shows them what the church sees.
 */
export async function listDirectory(
  ctx: TChurchCtx,
  query: z.output<typeof ZDirectoryQuery>,
): Promise<TDirectoryEntry[]> {
  const like = query.q ? `%${escapeLike(query.q)}%` : undefined;
  const fullName = sql<string>`coalesce(${users.firstName}, '') || ' ' || coalesce(${users.lastName}, '')`;
  const rows = await ctx.db
    .select({
      ...privacyColumns,
      firstName: users.firstName,
      lastName: users.lastName,
      profileImageUrl: users.profileImageUrl,
    })
    .from(users)
    .where(
      inChurch(
        users,
        ctx,
        eq(users.directoryHidden, false),
        like ? or(ilike(users.firstName, like), ilike(users.lastName, like), ilike(fullName, like)) : undefined,
      ),
    )
    .orderBy(
      asc(sql`lower(coalesce(${users.firstName}, ''))`),
      asc(sql`lower(coalesce(${users.lastName}, ''))`),
      asc(users.id),
    )
    .limit(query.limit)
    .offset(query.offset);
  const visible = await visibleFieldsOfMany(ctx, rows);
  return rows.map((r) => ({
    id: r.id,
    firstName: r.firstName,
    lastName: r.lastName,
    profileImageUrl: r.profileImageUrl,
    ...visible.get(r.id),
  }));
}
