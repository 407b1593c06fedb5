import {
  KUDOS_LIST_LIMIT,
  KUDOS_PER_HOUR,
  KUDOS_RATE_LIMITED,
  type TKudos,
  type TKudosReaction,
  type TKudosReactionResult,
  type TKudosRecipient,
  type TPendingKudos,
  type ZKudosBody,
} from "@common/kudos";
import type { TTimeCursor } from "@common/list-page";
import { count, eq, gt, min } from "drizzle-orm";
import type { z } from "zod";
import { kudos, kudosReactions } from "../../db/schema/community";
import { users } from "../../db/schema/users";
import { recordAudit } from "../../lib/audit";
import { churchRow, inChurch } from "../../lib/church-scope";
import type { TChurchCtx } from "../../lib/context";
import { publish } from "../../lib/domain-events";
import { badRequest, conflict, notFound } from "../../lib/errors";
import { enforceHourlyLimit } from "../../lib/hourly-limit";
import type { TPage } from "../../lib/list-page";
import {
  findKudosRow,
  findOlderVisibleRows,
  findOwnUnapprovedRows,
  findPendingKudosRows,
  findReactionSummaries,
  findRecipients,
  findVisibleKudosRows,
  type TKudosRow,
  toKudos,
  toKudosJson,
  toPendingKudos,
} from "./kudos.repo";
import { type KudosListCache, keepWithReactions, type TKeptKudos } from "./kudos-list-cache";

const NOT_FOUND = "Kudos not found";
const NOT_A_MEMBER = "Choose a member of your church";
/** The approval queue shows at most this many at once, oldest first; more appear as they are reviewed. */
const PENDING_LIMIT = 200;

/** `GET /api/kudos/recipients`: the members the caller may recognize. */
export function listKudosRecipients(ctx: TChurchCtx): Promise<TKudosRecipient[]> {
  return findRecipients(ctx);
}

/**
 * `GET /api/kudos` as JSON text, ready to send: newest first, at most KUDOS_LIST_LIMIT, with reaction
 * counts and the caller's own, and the next page's cursor when older ones exist (issue 30). The
 * church's first page is kept in `kept`, its common part serialised once; only a church with too
 * many kudos not approved to keep reads the caller's own per request. A later page (`after`) is read
 * from the database: at most a page of approved kudos and of the caller's own.
 */
export async function listKudosPageJson(
  ctx: TChurchCtx,
  kept: KudosListCache,
  after?: TTimeCursor,
): Promise<TPage<string>> {
  let all: TKeptKudos[];
  let hasOlder: boolean;
  if (after) {
    const [approved, own] = await findOlderVisibleRows(ctx, after, KUDOS_LIST_LIMIT + 1);
    all = mergeNewest(
      await withCallerReactions(ctx, approved),
      await withCallerReactions(ctx, own),
      KUDOS_LIST_LIMIT + 1,
    );
    hasOlder = all.length > KUDOS_LIST_LIMIT;
  } else {
    const wall = await kept.get(ctx.churchId);
    const own = wall.unapprovedBySender
      ? (wall.unapprovedBySender.get(ctx.userId) ?? [])
      : await findOwnUnapproved(ctx);
    all = own.length === 0 ? wall.approved : mergeNewest(wall.approved, own, KUDOS_LIST_LIMIT + 1);
    hasOlder = wall.hasOlderApproved || all.length > KUDOS_LIST_LIMIT;
  }
  const page = all.slice(0, KUDOS_LIST_LIMIT);
  let json = "[";
  for (const [i, k] of page.entries()) json += `${i ? "," : ""}${toKudosJson(ctx, k, k.reactedBy.get(ctx.userId))}`;
  const last = page.at(-1)?.row;
  return { items: `${json}]`, next: hasOlder && last ? { at: cursorTimeOfUs(last.createdUs), id: last.id } : null };
}

/** The database's microseconds since the epoch as a cursor's time (`2026-01-01T00:00:00.123456Z`). */
function cursorTimeOfUs(us: number): string {
  const ms = Math.floor(us / 1000);
  return `${new Date(ms).toISOString().slice(0, 23)}${String(Math.round(us - ms * 1000)).padStart(3, "0")}Z`;
}

/** The caller's own kudos not approved, with their reactions, from the database. */
async function findOwnUnapproved(ctx: TChurchCtx): Promise<TKeptKudos[]> {
  return withCallerReactions(ctx, await findOwnUnapprovedRows(ctx, KUDOS_LIST_LIMIT));
}

/** `rows` with their reaction counts and the caller's own reactions, from the database. */
async function withCallerReactions(ctx: TChurchCtx, rows: TKudosRow[]): Promise<TKeptKudos[]> {
  const summaries = await findReactionSummaries(
    ctx.db,
    ctx,
    rows.map((r) => r.id),
  );
  const kept = keepWithReactions(rows, []);
  for (const k of kept) {
    const summary = summaries.get(k.row.id);
    if (!summary) continue;
    k.reactions = summary.reactions;
    k.reactionsJson = JSON.stringify(summary.reactions);
    k.reactedBy.set(ctx.userId, summary.myReactions);
  }
  return kept;
}

/** Two lists each newest first merged in the database's order (time, then id), at most `limit`. */
function mergeNewest(a: TKeptKudos[], b: TKeptKudos[], limit: number): TKeptKudos[] {
  const out: TKeptKudos[] = [];
  let i = 0;
  let j = 0;
  while (out.length < limit && (i < a.length || j < b.length)) {
    if (j >= b.length || (i < a.length && isNewer(a[i].row, b[j].row))) out.push(a[i++]);
    else out.push(b[j++]);
  }
  return out;
}

const isNewer = (x: TKudosRow, y: TKudosRow) => (x.createdUs !== y.createdUs ? x.createdUs > y.createdUs : x.id > y.id);

/** Every write that changes the church's kudos list ends here, after it commits: each process drops its copy. */
const kudosChanged = (ctx: TChurchCtx) => ctx.changed("kudos", ctx.churchId);

async function getVisibleKudos(ctx: TChurchCtx, id: string): Promise<TKudos> {
  const [row] = await findVisibleKudosRows(ctx, eq(kudos.id, id), 1);
  if (!row) throw notFound(NOT_FOUND);
  const summaries = await findReactionSummaries(ctx.db, ctx, [id]);
  return toKudos(ctx, row, summaries.get(id));
}

/**
 * `POST /api/kudos`: a pending kudos from the caller to a member of their church (anyone else,
 * known or not, is the same 400: the answer never tells another church's members apart). It
 * publishes `kudos.submitted` in the same transaction: the church's admins are told it waits for
 * them, and giving kudos completes the onboarding step "give_kudos" (paid once, however many are
 * given). At most KUDOS_PER_HOUR a member an hour (429 past it): each one tells every admin.
 */
export async function createKudos(ctx: TChurchCtx, body: z.output<typeof ZKudosBody>): Promise<TKudos> {
  if (body.toUserId === ctx.userId) throw badRequest("You can't give kudos to yourself", "toUserId");
  const id = await ctx.db.transaction(async (tx) => {
    await enforceHourlyLimit(tx, {
      key: `kudos-from:${ctx.userId}`,
      limit: KUDOS_PER_HOUR,
      message: KUDOS_RATE_LIMITED,
      countSince: async (since) => {
        const [sent] = await tx
          .select({ n: count(), oldest: min(kudos.createdAt) })
          .from(kudos)
          .where(inChurch(kudos, ctx, eq(kudos.fromUserId, ctx.userId), gt(kudos.createdAt, since)));
        return sent;
      },
    });
    const people = await tx
      .select({ id: users.id, firstName: users.firstName, lastName: users.lastName })
      .from(users)
      .where(inChurch(users, ctx, eq(users.id, body.toUserId)));
    const recipient = people[0];
    if (!recipient) throw badRequest(NOT_A_MEMBER, "toUserId");
    const [row] = await tx
      .insert(kudos)
      .values({
        churchId: ctx.churchId,
        fromUserId: ctx.userId,
        toUserId: recipient.id,
        type: body.type,
        category: body.category,
        title: body.title,
        message: body.message,
        createdAt: new Date(),
      })
      .returning({ id: kudos.id });
    // The admins are told it waits, the feed gets its line and the sender's onboarding step is paid,
    // each by a subscriber of the event.
    await publish(tx, "kudos.submitted", { churchId: ctx.churchId, actorId: ctx.userId, kudosId: row.id });
    return row.id;
  });
  // The sender sees it pending at once.
  await kudosChanged(ctx);
  return getVisibleKudos(ctx, id);
}

/**
 * `POST /api/kudos/{kudosId}/reaction`: turns the caller's reaction of that kind on or off. Any
 * member who can see the kudos may react (its sender while it waits for approval too); another
 * church's, someone else's pending and a missing kudos are all 404. Toggles of one kudos are
 * serialised by a lock on its row, so each one flips the state it finds: twenty at once leave it as
 * it was, and the answer's counts are those after this toggle.
 */
export async function toggleKudosReaction(
  ctx: TChurchCtx,
  kudosId: string,
  reaction: TKudosReaction,
): Promise<TKudosReactionResult> {
  const result = await ctx.db.transaction(async (tx) => {
    const [found] = await tx
      .select({ status: kudos.status, fromUserId: kudos.fromUserId })
      .from(kudos)
      .where(churchRow(kudos, ctx, kudosId))
      .for("no key update");
    const isMine = found?.fromUserId === ctx.userId;
    if (!found || (found.status !== "approved" && !isMine)) throw notFound(NOT_FOUND);
    if (found.status === "rejected") throw conflict("This kudos was not approved; it takes no reactions.");
    const mine = inChurch(
      kudosReactions,
      ctx,
      eq(kudosReactions.kudosId, kudosId),
      eq(kudosReactions.userId, ctx.userId),
      eq(kudosReactions.reaction, reaction),
    );
    const removed = await tx.delete(kudosReactions).where(mine).returning({ kudosId: kudosReactions.kudosId });
    if (removed.length === 0) {
      await tx
        .insert(kudosReactions)
        .values({ kudosId, churchId: ctx.churchId, userId: ctx.userId, reaction, createdAt: new Date() })
        .onConflictDoNothing();
    }
    const [summary] = (await findReactionSummaries(tx, ctx, [kudosId])).values();
    return { reaction, reacted: removed.length === 0, ...summary };
  });
  await kudosChanged(ctx);
  return result;
}

/** `GET /api/admin/kudos/pending`: the church's kudos waiting for review, oldest first. */
export async function listPendingKudos(ctx: TChurchCtx): Promise<TPendingKudos[]> {
  const rows = await findPendingKudosRows(ctx, PENDING_LIMIT);
  return rows.map(toPendingKudos);
}

/** How many kudos wait for review (the admin dashboard's card). */
export async function countPendingKudos(ctx: Pick<TChurchCtx, "db" | "churchId">): Promise<number> {
  const [row] = await ctx.db
    .select({ n: count() })
    .from(kudos)
    .where(inChurch(kudos, ctx, eq(kudos.status, "pending")));
  return row.n;
}

type TReview = { status: "approved" } | { status: "rejected"; reason: string | null };

/**
 * Approves or rejects a pending kudos of the admin's church. One conditional update decides: of two
 * admins at once, one reviews it and the other gets 409 (and nobody is told twice). Another church's
 * or a missing kudos is 404. It publishes `kudos.reviewed` in the same transaction: its subscribers
 * tell the recipient of an approval and the sender of either outcome, and clear every admin's
 * "Kudos waiting" about it (notifications.subscribers.ts).
 */
export async function reviewKudos(ctx: TChurchCtx, id: string, review: TReview): Promise<TPendingKudos> {
  const reviewed = await ctx.db.transaction(async (tx) => {
    const updated = await tx
      .update(kudos)
      .set({
        status: review.status,
        rejectionReason: review.status === "rejected" ? review.reason : null,
        reviewedBy: ctx.userId,
        reviewedAt: new Date(),
      })
      .where(inChurch(kudos, ctx, eq(kudos.id, id), eq(kudos.status, "pending")))
      .returning({ id: kudos.id });
    const row = await findKudosRow(tx, ctx, id);
    if (!row) throw notFound(NOT_FOUND);
    if (updated.length === 0) throw conflict("This kudos has already been reviewed.");
    await recordAudit(tx, ctx, {
      action: review.status === "approved" ? "kudos.approved" : "kudos.rejected",
      targetType: "kudos",
      targetId: id,
      changes: {
        status: ["pending", review.status],
        ...(review.status === "rejected" && review.reason ? { rejectionReason: [null, review.reason] } : {}),
      },
    });
    await publish(tx, "kudos.reviewed", {
      churchId: ctx.churchId,
      actorId: ctx.userId,
      kudosId: id,
      status: review.status,
    });
    return toPendingKudos(row);
  });
  // An approval joins the church's list; a rejection changes what its sender sees.
  await kudosChanged(ctx);
  return reviewed;
}
