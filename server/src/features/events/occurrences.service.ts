import type { TEvent } from "@common/events";
import {
  expandOccurrences,
  isOccurrence,
  iterateOccurrences,
  parseRecurrence,
  type TRecurrenceRule,
} from "@common/recurrence";
import { and, eq, gt, inArray, isNotNull, isNull, lt, or, sql } from "drizzle-orm";
import { eventAttendance, eventOccurrenceChanges, events } from "../../db/schema/events";
import { churchRow, inChurch } from "../../lib/church-scope";
import type { TChurchCtx } from "../../lib/context";
import { badRequest, notFound } from "../../lib/errors";

/**
 * Repeating events as occurrences: the rule expanded in the church's time zone, each occurrence's
 * change or cancellation applied (event_occurrence_changes), and RSVPs counted per occurrence.
 */

export type TEventRow = typeof events.$inferSelect;
export type TChangeRow = typeof eventOccurrenceChanges.$inferSelect;
/** Who reads: the marks are theirs. */
export type TReader = Pick<TChurchCtx, "db" | "churchId" | "userId" | "timeZone">;

export type TOccurrence = {
  event: TEventRow;
  /** The occurrence's start by the rule (its key); null for a single event. */
  key: Date | null;
  start: Date;
  end: Date;
  title: string;
  description: string;
  location: string;
};

export const NOT_FOUND = "Event not found";
/** An occurrence moved by a change is found when its rule start lies this close to the window. */
const MOVED_MARGIN_MS = 31 * 86_400_000;

export const ruleOf = (e: Pick<TEventRow, "recurrence">): TRecurrenceRule | null => {
  if (!e.recurrence) return null;
  const rule = parseRecurrence(e.recurrence);
  return typeof rule === "string" ? null : rule;
};

const changeKey = (eventId: string, key: Date) => `${eventId}|${key.getTime()}`;

/** One occurrence of a series, with its change (moved, retitled) applied; null when cancelled. */
export function applyChange(event: TEventRow, key: Date, change: TChangeRow | undefined): TOccurrence | null {
  if (change?.isCancelled) return null;
  const durationMs = event.endTime.getTime() - event.startTime.getTime();
  return {
    event,
    key,
    start: change?.startTime ?? key,
    end: change?.endTime ?? new Date(key.getTime() + durationMs),
    title: change?.title ?? event.title,
    description: change?.description ?? event.description,
    location: change?.location ?? event.location,
  };
}

const single = (event: TEventRow): TOccurrence => ({
  event,
  key: null,
  start: event.startTime,
  end: event.endTime,
  title: event.title,
  description: event.description,
  location: event.location,
});

export async function findChanges(ctx: Pick<TReader, "db" | "churchId">, eventIds: string[]) {
  if (eventIds.length === 0) return new Map<string, TChangeRow>();
  const rows = await ctx.db
    .select()
    .from(eventOccurrenceChanges)
    .where(inChurch(eventOccurrenceChanges, ctx, inArray(eventOccurrenceChanges.eventId, eventIds)));
  return new Map(rows.map((c) => [changeKey(c.eventId, c.occurrenceStart), c]));
}

/**
 * The rows `findOccurrences` expands: the single events overlapping [from, to), found by their end
 * (`events_church_end_idx`: the church's past events are not read), and the repeating ones that start
 * before the window's end (`events_church_series_idx`: the series alone, whatever their first end).
 */
export function occurrenceRowsQuery(
  ctx: Pick<TReader, "db" | "churchId">,
  window: { from: Date; to: Date },
  extra?: { isService?: boolean },
) {
  const { from, to } = window;
  return ctx.db
    .select()
    .from(events)
    .where(
      inChurch(
        events,
        ctx,
        extra?.isService === undefined ? undefined : eq(events.isService, extra.isService),
        or(
          and(isNull(events.recurrence), gt(events.endTime, from), lt(events.startTime, to)),
          and(isNotNull(events.recurrence), lt(events.startTime, new Date(to.getTime() + MOVED_MARGIN_MS))),
        ),
      ),
    );
}

/**
 * Every occurrence that overlaps [from, to), in order of start: single events as they are, repeating
 * ones expanded in the church's zone with their changes applied. `max` stops the expansion early;
 * `isService` keeps only services (true) or only the rest (false).
 */
export async function findOccurrences(
  ctx: TReader,
  window: { from: Date; to: Date; max?: number },
  extra?: { isService?: boolean },
): Promise<TOccurrence[]> {
  const { from, to } = window;
  const rows = await occurrenceRowsQuery(ctx, window, extra);
  const changes = await findChanges(
    ctx,
    rows.filter((r) => r.recurrence).map((r) => r.id),
  );
  const out: TOccurrence[] = [];
  for (const event of rows) {
    const rule = ruleOf(event);
    if (!rule) {
      out.push(single(event));
      continue;
    }
    const keys = expandOccurrences(rule, event.startTime, ctx.timeZone, {
      from: new Date(from.getTime() - MOVED_MARGIN_MS),
      to: new Date(to.getTime() + MOVED_MARGIN_MS),
      durationMs: event.endTime.getTime() - event.startTime.getTime(),
      max: window.max === undefined ? undefined : window.max + 200,
    });
    for (const key of keys) {
      const o = applyChange(event, key, changes.get(changeKey(event.id, key)));
      if (o && o.start < to && o.end > from) out.push(o);
    }
  }
  return out.sort((a, b) => a.start.getTime() - b.start.getTime() || a.event.id.localeCompare(b.event.id));
}

type TCounts = { rsvpCount: number; isGoing: boolean; isCheckedIn: boolean };
const countKey = (eventId: string, key: Date | null) => `${eventId}|${key ? key.getTime() : ""}`;

/** The count going and the reader's own answers, per occurrence, in one query over the events' rows. */
export async function findCounts(ctx: TReader, list: TOccurrence[]): Promise<Map<string, TCounts>> {
  const ids = [...new Set(list.map((o) => o.event.id))];
  if (ids.length === 0) return new Map();
  const rows = await ctx.db
    .select({
      eventId: eventAttendance.eventId,
      occurrenceStart: eventAttendance.occurrenceStart,
      rsvpCount: sql<number>`(count(*) filter (where ${eventAttendance.isGoing}))::int`,
      isGoing: sql<boolean>`coalesce(bool_or(${eventAttendance.isGoing} and ${eventAttendance.userId} = ${ctx.userId}), false)`,
      isCheckedIn: sql<boolean>`coalesce(bool_or(${eventAttendance.checkedInAt} is not null and ${eventAttendance.userId} = ${ctx.userId}), false)`,
    })
    .from(eventAttendance)
    .innerJoin(events, eq(events.id, eventAttendance.eventId))
    .where(inChurch(events, ctx, inArray(eventAttendance.eventId, ids)))
    .groupBy(eventAttendance.eventId, eventAttendance.occurrenceStart);
  return new Map(rows.map((r) => [countKey(r.eventId, r.occurrenceStart), r]));
}

export function toOccurrenceItem(o: TOccurrence, counts: Map<string, TCounts>): TEvent {
  const c = counts.get(countKey(o.event.id, o.key));
  return {
    id: o.event.id,
    title: o.title,
    description: o.description,
    location: o.location,
    startTime: o.start.toISOString(),
    endTime: o.end.toISOString(),
    streamUrl: o.event.streamUrl,
    rsvpCount: c?.rsvpCount ?? 0,
    isGoing: c?.isGoing ?? false,
    isCheckedIn: c?.isCheckedIn ?? false,
    createdAt: o.event.createdAt.toISOString(),
    occurrenceStart: (o.key ?? o.start).toISOString(),
    recurrence: o.event.recurrence,
    isService: o.event.isService,
  };
}

export async function toOccurrenceItems(ctx: TReader, list: TOccurrence[]): Promise<TEvent[]> {
  const counts = await findCounts(ctx, list);
  return list.map((o) => toOccurrenceItem(o, counts));
}

export async function findEventRow(ctx: Pick<TReader, "db" | "churchId">, id: string): Promise<TEventRow> {
  const [row] = await ctx.db
    .select()
    .from(events)
    .where(churchRow(events, ctx, id));
  if (!row) throw notFound(NOT_FOUND);
  return row;
}

/** Checks that `occurrenceStart` is one of the rule's occurrences (400 otherwise) and returns it as a Date. */
export function checkOccurrenceKey(ctx: Pick<TReader, "timeZone">, event: TEventRow, occurrenceStart: string): Date {
  const rule = ruleOf(event);
  const key = new Date(occurrenceStart);
  if (!rule || !isOccurrence(rule, event.startTime, ctx.timeZone, key))
    throw badRequest("occurrenceStart is not an occurrence of this event's repeat rule.", "occurrenceStart");
  return key;
}

/**
 * One occurrence of an event: a single event is itself; a repeating one is the occurrence named by
 * `occurrenceStart` (400 when the rule has no such occurrence, 404 when it was cancelled), or, when
 * none is named and `isRequired` is false, the next one that has not ended (the last one once the
 * series is over).
 */
export async function findOccurrence(
  ctx: TReader,
  id: string,
  occurrenceStart: string | undefined,
  isRequired = false,
  now = new Date(),
): Promise<TOccurrence> {
  const event = await findEventRow(ctx, id);
  const rule = ruleOf(event);
  if (!rule) return single(event);
  const changes = await findChanges(ctx, [event.id]);
  if (occurrenceStart) {
    const key = checkOccurrenceKey(ctx, event, occurrenceStart);
    const o = applyChange(event, key, changes.get(changeKey(event.id, key)));
    if (!o) throw notFound("This occurrence of the event was cancelled.");
    return o;
  }
  if (isRequired) throw badRequest("occurrenceStart is required for a repeating event.", "occurrenceStart");
  let last: TOccurrence | null = null;
  for (const key of iterateOccurrences(rule, event.startTime, ctx.timeZone)) {
    const o = applyChange(event, key, changes.get(changeKey(event.id, key)));
    if (!o) continue;
    last = o;
    if (o.end > now) return o;
  }
  if (!last) throw notFound("Every occurrence of this event was cancelled.");
  return last;
}

export async function getOccurrenceItem(ctx: TReader, o: TOccurrence): Promise<TEvent> {
  const [item] = await toOccurrenceItems(ctx, [o]);
  return item;
}
