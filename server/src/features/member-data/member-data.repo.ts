import { and, desc, eq, getTableColumns, not, type SQL, sql } from "drizzle-orm";
import { type AnyPgColumn, alias } from "drizzle-orm/pg-core";
import type { TDb } from "../../db/client";
import { auditEntries } from "../../db/schema/audit";
import { churches } from "../../db/schema/churches";
import { groupPrayerPrayed, groupPrayers } from "../../db/schema/groups";
import { users } from "../../db/schema/users";
import { inChurch } from "../../lib/church-scope";
import type { TChurchCtx } from "../../lib/context";
import { findKindPage, type TDataKind, type TDataKindRule } from "../../lib/data-kinds";

/**
 * The member's own rows of a kind: its `memberWhere` when it declares one (private notes, kudos
 * received), else the church's rows whose `memberColumn` is theirs. Null for the church's own rows.
 */
export function memberRows(ctx: TChurchCtx, kind: TDataKind, memberId: string) {
  if (kind.memberWhere) return kind.memberWhere(ctx, memberId);
  if (!kind.memberColumn) return null;
  return and(kind.where(ctx), eq(kind.memberColumn, memberId));
}

/**
 * The rules a member's own rows of a kind must pass. The anonymous-author rule hides a request's
 * author from everybody else: a row that ties the member to their own anonymous request (their own
 * "I prayed" for it, "someone prayed for you") is theirs, so the rules are not applied to a kind
 * whose tie names the member column itself. Any other tie (a person other than the member) still is.
 */
function rulesFor(ctx: TChurchCtx, kind: TDataKind, rules: TDataKindRule[]) {
  if (kind.requestTie && kind.requestTie.userId === kind.memberColumn) return [];
  return rules.map((rule) => rule(ctx, kind));
}

const myGroupPrayer = alias(groupPrayers, "own_anonymous_group_prayer");

/**
 * The filters that keep a member's anonymous authorship out of the copy an admin downloads for
 * them (issue 28: erasure and its download never tell an admin who wrote an anonymous request):
 * every rule as in the church export (their own "I prayed" for it, "someone prayed for you"), their
 * anonymous rows themselves (a kind whose table marks rows anonymous: church and group requests,
 * read here by their author), and their taps on their own anonymous group request (the one kind
 * whose member filter bypasses its own rule).
 */
function anonymousAuthorshipHidden(ctx: TChurchCtx, kind: TDataKind, rules: TDataKindRule[], memberId: string) {
  const filters: (SQL | undefined)[] = rules.map((rule) => rule(ctx, kind));
  const isAnonymous = (getTableColumns(kind.table) as Record<string, AnyPgColumn>).isAnonymous;
  if (isAnonymous) filters.push(not(eq(isAnonymous, true)));
  if (kind.anonymousAuthorship) filters.push(not(kind.anonymousAuthorship(ctx, memberId)));
  if (kind.table === groupPrayerPrayed) {
    filters.push(
      not(
        sql`exists (select 1 from ${groupPrayers} ${sql.identifier("own_anonymous_group_prayer")} where ${inChurch(
          myGroupPrayer,
          ctx,
          eq(myGroupPrayer.id, groupPrayerPrayed.prayerId),
          eq(myGroupPrayer.isAnonymous, true),
          eq(myGroupPrayer.authorId, memberId),
        )})`,
      ),
    );
  }
  return filters;
}

/**
 * One page of the member's rows of a kind, after the row whose keys are `after` (keyset paging).
 * `byAdmin`: an admin downloads it for the member, without the member's anonymous authorship.
 */
export async function findMemberPage(
  ctx: TChurchCtx,
  memberId: string,
  kind: TDataKind,
  rules: TDataKindRule[],
  after: unknown[] | null,
  limit: number,
  byAdmin = false,
): Promise<Record<string, unknown>[]> {
  const own = memberRows(ctx, kind, memberId);
  if (!own) return [];
  const filters = byAdmin ? anonymousAuthorshipHidden(ctx, kind, rules, memberId) : rulesFor(ctx, kind, rules);
  return findKindPage(ctx, kind, [own, ...filters], after, limit);
}

/**
 * The member's own profile, in full (their own bio, phone and address, whatever they hide from
 * others), with their church's name. Never the password hash, the SSO subject or the e-mail proof.
 */
export async function findMemberProfile(ctx: TChurchCtx, memberId: string) {
  const [row] = await ctx.db
    .select({
      id: users.id,
      email: users.email,
      firstName: users.firstName,
      lastName: users.lastName,
      bio: users.bio,
      phone: users.phone,
      birthday: users.birthday,
      address: users.address,
      profileImageUrl: users.profileImageUrl,
      language: users.language,
      privacy: users.privacy,
      directoryHidden: users.directoryHidden,
      church: churches.name,
      role: users.role,
      points: users.points,
      churchJoinedAt: users.churchJoinedAt,
      lastLogin: users.lastLogin,
      lastActiveAt: users.lastActiveAt,
      emailVerifiedAt: users.emailVerifiedAt,
      createdAt: users.createdAt,
    })
    .from(users)
    .innerJoin(churches, eq(churches.id, users.churchId))
    .where(inChurch(users, ctx, eq(users.id, memberId)));
  return row ?? null;
}

/** When the member last downloaded their own data (the audit trail keeps each download), or null. */
export async function findLastDownloadAt(db: TDb, ctx: TChurchCtx, memberId: string): Promise<Date | null> {
  const [row] = await db
    .select({ at: auditEntries.createdAt })
    .from(auditEntries)
    .where(
      inChurch(
        auditEntries,
        ctx,
        eq(auditEntries.action, "export.downloaded"),
        eq(auditEntries.targetType, "member"),
        eq(auditEntries.targetId, memberId),
        eq(auditEntries.actorId, memberId),
      ),
    )
    .orderBy(desc(auditEntries.createdAt))
    .limit(1);
  return row?.at ?? null;
}
