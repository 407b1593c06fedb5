import type { TLiveMessage, TLiveModerator, TLiveStream } from "@common/live";
import { LIVE_HISTORY_SIZE } from "@common/live-helpers";
import { and, count, desc, eq, gt, gte, inArray, isNotNull, isNull, sql } from "drizzle-orm";
import type { TDb } from "../../db/client";
import { events } from "../../db/schema/events";
import { liveChatMessages, liveModerators, liveStreams } from "../../db/schema/live";
import { users } from "../../db/schema/users";
import { churchRow, inChurch } from "../../lib/church-scope";

/** Spec 1 §3: a chat message's name falls back to "Anonymous" (a sender whose account is gone). */
export const ANONYMOUS_SENDER = "Anonymous";

export type TLiveRow = typeof liveStreams.$inferSelect;
type TChurch = { churchId: string };

export function findLiveStream(db: TDb, ctx: TChurch): Promise<TLiveRow | undefined> {
  return db
    .select()
    .from(liveStreams)
    .where(inChurch(liveStreams, ctx, isNull(liveStreams.endedAt)))
    .then((r) => r[0]);
}

/** The church's live stream with its event's own fields (what members see at `GET /api/events/live`). */
export async function findLiveWithEvent(db: TDb, ctx: TChurch) {
  const [row] = await db
    .select({
      stream: liveStreams,
      location: events.location,
      startTime: events.startTime,
      endTime: events.endTime,
    })
    .from(liveStreams)
    .innerJoin(events, eq(events.id, liveStreams.eventId))
    .where(inChurch(liveStreams, ctx, isNull(liveStreams.endedAt)));
  return row;
}

/** An event of the church that is on now (or starts within `earlyMs`): starting a stream then marks it. */
export async function findEventOnNow(db: TDb, ctx: TChurch, now: Date, earlyMs: number) {
  const [row] = await db
    .select({ id: events.id })
    .from(events)
    .where(
      inChurch(events, ctx, sql`${events.startTime} <= ${new Date(now.getTime() + earlyMs)}`, gt(events.endTime, now)),
    )
    .orderBy(desc(events.startTime))
    .limit(1);
  return row;
}

export function findModeratorIds(db: TDb, ctx: TChurch): Promise<string[]> {
  return db
    .select({ userId: liveModerators.userId })
    .from(liveModerators)
    .innerJoin(users, inChurch(users, ctx, eq(users.id, liveModerators.userId)))
    .where(inChurch(liveModerators, ctx))
    .then((rows) => rows.map((r) => r.userId));
}

export function listModerators(db: TDb, ctx: TChurch): Promise<TLiveModerator[]> {
  return db
    .select({
      id: users.id,
      firstName: users.firstName,
      lastName: users.lastName,
      email: users.email,
      profileImageUrl: users.profileImageUrl,
    })
    .from(liveModerators)
    .innerJoin(users, inChurch(users, ctx, eq(users.id, liveModerators.userId)))
    .where(inChurch(liveModerators, ctx))
    .orderBy(users.firstName, users.lastName, users.email);
}

/** The ids among `ids` that are members of the church. */
export function findChurchMemberIds(db: TDb, ctx: TChurch, ids: string[]): Promise<string[]> {
  if (!ids.length) return Promise.resolve([]);
  return db
    .select({ id: users.id })
    .from(users)
    .where(inChurch(users, ctx, inArray(users.id, ids)))
    .then((rows) => rows.map((r) => r.id));
}

export async function replaceModerators(db: TDb, ctx: TChurch, userIds: string[]): Promise<void> {
  await db.delete(liveModerators).where(inChurch(liveModerators, ctx));
  if (userIds.length) {
    await db.insert(liveModerators).values(userIds.map((userId) => ({ churchId: ctx.churchId, userId })));
  }
}

const messageColumns = {
  id: liveChatMessages.id,
  eventId: liveChatMessages.eventId,
  userId: liveChatMessages.userId,
  firstName: users.firstName,
  lastName: users.lastName,
  userImageUrl: users.profileImageUrl,
  message: liveChatMessages.message,
  messageType: liveChatMessages.messageType,
  createdAt: liveChatMessages.createdAt,
};
type TMessageRow = {
  id: string;
  eventId: string;
  userId: string | null;
  firstName: string | null;
  lastName: string | null;
  userImageUrl: string | null;
  message: string;
  messageType: string;
  createdAt: Date;
};

export function toLiveMessage(r: TMessageRow): TLiveMessage {
  return {
    id: r.id,
    eventId: r.eventId,
    userId: r.userId,
    userName: [r.firstName, r.lastName].filter(Boolean).join(" ").trim() || ANONYMOUS_SENDER,
    userImageUrl: r.userId ? r.userImageUrl : null,
    message: r.message,
    messageType: r.messageType === "prayer_request" ? "prayer_request" : "chat",
    createdAt: r.createdAt.toISOString(),
  };
}

/** The event's newest messages that no moderator deleted, oldest first. */
export async function listMessages(db: TDb, ctx: TChurch, eventId: string): Promise<TLiveMessage[]> {
  const rows = await db
    .select(messageColumns)
    .from(liveChatMessages)
    .leftJoin(users, eq(users.id, liveChatMessages.userId))
    .where(inChurch(liveChatMessages, ctx, eq(liveChatMessages.eventId, eventId), isNull(liveChatMessages.deletedAt)))
    .orderBy(desc(liveChatMessages.createdAt), desc(liveChatMessages.id))
    .limit(LIVE_HISTORY_SIZE);
  return rows.reverse().map(toLiveMessage);
}

/** How many messages the member sent since `since` (the rate limit). */
export function countMessagesSince(db: TDb, ctx: TChurch & { userId: string }, since: Date): Promise<number> {
  return db
    .select({ n: count() })
    .from(liveChatMessages)
    .where(
      inChurch(liveChatMessages, ctx, eq(liveChatMessages.userId, ctx.userId), gte(liveChatMessages.createdAt, since)),
    )
    .then((r) => r[0]?.n ?? 0);
}

export async function insertMessage(
  db: TDb,
  ctx: TChurch & { userId: string },
  m: { streamId: string; eventId: string; message: string; messageType: string },
): Promise<TLiveMessage> {
  const [row] = await db
    .insert(liveChatMessages)
    .values({ ...m, churchId: ctx.churchId, userId: ctx.userId })
    .returning({ id: liveChatMessages.id, createdAt: liveChatMessages.createdAt });
  const [sender] = await db
    .select({ firstName: users.firstName, lastName: users.lastName, userImageUrl: users.profileImageUrl })
    .from(users)
    .where(eq(users.id, ctx.userId));
  return toLiveMessage({
    ...m,
    ...row,
    userId: ctx.userId,
    ...(sender ?? { firstName: null, lastName: null, userImageUrl: null }),
  });
}

/** Marks a message deleted; false when the event has no such message (or it was deleted already). */
export async function markMessageDeleted(
  db: TDb,
  ctx: TChurch & { userId: string },
  eventId: string,
  messageId: string,
): Promise<boolean> {
  const rows = await db
    .update(liveChatMessages)
    .set({ deletedAt: new Date(), deletedBy: ctx.userId })
    .where(
      and(
        churchRow(liveChatMessages, ctx, messageId),
        eq(liveChatMessages.eventId, eventId),
        isNull(liveChatMessages.deletedAt),
      ),
    )
    .returning({ id: liveChatMessages.id });
  return rows.length > 0;
}

/** Streams as the admin's page shows them, with their message counts (those past the church's retention included). */
export async function listStreams(
  db: TDb,
  ctx: TChurch,
  opts: { live: boolean; limit: number },
): Promise<(TLiveRow & { messageCount: number })[]> {
  const messageCount = db
    .select({ streamId: liveChatMessages.streamId, n: count().as("n") })
    .from(liveChatMessages)
    .where(inChurch(liveChatMessages, ctx))
    .groupBy(liveChatMessages.streamId)
    .as("mc");
  const rows = await db
    .select({ stream: liveStreams, n: messageCount.n })
    .from(liveStreams)
    .leftJoin(messageCount, eq(messageCount.streamId, liveStreams.id))
    .where(inChurch(liveStreams, ctx, opts.live ? isNull(liveStreams.endedAt) : isNotNull(liveStreams.endedAt)))
    .orderBy(desc(liveStreams.startedAt))
    .limit(opts.limit);
  // The messages the retention job removed still count (live-retention.ts).
  return rows.map((r) => ({ ...r.stream, messageCount: Number(r.n ?? 0) + r.stream.expiredMessageCount }));
}

export function toLiveStream(
  r: TLiveRow & { messageCount: number },
  viewerCount: number,
  now = new Date(),
): TLiveStream {
  const end = r.endedAt ?? now;
  return {
    id: r.id,
    eventId: r.eventId,
    title: r.title,
    description: r.description,
    streamUrl: r.streamUrl,
    chatEnabled: r.chatEnabled,
    recordingEnabled: r.recordingEnabled,
    startedAt: r.startedAt.toISOString(),
    endedAt: r.endedAt?.toISOString() ?? null,
    durationMinutes: Math.max(0, Math.floor((end.getTime() - r.startedAt.getTime()) / 60_000)),
    viewerCount: r.endedAt ? 0 : viewerCount,
    peakViewers: Math.max(r.peakViewers, r.endedAt ? 0 : viewerCount),
    messageCount: r.messageCount,
    sermonId: r.sermonId,
  };
}
