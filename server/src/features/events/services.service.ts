import type { TPublicService } from "@common/public-church";
import { describeServiceTime } from "@common/recurrence";
import { getZonedParts } from "@common/time";
import { and, eq, isNotNull } from "drizzle-orm";
import { events } from "../../db/schema/events";
import { inChurch } from "../../lib/church-scope";
import { findOccurrence, ruleOf, type TReader } from "./occurrences.service";

/**
 * The church's regular services for the public page: repeating events marked "Regular service"
 * that still have an occurrence to come, each with when it happens in words in the church's zone
 * ("Sundays at 10:00 AM", "First Sunday of the month at 6:00 PM") and its next occurrence.
 */
export async function findServices(ctx: TReader, now = new Date()): Promise<TPublicService[]> {
  const rows = await ctx.db
    .select({ id: events.id })
    .from(events)
    .where(inChurch(events, ctx, and(eq(events.isService, true), isNotNull(events.recurrence))));
  const time = new Intl.DateTimeFormat("en-US", {
    timeZone: ctx.timeZone,
    hour: "numeric",
    minute: "2-digit",
    hour12: true,
  });
  const out: (TPublicService & { next: number })[] = [];
  for (const { id } of rows) {
    const o = await findOccurrence(ctx, id, undefined, false, now).catch(() => null);
    const rule = o && ruleOf(o.event);
    if (!o || !rule || o.end <= now) continue;
    const p = getZonedParts(o.event.startTime, ctx.timeZone);
    out.push({
      id: o.event.id,
      title: o.event.title,
      location: o.event.location,
      startTime: o.start.toISOString(),
      endTime: o.end.toISOString(),
      when: describeServiceTime(rule, { weekday: p.weekday, day: p.day }, time.format(o.event.startTime)),
      next: o.start.getTime(),
    });
  }
  return out.sort((a, b) => a.next - b.next).map(({ next: _, ...s }) => s);
}
