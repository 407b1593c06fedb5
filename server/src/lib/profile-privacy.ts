import { PRIVACY_FIELDS, readPrivacy, type TPrivacyAudience, type TVisibleFields } from "@common/directory";
import { isAdminRole } from "@common/roles";
import { and, eq, inArray, isNull, type SQL, sql } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import { groupMembers, groups } from "../db/schema/groups";
import { users } from "../db/schema/users";
import { inChurch } from "./church-scope";
import type { TChurchCtx } from "./context";

/*
 * Issue 27, STYLE habit 15: who may see a member's e-mail, phone, birthday, address and bio is a
 * property of the data, enforced where it leaves. Every answer that carries one of those fields (the
 * directory, group rosters, the partner card, kudos, exports) builds it with `visibleFields`, so a
 * hidden phone number cannot leak through a reader somebody forgot.
 */

/** How the caller stands to one person: in a group with them, or leading a group they are in. */
export type TRelation = { sharesGroup: boolean; leadsThem: boolean };
const NO_RELATION: TRelation = { sharesGroup: false, leadsThem: false };

/** The stored columns `visibleFields` reads: select them with `privacyColumns`. */
export type TPrivateRow = {
  id: string;
  email: string;
  phone: string | null;
  birthday: string | null;
  address: string | null;
  bio: string | null;
  privacy: unknown;
};

export const privacyColumns = {
  id: users.id,
  email: users.email,
  phone: users.phone,
  birthday: users.birthday,
  address: users.address,
  bio: users.bio,
  privacy: users.privacy,
};

/** Whether a caller in `relation` to a person (their own choice `audience`) may see that field. */
export function isAllowed(
  viewer: Pick<TChurchCtx, "userId" | "role">,
  subjectId: string,
  audience: TPrivacyAudience,
  relation: TRelation,
): boolean {
  if (viewer.userId === subjectId) return true;
  switch (audience) {
    case "church":
      return true;
    case "groups":
      return relation.sharesGroup || relation.leadsThem || isAdminRole(viewer.role);
    case "leaders":
      return relation.leadsThem || isAdminRole(viewer.role);
    case "nobody":
      return false;
  }
}

/** The fields of one person the caller may see; a field not allowed (or empty) is absent. */
export function visibleFields(
  viewer: Pick<TChurchCtx, "userId" | "role">,
  row: TPrivateRow,
  relation: TRelation = NO_RELATION,
): TVisibleFields {
  const audiences = readPrivacy(row.privacy);
  const out: TVisibleFields = {};
  for (const field of PRIVACY_FIELDS) {
    const value = row[field];
    if (value && isAllowed(viewer, row.id, audiences[field], relation)) out[field] = value;
  }
  return out;
}

const mine = alias(groupMembers, "mine");
const theirs = alias(groupMembers, "theirs");

/**
 * How the caller stands to each of `subjectIds`, from the live (not archived) groups of the
 * caller's church: one query, whatever the number of people.
 */
export async function findRelations(ctx: TChurchCtx, subjectIds: string[]): Promise<Map<string, TRelation>> {
  const out = new Map<string, TRelation>();
  if (subjectIds.length === 0) return out;
  const rows = await ctx.db
    .select({
      userId: theirs.userId,
      leadsThem: sql<boolean>`bool_or(${mine.role} = 'leader')`,
    })
    .from(mine)
    .innerJoin(theirs, eq(theirs.groupId, mine.groupId))
    .innerJoin(groups, and(eq(groups.id, mine.groupId), isNull(groups.archivedAt)))
    .where(inChurch(mine, ctx, eq(mine.userId, ctx.userId), inArray(theirs.userId, subjectIds)))
    .groupBy(theirs.userId);
  for (const row of rows) out.set(row.userId, { sharesGroup: true, leadsThem: row.leadsThem });
  return out;
}

/** `visibleFields` for many people at once, with their relations looked up in one query. */
export async function visibleFieldsOfMany(ctx: TChurchCtx, rows: TPrivateRow[]): Promise<Map<string, TVisibleFields>> {
  const relations = await findRelations(
    ctx,
    rows.map((r) => r.id),
  );
  return new Map(rows.map((r) => [r.id, visibleFields(ctx, r, relations.get(r.id))]));
}

const CONTACT_COLUMNS = { phone: users.phone, birthday: users.birthday, address: users.address, bio: users.bio };

/**
 * A contact column as an admin reads it in bulk (the members list, the church export), in SQL so a
 * large church is never read into memory: `isAllowed`'s rule for an admin viewer, every audience but
 * "nobody" (a missing choice is its default, never "nobody"), and the owner's own always. E-mail is
 * not among them: admin screens keep it as the account's name (inviting, roles, sign-in help).
 */
export function adminVisibleColumn(field: keyof typeof CONTACT_COLUMNS, viewerId?: string): SQL<string | null> {
  const self = viewerId ? sql` or ${users.id} = ${viewerId}` : sql``;
  // `field` is one of four fixed names: written into the SQL, as a parameter its type would be unknown.
  return sql<
    string | null
  >`case when (${users.privacy} ->> ${sql.raw(`'${field}'`)}) is distinct from 'nobody'${self} then ${CONTACT_COLUMNS[field]} end`;
}
