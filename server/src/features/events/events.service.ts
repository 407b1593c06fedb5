import { isCheckInOpen, type TEvent, type ZEventBody } from "@common/events";
import { asc, eq, gt, isNotNull, lte, sql } from "drizzle-orm";
import type { z } from "zod";
import { eventAttendance, events } from "../../db/schema";
import { churchRow, inChurch } from "../../lib/church-scope";
import type { TChurchCtx } from "../../lib/context";
import { conflict, notFound } from "../../lib/errors";
import { recordActivity } from "../admin/activity.repo";

type TEventInput = z.output<typeof ZEventBody>;
const NOT_FOUND = "Event not found";

/** One pass over the church's attendance rows: the count going, and this member's own answers. */
const columns = (ctx: TChurchCtx) => ({
  event: events,
  rsvpCount: sql<number>`(count(*) filter (where ${eventAttendance.isGoing}))::int`,
  isGoing: sql<boolean>`coalesce(bool_or(${eventAttendance.isGoing} and ${eventAttendance.userId} = ${ctx.userId}), false)`,
  isCheckedIn: sql<boolean>`coalesce(bool_or(${eventAttendance.checkedInAt} is not null and ${eventAttendance.userId} = ${ctx.userId}), false)`,
});

function selectEvents(ctx: TChurchCtx) {
  return ctx.db
    .select(columns(ctx))
    .from(events)
    .leftJoin(eventAttendance, eq(eventAttendance.eventId, events.id))
    .groupBy(events.id)
    .$dynamic();
}

type TRow = { event: typeof events.$inferSelect; rsvpCount: number; isGoing: boolean; isCheckedIn: boolean };

function toEvent(r: TRow): TEvent {
  const e = r.event;
  return {
    id: e.id,
    title: e.title,
    description: e.description,
    location: e.location,
    startTime: e.startTime.toISOString(),
    endTime: e.endTime.toISOString(),
    streamUrl: e.streamUrl,
    rsvpCount: r.rsvpCount,
    isGoing: r.isGoing,
    isCheckedIn: r.isCheckedIn,
    createdAt: e.createdAt.toISOString(),
  };
}

export async function listEvents(ctx: TChurchCtx): Promise<TEvent[]> {
  const rows = await selectEvents(ctx).where(inChurch(events, ctx)).orderBy(asc(events.startTime), asc(events.id));
  return rows.map(toEvent);
}

/**
 * The event being streamed now: one that has started, has not ended and has a stream address.
 * (The live stream feature adds starting and stopping a stream by hand.)
 */
export async function getLiveEvent(ctx: TChurchCtx, now = new Date()): Promise<TEvent | null> {
  const [row] = await selectEvents(ctx)
    .where(inChurch(events, ctx, lte(events.startTime, now), gt(events.endTime, now), isNotNull(events.streamUrl)))
    .orderBy(asc(events.startTime))
    .limit(1);
  return row ? toEvent(row) : null;
}

export async function getEvent(ctx: TChurchCtx, id: string): Promise<TEvent> {
  const [row] = await selectEvents(ctx).where(churchRow(events, ctx, id));
  if (!row) throw notFound(NOT_FOUND);
  return toEvent(row);
}

const toValues = (b: TEventInput) => ({
  title: b.title,
  description: b.description,
  location: b.location,
  startTime: new Date(b.startTime),
  endTime: new Date(b.endTime),
  streamUrl: b.streamUrl,
});

export async function createEvent(ctx: TChurchCtx, body: TEventInput): Promise<TEvent> {
  const id = await ctx.db.transaction(async (db) => {
    const [row] = await db
      .insert(events)
      .values({ ...toValues(body), churchId: ctx.churchId, createdBy: ctx.userId })
      .returning();
    await recordActivity({ ...ctx, db }, "event_created", `New event: ${row.title}`);
    return row.id;
  });
  return getEvent(ctx, id);
}

export async function updateEvent(ctx: TChurchCtx, id: string, body: TEventInput): Promise<TEvent> {
  const rows = await ctx.db
    .update(events)
    .set({ ...toValues(body), updatedAt: new Date() })
    .where(churchRow(events, ctx, id))
    .returning({ id: events.id });
  if (rows.length === 0) throw notFound(NOT_FOUND);
  return getEvent(ctx, id);
}

export async function deleteEvent(ctx: TChurchCtx, id: string): Promise<void> {
  const rows = await ctx.db
    .delete(events)
    .where(churchRow(events, ctx, id))
    .returning({ id: events.id });
  if (rows.length === 0) throw notFound(NOT_FOUND);
}

/** RSVP ("I'll be there") on or off; only for events that have not ended. */
export async function setRsvp(ctx: TChurchCtx, id: string, isGoing: boolean): Promise<TEvent> {
  const event = await getEvent(ctx, id);
  if (isGoing && new Date(event.endTime).getTime() < Date.now()) throw conflict("This event has already ended.");
  await ctx.db
    .insert(eventAttendance)
    .values({ eventId: id, userId: ctx.userId, isGoing })
    .onConflictDoUpdate({
      target: [eventAttendance.eventId, eventAttendance.userId],
      set: { isGoing, updatedAt: new Date() },
    });
  return getEvent(ctx, id);
}

/** Check-in opens 30 minutes before the start and closes at the end; it counts as attendance. */
export async function checkIn(ctx: TChurchCtx, id: string, now = new Date()): Promise<TEvent> {
  const event = await getEvent(ctx, id);
  if (!isCheckInOpen(event, now))
    throw conflict("Check-in opens 30 minutes before the event starts and closes when it ends.");
  await ctx.db
    .insert(eventAttendance)
    .values({ eventId: id, userId: ctx.userId, checkedInAt: now })
    .onConflictDoUpdate({
      target: [eventAttendance.eventId, eventAttendance.userId],
      set: { checkedInAt: sql`coalesce(${eventAttendance.checkedInAt}, ${now})`, updatedAt: now },
    });
  return getEvent(ctx, id);
}
