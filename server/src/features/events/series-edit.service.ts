import {
  formatRecurrence,
  iterateOccurrences,
  parseRecurrence,
  type TRecurrenceRule,
  toUntil,
} from "@common/recurrence";
import { and, eq, gte, inArray } from "drizzle-orm";
import { eventAttendance, eventOccurrenceChanges, events } from "../../db/schema/events";
import { churchRow, inChurch } from "../../lib/church-scope";
import type { TChurchCtx } from "../../lib/context";
import { type TEventInput, toValues } from "./event-values";
import { checkOccurrenceKey, ruleOf, type TEventRow } from "./occurrences.service";

/**
 * Changes to part of a repeating event: one occurrence (a change row, an iCalendar RECURRENCE-ID)
 * or this occurrence and the later ones (the series is split in two at that occurrence).
 */

/** "This event": the occurrence keeps its key (its start by the rule) and takes the new values. */
export async function updateOne(
  ctx: TChurchCtx,
  event: TEventRow,
  body: TEventInput,
): Promise<{ id: string; occurrenceStart: string }> {
  const key = checkOccurrenceKey(ctx, event, body.occurrenceStart as string);
  const values = {
    title: body.title,
    description: body.description,
    location: body.location,
    startTime: new Date(body.startTime),
    endTime: new Date(body.endTime),
    isCancelled: false,
    updatedAt: new Date(),
  };
  await ctx.db
    .insert(eventOccurrenceChanges)
    .values({ ...values, churchId: ctx.churchId, eventId: event.id, occurrenceStart: key })
    .onConflictDoUpdate({
      target: [eventOccurrenceChanges.eventId, eventOccurrenceChanges.occurrenceStart],
      set: values,
    });
  return { id: event.id, occurrenceStart: key.toISOString() };
}

/** The first `n` occurrences of a rule from `from` on (all of them up to `last`). */
function keysFrom(rule: TRecurrenceRule | null, dtstart: Date, timeZone: string, from: Date, last: Date): Date[] {
  if (!rule) return [dtstart];
  const out: Date[] = [];
  for (const key of iterateOccurrences(rule, dtstart, timeZone)) {
    if (key > last) break;
    if (key >= from) out.push(key);
  }
  return out;
}

/**
 * "This and following events": the old series ends before the occurrence (UNTIL, or COUNT when it
 * counted), and a new event carries the rest with the new values. The later occurrences' RSVPs,
 * check-ins and changes move to the new event, the k-th later occurrence to the new series' k-th;
 * those the new series has no place for are dropped.
 */
export async function updateFollowing(
  ctx: TChurchCtx,
  event: TEventRow,
  body: TEventInput,
): Promise<{ id: string; occurrenceStart?: string }> {
  const key = checkOccurrenceKey(ctx, event, body.occurrenceStart as string);
  const rule = ruleOf(event) as TRecurrenceRule;
  let before = 0;
  for (const k of iterateOccurrences(rule, event.startTime, ctx.timeZone)) {
    if (k >= key) break;
    before++;
  }
  const oldRule: TRecurrenceRule = rule.count
    ? { ...rule, count: before }
    : { ...rule, until: toUntil(new Date(key.getTime() - 1000)) };
  const values = toValues(ctx, body);
  let newRecurrence = values.recurrence;
  if (newRecurrence === undefined) {
    newRecurrence = formatRecurrence(rule.count ? { ...rule, count: rule.count - before } : rule);
  }
  const newRule = newRecurrence ? (parseRecurrence(newRecurrence) as TRecurrenceRule) : null;

  return ctx.db.transaction(async (db) => {
    const [created] = await db
      .insert(events)
      .values({
        ...values,
        recurrence: newRecurrence,
        isService: values.isService ?? event.isService,
        churchId: ctx.churchId,
        createdBy: ctx.userId,
      })
      .returning();
    await db
      .update(events)
      .set({ recurrence: formatRecurrence(oldRule), updatedAt: new Date() })
      .where(churchRow(events, ctx, event.id));

    const later = and(eq(eventAttendance.eventId, event.id), gte(eventAttendance.occurrenceStart, key));
    const attendance = await db
      .select({ userId: eventAttendance.userId, occurrenceStart: eventAttendance.occurrenceStart })
      .from(eventAttendance)
      .where(later);
    const changes = await db
      .select()
      .from(eventOccurrenceChanges)
      .where(
        inChurch(
          eventOccurrenceChanges,
          ctx,
          eq(eventOccurrenceChanges.eventId, event.id),
          gte(eventOccurrenceChanges.occurrenceStart, key),
        ),
      );
    const last = new Date(
      Math.max(
        key.getTime(),
        ...attendance.map((a) => (a.occurrenceStart as Date).getTime()),
        ...changes.map((c) => c.occurrenceStart.getTime()),
      ),
    );
    const oldKeys = keysFrom(rule, event.startTime, ctx.timeZone, key, last);
    const newKeys = keysFrom(newRule, created.startTime, ctx.timeZone, created.startTime, new Date(8.64e15)).slice(
      0,
      oldKeys.length,
    );
    // The new series' k-th occurrence for each of the old one's later occurrences.
    const moved = new Map(oldKeys.map((k, i) => [k.getTime(), newKeys[i]]));
    const target = (k: Date) => {
      const n = moved.get(k.getTime());
      if (!n) return undefined;
      return newRule ? n : null;
    };
    for (const a of attendance) {
      const to = target(a.occurrenceStart as Date);
      if (to === undefined) continue;
      await db
        .update(eventAttendance)
        .set({ eventId: created.id, occurrenceStart: to })
        .where(
          and(
            eq(eventAttendance.eventId, event.id),
            eq(eventAttendance.userId, a.userId),
            eq(eventAttendance.occurrenceStart, a.occurrenceStart as Date),
          ),
        );
    }
    for (const c of changes) {
      const to = target(c.occurrenceStart);
      if (!to) continue;
      await db
        .update(eventOccurrenceChanges)
        .set({ eventId: created.id, occurrenceStart: to })
        .where(inChurch(eventOccurrenceChanges, ctx, eq(eventOccurrenceChanges.id, c.id)));
    }
    // What found no place in the new series stays with no occurrence of the old one: removed.
    await db.delete(eventAttendance).where(later);
    const leftover = changes.filter((c) => !target(c.occurrenceStart)).map((c) => c.id);
    if (leftover.length > 0)
      await db
        .delete(eventOccurrenceChanges)
        .where(inChurch(eventOccurrenceChanges, ctx, inArray(eventOccurrenceChanges.id, leftover)));
    return { id: created.id, occurrenceStart: newRule ? created.startTime.toISOString() : undefined };
  });
}
