import type { THighlight, ZHighlightBody } from "@common/highlights";
import { desc, eq, or, sql } from "drizzle-orm";
import type { z } from "zod";
import { highlightShares, sermonHighlights } from "../../db/schema/highlights";
import { sermons } from "../../db/schema/sermons";
import { users } from "../../db/schema/users";
import { churchRow, inChurch } from "../../lib/church-scope";
import type { TChurchCtx } from "../../lib/context";
import { notFound } from "../../lib/errors";

const columns = (ctx: TChurchCtx) => ({
  id: sermonHighlights.id,
  sermonId: sermonHighlights.sermonId,
  timestamp: sermonHighlights.timestamp,
  text: sermonHighlights.text,
  note: sermonHighlights.note,
  createdAt: sermonHighlights.createdAt,
  isShared: sermonHighlights.isShared,
  // Table-qualified on purpose: see sermons.repo.ts isWatchedBy.
  shareCount: sql<number>`(select count(*)::int from "highlight_shares" hs where hs."highlight_id" = "sermon_highlights"."id")`,
  isMine: sql<boolean>`${sermonHighlights.userId} = ${ctx.userId}`,
  firstName: users.firstName,
  lastName: users.lastName,
});

type TRow = { createdAt: Date; firstName: string | null; lastName: string | null } & Omit<
  THighlight,
  "createdAt" | "userName"
>;

function toHighlight(r: TRow): THighlight {
  const { firstName, lastName, ...h } = r;
  return {
    ...h,
    createdAt: r.createdAt.toISOString(),
    userName: [firstName, lastName].filter(Boolean).join(" ") || "Church Member",
  };
}

/** The member's own highlights on the sermon, and those the church has shared, newest first. */
export async function listHighlights(ctx: TChurchCtx, sermonId: string): Promise<THighlight[]> {
  await getChurchSermonId(ctx, sermonId);
  const rows = await ctx.db
    .select(columns(ctx))
    .from(sermonHighlights)
    .innerJoin(users, eq(users.id, sermonHighlights.userId))
    .where(
      inChurch(
        sermonHighlights,
        ctx,
        eq(sermonHighlights.sermonId, sermonId),
        or(eq(sermonHighlights.userId, ctx.userId), eq(sermonHighlights.isShared, true)),
      ),
    )
    .orderBy(desc(sermonHighlights.createdAt));
  return rows.map(toHighlight);
}

async function getHighlight(ctx: TChurchCtx, id: string): Promise<THighlight | undefined> {
  const [row] = await ctx.db
    .select(columns(ctx))
    .from(sermonHighlights)
    .innerJoin(users, eq(users.id, sermonHighlights.userId))
    .where(churchRow(sermonHighlights, ctx, id));
  return row ? toHighlight(row) : undefined;
}

/** The sermon's id if it is the church's and published; 404 otherwise (another church's, a draft or none). */
async function getChurchSermonId(ctx: TChurchCtx, sermonId: string): Promise<string> {
  const [sermon] = await ctx.db
    .select({ id: sermons.id })
    .from(sermons)
    .where(inChurch(sermons, ctx, eq(sermons.id, sermonId), eq(sermons.isDraft, false)));
  if (!sermon) throw notFound("Sermon Not Found");
  return sermon.id;
}

export async function createHighlight(ctx: TChurchCtx, body: z.output<typeof ZHighlightBody>): Promise<THighlight> {
  const sermonId = await getChurchSermonId(ctx, body.sermonId);
  const [row] = await ctx.db
    .insert(sermonHighlights)
    .values({
      churchId: ctx.churchId,
      sermonId,
      userId: ctx.userId,
      timestamp: body.timestamp,
      text: body.text,
      note: body.note,
    })
    .returning({ id: sermonHighlights.id });
  return (await getHighlight(ctx, row.id)) as THighlight;
}

/**
 * Shares a highlight with the church. The author shares their own; any member may share again a
 * highlight already shared. Each member counts once in shareCount, however often they share.
 */
export async function shareHighlight(ctx: TChurchCtx, id: string): Promise<THighlight> {
  const h = await getHighlight(ctx, id);
  if (!h || (!h.isMine && !h.isShared)) throw notFound("Highlight not found");
  await ctx.db.transaction(async (tx) => {
    if (h.isMine && !h.isShared)
      await tx
        .update(sermonHighlights)
        .set({ isShared: true })
        .where(churchRow(sermonHighlights, ctx, id));
    await tx.insert(highlightShares).values({ highlightId: id, userId: ctx.userId }).onConflictDoNothing();
  });
  return (await getHighlight(ctx, id)) as THighlight;
}
