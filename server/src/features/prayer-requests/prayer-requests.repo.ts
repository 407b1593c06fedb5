import { ANONYMOUS_NAME, type TPrayerRequest } from "@common/prayer";
import { isAdminRole } from "@common/roles";
import { and, desc, eq, isNull, or, type SQL, sql } from "drizzle-orm";
import { prayerRequestPrayers, prayerRequests } from "../../db/schema/prayer";
import { users } from "../../db/schema/users";
import { inChurch } from "../../lib/church-scope";
import type { TChurchCtx } from "../../lib/context";
import { dayKey } from "../../lib/points";

/** Spec 1 §3: the name shown when a named request's author has none (or has left for good). */
const UNNAMED_AUTHOR = "Church Member";

/**
 * What the caller may see: members see the requests not hidden and their own hidden ones (so they
 * learn an admin hid them); admins see all.
 */
export function visibleTo(ctx: TChurchCtx): SQL | undefined {
  if (isAdminRole(ctx.role)) return undefined;
  return or(isNull(prayerRequests.hiddenAt), eq(prayerRequests.authorId, ctx.userId));
}

/**
 * The columns of a request as `ctx` sees it, counts included as subqueries over the prayers'
 * unique (request, user, day) index, so a page is one query whatever its length. The author's
 * columns come only through the join, which an anonymous request never matches: nothing of its
 * author is even read.
 */
function columns(ctx: TChurchCtx, now: Date) {
  const prayers = prayerRequestPrayers;
  return {
    id: prayerRequests.id,
    title: prayerRequests.title,
    description: prayerRequests.description,
    isAnonymous: prayerRequests.isAnonymous,
    answeredAt: prayerRequests.answeredAt,
    answerNote: prayerRequests.answerNote,
    hiddenAt: prayerRequests.hiddenAt,
    createdAt: prayerRequests.createdAt,
    isMine: sql<boolean>`coalesce(${prayerRequests.authorId} = ${ctx.userId}, false)`,
    firstName: users.firstName,
    lastName: users.lastName,
    profileImageUrl: users.profileImageUrl,
    prayedCount: sql<number>`(select count(*)::int from ${prayers} where ${prayers.requestId} = ${prayerRequests.id})`,
    // A scalar subquery, not `exists`: PostgreSQL may turn an `exists` into one hashed scan of the
    // caller's prayers in every church; this stays one probe of the unique key per row of the page.
    prayedToday: sql<boolean>`coalesce((select true from ${prayers} where ${and(
      sql`${prayers.requestId} = ${prayerRequests.id}`,
      eq(prayers.userId, ctx.userId),
      eq(prayers.day, dayKey(ctx, now)),
    )}), false)`,
  };
}

type TRow = {
  id: string;
  title: string;
  description: string;
  isAnonymous: boolean;
  answeredAt: Date | null;
  answerNote: string | null;
  hiddenAt: Date | null;
  createdAt: Date;
  isMine: boolean;
  firstName: string | null;
  lastName: string | null;
  profileImageUrl: string | null;
  prayedCount: number;
  prayedToday: boolean;
};

function toPrayerRequest(ctx: TChurchCtx, r: TRow): TPrayerRequest {
  const isAnswered = r.answeredAt !== null;
  const name = [r.firstName, r.lastName].filter(Boolean).join(" ").trim();
  return {
    id: r.id,
    title: r.title,
    description: r.description,
    isAnonymous: r.isAnonymous,
    isAnswered,
    answerNote: r.answerNote,
    answeredAt: r.answeredAt?.toISOString() ?? null,
    userName: r.isAnonymous ? ANONYMOUS_NAME : name || UNNAMED_AUTHOR,
    userImageUrl: r.isAnonymous ? null : r.profileImageUrl,
    isMine: r.isMine,
    canAnswer: !isAnswered && (r.isMine || isAdminRole(ctx.role)),
    isHidden: r.hiddenAt !== null,
    prayedCount: r.prayedCount,
    prayedToday: r.prayedToday,
    createdAt: r.createdAt.toISOString(),
  };
}

/**
 * The church's requests the caller may see that match `where`, newest first (`created_at`, then
 * id, the order of the church's index), at most `limit`.
 */
export async function findPrayerRequests(
  ctx: TChurchCtx,
  where: SQL | undefined,
  limit: number,
  now = new Date(),
): Promise<TPrayerRequest[]> {
  const rows = await ctx.db
    .select(columns(ctx, now))
    .from(prayerRequests)
    // Named requests only; an author who has left the church is no longer named ("Church Member").
    .leftJoin(
      users,
      and(
        eq(users.id, prayerRequests.authorId),
        eq(prayerRequests.isAnonymous, false),
        eq(users.churchId, prayerRequests.churchId),
      ),
    )
    .where(inChurch(prayerRequests, ctx, visibleTo(ctx), where))
    .orderBy(desc(prayerRequests.createdAt), desc(prayerRequests.id))
    .limit(limit);
  return rows.map((r) => toPrayerRequest(ctx, r));
}

/** One request by id as the caller sees it, or null (another church's, hidden from them, or none). */
export async function findPrayerRequest(ctx: TChurchCtx, id: string, now = new Date()): Promise<TPrayerRequest | null> {
  const [found] = await findPrayerRequests(ctx, eq(prayerRequests.id, id), 1, now);
  return found ?? null;
}

/**
 * Keyset paging: the requests older than `before` in the list's order. An id that is not one of
 * the church's requests has no position, so the page after it is empty (one query, no lookup).
 */
export function olderThan(ctx: TChurchCtx, before: string): SQL {
  return sql`(${prayerRequests.createdAt}, ${prayerRequests.id}) < (select c.created_at, c.id from ${prayerRequests} c where c.id = ${before} and c.church_id = ${ctx.churchId})`;
}
