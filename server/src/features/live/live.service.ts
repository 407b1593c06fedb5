import type {
  TLiveEvent,
  TLiveMessage,
  TLiveModerator,
  TLiveStatus,
  TLiveStream,
  ZLiveMessageBody,
  ZLiveModeratorsBody,
  ZLiveSettingsBody,
  ZLiveStartBody,
} from "@common/live";
import { LIVE_MESSAGE_RATE } from "@common/live-helpers";
import { isAdminRole } from "@common/roles";
import { sql } from "drizzle-orm";
import type { z } from "zod";
import { events } from "../../db/schema/events";
import { liveStreams } from "../../db/schema/live";
import { auditChanges, recordAudit } from "../../lib/audit";
import { churchRow, inChurch } from "../../lib/church-scope";
import type { TChurchCtx } from "../../lib/context";
import { publish } from "../../lib/domain-events";
import { AppError, badRequest, conflict, forbidden, notFound } from "../../lib/errors";
import { msg } from "../../lib/i18n";
import {
  countMessagesSince,
  findChurchMemberIds,
  findEventOnNow,
  findLiveStream,
  insertMessage,
  listModerators,
  listStreams,
  markMessageDeleted,
  replaceModerators,
  toLiveStream,
} from "./live.repo";
import type { LiveHub } from "./live-hub";
import type { LiveStateCache, TLiveState } from "./live-state";

export const NO_LIVE_EVENT = "No live event";
export const CHAT_CLOSED = "Chat is closed for this stream.";
export const ALREADY_LIVE = "A live stream is already running. Stop it before starting another.";
export const NOT_LIVE = "No live stream is running.";
/** An event that starts within this long is the one a stream started now marks (rather than making one). */
const EARLY_START_MS = 30 * 60_000;
/** A stream's own event is planned this long ahead; stopping ends it. */
const STREAM_EVENT_HOURS = 3;
const RECENT_STREAMS = 10;

export type TLive = { hub: LiveHub; state: LiveStateCache };

const liveChanged = (ctx: TChurchCtx) => ctx.changed("live", ctx.churchId);

function canModerate(ctx: TChurchCtx, state: TLiveState): boolean {
  return isAdminRole(ctx.role) || state.moderatorIds.has(ctx.userId);
}

function toLiveEventFields(live: NonNullable<TLiveState["live"]>): Omit<TLiveEvent, "canModerate" | "viewerCount"> {
  return {
    id: live.eventId,
    title: live.title,
    description: live.description ?? "",
    location: live.location,
    startTime: live.startTime.toISOString(),
    endTime: live.endTime.toISOString(),
    streamUrl: live.streamUrl,
    chatEnabled: live.chatEnabled,
    startedAt: live.startedAt.toISOString(),
  };
}

/** `GET /api/events/live`: the church's live event, or null. */
export async function getLiveEvent(ctx: TChurchCtx, live: TLive): Promise<TLiveEvent | null> {
  const state = await live.state.getState(ctx.churchId);
  if (!state.live) return null;
  return {
    ...toLiveEventFields(state.live),
    viewerCount: live.hub.viewerCount(state.live.eventId),
    canModerate: canModerate(ctx, state),
  };
}

/** The live event with this id in the caller's church, or 404 "No live event" (spec 1 §5). */
async function requireLive(ctx: TChurchCtx, live: TLive, eventId: string) {
  const state = await live.state.getState(ctx.churchId);
  if (!state.live || state.live.eventId !== eventId) throw notFound(NO_LIVE_EVENT);
  return { state, current: state.live };
}

/** Whether a signed-in member may join this event's room (the socket asks what the HTTP routes ask). */
export async function canJoin(ctx: { churchId: string }, live: TLive, eventId: string): Promise<boolean> {
  const state = await live.state.getState(ctx.churchId);
  return state.live?.eventId === eventId;
}

export async function getMessages(ctx: TChurchCtx, live: TLive, eventId: string): Promise<TLiveMessage[]> {
  await requireLive(ctx, live, eventId);
  return live.state.getMessages(ctx.churchId, eventId);
}

export async function postMessage(
  ctx: TChurchCtx,
  live: TLive,
  eventId: string,
  body: z.output<typeof ZLiveMessageBody>,
): Promise<TLiveMessage> {
  const { current } = await requireLive(ctx, live, eventId);
  if (!current.chatEnabled) throw conflict(CHAT_CLOSED);
  const message = await ctx.db.transaction(async (db) => {
    // One member's messages are counted one at a time, so parallel sends cannot pass the limit together.
    await db.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`live-chat:${ctx.userId}`}, 0))`);
    const since = new Date(Date.now() - LIVE_MESSAGE_RATE.seconds * 1000);
    if ((await countMessagesSince(db, ctx, since)) >= LIVE_MESSAGE_RATE.count) {
      throw new AppError(
        "RATE_LIMITED",
        msg`You're sending messages too quickly. Please wait a few seconds (at most ${LIVE_MESSAGE_RATE.count} every ${LIVE_MESSAGE_RATE.seconds} seconds).`,
        { headers: { "retry-after": String(LIVE_MESSAGE_RATE.seconds) } },
      );
    }
    return insertMessage(db, ctx, { streamId: current.streamId, eventId, ...body });
  });
  await live.hub.broadcast(eventId, { type: "new_message", message });
  return message;
}

export async function deleteMessage(ctx: TChurchCtx, live: TLive, eventId: string, messageId: string): Promise<void> {
  const { state } = await requireLive(ctx, live, eventId);
  if (!canModerate(ctx, state)) throw forbidden("Only moderators and admins can delete chat messages.");
  await ctx.db.transaction(async (db) => {
    if (!(await markMessageDeleted(db, ctx, eventId, messageId))) throw notFound("Message not found");
    await recordAudit(db, ctx, {
      action: "live.message_deleted",
      targetType: "live_message",
      targetId: messageId,
      changes: { isDeleted: [false, true] },
    });
  });
  await live.hub.broadcast(eventId, { type: "message_deleted", eventId, messageId });
}

async function toStream(live: TLive, row: Parameters<typeof toLiveStream>[0]): Promise<TLiveStream> {
  const viewers = row.endedAt || !row.eventId ? 0 : await live.hub.readViewerCount(row.eventId);
  return toLiveStream(row, viewers);
}

async function currentStream(ctx: TChurchCtx, live: TLive): Promise<TLiveStream | null> {
  const [row] = await listStreams(ctx.db, ctx, { live: true, limit: 1 });
  return row ? toStream(live, row) : null;
}

export async function getStatus(ctx: TChurchCtx, live: TLive): Promise<TLiveStatus> {
  const stream = await currentStream(ctx, live);
  return { isLive: stream !== null, stream };
}

export async function listRecentStreams(ctx: TChurchCtx, live: TLive): Promise<TLiveStream[]> {
  const rows = await listStreams(ctx.db, ctx, { live: false, limit: RECENT_STREAMS });
  return Promise.all(rows.map((r) => toStream(live, r)));
}

const isUniqueViolation = (err: unknown) =>
  ((err as { cause?: { code?: string } }).cause?.code ?? (err as { code?: string }).code) === "23505";

/**
 * Starts the church's stream: marks the event that is on now (or about to start), or makes one
 * ("Online", for the next few hours), and announces it. One live stream per church: a unique index
 * decides between two admins starting at once.
 */
export async function startStream(
  ctx: TChurchCtx,
  live: TLive,
  body: z.output<typeof ZLiveStartBody>,
): Promise<TLiveStream> {
  if (await findLiveStream(ctx.db, ctx)) throw conflict(ALREADY_LIVE);
  const now = new Date();
  try {
    await ctx.db.transaction(async (db) => {
      const onNow = await findEventOnNow(db, ctx, now, EARLY_START_MS);
      let eventId = onNow?.id;
      if (eventId) {
        if (body.streamUrl)
          await db
            .update(events)
            .set({ streamUrl: body.streamUrl })
            .where(churchRow(events, ctx, eventId));
      } else {
        const [created] = await db
          .insert(events)
          .values({
            churchId: ctx.churchId,
            title: body.title,
            description: body.description ?? "",
            location: "Online",
            startTime: now,
            endTime: new Date(now.getTime() + STREAM_EVENT_HOURS * 3_600_000),
            streamUrl: body.streamUrl,
            createdBy: ctx.userId,
          })
          .returning({ id: events.id });
        eventId = created.id;
      }
      const [stream] = await db
        .insert(liveStreams)
        .values({
          churchId: ctx.churchId,
          eventId,
          title: body.title,
          description: body.description,
          streamUrl: body.streamUrl,
          chatEnabled: body.chatEnabled,
          recordingEnabled: body.recordingEnabled,
          createdEvent: !onNow,
          startedBy: ctx.userId,
          startedAt: now,
        })
        .returning({ id: liveStreams.id });
      // Members are told it is live by the event's subscriber (notifications.subscribers.ts).
      await publish(db, "live.started", { churchId: ctx.churchId, actorId: ctx.userId, liveEventId: stream.id });
      await recordAudit(db, ctx, {
        action: "live.started",
        targetType: "live_stream",
        targetId: stream.id,
        changes: auditChanges(null, {
          title: body.title,
          streamUrl: body.streamUrl ?? null,
          chatEnabled: body.chatEnabled,
          recordingEnabled: body.recordingEnabled,
          eventId,
        }),
      });
    });
  } catch (err) {
    if (isUniqueViolation(err)) throw conflict(ALREADY_LIVE);
    throw err;
  }
  await liveChanged(ctx);
  await ctx.changed("events", ctx.churchId);
  const stream = await currentStream(ctx, live);
  if (!stream) throw conflict(NOT_LIVE);
  return stream;
}

/** Stream Settings while live: title, description, URL and chat; open pages follow at once. */
export async function updateStream(
  ctx: TChurchCtx,
  live: TLive,
  body: z.output<typeof ZLiveSettingsBody>,
): Promise<TLiveStream> {
  const set: Partial<typeof liveStreams.$inferInsert> = {};
  if (body.title !== undefined) set.title = body.title;
  if (body.description !== undefined) set.description = body.description;
  if (body.streamUrl !== undefined) set.streamUrl = body.streamUrl;
  if (body.chatEnabled !== undefined) set.chatEnabled = body.chatEnabled;
  const row = await ctx.db.transaction(async (db) => {
    const [before] = await db
      .select()
      .from(liveStreams)
      .where(inChurch(liveStreams, ctx, sql`${liveStreams.endedAt} is null`))
      .for("update");
    const [updated] = Object.keys(set).length
      ? await db
          .update(liveStreams)
          .set(set)
          .where(inChurch(liveStreams, ctx, sql`${liveStreams.endedAt} is null`))
          .returning()
      : await db
          .select()
          .from(liveStreams)
          .where(inChurch(liveStreams, ctx, sql`${liveStreams.endedAt} is null`));
    if (!updated || !before) throw conflict(NOT_LIVE);
    const changes = auditChanges(before, set);
    if (Object.keys(changes).length > 0)
      await recordAudit(db, ctx, {
        action: "live.settings_updated",
        targetType: "live_stream",
        targetId: updated.id,
        changes,
      });
    if (set.streamUrl !== undefined && updated.eventId) {
      await db
        .update(events)
        .set({ streamUrl: set.streamUrl })
        .where(churchRow(events, ctx, updated.eventId));
    }
    return updated;
  });
  await liveChanged(ctx);
  if (set.streamUrl !== undefined) await ctx.changed("events", ctx.churchId);
  const state = await live.state.getState(ctx.churchId);
  if (state.live && row.eventId === state.live.eventId) {
    await live.hub.broadcast(state.live.eventId, { type: "stream_updated", event: toLiveEventFields(state.live) });
  }
  const stream = await currentStream(ctx, live);
  if (!stream) throw conflict(NOT_LIVE);
  return stream;
}

/**
 * Stops the stream: its own event ends now, every open page is told, and `live.ended` is published;
 * a recording with an address becomes a sermon draft from it (sermons.subscribers.ts), moments
 * later, so the answer's `sermonId` is still null (the page says a draft is being saved).
 */
export async function stopStream(ctx: TChurchCtx, live: TLive): Promise<TLiveStream> {
  const now = new Date();
  const stopped = await ctx.db.transaction(async (db) => {
    const [row] = await db
      .update(liveStreams)
      .set({ endedAt: now })
      .where(inChurch(liveStreams, ctx, sql`${liveStreams.endedAt} is null`))
      .returning();
    if (!row) throw conflict(NOT_LIVE);
    if (row.createdEvent && row.eventId) {
      await db
        .update(events)
        .set({ endTime: now, updatedAt: now })
        .where(churchRow(events, ctx, row.eventId));
    }
    // A recording with an address becomes a sermon draft: the sermons' subscriber of the event.
    await publish(db, "live.ended", { churchId: ctx.churchId, actorId: ctx.userId, liveEventId: row.id });
    await recordAudit(db, ctx, {
      action: "live.ended",
      targetType: "live_stream",
      targetId: row.id,
      changes: auditChanges<{ endedAt: Date | null }>({ endedAt: null }, { endedAt: now }),
    });
    return row;
  });
  await liveChanged(ctx);
  await ctx.changed("events", ctx.churchId);
  if (stopped.eventId) await live.hub.broadcast(stopped.eventId, { type: "stream_ended", eventId: stopped.eventId });
  const [row] = await listStreams(ctx.db, ctx, { live: false, limit: 1 });
  return toLiveStream(row ?? { ...stopped, messageCount: 0 }, 0);
}

export function getModerators(ctx: TChurchCtx): Promise<TLiveModerator[]> {
  return listModerators(ctx.db, ctx);
}

/** Replaces the church's moderators; every id must be a member of the church. */
export async function setModerators(
  ctx: TChurchCtx,
  live: TLive,
  body: z.output<typeof ZLiveModeratorsBody>,
): Promise<TLiveModerator[]> {
  const wanted = [...new Set(body.userIds)];
  await ctx.db.transaction(async (db) => {
    const members = new Set(await findChurchMemberIds(db, ctx, wanted));
    const stranger = wanted.find((id) => !members.has(id));
    if (stranger) throw badRequest("Each moderator must be a member of this church.", "userIds");
    const before = new Set((await listModerators(db, ctx)).map((m) => m.id));
    await replaceModerators(db, ctx, wanted);
    // One entry per member who became or stopped being a moderator.
    for (const userId of wanted.filter((id) => !before.has(id)))
      await recordAudit(db, ctx, {
        action: "live.moderator_added",
        targetType: "member",
        targetId: userId,
        changes: { isModerator: [false, true] },
      });
    for (const userId of [...before].filter((id) => !wanted.includes(id)))
      await recordAudit(db, ctx, {
        action: "live.moderator_removed",
        targetType: "member",
        targetId: userId,
        changes: { isModerator: [true, false] },
      });
  });
  await liveChanged(ctx);
  const state = await live.state.getState(ctx.churchId);
  if (state.live)
    await live.hub.broadcast(state.live.eventId, { type: "moderators_changed", eventId: state.live.eventId });
  return listModerators(ctx.db, ctx);
}
