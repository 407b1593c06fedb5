import { isCheckInOpen } from "@common/event-helpers";
import { MAX_EVENT_OCCURRENCES, MAX_EVENT_WINDOW_DAYS, type TEvent } from "@common/events";
import { zonedTimeToUtc } from "@common/time";
import { and, asc, eq, isNull, sql } from "drizzle-orm";
import type { TDb } from "../../db/client";
import { eventAttendance, eventOccurrenceChanges, events } from "../../db/schema/events";
import type { TMarks } from "../../lib/church-list-cache";
import { churchRow, inChurch } from "../../lib/church-scope";
import type { TChurchCtx } from "../../lib/context";
import { publish } from "../../lib/domain-events";
import { badRequest, conflict, notFound } from "../../lib/errors";
import { msg } from "../../lib/i18n";
import {
  auditEventCreated,
  auditEventDeleted,
  auditOccurrenceCancelled,
  auditOccurrenceUpdated,
  auditSeriesUpdated,
} from "./event-audit";
import { type TEventInput, toValues } from "./event-values";
import {
  checkOccurrenceKey,
  findEventRow,
  findOccurrence,
  findOccurrences,
  getOccurrenceItem,
  NOT_FOUND,
  toOccurrenceItems,
} from "./occurrences.service";
import { updateFollowing, updateOne } from "./series-edit.service";

const DAY_MS = 86_400_000;

/** Who reads a list: the marks are theirs. */
type TReader = Pick<TChurchCtx, "db" | "churchId" | "userId">;

/** One pass over the church's attendance rows: the count going, and this member's own answers. */
const columns = (ctx: TReader) => ({
  event: events,
  rsvpCount: sql<number>`(count(*) filter (where ${eventAttendance.isGoing}))::int`,
  isGoing: sql<boolean>`coalesce(bool_or(${eventAttendance.isGoing} and ${eventAttendance.userId} = ${ctx.userId}), false)`,
  isCheckedIn: sql<boolean>`coalesce(bool_or(${eventAttendance.checkedInAt} is not null and ${eventAttendance.userId} = ${ctx.userId}), false)`,
});

/** The series as a whole: a repeating event's answers belong to its occurrences, not counted here. */
function selectEvents(ctx: TReader) {
  return ctx.db
    .select(columns(ctx))
    .from(events)
    .leftJoin(eventAttendance, and(eq(eventAttendance.eventId, events.id), isNull(eventAttendance.occurrenceStart)))
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
    occurrenceStart: e.startTime.toISOString(),
    recurrence: e.recurrence,
    isService: e.isService,
  };
}

/**
 * A window's edge: a date and time as given; a date alone is that day in the church's zone (from
 * its start; `to` runs to its end).
 */
function windowEdge(value: string, timeZone: string, isEnd: boolean): Date {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  if (!m) return new Date(value);
  return zonedTimeToUtc(+m[1], +m[2], +m[3] + (isEnd ? 1 : 0), timeZone);
}

/**
 * Each event that is not over, once, at its next occurrence (one in progress counts), soonest
 * first: a weekly service is "Sunday Worship, Nov 29", not every Sunday of the year, so the
 * dashboards' three places and the admin's count show the church's different events.
 */
export async function findUpcoming(ctx: TReader & { timeZone: string }, now: Date, limit?: number) {
  const all = await findOccurrences(ctx, { from: now, to: new Date(now.getTime() + MAX_EVENT_WINDOW_DAYS * DAY_MS) });
  const seen = new Set<string>();
  const next = all.filter((o) => !seen.has(o.event.id) && seen.add(o.event.id));
  return limit === undefined ? next : next.slice(0, limit);
}

/**
 * The church's events, soonest first. With `from` and `to`, each occurrence of the window is its
 * own item; with `upcoming`, each event not over at its next occurrence (findUpcoming); otherwise
 * one item per event, a repeating one at its first start. `limit` caps the count.
 */
export async function listEvents(
  ctx: TReader & { timeZone: string },
  q: { upcoming?: boolean; limit?: number; from?: string; to?: string } = {},
  now = new Date(),
): Promise<TEvent[]> {
  if (q.from !== undefined || q.to !== undefined) {
    if (!q.from || !q.to) throw badRequest("Give both from and to, or neither.", q.from ? "to" : "from");
    const from = windowEdge(q.from, ctx.timeZone, false);
    const to = windowEdge(q.to, ctx.timeZone, true);
    if (to <= from) throw badRequest("to must be after from.", "to");
    if (to.getTime() - from.getTime() > MAX_EVENT_WINDOW_DAYS * DAY_MS)
      throw badRequest(msg`Ask for at most ${MAX_EVENT_WINDOW_DAYS} days of events at once.`, "to");
    const list = await findOccurrences(ctx, { from, to });
    if (q.limit === undefined && list.length > MAX_EVENT_OCCURRENCES)
      throw badRequest(msg`This window holds more than ${MAX_EVENT_OCCURRENCES} events; ask for a shorter one.`, "to");
    return toOccurrenceItems(ctx, q.limit === undefined ? list : list.slice(0, q.limit));
  }
  if (q.upcoming) return toOccurrenceItems(ctx, await findUpcoming(ctx, now, q.limit));
  const query = selectEvents(ctx).where(inChurch(events, ctx)).orderBy(asc(events.startTime), asc(events.id));
  const rows = q.limit ? await query.limit(q.limit) : await query;
  return rows.map(toEvent);
}

/** The church's whole list for the list cache, which fills each member's own marks itself. */
export async function findChurchEvents(db: TDb, churchId: string): Promise<TEvent[]> {
  // Read as no one in particular: the cache drops the marks and fills the member's own.
  return listEvents({ db, churchId, userId: "00000000-0000-0000-0000-000000000000", timeZone: "UTC" });
}

/** The member's RSVP and check-in on the church's events: one indexed query (event_attendance_user_idx). */
export async function findAttendanceMarks(ctx: TChurchCtx): Promise<Map<string, TMarks>> {
  const rows = await ctx.db
    .select({ id: eventAttendance.eventId, isGoing: eventAttendance.isGoing, checkedInAt: eventAttendance.checkedInAt })
    .from(eventAttendance)
    .innerJoin(events, eq(events.id, eventAttendance.eventId))
    .where(inChurch(events, ctx, eq(eventAttendance.userId, ctx.userId), isNull(eventAttendance.occurrenceStart)));
  return new Map(rows.map((r) => [r.id, { isGoing: r.isGoing, isCheckedIn: r.checkedInAt !== null }]));
}

/** Every write that changes what the church's list shows ends here: each process drops its copy. */
const eventsChanged = (ctx: TChurchCtx) => ctx.changed("events", ctx.churchId);

/** One event; a repeating one's occurrence named by `occurrenceStart`, or its next one. */
export async function getEvent(ctx: TChurchCtx, id: string, occurrenceStart?: string): Promise<TEvent> {
  return getOccurrenceItem(ctx, await findOccurrence(ctx, id, occurrenceStart));
}

export async function createEvent(ctx: TChurchCtx, body: TEventInput): Promise<TEvent> {
  const id = await ctx.db.transaction(async (db) => {
    const [row] = await db
      .insert(events)
      .values({ ...toValues(ctx, body), churchId: ctx.churchId, createdBy: ctx.userId })
      .returning();
    // Members are told and the activity line written by the event's subscribers.
    await publish(db, "event.published", {
      churchId: ctx.churchId,
      actorId: ctx.userId,
      eventId: row.id,
      title: row.title,
    });
    await auditEventCreated(db, ctx, row);
    return row.id;
  });
  await eventsChanged(ctx);
  return getEvent(ctx, id);
}

/**
 * A change: the whole series (scope "all", the default), one occurrence ("one") or this occurrence
 * and the later ones ("following", which splits the series in two).
 */
export async function updateEvent(ctx: TChurchCtx, id: string, body: TEventInput): Promise<TEvent> {
  const event = await findEventRow(ctx, id);
  let scope = event.recurrence ? (body.scope ?? "all") : "all";
  // "This and following" from the first occurrence is the whole series.
  if (scope === "following" && Date.parse(body.occurrenceStart ?? "") === event.startTime.getTime()) scope = "all";
  // The change and its audit entry in one transaction.
  const result = await ctx.db.transaction(async (tx) => {
    const txCtx = { ...ctx, db: tx };
    if (scope === "all") {
      const done = await updateSeries(txCtx, event, body);
      await auditSeriesUpdated(tx, ctx, event, await findEventRow(txCtx, event.id));
      return done;
    }
    const done = scope === "one" ? await updateOne(txCtx, event, body) : await updateFollowing(txCtx, event, body);
    await auditOccurrenceUpdated(tx, ctx, event, body, {
      scope,
      key: checkOccurrenceKey(ctx, event, body.occurrenceStart as string),
      newEventId: scope === "following" ? done.id : undefined,
    });
    return done;
  });
  await eventsChanged(ctx);
  return getEvent(ctx, result.id, result.occurrenceStart);
}

async function updateSeries(
  ctx: TChurchCtx,
  event: typeof events.$inferSelect,
  body: TEventInput,
): Promise<{ id: string; occurrenceStart?: string }> {
  const values = toValues(ctx, body);
  // Changed from one occurrence's page: the series moves as that occurrence moved.
  if (event.recurrence && body.occurrenceStart) {
    const key = checkOccurrenceKey(ctx, event, body.occurrenceStart);
    const shift = values.startTime.getTime() - key.getTime();
    const durationMs = values.endTime.getTime() - values.startTime.getTime();
    values.startTime = new Date(event.startTime.getTime() + shift);
    values.endTime = new Date(values.startTime.getTime() + durationMs);
  }
  const rows = await ctx.db
    .update(events)
    .set({ ...values, updatedAt: new Date() })
    .where(churchRow(events, ctx, event.id))
    .returning({ id: events.id });
  if (rows.length === 0) throw notFound(NOT_FOUND);
  return { id: event.id };
}

/**
 * Deletes an event, or with `occurrenceStart` cancels only that occurrence of a repeating event
 * (kept as a cancelled change: the feed writes it as an EXDATE).
 */
export async function deleteEvent(ctx: TChurchCtx, id: string, occurrenceStart?: string): Promise<void> {
  if (occurrenceStart) {
    const event = await findEventRow(ctx, id);
    if (!event.recurrence) throw badRequest("This event does not repeat: delete the event itself.", "occurrenceStart");
    const key = checkOccurrenceKey(ctx, event, occurrenceStart);
    await ctx.db.transaction(async (tx) => {
      await tx
        .insert(eventOccurrenceChanges)
        .values({ churchId: ctx.churchId, eventId: event.id, occurrenceStart: key, isCancelled: true })
        .onConflictDoUpdate({
          target: [eventOccurrenceChanges.eventId, eventOccurrenceChanges.occurrenceStart],
          set: { isCancelled: true, updatedAt: new Date() },
        });
      await auditOccurrenceCancelled(tx, ctx, event.id, key);
    });
    await eventsChanged(ctx);
    return;
  }
  await ctx.db.transaction(async (tx) => {
    const [row] = await tx
      .delete(events)
      .where(churchRow(events, ctx, id))
      .returning();
    if (!row) throw notFound(NOT_FOUND);
    await auditEventDeleted(tx, ctx, row);
  });
  await eventsChanged(ctx);
}

/** RSVP ("I'll be there") on or off, per occurrence of a repeating event; only for what has not ended. */
export async function setRsvp(
  ctx: TChurchCtx,
  id: string,
  isGoing: boolean,
  occurrenceStart?: string,
): Promise<TEvent> {
  const o = await findOccurrence(ctx, id, occurrenceStart, true);
  if (isGoing && o.end.getTime() < Date.now()) throw conflict("This event has already ended.");
  await ctx.db
    .insert(eventAttendance)
    .values({ eventId: o.event.id, userId: ctx.userId, occurrenceStart: o.key, isGoing })
    .onConflictDoUpdate({
      target: [eventAttendance.eventId, eventAttendance.userId, eventAttendance.occurrenceStart],
      set: { isGoing, updatedAt: new Date() },
    });
  // The count going is part of the church's list.
  await eventsChanged(ctx);
  return getOccurrenceItem(ctx, o);
}

/** Check-in opens 30 minutes before the start and closes at the end; it counts as attendance. */
export async function checkIn(
  ctx: TChurchCtx,
  id: string,
  occurrenceStart?: string,
  now = new Date(),
): Promise<TEvent> {
  const o = await findOccurrence(ctx, id, occurrenceStart, true, now);
  if (!isCheckInOpen({ startTime: o.start.toISOString(), endTime: o.end.toISOString() }, now))
    throw conflict("Check-in opens 30 minutes before the event starts and closes when it ends.");
  await ctx.db
    .insert(eventAttendance)
    .values({ eventId: o.event.id, userId: ctx.userId, occurrenceStart: o.key, checkedInAt: now })
    .onConflictDoUpdate({
      target: [eventAttendance.eventId, eventAttendance.userId, eventAttendance.occurrenceStart],
      set: { checkedInAt: sql`coalesce(${eventAttendance.checkedInAt}, ${now})`, updatedAt: now },
    });
  // The member's own marks in the cached list, and their count of events attended.
  await ctx.changed("user", ctx.userId);
  return getOccurrenceItem(ctx, o);
}
