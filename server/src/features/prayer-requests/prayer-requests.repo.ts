import { ANONYMOUS_NAME, type TPrayerRequest } from "@common/prayer";
import { isAdminRole } from "@common/roles";
import { and, desc, eq, inArray, isNull, or, type SQL, sql } from "drizzle-orm";
import type { TDb } from "../../db/client";
import { prayerRequestPrayers, prayerRequests } from "../../db/schema/prayer";
import { users } from "../../db/schema/users";
import { inChurch } from "../../lib/church-scope";
import type { TChurchCtx } from "../../lib/context";
import { dayKey } from "../../lib/points";

/** Spec 1 §3: the name shown when a named request's author has none (or has left for good). */
const UNNAMED_AUTHOR = "Church Member";

/**
 * What the caller may see: members see the requests not hidden and for the whole church, and their
 * own (hidden ones too, so they learn an admin hid them); admins see all, "leaders" ones included
 * (issue 24). Every reader of requests for a member (the wall, "I prayed", search) filters with it.
 */
export function visibleTo(ctx: Pick<TChurchCtx, "userId" | "role">): SQL | undefined {
  if (isAdminRole(ctx.role)) return undefined;
  return or(
    eq(prayerRequests.authorId, ctx.userId),
    and(isNull(prayerRequests.hiddenAt), eq(prayerRequests.visibility, "church")),
  );
}

/**
 * The columns of a request that are the same for every caller: the author's id (never sent, see
 * `toPrayerRequest`), the hidden state and the prayer count, a subquery over the prayers' unique
 * (request, user, day) index. The author's columns come only through the join, which an anonymous
 * request never matches: nothing of its author but the id is even read.
 */
const churchColumns = {
  id: prayerRequests.id,
  title: prayerRequests.title,
  description: prayerRequests.description,
  isAnonymous: prayerRequests.isAnonymous,
  visibility: prayerRequests.visibility,
  answeredAt: prayerRequests.answeredAt,
  answerNote: prayerRequests.answerNote,
  hiddenAt: prayerRequests.hiddenAt,
  createdAt: prayerRequests.createdAt,
  authorId: prayerRequests.authorId,
  firstName: users.firstName,
  lastName: users.lastName,
  profileImageUrl: users.profileImageUrl,
  prayedCount: sql<number>`(select count(*)::int from ${prayerRequestPrayers} where ${prayerRequestPrayers.requestId} = ${prayerRequests.id})`,
};

/** A request as the server knows it, the same for every caller. Holds `authorId`: never send it as is. */
export type TPrayerRow = {
  id: string;
  title: string;
  description: string;
  isAnonymous: boolean;
  visibility: string;
  answeredAt: Date | null;
  answerNote: string | null;
  hiddenAt: Date | null;
  createdAt: Date;
  authorId: string | null;
  firstName: string | null;
  lastName: string | null;
  profileImageUrl: string | null;
  prayedCount: number;
};

/**
 * The one place that builds the answer: a request as `ctx` sees it. The author is shown only for a
 * named request and is otherwise known only as "mine" to themselves.
 */
export function toPrayerRequest(ctx: TChurchCtx, r: TPrayerRow, prayedToday: boolean): TPrayerRequest {
  const isAnswered = r.answeredAt !== null;
  const isMine = r.authorId === ctx.userId;
  const name = [r.firstName, r.lastName].filter(Boolean).join(" ").trim();
  return {
    id: r.id,
    title: r.title,
    description: r.description,
    isAnonymous: r.isAnonymous,
    visibility: r.visibility === "leaders" ? "leaders" : "church",
    isAnswered,
    answerNote: r.answerNote,
    answeredAt: r.answeredAt?.toISOString() ?? null,
    userName: r.isAnonymous ? ANONYMOUS_NAME : name || UNNAMED_AUTHOR,
    userImageUrl: r.isAnonymous ? null : r.profileImageUrl,
    isMine,
    canAnswer: !isAnswered && (isMine || isAdminRole(ctx.role)),
    isHidden: r.hiddenAt !== null,
    prayedCount: r.prayedCount,
    prayedToday,
    createdAt: r.createdAt.toISOString(),
  };
}

/** Whether `ctx` may see the request: `visibleTo` for a row already read. */
export function isVisibleTo(ctx: TChurchCtx, r: TPrayerRow): boolean {
  return isAdminRole(ctx.role) || r.authorId === ctx.userId || (r.hiddenAt === null && r.visibility === "church");
}

/**
 * The author of a named request only; an author who has left the church is no longer named
 * ("Church Member").
 */
const namedAuthor = (church: { churchId: string }) =>
  inChurch(users, church, eq(users.id, prayerRequests.authorId), eq(prayerRequests.isAnonymous, false));

const newestFirst = [desc(prayerRequests.createdAt), desc(prayerRequests.id)];

/** The church's newest `limit` requests, hidden ones included, for every caller (the wall's cache). */
export async function findNewestPrayerRows(db: TDb, churchId: string, limit: number): Promise<TPrayerRow[]> {
  return db
    .select(churchColumns)
    .from(prayerRequests)
    .leftJoin(users, namedAuthor({ churchId }))
    .where(inChurch(prayerRequests, { churchId }))
    .orderBy(...newestFirst)
    .limit(limit);
}

/**
 * Which of `ids` the caller prayed for today (their church's day): one probe of the prayers' unique
 * (request, user, day) key per id.
 */
export async function findPrayedToday(ctx: TChurchCtx, ids: string[], now = new Date()): Promise<Set<string>> {
  if (ids.length === 0) return new Set();
  const rows = await ctx.db
    .select({ id: prayerRequestPrayers.requestId })
    .from(prayerRequestPrayers)
    .where(
      inChurch(
        prayerRequestPrayers,
        ctx,
        inArray(prayerRequestPrayers.requestId, ids),
        eq(prayerRequestPrayers.userId, ctx.userId),
        eq(prayerRequestPrayers.day, dayKey(ctx, now)),
      ),
    );
  return new Set(rows.map((r) => r.id));
}

/**
 * The church's requests the caller may see that match `where`, newest first (`created_at`, then
 * id, the order of the church's index), at most `limit`; one query whatever the page's length.
 */
export async function findPrayerRequests(
  ctx: TChurchCtx,
  where: SQL | undefined,
  limit: number,
  now = new Date(),
): Promise<TPrayerRequest[]> {
  const prayers = prayerRequestPrayers;
  const rows = await ctx.db
    .select({
      ...churchColumns,
      // A scalar subquery, not `exists`: PostgreSQL may turn an `exists` into one hashed scan of the
      // caller's prayers in every church; this stays one probe of the unique key per row of the page.
      prayedToday: sql<boolean>`coalesce((select true from ${prayers} where ${and(
        sql`${prayers.requestId} = ${prayerRequests.id}`,
        eq(prayers.userId, ctx.userId),
        eq(prayers.day, dayKey(ctx, now)),
      )}), false)`,
    })
    .from(prayerRequests)
    .leftJoin(users, namedAuthor(ctx))
    .where(inChurch(prayerRequests, ctx, visibleTo(ctx), where))
    .orderBy(...newestFirst)
    .limit(limit);
  return rows.map((r) => toPrayerRequest(ctx, r, r.prayedToday));
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
