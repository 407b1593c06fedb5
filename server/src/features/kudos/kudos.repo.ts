import {
  KUDOS_REACTIONS,
  type TKudos,
  type TKudosCategory,
  type TKudosReaction,
  type TKudosRecipient,
  type TKudosStatus,
  type TKudosType,
  type TPendingKudos,
} from "@common/kudos";
import type { TTimeCursor } from "@common/list-page";
import { and, asc, desc, eq, inArray, ne, or, type SQL, sql } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import type { TDb } from "../../db/client";
import { kudos, kudosReactions } from "../../db/schema/community";
import { users } from "../../db/schema/users";
import { inChurch } from "../../lib/church-scope";
import type { TChurchCtx } from "../../lib/context";
import { afterCursor } from "../../lib/list-page";

const fromUser = alias(users, "from_user");
const toUser = alias(users, "to_user");

/**
 * The columns of a kudos the same for every caller. Sender and recipient are named only while they
 * are members of the church: someone who left is no longer shown (the client says "a church member").
 */
const columns = {
  id: kudos.id,
  fromUserId: kudos.fromUserId,
  toUserId: kudos.toUserId,
  type: kudos.type,
  category: kudos.category,
  title: kudos.title,
  message: kudos.message,
  status: kudos.status,
  rejectionReason: kudos.rejectionReason,
  createdAt: kudos.createdAt,
  // The database's order to the microsecond (a Date keeps milliseconds), for merging kept lists.
  createdUs: sql<number>`(extract(epoch from ${kudos.createdAt}) * 1000000)::float8`,
  fromFirstName: fromUser.firstName,
  fromLastName: fromUser.lastName,
  fromImage: fromUser.profileImageUrl,
  fromIsMember: sql<boolean>`${fromUser.id} is not null`,
  toFirstName: toUser.firstName,
  toLastName: toUser.lastName,
  toImage: toUser.profileImageUrl,
};

export type TKudosRow = {
  id: string;
  fromUserId: string | null;
  toUserId: string;
  type: string;
  category: string;
  title: string;
  message: string;
  status: string;
  rejectionReason: string | null;
  createdAt: Date;
  createdUs: number;
  fromFirstName: string | null;
  fromLastName: string | null;
  fromImage: string | null;
  fromIsMember: boolean;
  toFirstName: string | null;
  toLastName: string | null;
  toImage: string | null;
};

/** The church's kudos matching `where`, with their sender and recipient, in `order`, at most `limit`. */
async function findKudosRows(
  db: TDb,
  church: { churchId: string },
  where: SQL | undefined,
  order: "newest" | "oldest",
  limit: number,
): Promise<TKudosRow[]> {
  return db
    .select(columns)
    .from(kudos)
    .leftJoin(fromUser, inChurch(fromUser, church, eq(fromUser.id, kudos.fromUserId)))
    .leftJoin(toUser, inChurch(toUser, church, eq(toUser.id, kudos.toUserId)))
    .where(inChurch(kudos, church, where))
    .orderBy(...(order === "newest" ? [desc(kudos.createdAt), desc(kudos.id)] : [asc(kudos.createdAt), asc(kudos.id)]))
    .limit(limit);
}

/**
 * What a member sees: the church's approved kudos, and their own whatever their state (the sender
 * learns theirs is pending or was not approved). The recipient of a pending kudos does not see it.
 */
export function visibleTo(ctx: TChurchCtx): SQL | undefined {
  return or(eq(kudos.status, "approved"), eq(kudos.fromUserId, ctx.userId));
}

export const findVisibleKudosRows = (ctx: TChurchCtx, where: SQL | undefined, limit: number) =>
  findKudosRows(ctx.db, ctx, and(visibleTo(ctx), where), "newest", limit);

/** The church's newest approved kudos (what every member sees), newest first. */
export const findNewestApprovedRows = (db: TDb, churchId: string, limit: number) =>
  findKudosRows(db, { churchId }, eq(kudos.status, "approved"), "newest", limit);

/** The church's kudos not approved (pending or rejected: each shown to its sender only), newest first. */
export const findUnapprovedRows = (db: TDb, churchId: string, limit: number) =>
  findKudosRows(db, { churchId }, ne(kudos.status, "approved"), "newest", limit);

/**
 * A later page of what a member sees (issue 30): the church's approved kudos and the caller's own
 * others, each older than the cursor, each at most `limit` (the service merges them). Two index
 * walks that stop at `limit`: (church, status, created_at) and the sender's kudos.
 */
export const findOlderVisibleRows = (ctx: TChurchCtx, after: TTimeCursor, limit: number) =>
  Promise.all([
    findKudosRows(
      ctx.db,
      ctx,
      and(eq(kudos.status, "approved"), afterCursor(kudos.createdAt, kudos.id, after, "desc")),
      "newest",
      limit,
    ),
    findKudosRows(
      ctx.db,
      ctx,
      and(
        ne(kudos.status, "approved"),
        eq(kudos.fromUserId, ctx.userId),
        afterCursor(kudos.createdAt, kudos.id, after, "desc"),
      ),
      "newest",
      limit,
    ),
  ]);

/** The caller's own kudos not approved, newest first. */
export const findOwnUnapprovedRows = (ctx: TChurchCtx, limit: number) =>
  findKudosRows(ctx.db, ctx, and(ne(kudos.status, "approved"), eq(kudos.fromUserId, ctx.userId)), "newest", limit);

/** Who reacted how to each of the church's kudos `ids`. */
export async function findReactors(
  db: TDb,
  churchId: string,
  ids: string[],
): Promise<{ kudosId: string; reaction: string; userId: string }[]> {
  if (ids.length === 0) return [];
  return db
    .select({ kudosId: kudosReactions.kudosId, reaction: kudosReactions.reaction, userId: kudosReactions.userId })
    .from(kudosReactions)
    .where(inChurch(kudosReactions, { churchId }, inArray(kudosReactions.kudosId, ids)));
}

/** The church's kudos waiting for review, oldest first (the queue's order). */
export const findPendingKudosRows = (ctx: TChurchCtx, limit: number) =>
  findKudosRows(ctx.db, ctx, eq(kudos.status, "pending"), "oldest", limit);

/** One kudos of the church by id, whatever its state (for the admin's review), or null. */
export async function findKudosRow(db: TDb, church: { churchId: string }, id: string): Promise<TKudosRow | null> {
  const [row] = await findKudosRows(db, church, eq(kudos.id, id), "newest", 1);
  return row ?? null;
}

export type TReactionSummary = { reactions: TKudos["reactions"]; myReactions: TKudosReaction[] };

export const noReactions = (): TKudos["reactions"] => ({ heart: 0, thumbs_up: 0, celebrate: 0, star: 0 });

/** Each kudos' reaction counts and the caller's own reactions: one grouped query for the whole page. */
export async function findReactionSummaries(
  db: TDb,
  ctx: Pick<TChurchCtx, "churchId" | "userId">,
  ids: string[],
): Promise<Map<string, TReactionSummary>> {
  const summaries = new Map<string, TReactionSummary>(
    ids.map((id) => [id, { reactions: noReactions(), myReactions: [] }]),
  );
  if (ids.length === 0) return summaries;
  const rows = await db
    .select({
      kudosId: kudosReactions.kudosId,
      reaction: kudosReactions.reaction,
      n: sql<number>`count(*)::int`,
      isMine: sql<boolean>`bool_or(${eq(kudosReactions.userId, ctx.userId)})`,
    })
    .from(kudosReactions)
    .where(inChurch(kudosReactions, ctx, inArray(kudosReactions.kudosId, ids)))
    .groupBy(kudosReactions.kudosId, kudosReactions.reaction);
  for (const r of rows) {
    const summary = summaries.get(r.kudosId);
    if (!summary || !isReaction(r.reaction)) continue;
    summary.reactions[r.reaction] = r.n;
    if (r.isMine) summary.myReactions.push(r.reaction);
  }
  // The same order whatever the database's: the order of the buttons.
  for (const s of summaries.values()) s.myReactions.sort((a, b) => REACTION_ORDER[a] - REACTION_ORDER[b]);
  return summaries;
}

export const REACTION_ORDER = Object.fromEntries(KUDOS_REACTIONS.map((r, i) => [r, i])) as Record<
  TKudosReaction,
  number
>;
export const isReaction = (r: string): r is TKudosReaction => r in REACTION_ORDER;

const person = (firstName: string | null, lastName: string | null, profileImageUrl: string | null) => ({
  firstName,
  lastName,
  profileImageUrl,
});

/** A kudos for the admin's queue (no reactions: nobody can see it yet). */
export function toPendingKudos(r: TKudosRow): TPendingKudos {
  return {
    id: r.id,
    toUserId: r.toUserId,
    type: r.type as TKudosType,
    title: r.title,
    message: r.message,
    category: r.category as TKudosCategory,
    createdAt: r.createdAt.toISOString(),
    fromUser: r.fromIsMember ? person(r.fromFirstName, r.fromLastName, r.fromImage) : null,
    toUser: person(r.toFirstName, r.toLastName, r.toImage),
    status: r.status as TKudosStatus,
  };
}

/** The one place that builds a member's answer: a kudos as `ctx` sees it, with its reactions. */
export function toKudos(ctx: Pick<TChurchCtx, "userId">, r: TKudosRow, summary: TReactionSummary | undefined): TKudos {
  return {
    ...toPendingKudos(r),
    isMine: r.fromUserId === ctx.userId,
    // Why it was not approved is told to its sender only.
    rejectionReason: r.fromUserId === ctx.userId && r.status === "rejected" ? r.rejectionReason : null,
    reactions: summary?.reactions ?? noReactions(),
    myReactions: summary?.myReactions ?? [],
  };
}

/**
 * `toKudos`'s answer already serialised, byte for byte: `head` is the part the same for every caller
 * (`kudosJsonHead`, made once per kept kudos), `reactionsJson` its counts serialised.
 */
export function toKudosJson(
  ctx: Pick<TChurchCtx, "userId">,
  kept: { row: TKudosRow; head: string; reactionsJson: string },
  myReactions: TKudosReaction[] | undefined,
): string {
  const isMine = kept.row.fromUserId === ctx.userId;
  const reason = isMine && kept.row.status === "rejected" ? JSON.stringify(kept.row.rejectionReason) : "null";
  const mine = myReactions?.length ? JSON.stringify(myReactions) : "[]";
  return `${kept.head},"isMine":${isMine},"rejectionReason":${reason},"reactions":${kept.reactionsJson},"myReactions":${mine}}`;
}

/** A kudos' fields the same for every caller, serialised without the closing brace (see toKudosJson). */
export const kudosJsonHead = (r: TKudosRow): string => JSON.stringify(toPendingKudos(r)).slice(0, -1);

/** A display name for notifications: never the e-mail address, which members do not see. */
export function displayName(first: string | null, last: string | null, fallback = "A church member"): string {
  return [first, last].filter(Boolean).join(" ").trim() || fallback;
}

/** The church's members but `ctx`'s caller, by name: whom they may recognize. */
export function findRecipients(ctx: TChurchCtx): Promise<TKudosRecipient[]> {
  return ctx.db
    .select({
      id: users.id,
      firstName: users.firstName,
      lastName: users.lastName,
      profileImageUrl: users.profileImageUrl,
    })
    .from(users)
    .where(inChurch(users, ctx, ne(users.id, ctx.userId)))
    .orderBy(asc(users.firstName), asc(users.lastName), asc(users.id));
}
