import type { TEventAttendee } from "@common/events";
import { and, asc, eq, isNull } from "drizzle-orm";
import { churches } from "../../db/schema/churches";
import { eventAttendance, events } from "../../db/schema/events";
import { users } from "../../db/schema/users";
import { churchRow, inChurch } from "../../lib/church-scope";
import type { TChurchCtx } from "../../lib/context";
import { notFound } from "../../lib/errors";
import { writeCalendar } from "../../lib/icalendar";
import { findChanges, findOccurrence } from "./occurrences.service";

const NOT_FOUND = "Event not found";

/** "Ruth B.": the first name and the last name's initial; "A member" when the profile has no name. */
export function getAttendeeName(u: { firstName: string | null; lastName: string | null }): string {
  const first = u.firstName?.trim();
  const initial = u.lastName?.trim().charAt(0).toUpperCase();
  if (!first) return initial ? `${initial}.` : "A member";
  return initial ? `${first} ${initial}.` : first;
}

/**
 * Who is going to one of the church's events (to one occurrence of a repeating event, its next one
 * unless `occurrenceStart` names it): members of the church (someone who has left is not listed), by
 * first name. Another church's event is a 404.
 */
export async function listAttendees(
  ctx: TChurchCtx,
  eventId: string,
  occurrenceStart?: string,
): Promise<TEventAttendee[]> {
  const o = await findOccurrence(ctx, eventId, occurrenceStart);
  const rows = await ctx.db
    .select({ id: users.id, firstName: users.firstName, lastName: users.lastName })
    .from(eventAttendance)
    .innerJoin(users, eq(users.id, eventAttendance.userId))
    .where(
      and(
        eq(eventAttendance.eventId, o.event.id),
        o.key ? eq(eventAttendance.occurrenceStart, o.key) : isNull(eventAttendance.occurrenceStart),
        eq(eventAttendance.isGoing, true),
        inChurch(users, ctx),
      ),
    )
    .orderBy(asc(users.firstName), asc(users.lastName), asc(users.id));
  return rows.map((u) => ({ id: u.id, name: getAttendeeName(u), isYou: u.id === ctx.userId }));
}

/** "Add to my calendar": an iCalendar file holding this one event, a repeating one with its rule (the feed's writer). */
export async function renderEventCalendar(ctx: TChurchCtx, eventId: string, publicUrl: string): Promise<string> {
  const [row] = await ctx.db
    .select({ event: events, churchName: churches.name })
    .from(events)
    .innerJoin(churches, eq(churches.id, events.churchId))
    .where(churchRow(events, ctx, eventId));
  if (!row) throw notFound(NOT_FOUND);
  const changes = [...(await findChanges(ctx, [row.event.id])).values()];
  return writeCalendar(
    { name: row.churchName, timeZone: ctx.timeZone, publicUrl },
    [row.event],
    (e) => `${publicUrl}/events/${e.id}`,
    changes,
  );
}
