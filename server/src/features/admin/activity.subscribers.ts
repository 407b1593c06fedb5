import { activities } from "../../db/schema/admin";
import { subscriber, type TSubscriber } from "../../lib/domain-events";

/**
 * The admin dashboard's recent activity, written from events (issue 25 §1). A line is dated when
 * its event happened, not when the queue got to it, so the feed keeps the order of the changes. The
 * insert is the job's whole transaction: a failed try leaves no line behind to repeat.
 */

const sermonPublished = subscriber({
  name: "activity.sermon_published",
  event: "sermon.published",
  handle: async (event, ctx) => {
    const s = event.payload;
    await ctx.db.insert(activities).values({
      churchId: ctx.churchId,
      userId: event.payload.actorId,
      kind: "sermon_created",
      description: `New sermon: ${s.title} (${s.speaker})`,
      createdAt: new Date(event.occurredAt),
    });
  },
});

const eventPublished = subscriber({
  name: "activity.event_published",
  event: "event.published",
  handle: async (event, ctx) => {
    const e = event.payload;
    await ctx.db.insert(activities).values({
      churchId: ctx.churchId,
      userId: event.payload.actorId,
      kind: "event_created",
      description: `New event: ${e.title}`,
      createdAt: new Date(event.occurredAt),
    });
  },
});

export const activitySubscribers: TSubscriber[] = [sermonPublished, eventPublished];
