import { randomBytes } from "node:crypto";
import { ZReadingToday } from "@common/reading";
import { and, eq, isNotNull, isNull, sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { afterFile } from "../../test/after-file";
import { Caller, createTestApp, type TResponse, type TTestApp } from "../../test/app";
import {
  addMember,
  createChurch,
  eventBody,
  invite,
  PASSWORD,
  sermonBody,
  signUp,
  type TSignedIn,
  type TTestChurch,
  uniqueEmail,
} from "../../test/factories";
import { drainJobs } from "../../test/jobs";
import { announcementRecipients, announcements } from "../db/schema/announcements";
import { churches } from "../db/schema/churches";
import { kudos } from "../db/schema/community";
import { events } from "../db/schema/events";
import {
  groupAttendance,
  groupJoinRequests,
  groupMembers,
  groupPosts,
  groupPrayers,
  groups,
} from "../db/schema/groups";
import { userBadges, weeklyActionSteps } from "../db/schema/growth";
import { invitationRequests, invitations } from "../db/schema/invitations";
import { liveStreams } from "../db/schema/live";
import { pointsLedger } from "../db/schema/points";
import { prayerChains, prayerRequestPrayers, prayerRequestReplies, prayerRequests } from "../db/schema/prayer";
import { sermons } from "../db/schema/sermons";
import { users } from "../db/schema/users";
import { DOMAIN_EVENTS, type TDomainEvent, type TEventName, type TSubscriber } from "./domain-events";
import { weekKey } from "./points";

/**
 * Issue 25 "Done means": for every domain event, through the real change that publishes it,
 * (1) a change that rolls back publishes nothing (here: the change fails because its event cannot be
 * recorded, and then the change is not there either: the two share one transaction), and (2) a
 * subscriber that fails is retried alone: the event's real subscribers and a steady test subscriber
 * run once per event, a flaky one twice.
 */

let t: TTestApp;
/** Calls of every subscriber (real and test), by subscriber, event id, event name and church. */
const calls: { sub: string; eventId: string; name: TEventName; churchId: string }[] = [];
const failedOnce = new Set<string>();

beforeAll(async () => {
  t = await createTestApp({}, { runJobs: false });
  const bus = t.app.domainEvents;
  const names = Object.keys(DOMAIN_EVENTS) as TEventName[];
  // Count the real subscribers' runs: each subscriber's job calls `handle` on the object subscribed.
  for (const name of names)
    for (const s of bus.subscribersOf(name)) {
      const real = s.handle;
      s.handle = async (e, ctx) => {
        await real(e, ctx);
        calls.push({ sub: s.name, eventId: e.id, name: e.name, churchId: ctx.churchId });
      };
    }
  const record = (sub: string) => async (e: TDomainEvent, ctx: { churchId: string }) => {
    calls.push({ sub, eventId: e.id, name: e.name, churchId: ctx.churchId });
  };
  bus.subscribe(
    ...names.flatMap((name): TSubscriber[] => [
      { name: `test.steady.${name}`, event: name, handle: record("test.steady") },
      {
        name: `test.flaky.${name}`,
        event: name,
        handle: async (e, ctx) => {
          await record("test.flaky")(e, ctx);
          if (!failedOnce.has(e.id)) {
            failedOnce.add(e.id);
            throw new Error("the flaky subscriber fails the first time");
          }
        },
      },
    ]),
  );
  // The switch that makes recording one event fail, inside whatever transaction records it.
  await t.db.execute(sql`create table test_refused_events (name text primary key)`);
  await t.db.execute(sql`
    create function test_refuse_event() returns trigger language plpgsql as $$
    begin
      if exists (select 1 from test_refused_events where name = new.payload->>'name') then
        raise exception 'the test refuses to record %', new.payload->>'name';
      end if;
      return new;
    end $$`);
  await t.db.execute(
    sql`create trigger test_refuse_event before insert on graphile_worker._private_jobs
        for each row execute function test_refuse_event()`,
  );
  afterFile(async () => {
    await t.db.execute(sql`drop trigger test_refuse_event on graphile_worker._private_jobs`);
  });
});

const tag = () => `Case ${randomBytes(4).toString("hex")}`;

async function givePrayer(who: TSignedIn, title = tag()) {
  const res = await who.post("/api/prayer-requests", { title, description: "Please pray.", isAnonymous: false });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body.id as string;
}

async function giveKudos(from: TSignedIn, to: TSignedIn, title = tag()) {
  const res = await from.post("/api/kudos", {
    toUserId: to.user.id,
    type: "servant_heart",
    category: "service",
    title,
    message: "For the coffee",
  });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body.id as string;
}

/** A group of `c` made by its admin (issue 27), by its id. */
async function makeGroup(c: TTestChurch, joinPolicy: string): Promise<string> {
  const res = await c.admin.post("/api/groups", { name: tag(), kind: "other", joinPolicy, visibility: "listed" });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body.id as string;
}

async function askToJoin(c: TTestChurch): Promise<{ g: string; m: TSignedIn }> {
  const s = { g: await makeGroup(c, "request"), m: await addMember(t.app, c) };
  expect((await s.m.post(`/api/groups/${s.g}/join`)).body.membership).toBe("requested");
  return s;
}

const isInGroup = (m: TSignedIn) => exists(t.db.select().from(groupMembers).where(eq(groupMembers.userId, m.user.id)));
const isRequesting = (m: TSignedIn) =>
  exists(t.db.select().from(groupJoinRequests).where(eq(groupJoinRequests.userId, m.user.id)));

/** A group of `c` (issue 27) made in the database with `member` in it, by its id. */
async function groupWith(c: TTestChurch, member: TSignedIn): Promise<string> {
  const [g] = await t.db
    .insert(groups)
    .values({ churchId: c.church.id, name: tag(), kind: "other" })
    .returning({ id: groups.id });
  await t.db.insert(groupMembers).values({ groupId: g.id, churchId: c.church.id, userId: member.user.id });
  return g.id;
}

/**
 * One real change per event: `setup` prepares a fresh church (its own effects drained), `act` makes
 * the change through the API, `applied` reads from the database whether it is there.
 */
type TCase<S> = {
  setup: (c: TTestChurch) => Promise<S>;
  act: (s: S) => Promise<TResponse>;
  applied: (s: S) => Promise<boolean>;
  /** The church the event is about, when not the church set up for it (a church being created). */
  churchOf?: (s: S) => Promise<string | undefined>;
};
const exists = async (rows: Promise<unknown[]>) => (await rows).length > 0;
const uncase = <S>(c: TCase<S>) => c as TCase<unknown>;

/**
 * `integration.synced` is published by a sync of a people integration, which needs a stand-in of the
 * provider: sync-planning-center.test.ts drives one and reads the feed line its subscriber writes.
 * `group.meeting_tomorrow` is published by the reminder job, not a request: group-meeting-reminders.test.ts
 * runs the job at moved clocks and reads the reminders its subscriber stores.
 * `group.leaderless` is published by the groups subscriber of member.left / member.role_changed, not a
 * request: group-loose-ends.test.ts removes and demotes a group's last leader and reads the admins' notice.
 */
type TCovered = Exclude<TEventName, "integration.synced" | "group.meeting_tomorrow" | "group.leaderless">;
const CASES: Record<TCovered, TCase<unknown>> = {
  "sermon.published": uncase({
    setup: async (c) => ({ c, title: tag() }),
    act: ({ c, title }) => c.admin.post("/api/sermons", sermonBody({ title })),
    applied: ({ title }) => exists(t.db.select().from(sermons).where(eq(sermons.title, title))),
  }),
  "event.published": uncase({
    setup: async (c) => ({ c, title: tag() }),
    act: ({ c, title }) => c.admin.post("/api/events", eventBody({ title })),
    applied: ({ title }) => exists(t.db.select().from(events).where(eq(events.title, title))),
  }),
  "kudos.submitted": uncase({
    setup: async (c) => ({ a: await addMember(t.app, c), b: await addMember(t.app, c), title: tag() }),
    act: ({ a, b, title }) =>
      a.post("/api/kudos", {
        toUserId: b.user.id,
        type: "servant_heart",
        category: "service",
        title,
        message: "Thank you",
      }),
    applied: ({ title }) => exists(t.db.select().from(kudos).where(eq(kudos.title, title))),
  }),
  "kudos.reviewed": uncase({
    setup: async (c) => ({ c, id: await giveKudos(await addMember(t.app, c), await addMember(t.app, c)) }),
    act: ({ c, id }) => c.admin.post(`/api/admin/kudos/${id}/approve`),
    applied: ({ id }) =>
      exists(
        t.db
          .select()
          .from(kudos)
          .where(and(eq(kudos.id, id), eq(kudos.status, "approved"))),
      ),
  }),
  "prayer.created": uncase({
    setup: async (c) => ({ m: await addMember(t.app, c), title: tag() }),
    act: ({ m, title }) => m.post("/api/prayer-requests", { title, description: "Please pray.", isAnonymous: false }),
    applied: ({ title }) => exists(t.db.select().from(prayerRequests).where(eq(prayerRequests.title, title))),
  }),
  "prayer.prayed": uncase({
    setup: async (c) => ({ id: await givePrayer(await addMember(t.app, c)), friend: await addMember(t.app, c) }),
    act: ({ id, friend }) => friend.post(`/api/prayer-requests/${id}/pray`),
    applied: ({ id }) => exists(t.db.select().from(prayerRequestPrayers).where(eq(prayerRequestPrayers.requestId, id))),
  }),
  "prayer.answered": uncase({
    setup: async (c) => {
      const m = await addMember(t.app, c);
      return { m, id: await givePrayer(m) };
    },
    act: ({ m, id }) => m.patch(`/api/prayer-requests/${id}/answered`, { answerNote: "She is home" }),
    applied: ({ id }) =>
      exists(
        t.db
          .select()
          .from(prayerRequests)
          .where(and(eq(prayerRequests.id, id), isNotNull(prayerRequests.answeredAt))),
      ),
  }),
  "prayer.replied": uncase({
    setup: async (c) => ({ c, id: await givePrayer(await addMember(t.app, c)) }),
    act: ({ c, id }) => c.admin.post(`/api/prayer-requests/${id}/replies`, { message: "We are praying with you." }),
    applied: ({ id }) => exists(t.db.select().from(prayerRequestReplies).where(eq(prayerRequestReplies.requestId, id))),
  }),
  "live.started": uncase({
    setup: async (c) => ({ c }),
    act: ({ c }) => c.admin.post("/api/live-stream/start", { title: tag(), recordingEnabled: false }),
    applied: ({ c }) =>
      exists(
        t.db
          .select()
          .from(liveStreams)
          .where(and(eq(liveStreams.churchId, c.church.id), isNull(liveStreams.endedAt))),
      ),
  }),
  "live.ended": uncase({
    setup: async (c) => {
      const start = await c.admin.post("/api/live-stream/start", { title: tag(), recordingEnabled: false });
      expect(start.status, JSON.stringify(start.body)).toBe(201);
      return { c };
    },
    act: ({ c }) => c.admin.post("/api/live-stream/stop"),
    applied: ({ c }) =>
      exists(
        t.db
          .select()
          .from(liveStreams)
          .where(and(eq(liveStreams.churchId, c.church.id), isNotNull(liveStreams.endedAt))),
      ),
  }),
  "member.joined": uncase({
    setup: async (c) => {
      const email = uniqueEmail("joiner");
      return { c, email, token: (await invite(c.admin, email)).token };
    },
    act: ({ email, token }) =>
      new Caller(t.app).post("/api/auth/register", {
        email,
        password: PASSWORD,
        firstName: "Joining",
        lastName: "Member",
        invitationToken: token,
      }),
    applied: ({ c, email }) =>
      exists(
        t.db
          .select()
          .from(users)
          .where(and(eq(users.email, email), eq(users.churchId, c.church.id))),
      ),
  }),
  "member.left": uncase({
    setup: async (c) => ({ c, m: await addMember(t.app, c) }),
    act: ({ c, m }) => c.admin.delete(`/api/admin/members/${m.user.id}`),
    applied: ({ m }) =>
      exists(
        t.db
          .select()
          .from(users)
          .where(and(eq(users.id, m.user.id), isNull(users.churchId))),
      ),
  }),
  "member.erased": uncase({
    setup: async (c) => ({ c, m: await addMember(t.app, c) }),
    act: ({ c, m }) => c.admin.post(`/api/admin/members/${m.user.id}/erase`, { reason: "Asked by e-mail" }),
    applied: async ({ m }) => !(await exists(t.db.select().from(users).where(eq(users.id, m.user.id)))),
  }),
  "member.role_changed": uncase({
    setup: async (c) => ({ c, m: await addMember(t.app, c) }),
    act: ({ c, m }) => c.admin.patch(`/api/admin/members/${m.user.id}`, { role: "GROUP_LEADER" }),
    applied: ({ m }) =>
      exists(
        t.db
          .select()
          .from(users)
          .where(and(eq(users.id, m.user.id), eq(users.role, "GROUP_LEADER"))),
      ),
  }),
  "action_step.published": uncase({
    setup: async (c) => ({ c, title: tag() }),
    act: ({ c, title }) =>
      c.admin.post("/api/weekly-action-step", {
        title,
        description: "Phone one person from church you have not spoken to in a while.",
        weekOf: weekKey({ timeZone: c.church.timeZone }),
      }),
    applied: ({ title }) => exists(t.db.select().from(weeklyActionSteps).where(eq(weeklyActionSteps.title, title))),
  }),
  "badge.earned": uncase({
    setup: async (c) => {
      const m = await addMember(t.app, c);
      const today = ZReadingToday.parse((await m.get("/api/bible-reading/today")).body);
      return { m, passage: today.readings[0].passage, date: today.date };
    },
    act: ({ m, passage, date }) => m.post("/api/bible-reading/complete", { passage, readingDate: date }),
    applied: ({ m }) => exists(t.db.select().from(userBadges).where(eq(userBadges.userId, m.user.id))),
  }),
  "action_step.saved": uncase({
    setup: async (c) => ({ c, title: tag() }),
    act: ({ c, title }) =>
      c.admin.post("/api/weekly-action-step", {
        title,
        description: "Write a note of thanks to someone who serves quietly.",
        weekOf: nextSunday(c.church.timeZone),
      }),
    applied: ({ title }) => exists(t.db.select().from(weeklyActionSteps).where(eq(weeklyActionSteps.title, title))),
  }),
  "action_step.completed": uncase({
    setup: async (c) => {
      const res = await c.admin.post("/api/weekly-action-step", {
        title: tag(),
        description: "Phone one person from church you have not spoken to in a while.",
        weekOf: weekKey({ timeZone: c.church.timeZone }),
      });
      expect([200, 201]).toContain(res.status);
      return { m: await addMember(t.app, c), id: res.body.id as string };
    },
    act: ({ m, id }) => m.post(`/api/weekly-action-step/${id}/complete`),
    applied: ({ m }) =>
      exists(
        t.db
          .select()
          .from(pointsLedger)
          .where(and(eq(pointsLedger.userId, m.user.id), eq(pointsLedger.kind, "action_step"))),
      ),
  }),
  "sermon.watched": uncase({
    setup: async (c) => {
      const res = await c.admin.post("/api/sermons", sermonBody({ title: tag() }));
      expect(res.status).toBe(201);
      return { m: await addMember(t.app, c), id: res.body.id as string };
    },
    act: ({ m, id }) => m.post(`/api/sermons/${id}/watch`),
    applied: ({ m }) =>
      exists(
        t.db
          .select()
          .from(pointsLedger)
          .where(and(eq(pointsLedger.userId, m.user.id), eq(pointsLedger.kind, "sermon_watch"))),
      ),
  }),
  "reading.completed": uncase({
    setup: async (c) => {
      const m = await addMember(t.app, c);
      const today = ZReadingToday.parse((await m.get("/api/bible-reading/today")).body);
      return { m, passage: today.readings[0].passage, date: today.date };
    },
    act: ({ m, passage, date }) => m.post("/api/bible-reading/complete", { passage, readingDate: date }),
    applied: ({ m }) =>
      exists(
        t.db
          .select()
          .from(pointsLedger)
          .where(and(eq(pointsLedger.userId, m.user.id), eq(pointsLedger.kind, "bible_reading"))),
      ),
  }),
  "profile.updated": uncase({
    setup: async (c) => ({ m: await addMember(t.app, c), bio: tag() }),
    act: ({ m, bio }) => m.patch("/api/user/profile", { firstName: "Ruth", lastName: "Moab", bio }),
    applied: ({ bio }) => exists(t.db.select().from(users).where(eq(users.bio, bio))),
  }),
  "prayer_chain.made": uncase({
    setup: async (c) => {
      const s = { c, m: await addMember(t.app, c), n: await addMember(t.app, c) };
      // Members since before this week began: the week's chain holds them.
      await t.db
        .update(users)
        .set({ churchJoinedAt: sql`now() - interval '8 days'` })
        .where(eq(users.churchId, c.church.id));
      return s;
    },
    act: ({ m }) => m.get("/api/prayer-partners/current"),
    applied: ({ c }) => exists(t.db.select().from(prayerChains).where(eq(prayerChains.churchId, c.church.id))),
  }),
  "church.created": uncase({
    setup: async () => ({ leader: await signUp(t.app, { firstName: "Lydia" }), name: tag() }),
    act: ({ leader, name }) => leader.post("/api/churches", { name }),
    applied: ({ name }) => exists(t.db.select().from(churches).where(eq(churches.name, name))),
    churchOf: async ({ name }) => (await t.db.select().from(churches).where(eq(churches.name, name)))[0]?.id,
  }),
  "invitation_request.created": uncase({
    setup: async (c) => {
      const settings = (await c.admin.get("/api/admin/church/settings")).body;
      const res = await c.admin.put("/api/admin/church/settings", { ...settings, publicPage: true });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      const visitor = new Caller(t.app);
      visitor.ip = `10.25.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}`;
      return { c, slug: res.body.slug as string, visitor, email: uniqueEmail("visitor") };
    },
    act: ({ slug, visitor, email }) =>
      visitor.post(`/api/public/churches/${slug}/invitation-requests`, {
        name: "Ada Visitor",
        email,
        message: "We moved here last month.",
      }),
    applied: ({ email }) => exists(t.db.select().from(invitationRequests).where(eq(invitationRequests.email, email))),
  }),
  "invitation.sent": uncase({
    setup: async (c) => ({ c, email: uniqueEmail("invited") }),
    act: ({ c, email }) => c.admin.post("/api/invitations", { email, role: "CONGREGANT" }),
    applied: ({ email }) => exists(t.db.select().from(invitations).where(eq(invitations.email, email))),
  }),
  "import.completed": uncase({
    setup: async (c) => ({ c, email: uniqueEmail("imported") }),
    act: ({ c, email }) =>
      c.admin.post("/api/admin/members/import", {
        csv: `Email,First Name,Last Name\n${email},Ann,Lee\n`,
        send: "later",
      }),
    applied: ({ email }) => exists(t.db.select().from(invitations).where(eq(invitations.email, email))),
  }),
  "invitation.waiting_sent": uncase({
    setup: async (c) => {
      const email = uniqueEmail("waiting");
      const res = await c.admin.post("/api/admin/members/import", {
        csv: `Email,First Name,Last Name\n${email},Bo,Ray\n`,
        send: "later",
      });
      expect(res.status, JSON.stringify(res.body)).toBeLessThan(300);
      return { c, email };
    },
    act: ({ c }) => c.admin.post("/api/admin/invitations/send-waiting"),
    applied: ({ email }) =>
      exists(
        t.db
          .select()
          .from(invitations)
          .where(and(eq(invitations.email, email), isNotNull(invitations.sentAt))),
      ),
  }),
  "invitation_request.dismissed": uncase({
    setup: async (c) => {
      const request = await CASES["invitation_request.created"].setup(c);
      expect((await CASES["invitation_request.created"].act(request)).status).toBe(202);
      const [row] = await t.db.select().from(invitationRequests).where(eq(invitationRequests.churchId, c.church.id));
      return { c, id: row.id };
    },
    act: ({ c, id }) => c.admin.post(`/api/admin/invitation-requests/${id}/dismiss`),
    applied: ({ id }) =>
      exists(
        t.db
          .select()
          .from(invitationRequests)
          .where(and(eq(invitationRequests.id, id), eq(invitationRequests.outcome, "dismissed"))),
      ),
  }),
  "group.attendance_marked": uncase({
    setup: async (c) => {
      const m = await addMember(t.app, c);
      const [g] = await t.db
        .insert(groups)
        .values({ churchId: c.church.id, name: tag(), kind: "prayer" })
        .returning({ id: groups.id });
      await t.db.insert(groupMembers).values({ groupId: g.id, churchId: c.church.id, userId: m.user.id });
      const startsAt = new Date(Date.now() - 3_600_000).toISOString();
      expect((await c.admin.post(`/api/groups/${g.id}/meetings`, { startsAt })).status).toBe(201);
      return { c, m, groupId: g.id, startsAt };
    },
    act: ({ c, m, groupId, startsAt }) =>
      c.admin.put(`/api/groups/${groupId}/meetings/attendance`, { startsAt, userId: m.user.id, present: true }),
    applied: ({ m }) => exists(t.db.select().from(groupAttendance).where(eq(groupAttendance.userId, m.user.id))),
  }),
  "group.join_requested": uncase({
    setup: async (c) => ({ g: await makeGroup(c, "request"), m: await addMember(t.app, c) }),
    act: ({ g, m }) => m.post(`/api/groups/${g}/join`),
    applied: ({ m }) => isRequesting(m),
  }),
  "group.request_approved": uncase({
    setup: async (c) => ({ c, ...(await askToJoin(c)) }),
    act: ({ c, g, m }) => c.admin.post(`/api/groups/${g}/requests/${m.user.id}/approve`),
    applied: ({ m }) => isInGroup(m),
  }),
  "group.request_declined": uncase({
    setup: async (c) => ({ c, ...(await askToJoin(c)) }),
    act: ({ c, g, m }) => c.admin.post(`/api/groups/${g}/requests/${m.user.id}/decline`, { message: "Full" }),
    applied: async ({ m }) => !(await isRequesting(m)),
  }),
  "group.member_joined": uncase({
    setup: async (c) => ({ g: await makeGroup(c, "open"), m: await addMember(t.app, c) }),
    act: ({ g, m }) => m.post(`/api/groups/${g}/join`),
    applied: ({ m }) => isInGroup(m),
  }),
  "group.member_added": uncase({
    setup: async (c) => ({ c, g: await makeGroup(c, "invite"), m: await addMember(t.app, c) }),
    act: ({ c, g, m }) => c.admin.post(`/api/groups/${g}/members`, { userId: m.user.id }),
    applied: ({ m }) => isInGroup(m),
  }),
  "group.member_left": uncase({
    setup: async (c) => {
      const s = { g: await makeGroup(c, "open"), m: await addMember(t.app, c) };
      expect((await s.m.post(`/api/groups/${s.g}/join`)).status).toBe(200);
      return s;
    },
    act: ({ g, m }) => m.post(`/api/groups/${g}/leave`),
    applied: async ({ m }) => !(await isInGroup(m)),
  }),
  "group.post_created": uncase({
    setup: async (c) => {
      const m = await addMember(t.app, c);
      return { m, groupId: await groupWith(c, m) };
    },
    act: ({ m, groupId }) => m.post(`/api/groups/${groupId}/posts`, { message: "Case post" }),
    applied: ({ groupId }) => exists(t.db.select().from(groupPosts).where(eq(groupPosts.groupId, groupId))),
  }),
  "group.prayer_created": uncase({
    setup: async (c) => {
      const m = await addMember(t.app, c);
      return { m, groupId: await groupWith(c, m) };
    },
    act: ({ m, groupId }) =>
      m.post(`/api/groups/${groupId}/prayers`, { title: "Case", description: "Please pray.", isAnonymous: false }),
    applied: ({ groupId }) => exists(t.db.select().from(groupPrayers).where(eq(groupPrayers.groupId, groupId))),
  }),
  "announcement.sent": uncase({
    setup: async (c) => ({ c, title: tag() }),
    act: ({ c, title }) => c.admin.post("/api/announcements", { title, message: "Case", audience: { all: true } }),
    applied: ({ title }) =>
      exists(
        t.db
          .select()
          .from(announcements)
          .where(and(eq(announcements.title, title), eq(announcements.status, "sent"))),
      ),
  }),
  "announcement.opened": uncase({
    setup: async (c) => {
      const m = await addMember(t.app, c);
      const res = await c.admin.post("/api/announcements", { title: tag(), message: "Case", audience: { all: true } });
      expect(res.status).toBe(201);
      await drainJobs(t.app);
      return { m, id: res.body.id as string };
    },
    act: ({ m, id }) => m.get(`/api/announcements/${id}`),
    applied: ({ m, id }) =>
      exists(
        t.db
          .select()
          .from(announcementRecipients)
          .where(
            and(
              eq(announcementRecipients.announcementId, id),
              eq(announcementRecipients.userId, m.user.id),
              isNotNull(announcementRecipients.readAt),
            ),
          ),
      ),
  }),
};

/** The Sunday after this week's, in `timeZone` (a step saved ahead). */
const nextSunday = (timeZone: string) =>
  weekKey({ timeZone }, new Date(new Date(`${weekKey({ timeZone })}T12:00:00Z`).getTime() + 8 * 86_400_000));

const refuse = (name: TEventName) => t.db.execute(sql`insert into test_refused_events values (${name})`);
const allow = () => t.db.execute(sql`delete from test_refused_events`);

describe.each(Object.keys(CASES) as TCovered[])("%s (issue 25 §1)", (name) => {
  const kase = CASES[name];

  it("a change whose event cannot be recorded is not made, and publishes nothing", async () => {
    const c = await createChurch(t.app);
    const s = await kase.setup(c);
    await drainJobs(t.app);
    const before = calls.length;
    await refuse(name);
    try {
      const res = await kase.act(s);
      expect(res.status, JSON.stringify(res.body)).toBe(500);
    } finally {
      await allow();
    }
    expect(await kase.applied(s)).toBe(false);
    await drainJobs(t.app);
    expect(
      calls.slice(before).filter((x) => x.name === name && (x.churchId === c.church.id || name === "church.created")),
    ).toEqual([]);
  });

  it("a committed change reaches every subscriber once; a failing one is retried alone", async () => {
    const c = await createChurch(t.app);
    const s = await kase.setup(c);
    await drainJobs(t.app);
    const before = calls.length;
    const res = await kase.act(s);
    expect(res.status, JSON.stringify(res.body)).toBeLessThan(300);
    expect(await kase.applied(s)).toBe(true);
    const churchId = (await kase.churchOf?.(s)) ?? c.church.id;
    // drainJobs waits for the flaky subscriber's retry (the queue's own back-off).
    await drainJobs(t.app);
    const mine = calls.slice(before).filter((x) => x.churchId === churchId && x.name === name);
    const ids = [...new Set(mine.map((x) => x.eventId))];
    expect(ids.length).toBeGreaterThan(0);
    const real = t.app.domainEvents
      .subscribersOf(name)
      .map((x) => x.name)
      .filter((n) => !n.startsWith("test."));
    for (const id of ids) {
      const subs = mine
        .filter((x) => x.eventId === id)
        .map((x) => x.sub)
        .sort();
      expect(subs).toEqual([...real, "test.flaky", "test.flaky", "test.steady"].sort());
    }
  });
});
