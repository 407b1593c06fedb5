import { BADGES, type TBadgeKey } from "@common/badges";
import { toLocalDate } from "@common/time";
import { and, eq, inArray, isNull } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import { churches } from "../../db/schema/churches";
import { kudos } from "../../db/schema/community";
import { weeklyActionSteps } from "../../db/schema/growth";
import { liveStreams } from "../../db/schema/live";
import { prayerChainLinks, prayerRequestPrayers, prayerRequests } from "../../db/schema/prayer";
import { users } from "../../db/schema/users";
import { churchRow, inChurch } from "../../lib/church-scope";
import { subscriber, type TSubscriber } from "../../lib/domain-events";
import type { TTextValue } from "../../lib/notification-text";
import { notify, notifyEach } from "./notify";

/**
 * What members are told when something happens in the growth rooms (prayer, kudos, live, action
 * steps, badges, prayer partners), from their domain events (issue 25 §1). Each reads the row the
 * event names in its own transaction and keys what it stores, so a retried job tells nobody twice;
 * a row gone (or already dealt with) by the time the queue gets to it tells nobody.
 */

/**
 * Someone prayed for a request: its author hears it, at most once a day per request (the church's
 * day of the prayer), and never who. The event carries no author; the author is read from the row
 * here and reached privately. The service publishes no event when the author prays for their own.
 */
const prayerPrayed = subscriber({
  name: "notifications.prayer_prayed",
  event: "prayer.prayed",
  handle: async ({ payload, occurredAt }, ctx) => {
    const [row] = await ctx.db
      .select({ id: prayerRequests.id, authorId: prayerRequests.authorId, title: prayerRequests.title })
      .from(prayerRequests)
      .where(churchRow(prayerRequests, ctx, payload.requestId));
    if (!row?.authorId || row.authorId === payload.actorId) return;
    const [church] = await ctx.db
      .select({ timeZone: churches.timeZone })
      .from(churches)
      .where(eq(churches.id, ctx.churchId));
    const day = toLocalDate(new Date(occurredAt), church.timeZone);
    await notify(ctx.db, ctx, {
      kind: "prayer_prayed",
      to: { userIds: [row.authorId] },
      text: { title: "prayer_prayed.title", message: "prayer_prayed.message", values: { title: row.title } },
      link: "/prayer-requests",
      relatedId: row.id,
      dedupeKey: `prayed:${row.id}:${day}`,
    });
  },
});

/**
 * A request answered: everyone who prayed for it hears of it; not its author, nor whoever marked it
 * (when the event names them). Of a "leaders" request, only those who may still see it: an admin
 * who prayed and has since become a member hears nothing (issue 24).
 */
const prayerAnswered = subscriber({
  name: "notifications.prayer_answered",
  event: "prayer.answered",
  handle: async ({ payload }, ctx) => {
    const [request] = await ctx.db
      .select({
        id: prayerRequests.id,
        authorId: prayerRequests.authorId,
        title: prayerRequests.title,
        visibility: prayerRequests.visibility,
      })
      .from(prayerRequests)
      .where(churchRow(prayerRequests, ctx, payload.requestId));
    if (!request) return;
    const prayed = await ctx.db
      .selectDistinct({ userId: prayerRequestPrayers.userId })
      .from(prayerRequestPrayers)
      .innerJoin(users, eq(users.id, prayerRequestPrayers.userId))
      .where(
        inChurch(
          prayerRequestPrayers,
          ctx,
          eq(prayerRequestPrayers.requestId, request.id),
          request.visibility === "leaders" ? inArray(users.role, ["ADMIN", "SUPER_ADMIN"]) : undefined,
        ),
      );
    const userIds = prayed
      .map((p) => p.userId)
      .filter((u) => u !== request.authorId && u !== payload.actorId && u !== payload.answeredBy);
    await notify(ctx.db, ctx, {
      kind: "prayer_answered",
      to: { userIds },
      text: { title: "prayer_answered.title", message: "prayer_answered.message", values: { title: request.title } },
      link: "/prayer-requests",
      relatedId: request.id,
      dedupeKey: `prayer_answered:${request.id}`,
    });
  },
});

const sender = alias(users, "sender");
const recipient = alias(users, "recipient");

/** A kudos submitted: every admin but its sender is told it waits for review (while it still does). */
const kudosSubmitted = subscriber({
  name: "notifications.kudos_submitted",
  event: "kudos.submitted",
  handle: async ({ payload }, ctx) => {
    const [row] = await ctx.db
      .select({
        id: kudos.id,
        title: kudos.title,
        fromFirstName: sender.firstName,
        fromLastName: sender.lastName,
        toFirstName: recipient.firstName,
        toLastName: recipient.lastName,
      })
      .from(kudos)
      .leftJoin(sender, eq(sender.id, kudos.fromUserId))
      .leftJoin(recipient, eq(recipient.id, kudos.toUserId))
      .where(and(churchRow(kudos, ctx, payload.kudosId), eq(kudos.status, "pending")));
    if (!row) return;
    // A member's name as the church wrote it; none: "A church member" in the reader's language.
    const name = (first: string | null, last: string | null): TTextValue =>
      [first, last].filter(Boolean).join(" ").trim() || { key: "someone" };
    await notify(ctx.db, ctx, {
      kind: "kudos_waiting",
      to: { admins: true },
      except: payload.actorId,
      text: {
        title: "kudos_waiting.title",
        message: "kudos_waiting.message",
        values: {
          from: name(row.fromFirstName, row.fromLastName),
          to: name(row.toFirstName, row.toLastName),
          title: row.title,
        },
      },
      link: "/admin/kudos",
      relatedId: row.id,
      dedupeKey: `kudos_waiting:${row.id}`,
    });
  },
});

/** A stream started: every member but the admin who started it hears it is live (unless it has ended since). */
const liveStarted = subscriber({
  name: "notifications.live_started",
  event: "live.started",
  handle: async ({ payload }, ctx) => {
    const [stream] = await ctx.db
      .select({ id: liveStreams.id, eventId: liveStreams.eventId, title: liveStreams.title })
      .from(liveStreams)
      .where(and(churchRow(liveStreams, ctx, payload.liveEventId), isNull(liveStreams.endedAt)));
    if (!stream) return;
    await notify(ctx.db, ctx, {
      kind: "live_started",
      to: { everyone: true },
      except: payload.actorId,
      text: { title: "live_started.title", message: "own.message", values: { message: stream.title } },
      link: "/live",
      relatedId: stream.eventId,
      dedupeKey: `live_started:${stream.id}`,
    });
  },
});

/**
 * The week's action step announced (saved for this week, or by the week-start job for one saved
 * ahead): every member but its author. Keyed by the step, so it is told once whoever published it.
 */
const actionStepPublished = subscriber({
  name: "notifications.action_step_published",
  event: "action_step.published",
  handle: async ({ payload }, ctx) => {
    const [step] = await ctx.db
      .select({ id: weeklyActionSteps.id, title: weeklyActionSteps.title, createdBy: weeklyActionSteps.createdBy })
      .from(weeklyActionSteps)
      .where(churchRow(weeklyActionSteps, ctx, payload.actionStepId));
    if (!step) return;
    await notify(ctx.db, ctx, {
      kind: "action_step_posted",
      to: { everyone: true },
      except: step.createdBy,
      text: { title: "action_step_posted.title", message: "own.message", values: { message: step.title } },
      link: "/growth",
      relatedId: step.id,
      dedupeKey: `action_step_posted:${step.id}`,
    });
  },
});

/** A badge earned: its member is told (once per badge and church). */
const badgeEarned = subscriber({
  name: "notifications.badge_earned",
  event: "badge.earned",
  handle: async ({ payload }, ctx) => {
    if (!Object.hasOwn(BADGES, payload.badge)) return;
    const badge = payload.badge as TBadgeKey;
    await notify(ctx.db, ctx, {
      kind: "badge_earned",
      to: { userIds: [payload.userId] },
      text: {
        title: "badge_earned.title",
        message: "badge_earned.message",
        // The badge's name and description are the catalogue's own words, in the reader's language.
        values: { badge: { key: `badge.${badge}.name` }, description: { key: `badge.${badge}.description` } },
      },
      link: "/profile",
      // Per church: a member who moves earns the badge anew there (the key is unique per user).
      dedupeKey: `badge_earned:${ctx.churchId}:${payload.badge}`,
    });
  },
});

const partner = alias(users, "partner");

/** A week's prayer chain made: each member in it hears whom they pray for (the link is what `/current` answers). */
const prayerChainMade = subscriber({
  name: "notifications.prayer_chain_made",
  event: "prayer_chain.made",
  handle: async ({ payload }, ctx) => {
    const links = await ctx.db
      .select({
        id: prayerChainLinks.id,
        userId: prayerChainLinks.userId,
        firstName: partner.firstName,
        lastName: partner.lastName,
      })
      .from(prayerChainLinks)
      .leftJoin(partner, eq(partner.id, prayerChainLinks.partnerId))
      .where(inChurch(prayerChainLinks, ctx, eq(prayerChainLinks.chainId, payload.chainId)));
    await notifyEach(
      ctx.db,
      ctx,
      "prayer_partner",
      links.map((l) => ({
        userId: l.userId,
        text: {
          title: "prayer_partner.title",
          message: "prayer_partner.message",
          // The partner's name, never their e-mail (issue 27: it goes only where their privacy allows).
          values: { name: [l.firstName, l.lastName].filter(Boolean).join(" ") || { key: "someone.lower" } },
        },
        link: "/prayer-partners",
        relatedId: l.id,
        dedupeKey: `prayer_partner:${l.id}`,
      })),
    );
  },
});

export const growthNotificationSubscribers: TSubscriber[] = [
  prayerPrayed,
  prayerAnswered,
  kudosSubmitted,
  liveStarted,
  actionStepPublished,
  badgeEarned,
  prayerChainMade,
];
