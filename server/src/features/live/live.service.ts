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
import { toLocalDate } from "@common/time";
import { eq, sql } from "drizzle-orm";
import type { z } from "zod";
import { events } from "../../db/schema/events";
import { liveStreams } from "../../db/schema/live";
import { users } from "../../db/schema/users";
import { churchRow, inChurch } from "../../lib/church-scope";
import type { TChurchCtx } from "../../lib/context";
import { AppError, badRequest, conflict, forbidden, notFound } from "../../lib/errors";
import { notify } from "../notifications/notify";
import { createSermonDraft } from "../sermons/sermons.service";
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
        `You're sending messages too quickly. Please wait a few seconds (at most ${LIVE_MESSAGE_RATE.count} every ${LIVE_MESSAGE_RATE.seconds} seconds).`,
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
  if (!(await markMessageDeleted(ctx.db, ctx, eventId, messageId))) throw notFound("Message not found");
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
      await db.insert(liveStreams).values({
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
      });
      await notify(db, ctx, {
        kind: "live_started",
        to: { everyone: true },
        except: ctx.userId,
        title: "Live now",
        message: body.title,
        link: "/live",
        relatedId: eventId,
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
    if (!updated) throw conflict(NOT_LIVE);
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
 * Stops the stream: its own event ends now, a recording with an address becomes a sermon draft, and
 * every open page is told.
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
    if (row.recordingEnabled && row.streamUrl) {
      const [admin] = await db
        .select({ firstName: users.firstName, lastName: users.lastName })
        .from(users)
        .where(eq(users.id, ctx.userId));
      const draft = await createSermonDraft(
        { ...ctx, db },
        {
          title: row.title,
          speaker: [admin?.firstName, admin?.lastName].filter(Boolean).join(" ") || "Live stream",
          date: toLocalDate(now, ctx.timeZone),
          videoUrl: row.streamUrl,
          description: row.description,
        },
      );
      await db
        .update(liveStreams)
        .set({ sermonId: draft.id })
        .where(churchRow(liveStreams, ctx, row.id));
      row.sermonId = draft.id;
    }
    return row;
  });
  await liveChanged(ctx);
  await ctx.changed("events", ctx.churchId);
  if (stopped.sermonId) await ctx.changed("sermons", ctx.churchId);
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
    await replaceModerators(db, ctx, wanted);
  });
  await liveChanged(ctx);
  const state = await live.state.getState(ctx.churchId);
  if (state.live)
    await live.hub.broadcast(state.live.eventId, { type: "moderators_changed", eventId: state.live.eventId });
  return listModerators(ctx.db, ctx);
}
