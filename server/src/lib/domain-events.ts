import { createHash, randomUUID } from "node:crypto";
import { ROLES } from "@common/roles";
import type { FastifyBaseLogger } from "fastify";
import { z } from "zod";
import type { TDb, TRootDb } from "../db/client";
import type { TTopic } from "./cache-bus";
import type { TChanged } from "./context";
import { addJob, type Jobs, type TJobSpec } from "./jobs";

/**
 * What follows a change is an event, not a call into another feature (STYLE.md habit 14). A service
 * that changes a row calls `publish(tx, name, payload)` inside the transaction of the change: the
 * event is a graphile-worker job added by SQL in that transaction, so a rolled-back change publishes
 * nothing and a committed one is never lost. The job (`domain-events.dispatch`) then adds one job per
 * subscriber of that event, each with the queue's own retries: a subscriber that fails is tried again
 * alone, the others are not repeated. Every app process defines the same tasks; the queue locks each
 * job to one worker of one process, so several processes deliver an event once.
 *
 * This module knows no feature: subscribers live in the feature folders that react
 * (`features/notifications/notifications.subscribers.ts`, `features/admin/activity.subscribers.ts`)
 * and are wired once in app.ts.
 */

/** Every event names its church and who caused it: a member, or null for the system (a job) or a hidden author. */
const base = { churchId: z.uuid(), actorId: z.uuid().nullable() };

/**
 * An event about a prayer request names its author only when the request is not anonymous. The
 * payload of an anonymous one cannot hold an author at all (`actorId: null`, and strict objects take
 * no other field): every subscriber, also those that publish outward (activity, webhooks, the audit
 * trail), gets the same privacy-safe payload. A subscriber that must reach the author privately (the
 * "someone prayed for you" note) reads the request row itself. Build it with `prayerActor`.
 */
const prayerEvent = <T extends z.ZodRawShape>(shape: T) =>
  z.discriminatedUnion("isAnonymous", [
    z.strictObject({ ...base, ...shape, isAnonymous: z.literal(false) }),
    // churchId alone, not `base`: spreading its nullable actorId under this one confuses the inferred type.
    z.strictObject({ churchId: base.churchId, ...shape, isAnonymous: z.literal(true), actorId: z.null() }),
  ]);

const title = z.string();

/**
 * The events, by name (`area.verb`), and what each carries: ids, plus the few words an announcement
 * names as they were at the change (a sermon edited a second later was still published under its
 * first title). Never a whole row, and nothing a reader of the row could not see.
 */
export const DOMAIN_EVENTS = {
  "sermon.published": z.strictObject({ ...base, sermonId: z.uuid(), title, speaker: title }),
  "event.published": z.strictObject({ ...base, eventId: z.uuid(), title }),
  "kudos.submitted": z.strictObject({ ...base, kudosId: z.uuid() }),
  "kudos.reviewed": z.strictObject({ ...base, kudosId: z.uuid(), status: z.enum(["approved", "rejected"]) }),
  "prayer.created": prayerEvent({ requestId: z.uuid() }),
  /** `actorId` is who prayed (none on an anonymous request). */
  "prayer.prayed": prayerEvent({ requestId: z.uuid() }),
  /** `answeredBy`: an admin who answered someone else's request; null when the author did (never names the author). */
  "prayer.answered": prayerEvent({ requestId: z.uuid(), answeredBy: z.uuid().nullable() }),
  /**
   * Issue 28: a reply in a request's private thread; `fromAuthor`, the request's author wrote it (their
   * pastors are told), else a pastor did (the author is told). An anonymous request's names nobody.
   */
  "prayer.replied": prayerEvent({ requestId: z.uuid(), replyId: z.uuid(), fromAuthor: z.boolean() }),
  /** `liveEventId` is the stream's row (`live_streams.id`). */
  "live.started": z.strictObject({ ...base, liveEventId: z.uuid() }),
  "live.ended": z.strictObject({ ...base, liveEventId: z.uuid() }),
  /** `role`: the role they joined with (an invitation's). The creator of a church publishes `church.created` instead. */
  "member.joined": z.strictObject({ ...base, userId: z.uuid(), role: z.enum(ROLES).optional() }),
  /**
   * `role`: the role they had. An admin leaving the role: `revokedInvitations`, how many pending
   * invitations the change revoked, and `pausedIntegrations`, the platforms it paused (theirs), both in
   * its own transaction (and the same on `member.role_changed`).
   */
  "member.left": z.strictObject({
    ...base,
    userId: z.uuid(),
    role: z.enum(ROLES).optional(),
    revokedInvitations: z.number().int().min(0).optional(),
    pausedIntegrations: z.array(z.string().max(100)).max(10).optional(),
  }),
  "member.role_changed": z.strictObject({
    ...base,
    userId: z.uuid(),
    from: z.string(),
    to: z.string(),
    revokedInvitations: z.number().int().min(0).optional(),
    pausedIntegrations: z.array(z.string().max(100)).max(10).optional(),
  }),
  /**
   * Issue 28: a member was erased (their own request, an admin's on their request, or the retention
   * job); `userId` is the id that no longer exists (caches forget it), `pseudonym` the tombstone.
   */
  "member.erased": z.strictObject({ ...base, userId: z.uuid(), pseudonym: z.uuid() }),
  "church.created": z.strictObject({ ...base, name: title }),
  /**
   * An invitation e-mailed (`again`: the same link once more) or saved to wait for review
   * (`waiting`), with the address and role it was made for (the admins' feed names them).
   */
  "invitation.sent": z.strictObject({
    ...base,
    invitationId: z.uuid(),
    email: z.string().max(320),
    role: z.string().max(40),
    again: z.boolean(),
    waiting: z.boolean(),
  }),
  /** "Send all waiting": `count` invitations that waited for review were e-mailed. */
  "invitation.waiting_sent": z.strictObject({ ...base, count: z.number().int().min(1) }),
  /** A member import made invitations: how many, how many e-mailed now and how many wait for review. */
  "import.completed": z.strictObject({
    ...base,
    created: z.number().int().min(0),
    sent: z.number().int().min(0),
    waiting: z.number().int().min(0),
  }),
  /** An admin dismissed a request to join (the address it came from). */
  "invitation_request.dismissed": z.strictObject({ ...base, requestId: z.uuid(), email: z.string().max(320) }),
  /** A sync of a people integration finished with `added` people waiting for review (actor: the system). */
  "integration.synced": z.strictObject({
    ...base,
    integrationId: z.uuid(),
    platform: title,
    added: z.number().int().min(0),
  }),
  /** Someone asked to join on the church's public page (`actorId` null: they have no account here). */
  "invitation_request.created": z.strictObject({ ...base, requestId: z.uuid() }),
  /** A step members are told of: saved for this week, or saved ahead and its week has begun (actor: the system). */
  "action_step.published": z.strictObject({ ...base, actionStepId: z.uuid() }),
  /** A step saved (new or edited, for any week): the admins' feed names it with the title it was saved under. */
  "action_step.saved": z.strictObject({ ...base, actionStepId: z.uuid(), title }),
  /** The actor completed this week's step (paid for the first time). */
  "action_step.completed": z.strictObject({ ...base, actionStepId: z.uuid() }),
  "badge.earned": z.strictObject({ ...base, userId: z.uuid(), badge: z.string().max(100) }),
  /** The actor watched a published sermon for the first time (paid). */
  "sermon.watched": z.strictObject({ ...base, sermonId: z.uuid() }),
  /** The actor completed a plan reading for the first time (paid). */
  "reading.completed": z.strictObject({ ...base, readingDate: z.iso.date() }),
  /** The actor saved a complete profile (names and bio) while in the church. */
  "profile.updated": z.strictObject({ ...base }),
  /** The week's prayer-partner chain was made (by the week-start job or the first page that needed it). */
  "prayer_chain.made": z.strictObject({ ...base, chainId: z.uuid() }),
  /** Issue 27: a leader (the actor) marked `userId` present or absent at a group meeting (a change of mark only). */
  "group.attendance_marked": z.strictObject({
    ...base,
    groupId: z.uuid(),
    meetingId: z.uuid(),
    userId: z.uuid(),
    present: z.boolean(),
  }),
  /** Issue 27: a group meets tomorrow (church time) and its members are to be reminded, once (actor: the system). */
  "group.meeting_tomorrow": z.strictObject({ ...base, groupId: z.uuid(), meetingId: z.uuid() }),
  /** Issue 27: the actor asked to join a group by request (its leaders are told). */
  "group.join_requested": z.strictObject({ ...base, groupId: z.uuid() }),
  /** A leader or admin (the actor) let `userId` in, with an optional word to them. */
  "group.request_approved": z.strictObject({
    ...base,
    groupId: z.uuid(),
    userId: z.uuid(),
    message: z.string().max(500).nullable(),
  }),
  /** A leader or admin (the actor) declined `userId`'s request, with an optional word to them. */
  "group.request_declined": z.strictObject({
    ...base,
    groupId: z.uuid(),
    userId: z.uuid(),
    message: z.string().max(500).nullable(),
  }),
  /** `userId` became a member of a group (joined an open one, or was approved). */
  "group.member_joined": z.strictObject({ ...base, groupId: z.uuid(), userId: z.uuid() }),
  /** Issue 27: a leader or admin (the actor) added `userId` to a group (the member is told). */
  "group.member_added": z.strictObject({ ...base, groupId: z.uuid(), userId: z.uuid() }),
  /**
   * Issue 27: a group's last leader left the church, or stopped leading when their role became Church
   * Member; the group stays, leaderless, and the church's admins are told (actor: who made the change).
   */
  "group.leaderless": z.strictObject({ ...base, groupId: z.uuid() }),
  /** `userId` left a group. */
  "group.member_left": z.strictObject({ ...base, groupId: z.uuid(), userId: z.uuid() }),
  /** Issue 27: the actor posted in a group's thread (its members are told, batched). */
  "group.post_created": z.strictObject({ ...base, groupId: z.uuid(), postId: z.uuid() }),
  /** Issue 27: a prayer request shared with a group; an anonymous one names nobody (`prayerActor`). */
  "group.prayer_created": prayerEvent({ groupId: z.uuid(), prayerId: z.uuid() }),
  /**
   * Issue 29: an announcement went out (actor: who sent it now, or null at its scheduled time); its
   * recipients are rows of announcement_recipients, added in the same transaction.
   */
  "announcement.sent": z.strictObject({ ...base, announcementId: z.uuid() }),
  /** A recipient (the actor) opened an announcement for the first time: its bell entry is read too. */
  "announcement.opened": z.strictObject({ ...base, actorId: z.uuid(), announcementId: z.uuid() }),
} as const;

export type TEventName = keyof typeof DOMAIN_EVENTS;
export type TEventPayload<N extends TEventName> = z.infer<(typeof DOMAIN_EVENTS)[N]>;
/** An event as subscribers receive it: its id (one per publish), name, time and payload. */
export type TDomainEvent<N extends TEventName = TEventName> = {
  id: string;
  name: N;
  occurredAt: string;
  payload: TEventPayload<N>;
};

/**
 * The actor of a prayer event under the privacy rule (prayer-privacy.ts): nobody for an anonymous
 * request, whoever acted, since naming the author (who may be the one acting, or known from the time
 * of another event) is what the rule forbids. Spread it into the payload: `{...prayerActor(request,
 * ctx.userId), churchId, requestId}`.
 */
export function prayerActor(
  request: { isAnonymous: boolean },
  userId: string | null,
): { isAnonymous: false; actorId: string | null } | { isAnonymous: true; actorId: null } {
  return request.isAnonymous ? { isAnonymous: true, actorId: null } : { isAnonymous: false, actorId: userId };
}

const ZEnvelope = z.object({
  id: z.uuid(),
  name: z.enum(Object.keys(DOMAIN_EVENTS) as [TEventName, ...TEventName[]]),
  occurredAt: z.iso.datetime(),
  payload: z.record(z.string(), z.unknown()),
});
type TEnvelope = z.infer<typeof ZEnvelope>;

/** The one job `publish` adds; it fans the event out to its subscribers' jobs. */
export const DISPATCH_JOB: TJobSpec<TEnvelope> = {
  name: "domain-events.dispatch",
  payload: ZEnvelope,
  maxAttempts: 10,
};

/**
 * Records `name` with `payload` in `tx`'s transaction (pass the transaction of the change) and returns
 * the event's id. The payload is checked here: a bad one throws and rolls the change back.
 */
export async function publish<N extends TEventName>(tx: TDb, name: N, payload: TEventPayload<N>): Promise<string> {
  const checked = DOMAIN_EVENTS[name].parse(payload) as Record<string, unknown>;
  const id = randomUUID();
  await addJob(tx, DISPATCH_JOB, { id, name, occurredAt: new Date().toISOString(), payload: checked });
  return id;
}

/**
 * What a subscriber is handed besides the event: a transaction of its own, scoped to the event's
 * church, and `changed` (a cached list or member to forget), which takes effect once that
 * transaction has committed, so no process reloads the old rows in between.
 */
export type TSubscriberCtx = {
  db: TDb;
  churchId: string;
  log: FastifyBaseLogger;
  changed: TChanged;
  /**
   * The id of the `n`th row (or the row about `n`) this subscriber adds for this event: the same on every run, so a
   * subscriber run again (after a crash between its commit and its job's completion) inserts with
   * `onConflictDoNothing()` and adds nothing twice.
   */
  rowId: (n?: number | string) => string;
};

/** A UUID (version 8 layout) from the event, the subscriber and a row number: the same each time. */
export function eventRowId(eventId: string, subscriberName: string, n: number | string = 0): string {
  const h = createHash("sha256").update(`${eventId}\0${subscriberName}\0${n}`).digest("hex");
  const variant = (8 | (Number.parseInt(h[16], 16) & 3)).toString(16);
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-8${h.slice(13, 16)}-${variant}${h.slice(17, 20)}-${h.slice(20, 32)}`;
}

/**
 * One reaction to one event. `name` (`<feature>.<what>`) is its job's task name: never rename one
 * that may still have jobs waiting. `handle` runs in a transaction that commits with its writes (and
 * the jobs they add), is retried up to `maxAttempts` times when it throws, and should be idempotent.
 * It acts on `ctx.churchId` only.
 */
export type TSubscriber<N extends TEventName = TEventName> = {
  name: string;
  event: N;
  maxAttempts?: number;
  handle: (event: TDomainEvent<N>, ctx: TSubscriberCtx) => Promise<void>;
};

/** Declares a subscriber with its event's payload type (a plain object works too). */
export const subscriber = <N extends TEventName>(s: TSubscriber<N>): TSubscriber => s as unknown as TSubscriber;

const SUBSCRIBER_ATTEMPTS = 5;

/** The subscribers of this process, by event; `subscribe` them all before the queue starts. */
export class DomainEvents {
  private readonly byEvent = new Map<TEventName, TSubscriber[]>();
  private readonly names = new Set<string>();

  constructor(
    private readonly jobs: Jobs,
    private readonly db: TRootDb,
    private readonly log: FastifyBaseLogger,
    /** The app's cache invalidation (every process), called after a subscriber's transaction commits. */
    private readonly changed: TChanged = async () => {},
  ) {
    jobs.define({ ...DISPATCH_JOB, run: (event) => this.dispatch(event) });
  }

  subscribe(...subscribers: TSubscriber[]): void {
    for (const s of subscribers) {
      if (this.names.has(s.name)) throw new Error(`subscriber "${s.name}" is subscribed twice`);
      this.names.add(s.name);
      this.byEvent.set(s.event, [...(this.byEvent.get(s.event) ?? []), s]);
      this.jobs.define({
        ...subscriberJob(s),
        run: async (event) => {
          const checked = { ...event, payload: DOMAIN_EVENTS[event.name].parse(event.payload) } as TDomainEvent;
          const churchId = (checked.payload as { churchId: string }).churchId;
          const pending: [TTopic, string][] = [];
          const changed: TChanged = async (topic, id) => {
            pending.push([topic, id]);
          };
          const rowId = (n: number | string = 0) => eventRowId(checked.id, s.name, n);
          await this.db.transaction((tx) => s.handle(checked, { db: tx, churchId, log: this.log, changed, rowId }));
          for (const [topic, id] of pending) await this.changed(topic, id);
        },
      });
    }
  }

  /** The subscribers of `event` in this process, in the order they were subscribed. */
  subscribersOf(event: TEventName): readonly TSubscriber[] {
    return this.byEvent.get(event) ?? [];
  }

  /**
   * One job per subscriber, all added in one transaction. Each is keyed by subscriber and event, so a
   * dispatch run again after a crash replaces its waiting jobs instead of adding them twice.
   */
  private async dispatch(event: TEnvelope): Promise<void> {
    const subscribers = this.byEvent.get(event.name) ?? [];
    if (subscribers.length === 0) return;
    await this.db.transaction(async (tx) => {
      for (const s of subscribers) await addJob(tx, subscriberJob(s), event, { key: `${s.name}:${event.id}` });
    });
  }
}

const subscriberJob = (s: TSubscriber): TJobSpec<TEnvelope> => ({
  name: `subscriber:${s.name}`,
  payload: ZEnvelope,
  maxAttempts: s.maxAttempts ?? SUBSCRIBER_ATTEMPTS,
});
