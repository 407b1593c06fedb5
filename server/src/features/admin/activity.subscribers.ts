import { getMemberDisplayName } from "@common/member-helpers";
import { eq } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import { activities } from "../../db/schema/admin";
import { kudos } from "../../db/schema/community";
import { prayerRequests } from "../../db/schema/prayer";
import { users } from "../../db/schema/users";
import { churchRow } from "../../lib/church-scope";
import { subscriber, type TSubscriber } from "../../lib/domain-events";
import { activityLine } from "./activity-words";

/**
 * The admin dashboard's recent activity, written from events (issue 25 §1). A line is dated when
 * its event happened, not when the queue got to it, so the feed keeps the order of the changes. The
 * insert is the job's whole transaction: a failed try leaves no line behind to repeat. A line is a
 * message of the `activity` catalogue, worded in the reading admin's language (activity-words.ts);
 * titles and names are the church's own, as entered.
 */

const sermonPublished = subscriber({
  name: "activity.sermon_published",
  event: "sermon.published",
  handle: async (event, ctx) => {
    const s = event.payload;
    await ctx.db
      .insert(activities)
      .values({
        id: ctx.rowId(),
        churchId: ctx.churchId,
        userId: event.payload.actorId,
        kind: "sermon_created",
        ...activityLine("admin.sermonNew", { title: s.title, speaker: s.speaker }),
        createdAt: new Date(event.occurredAt),
      })
      .onConflictDoNothing();
  },
});

const eventPublished = subscriber({
  name: "activity.event_published",
  event: "event.published",
  handle: async (event, ctx) => {
    const e = event.payload;
    await ctx.db
      .insert(activities)
      .values({
        id: ctx.rowId(),
        churchId: ctx.churchId,
        userId: event.payload.actorId,
        kind: "event_created",
        ...activityLine("admin.eventNew", { title: e.title }),
        createdAt: new Date(event.occurredAt),
      })
      .onConflictDoNothing();
  },
});

/**
 * A prayer request shared. The feed is the admins', who see a "leaders" request too; the line says
 * which it is. An anonymous request's event names nobody, and neither does its line (no user, no
 * name): the author is never read here.
 */
const prayerCreated = subscriber({
  name: "activity.prayer_created",
  event: "prayer.created",
  handle: async ({ payload, occurredAt }, ctx) => {
    const [request] = await ctx.db
      .select({ visibility: prayerRequests.visibility })
      .from(prayerRequests)
      .where(churchRow(prayerRequests, ctx, payload.requestId));
    if (!request) return;
    const forLeaders = request.visibility === "leaders";
    const [author] = payload.actorId
      ? await ctx.db
          .select({ firstName: users.firstName, lastName: users.lastName, email: users.email })
          .from(users)
          .where(eq(users.id, payload.actorId))
      : [];
    await ctx.db
      .insert(activities)
      .values({
        id: ctx.rowId(),
        churchId: ctx.churchId,
        userId: payload.isAnonymous ? null : payload.actorId,
        kind: "prayer_request",
        ...(payload.isAnonymous || !author
          ? activityLine(forLeaders ? "admin.prayerSharedAnonymousLeaders" : "admin.prayerSharedAnonymous")
          : activityLine(forLeaders ? "admin.prayerSharedLeaders" : "admin.prayerShared", {
              name: getMemberDisplayName(author),
            })),
        createdAt: new Date(occurredAt),
      })
      .onConflictDoNothing();
  },
});

const sender = alias(users, "sender");
const recipient = alias(users, "recipient");
/** A name, or null for one never given (the line then says "A church member" in the reader's words). */
const named = (first: string | null, last: string | null) => [first, last].filter(Boolean).join(" ").trim() || null;

/** A kudos given (while it waits for review): "Ann recognized Ben". */
const kudosSubmitted = subscriber({
  name: "activity.kudos_submitted",
  event: "kudos.submitted",
  handle: async ({ payload, occurredAt }, ctx) => {
    const [row] = await ctx.db
      .select({
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
    await ctx.db
      .insert(activities)
      .values({
        id: ctx.rowId(),
        churchId: ctx.churchId,
        userId: payload.actorId,
        kind: "kudos_given",
        ...activityLine("admin.kudosGiven", {
          from: named(row.fromFirstName, row.fromLastName),
          to: named(row.toFirstName, row.toLastName),
        }),
        createdAt: new Date(occurredAt),
      })
      .onConflictDoNothing();
  },
});

/** An action step saved (new or edited), under the title it was saved with. */
const actionStepSaved = subscriber({
  name: "activity.action_step_saved",
  event: "action_step.saved",
  handle: async ({ payload, occurredAt }, ctx) => {
    await ctx.db
      .insert(activities)
      .values({
        id: ctx.rowId(),
        churchId: ctx.churchId,
        userId: payload.actorId,
        kind: "action_step_set",
        ...activityLine("admin.actionStep", { title: payload.title }),
        createdAt: new Date(occurredAt),
      })
      .onConflictDoNothing();
  },
});

export const activitySubscribers: TSubscriber[] = [
  sermonPublished,
  eventPublished,
  prayerCreated,
  kudosSubmitted,
  actionStepSaved,
];
