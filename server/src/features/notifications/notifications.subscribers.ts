import { and, eq } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import { kudos, notifications } from "../../db/schema/community";
import { events } from "../../db/schema/events";
import { sermons } from "../../db/schema/sermons";
import { users } from "../../db/schema/users";
import { churchRow, inChurch } from "../../lib/church-scope";
import { subscriber, type TSubscriber } from "../../lib/domain-events";
import type { TNotificationKey } from "../../lib/notification-text";
import { growthNotificationSubscribers } from "./growth-notifications.subscribers";
import { notify } from "./notify";

/**
 * What members are told when something happens in their church (issue 25 §1): each event's
 * notifications are stored in the subscriber's own transaction, and `notify` queues their delivery
 * (open sockets, then web push: notifications.jobs.ts), so push follows every notification here.
 * A sermon or event deleted (or a sermon made a draft again) before the queue gets to it tells nobody.
 */

/** A member's name as the church wrote it; none: "a church member" in the reader's language. */
const displayName = (
  first: string | null,
  last: string | null,
  fallback: TNotificationKey = "someone",
): string | { key: TNotificationKey } => [first, last].filter(Boolean).join(" ").trim() || { key: fallback };

/** A sermon the church sees from now on: every member but its publisher is told. */
const sermonPublished = subscriber({
  name: "notifications.sermon_published",
  event: "sermon.published",
  handle: async ({ payload, occurredAt }, ctx) => {
    const [s] = await ctx.db
      .select({ id: sermons.id })
      .from(sermons)
      .where(and(churchRow(sermons, ctx, payload.sermonId), eq(sermons.isDraft, false)));
    if (!s) return;
    await notify(ctx.db, ctx, {
      kind: "sermon_published",
      to: { everyone: true },
      except: payload.actorId,
      joinedBy: new Date(occurredAt),
      text: {
        title: "sermon_published.title",
        message: "sermon_published.message",
        values: { title: payload.title, speaker: payload.speaker },
      },
      link: `/sermons/${s.id}`,
      relatedId: s.id,
      // A retried job stores nothing twice.
      dedupeKey: `sermon_published:${s.id}`,
    });
  },
});

const eventPublished = subscriber({
  name: "notifications.event_published",
  event: "event.published",
  handle: async ({ payload, occurredAt }, ctx) => {
    const [e] = await ctx.db
      .select({ id: events.id })
      .from(events)
      .where(churchRow(events, ctx, payload.eventId));
    if (!e) return;
    await notify(ctx.db, ctx, {
      kind: "event_published",
      to: { everyone: true },
      except: payload.actorId,
      joinedBy: new Date(occurredAt),
      text: { title: "event_published.title", message: "own.message", values: { message: payload.title } },
      link: `/events/${e.id}`,
      relatedId: e.id,
      dedupeKey: `event_published:${e.id}`,
    });
  },
});

const sender = alias(users, "sender");
const recipient = alias(users, "recipient");

/**
 * A reviewed kudos: its recipient is told of an approval, its sender of either outcome (unless the
 * sender reviewed it), and every admin's "Kudos waiting" about it is cleared: the work is done.
 */
const kudosReviewed = subscriber({
  name: "notifications.kudos_reviewed",
  event: "kudos.reviewed",
  handle: async ({ payload }, ctx) => {
    await ctx.db
      .delete(notifications)
      .where(
        inChurch(
          notifications,
          ctx,
          eq(notifications.kind, "kudos_waiting"),
          eq(notifications.relatedId, payload.kudosId),
        ),
      );
    const [row] = await ctx.db
      .select({
        id: kudos.id,
        title: kudos.title,
        reason: kudos.rejectionReason,
        fromUserId: kudos.fromUserId,
        toUserId: kudos.toUserId,
        fromFirstName: sender.firstName,
        fromLastName: sender.lastName,
        toFirstName: recipient.firstName,
        toLastName: recipient.lastName,
      })
      .from(kudos)
      .leftJoin(sender, eq(sender.id, kudos.fromUserId))
      .leftJoin(recipient, eq(recipient.id, kudos.toUserId))
      .where(churchRow(kudos, ctx, payload.kudosId));
    if (!row) return;
    const from = displayName(row.fromFirstName, row.fromLastName);
    const to = displayName(row.toFirstName, row.toLastName, "someone.lower");
    const about = { link: "/kudos", relatedId: row.id };
    if (payload.status === "approved") {
      await notify(ctx.db, ctx, {
        kind: "kudos_approved",
        to: { userIds: [row.toUserId] },
        text: { title: "kudos_approved.title", message: "kudos_approved.message", values: { from, title: row.title } },
        dedupeKey: `kudos_approved:${row.id}`,
        ...about,
      });
    }
    // The admin who reviews their own kudos knows the outcome already.
    if (!row.fromUserId || row.fromUserId === payload.actorId) return;
    await notify(ctx.db, ctx, {
      kind: "kudos_reviewed",
      to: { userIds: [row.fromUserId] },
      text:
        payload.status === "approved"
          ? { title: "kudos_reviewed.approved.title", message: "kudos_reviewed.approved.message", values: { to } }
          : row.reason
            ? {
                title: "kudos_reviewed.rejected.title",
                message: "kudos_reviewed.rejected_reason.message",
                values: { to, reason: row.reason },
              }
            : { title: "kudos_reviewed.rejected.title", message: "kudos_reviewed.rejected.message", values: { to } },
      dedupeKey: `kudos_reviewed:${row.id}`,
      ...about,
    });
  },
});

export const notificationSubscribers: TSubscriber[] = [
  sermonPublished,
  eventPublished,
  kudosReviewed,
  ...growthNotificationSubscribers,
];
