import { randomUUID } from "node:crypto";
import { and, eq, sql } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { beforeAll, describe, expect, it } from "vitest";
import { afterFile } from "../../test/after-file";
import { createTestApp, type TTestApp } from "../../test/app";
import { addMember, createChurch, createSermon } from "../../test/factories";
import { drainJobs } from "../../test/jobs";
import { buildApp } from "../app";
import { createDb } from "../db/client";
import { activities } from "../db/schema/admin";
import { kudos, notifications } from "../db/schema/community";
import { users } from "../db/schema/users";
import { DOMAIN_EVENTS, prayerActor, publish, type TEventName, type TSubscriber } from "./domain-events";

/** Each call of a test subscriber: which subscriber, which event, which church. */
type TCall = { sub: string; eventId: string; churchId: string; process: string };
const calls: TCall[] = [];
let failuresLeft = 0;

/** Test subscribers: two steady ones on member.joined, a flaky and a steady one on badge.earned, one on live.ended. */
function testSubscribers(process: string): TSubscriber[] {
  const record =
    (sub: string) =>
    async (e: { id: string }, ctx: { churchId: string }): Promise<void> => {
      calls.push({ sub, eventId: e.id, churchId: ctx.churchId, process });
    };
  const on = (name: string, event: TEventName, handle = record(name)): TSubscriber => ({ name, event, handle });
  return [
    on("test.first", "member.joined"),
    on("test.second", "member.joined"),
    on("test.steady", "badge.earned"),
    on("test.flaky", "badge.earned", async (e, ctx) => {
      await record("test.flaky")(e, ctx);
      if (failuresLeft-- > 0) throw new Error("the flaky subscriber fails this time");
    }),
    on("test.once", "live.ended"),
  ];
}

let t: TTestApp;
let second: FastifyInstance;
beforeAll(async () => {
  // Jobs run only when a test drains them, so each test sees exactly what its writes queued.
  t = await createTestApp({}, { runJobs: false });
  t.app.domainEvents.subscribe(...testSubscribers("first"));
  // A second app process on the same database and queue, with the same subscribers.
  const db = createDb(t.dbUrl, { max: 4 });
  second = await buildApp({
    config: t.config,
    db,
    logger: false,
    serveClient: false,
    checkAnswers: true,
    runJobs: false,
  });
  second.domainEvents.subscribe(...testSubscribers("second"));
  await second.ready();
  afterFile(async () => {
    await second.close();
    await db.$client.end();
  });
});

const callsOf = (eventId: string) => calls.filter((c) => c.eventId === eventId);
const subsOf = (eventId: string) =>
  callsOf(eventId)
    .map((c) => c.sub)
    .sort();

describe("domain events (issue 25 §1)", () => {
  it("a rolled-back change publishes nothing; a committed one reaches each subscriber once", async () => {
    const c = await createChurch(t.app);
    let rolledBack = "";
    await expect(
      t.db.transaction(async (tx) => {
        rolledBack = await publish(tx, "member.joined", {
          churchId: c.church.id,
          actorId: c.admin.user.id,
          userId: c.admin.user.id,
        });
        throw new Error("the change fails after publishing");
      }),
    ).rejects.toThrow("the change fails");
    const committed = await t.db.transaction((tx) =>
      publish(tx, "member.joined", { churchId: c.church.id, actorId: null, userId: c.admin.user.id }),
    );
    await drainJobs(t.app);
    expect(callsOf(rolledBack)).toEqual([]);
    expect(subsOf(committed)).toEqual(["test.first", "test.second"]);
    expect(callsOf(committed).every((x) => x.churchId === c.church.id)).toBe(true);
    // Draining again delivers nothing twice.
    await drainJobs(t.app);
    expect(callsOf(committed)).toHaveLength(2);
  });

  it("a subscriber that throws is retried alone; the others are not repeated", async () => {
    const c = await createChurch(t.app);
    failuresLeft = 2;
    const id = await publish(t.db, "badge.earned", {
      churchId: c.church.id,
      actorId: null,
      userId: c.admin.user.id,
      badge: "faithful",
    });
    for (let attempt = 0; attempt < 3; attempt++) {
      await drainJobs(t.app);
      // The queue waits seconds before a retry: bring the flaky one's next try forward.
      await t.db.execute(
        sql`update graphile_worker._private_jobs set run_at = now() where key = ${`test.flaky:${id}`}`,
      );
    }
    await drainJobs(t.app);
    expect(subsOf(id)).toEqual(["test.flaky", "test.flaky", "test.flaky", "test.steady"]);
    const left = await t.db.execute(sql`select 1 from graphile_worker._private_jobs where key like ${`%:${id}`}`);
    expect(left.rows).toEqual([]);
  });

  it("two app processes on one database deliver an event once per subscriber", async () => {
    const c = await createChurch(t.app);
    const ids = await t.db.transaction(async (tx) => {
      const out: string[] = [];
      for (let i = 0; i < 20; i++)
        out.push(await publish(tx, "live.ended", { churchId: c.church.id, actorId: null, liveEventId: randomUUID() }));
      return out;
    });
    await Promise.all([drainJobs(t.app), drainJobs(second), drainJobs(t.app), drainJobs(second)]);
    for (const id of ids) expect(subsOf(id)).toEqual(["test.once"]);
    // Both processes took part, without either repeating the other's work.
    expect(ids.flatMap(callsOf)).toHaveLength(20);
  });

  it("checks every payload where it is published: a bad one rolls the change back", async () => {
    const c = await createChurch(t.app);
    const base = { churchId: c.church.id, requestId: randomUUID() };
    // An anonymous request's event cannot name its author, nor carry any field the map does not list.
    expect(() =>
      DOMAIN_EVENTS["prayer.created"].parse({ ...base, isAnonymous: true, actorId: c.admin.user.id }),
    ).toThrow();
    expect(() =>
      DOMAIN_EVENTS["prayer.created"].parse({ ...base, isAnonymous: true, actorId: null, authorId: c.admin.user.id }),
    ).toThrow();
    const anonymous = { ...base, ...prayerActor({ isAnonymous: true }, c.admin.user.id) };
    expect(anonymous).toEqual({ ...base, isAnonymous: true, actorId: null });
    expect(DOMAIN_EVENTS["prayer.prayed"].parse(anonymous)).toEqual(anonymous);
    expect({ ...base, ...prayerActor({ isAnonymous: false }, c.admin.user.id) }.actorId).toBe(c.admin.user.id);

    const before = await t.db.execute(sql`select count(*)::int as n from graphile_worker._private_jobs`);
    await expect(
      t.db.transaction((tx) =>
        publish(tx, "prayer.answered", { ...base, isAnonymous: true, actorId: c.admin.user.id } as never),
      ),
    ).rejects.toThrow();
    const after = await t.db.execute(sql`select count(*)::int as n from graphile_worker._private_jobs`);
    expect(after.rows).toEqual(before.rows);
  });

  it("a sermon's subscribers act on its own church only, even for an event naming another church's sermon", async () => {
    const a = await createChurch(t.app);
    const b = await createChurch(t.app);
    const aMember = await addMember(t.app, a);
    const bMember = await addMember(t.app, b);
    const theirs = await createSermon(b.admin, { title: "Church B's sermon" });
    await drainJobs(t.app);
    const bNotesBefore = await noticesOf(bMember.user.id);
    // An event of church A that names church B's sermon (a bug in a publisher) tells nobody anywhere.
    await publish(t.db, "sermon.published", {
      churchId: a.church.id,
      actorId: a.admin.user.id,
      sermonId: theirs.id,
      title: "Forged",
      speaker: "Nobody",
    });
    const mine = await createSermon(a.admin, { title: "Church A's sermon" });
    await drainJobs(t.app);
    expect((await noticesOf(aMember.user.id)).map((n) => n.relatedId)).toEqual([mine.id]);
    expect(await noticesOf(bMember.user.id)).toEqual(bNotesBefore);
    expect(bNotesBefore.map((n) => n.relatedId)).toEqual([theirs.id]);
    const bActivity = await t.db
      .select()
      .from(activities)
      .where(and(eq(activities.churchId, b.church.id), eq(activities.kind, "sermon_created")));
    expect(bActivity.map((x) => x.description)).toEqual(["New sermon: Church B's sermon (Pastor John)"]);
  });

  it("one admin's review clears every admin's 'Kudos waiting' about it, in that church only", async () => {
    const c = await createChurch(t.app);
    const deacon = await addMember(t.app, c, "ADMIN", "Deacon");
    const alice = await addMember(t.app, c, "CONGREGANT", "Alice");
    const bob = await addMember(t.app, c, "CONGREGANT", "Bob");
    const other = await createChurch(t.app);
    const otherAlice = await addMember(t.app, other, "CONGREGANT", "Alice");
    const otherBob = await addMember(t.app, other, "CONGREGANT", "Bob");
    const give = async (from: typeof alice, to: typeof bob) => {
      const res = await from.post("/api/kudos", {
        toUserId: to.user.id,
        type: "servant_heart",
        category: "service",
        title: "Thank you",
        message: "For the coffee",
      });
      expect(res.status, JSON.stringify(res.body)).toBe(201);
      return res.body.id as string;
    };
    const k = await give(alice, bob);
    const kept = await give(alice, bob);
    const theirs = await give(otherAlice, otherBob);
    await drainJobs(t.app);
    const waiting = (kudosId: string) =>
      t.db
        .select({ userId: notifications.userId })
        .from(notifications)
        .where(and(eq(notifications.kind, "kudos_waiting"), eq(notifications.relatedId, kudosId)));
    expect((await waiting(k)).map((n) => n.userId).sort()).toEqual([c.admin.user.id, deacon.user.id].sort());

    expect((await deacon.post(`/api/admin/kudos/${k}/approve`)).status).toBe(200);
    await drainJobs(t.app);
    expect(await waiting(k)).toEqual([]);
    // The kudos still waiting, and another church's, keep theirs.
    expect(await waiting(kept)).toHaveLength(2);
    expect(await waiting(theirs)).toHaveLength(1);
    expect((await noticesOf(bob.user.id)).map((n) => n.kind)).toEqual(["kudos_approved"]);
    const [row] = await t.db.select().from(kudos).where(eq(kudos.id, k));
    expect(row.status).toBe("approved");
  });
});

const noticesOf = (userId: string) =>
  t.db
    .select({ kind: notifications.kind, relatedId: notifications.relatedId })
    .from(notifications)
    .innerJoin(users, eq(users.id, notifications.userId))
    .where(eq(notifications.userId, userId));
