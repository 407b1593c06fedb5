import type { TTimePageQuery } from "@common/list-page";
import type { TMember } from "@common/members";
import type { TRole } from "@common/roles";
import { inArray, sql } from "drizzle-orm";
import type { AnyPgColumn } from "drizzle-orm/pg-core";
import type { TDb } from "../../db/client";
import { users } from "../../db/schema/users";
import { churchRow, inChurch } from "../../lib/church-scope";
import type { TChurchCtx } from "../../lib/context";
import { afterCursor, cursorTime, type TPage } from "../../lib/list-page";
import { adminVisibleColumn } from "../../lib/profile-privacy";

/** What the admins' member list reads; a bio its owner keeps from everybody stays out (issue 27). */
const memberColumns = (ctx: TChurchCtx) => ({
  id: users.id,
  email: users.email,
  firstName: users.firstName,
  lastName: users.lastName,
  bio: adminVisibleColumn("bio", ctx.userId),
  role: users.role,
  churchId: users.churchId,
  profileImageUrl: users.profileImageUrl,
  points: users.points,
  lastLogin: users.lastLogin,
  lastActiveAt: users.lastActiveAt,
  createdAt: users.createdAt,
});

type TMemberRow = Pick<typeof users.$inferSelect, keyof ReturnType<typeof memberColumns>>;

/**
 * When a member last signed in or was last seen, as admins see it: the day (UTC midnight), not the
 * moment. To the millisecond it would name the author of an anonymous prayer request, whose first
 * request after a pause both posts it and marks them seen (issue 9: anonymity is absolute).
 */
const toDay = (d: Date | null) => (d ? `${d.toISOString().slice(0, 10)}T00:00:00.000Z` : null);

export function toMember(r: TMemberRow): TMember {
  return {
    id: r.id,
    email: r.email,
    firstName: r.firstName,
    lastName: r.lastName,
    bio: r.bio,
    role: r.role as TRole,
    churchId: r.churchId,
    profileImageUrl: r.profileImageUrl,
    points: r.points,
    lastLogin: toDay(r.lastLogin),
    lastActiveAt: toDay(r.lastActiveAt),
    createdAt: r.createdAt.toISOString(),
  };
}

const isoUtc = (column: AnyPgColumn) => sql`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;
/** toDay in SQL. */
const isoUtcDay = (column: AnyPgColumn) => sql`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T00:00:00.000Z"')`;

/** Who may read a page: the church, and the admin reading it (who sees their own bio, whatever it says). */
type TPageReader = Pick<TChurchCtx, "churchId"> & { userId?: string };

/**
 * A page of the church's members as a JSON array, built by PostgreSQL: a page of 100 answers in one
 * string instead of 100 rows turned into objects and back (bench/RESULTS.md). Same shape as toMember.
 * Oldest first by (created_at, id) from the index users_church_created_idx: the page reads its own
 * rows and one more (is there a next page?), whatever the church's size (issue 30).
 * `ids`: the page's members; `hiddenBioIds`: those whose bio the page leaves out (kept from everybody),
 * which a reader without `userId` is shown without theirs too (the kept first page, MembersFirstPageCache).
 */
export async function findMembersPageJson(
  ctx: TPageReader & { db: TDb },
  query: TTimePageQuery,
): Promise<TPage<string> & { ids: string[]; hiddenBioIds: string[] }> {
  const result = await ctx.db.execute<{
    json: string;
    next_at: string | null;
    next_id: string | null;
    ids: string[] | null;
    hidden_bio_ids: string[] | null;
  }>(membersPageSql(ctx, query));
  const row = result.rows[0];
  return {
    items: row.json,
    next: row.next_at && row.next_id ? { at: row.next_at, id: row.next_id } : null,
    ids: row.ids ?? [],
    hiddenBioIds: row.hidden_bio_ids ?? [],
  };
}

/** The statement of a page (the cost test reads its plan). */
export function membersPageSql(ctx: TPageReader, query: TTimePageQuery) {
  return sql`
    select coalesce(json_agg(p.member order by p.n) filter (where p.n <= ${query.limit}), '[]')::text as json,
           case when count(*) > ${query.limit} then max(p.at) filter (where p.n = ${query.limit}) end as next_at,
           case when count(*) > ${query.limit} then max(p.id::text) filter (where p.n = ${query.limit}) end as next_id,
           array_agg(p.id::text) filter (where p.n <= ${query.limit}) as ids,
           array_agg(p.id::text) filter (where p.n <= ${query.limit} and p.bio_hidden) as hidden_bio_ids
    from (
      select json_build_object(
        'id', ${users.id}, 'email', ${users.email}, 'firstName', ${users.firstName}, 'lastName', ${users.lastName},
        'bio', ${adminVisibleColumn("bio", ctx.userId)}, 'role', ${users.role}, 'churchId', ${users.churchId}, 'profileImageUrl', ${users.profileImageUrl},
        'points', ${users.points}, 'lastLogin', ${isoUtcDay(users.lastLogin)}, 'lastActiveAt', ${isoUtcDay(users.lastActiveAt)},
        'createdAt', ${isoUtc(users.createdAt)}
      ) as member, ${cursorTime(users.createdAt)} as at, ${users.id} as id,
      (${users.bio} is not null and ${adminVisibleColumn("bio")} is null) as bio_hidden,
      row_number() over (order by ${users.createdAt}, ${users.id}) as n
      from ${users}
      where ${inChurch(users, ctx, afterCursor(users.createdAt, users.id, query.after, "asc"))}
      order by ${users.createdAt}, ${users.id}
      limit ${query.limit + 1}
    ) p`;
}

export async function findMember(ctx: TChurchCtx, id: string): Promise<TMember | undefined> {
  const [row] = await ctx.db
    .select(memberColumns(ctx))
    .from(users)
    .where(churchRow(users, ctx, id));
  return row ? toMember(row) : undefined;
}

/** Locks the church's admin rows so two admins demoting each other cannot both succeed. */
export async function lockAdmins(ctx: TChurchCtx): Promise<string[]> {
  const rows = await ctx.db
    .select({ id: users.id })
    .from(users)
    .where(inChurch(users, ctx, inArray(users.role, ["ADMIN", "SUPER_ADMIN"])))
    .for("update");
  return rows.map((r) => r.id);
}
