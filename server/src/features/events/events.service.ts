import { isCheckInOpen } from "@common/event-helpers";
import type { TEvent, ZEventBody } from "@common/events";
import { asc, eq, gt, sql } from "drizzle-orm";
import type { z } from "zod";
import type { TDb } from "../../db/client";
import { eventAttendance, events } from "../../db/schema/events";
import type { TMarks } from "../../lib/church-list-cache";
import { churchRow, inChurch } from "../../lib/church-scope";
import type { TChurchCtx } from "../../lib/context";
import { conflict, notFound } from "../../lib/errors";
import { recordActivity } from "../admin/activity.repo";
import { notify } from "../notifications/notify";

type TEventInput = z.output<typeof ZEventBody>;
const NOT_FOUND = "Event not found";

/** Who reads a list: the marks are theirs. */
type TReader = Pick<TChurchCtx, "db" | "churchId" | "userId">;

/** One pass over the church's attendance rows: the count going, and this member's own answers. */
const columns = (ctx: TReader) => ({
  event: events,
  rsvpCount: sql<number>`(count(*) filter (where ${eventAttendance.isGoing}))::int`,
  isGoing: sql<boolean>`coalesce(bool_or(${eventAttendance.isGoing} and ${eventAttendance.userId} = ${ctx.userId}), false)`,
  isCheckedIn: sql<boolean>`coalesce(bool_or(${eventAttendance.checkedInAt} is not null and ${eventAttendance.userId} = ${ctx.userId}), false)`,
});

function selectEvents(ctx: TReader) {
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

/** The church's events, soonest first; `upcoming` keeps those that have not ended, `limit` caps the count. */
export async function listEvents(
  ctx: TReader,
  q: { upcoming?: boolean; limit?: number } = {},
  now = new Date(),
): Promise<TEvent[]> {
  const query = selectEvents(ctx)
    .where(inChurch(events, ctx, q.upcoming ? gt(events.endTime, now) : undefined))
    .orderBy(asc(events.startTime), asc(events.id));
  const rows = q.limit ? await query.limit(q.limit) : await query;
  return rows.map(toEvent);
}

/** The church's whole list for the list cache, which fills each member's own marks itself. */
export async function findChurchEvents(db: TDb, churchId: string): Promise<TEvent[]> {
  // Read as no one in particular: the cache drops the marks and fills the member's own.
  return listEvents({ db, churchId, userId: "00000000-0000-0000-0000-000000000000" });
}

/** The member's RSVP and check-in on the church's events: one indexed query (event_attendance_user_idx). */
export async function findAttendanceMarks(ctx: TChurchCtx): Promise<Map<string, TMarks>> {
  const rows = await ctx.db
    .select({ id: eventAttendance.eventId, isGoing: eventAttendance.isGoing, checkedInAt: eventAttendance.checkedInAt })
    .from(eventAttendance)
    .innerJoin(events, eq(events.id, eventAttendance.eventId))
    .where(inChurch(events, ctx, eq(eventAttendance.userId, ctx.userId)));
  return new Map(rows.map((r) => [r.id, { isGoing: r.isGoing, isCheckedIn: r.checkedInAt !== null }]));
}

/** Every write that changes what the church's list shows ends here: each process drops its copy. */
const eventsChanged = (ctx: TChurchCtx) => ctx.changed("events", ctx.churchId);

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
    await notify(db, ctx, {
      kind: "event_published",
      to: { everyone: true },
      except: ctx.userId,
      title: "New event",
      message: row.title,
      link: "/events",
      relatedId: row.id,
    });
    return row.id;
  });
  await eventsChanged(ctx);
  return getEvent(ctx, id);
}

export async function updateEvent(ctx: TChurchCtx, id: string, body: TEventInput): Promise<TEvent> {
  const rows = await ctx.db
    .update(events)
    .set({ ...toValues(body), updatedAt: new Date() })
    .where(churchRow(events, ctx, id))
    .returning({ id: events.id });
  if (rows.length === 0) throw notFound(NOT_FOUND);
  await eventsChanged(ctx);
  return getEvent(ctx, id);
}

export async function deleteEvent(ctx: TChurchCtx, id: string): Promise<void> {
  const rows = await ctx.db
    .delete(events)
    .where(churchRow(events, ctx, id))
    .returning({ id: events.id });
  if (rows.length === 0) throw notFound(NOT_FOUND);
  await eventsChanged(ctx);
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
  // The count going is part of the church's list.
  await eventsChanged(ctx);
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
  // The member's own marks in the cached list, and their count of events attended.
  await ctx.changed("user", ctx.userId);
  return getEvent(ctx, id);
}
