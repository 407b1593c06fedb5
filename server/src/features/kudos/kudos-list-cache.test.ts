import { KUDOS_LIST_LIMIT, type TKudos, ZKudos } from "@common/kudos";
import { beforeAll, describe, expect, it, vi } from "vitest";
import { Caller, createSecondInstance, createTestApp, type TTestApp } from "../../../test/app";
import { addMember, createChurch, type TSignedIn, type TTestChurch } from "../../../test/factories";
import { kudos, kudosReactions } from "../../db/schema/community";
import { CacheBus } from "../../lib/cache-bus";
import type { TChurchCtx } from "../../lib/context";
import { findReactionSummaries, findVisibleKudosRows, toKudos } from "./kudos.repo";
import { KudosListCache, UNAPPROVED_KEPT } from "./kudos-list-cache";

let t: TTestApp;
beforeAll(async () => {
  t = await createTestApp();
});

type TChurchOf = TTestChurch & { alice: TSignedIn; bob: TSignedIn; carol: TSignedIn };

/** Alice gives, Bob receives, Carol looks on; each (and the admin) has read the list once (kept). */
async function churchWithViewers(): Promise<TChurchOf & { viewers: TSignedIn[] }> {
  const c = await createChurch(t.app);
  const alice = await addMember(t.app, c, "CONGREGANT", "Alice");
  const bob = await addMember(t.app, c, "GROUP_LEADER", "Bob");
  const carol = await addMember(t.app, c, "CONGREGANT", "Carol");
  const viewers = [alice, bob, carol, c.admin];
  for (const v of viewers) await list(v);
  return { ...c, alice, bob, carol, viewers };
}

async function give(from: Caller, to: TSignedIn, title = "Thank you for the coffee"): Promise<TKudos> {
  const res = await from.post("/api/kudos", {
    toUserId: to.user.id,
    type: "servant_heart",
    category: "service",
    title,
    message: "You served every Sunday this month.",
  });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return ZKudos.parse(res.body);
}

async function list(who: Caller): Promise<TKudos[]> {
  const res = await who.get("/api/kudos");
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.map((k: unknown) => ZKudos.parse(k));
}

const find = async (who: Caller, id: string) => (await list(who)).find((k) => k.id === id);

async function review(c: TTestChurch, id: string, verdict: "approve" | "reject") {
  const res = await c.admin.post(
    `/api/admin/kudos/${id}/${verdict}`,
    verdict === "reject" ? { reason: "Private" } : {},
  );
  expect(res.status, JSON.stringify(res.body)).toBe(200);
}

async function react(who: Caller, id: string, reaction: string) {
  const res = await who.post(`/api/kudos/${id}/reaction`, { reaction });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
}

/** The answer's bytes as sent. */
async function raw(who: TSignedIn): Promise<string> {
  const res = await who.app.inject({ method: "GET", url: "/api/kudos", headers: { cookie: who.cookie ?? "" } });
  expect(res.statusCode, res.body).toBe(200);
  expect(res.headers["content-type"]).toBe("application/json; charset=utf-8");
  return res.body;
}

/** The answer, serialised as Fastify would, as the two queries per request built it before the list was kept. */
async function fromQueries(c: TTestChurch, who: TSignedIn): Promise<string> {
  const ctx: TChurchCtx = {
    db: t.db,
    changed: async () => {},
    userId: who.user.id,
    churchId: c.church.id,
    role: who.user.role,
    timeZone: "UTC",
  };
  const rows = await findVisibleKudosRows(ctx, undefined, KUDOS_LIST_LIMIT);
  const summaries = await findReactionSummaries(
    t.db,
    ctx,
    rows.map((r) => r.id),
  );
  return JSON.stringify(rows.map((r) => toKudos(ctx, r, summaries.get(r.id))));
}

/** Kudos written straight to the database (announced as the app would), `n` of them at `at` + i minutes. */
async function insertKudos(c: TChurchOf, n: number, status: string, at: Date, sameTime = false) {
  const rows = await t.db
    .insert(kudos)
    .values(
      Array.from({ length: n }, (_, i) => ({
        churchId: c.church.id,
        fromUserId: i % 3 === 0 ? c.alice.user.id : c.carol.user.id,
        toUserId: c.bob.user.id,
        type: "encourager",
        category: "encouragement",
        title: `${status} ${i}`,
        message: "m",
        status,
        rejectionReason: status === "rejected" ? "No" : null,
        createdAt: new Date(at.getTime() + (sameTime ? 0 : i * 60_000)),
      })),
    )
    .returning({ id: kudos.id });
  await t.app.cacheBus.publish("kudos", c.church.id);
  return rows.map((r) => r.id);
}

describe("the kept kudos list", () => {
  it("is the answer the queries give, for senders of pending and rejected kudos and for others", async () => {
    const c = await churchWithViewers();
    const start = new Date(Date.UTC(2026, 5, 1));
    const approved = await insertKudos(c, KUDOS_LIST_LIMIT + 10, "approved", start);
    await insertKudos(c, 12, "pending", new Date(start.getTime() + 30 * 60_000));
    await insertKudos(c, 7, "rejected", new Date(start.getTime() + 90 * 60_000));
    // Kudos of one instant: the database orders them by id, and so must the merge.
    await insertKudos(c, 6, "approved", new Date(start.getTime() + 200 * 60_000), true);
    await insertKudos(c, 6, "pending", new Date(start.getTime() + 200 * 60_000), true);
    await t.db.insert(kudosReactions).values(
      approved.slice(-30).flatMap((kudosId, i) => [
        { kudosId, churchId: c.church.id, userId: c.alice.user.id, reaction: i % 2 ? "star" : "heart" },
        { kudosId, churchId: c.church.id, userId: c.alice.user.id, reaction: "celebrate" },
        { kudosId, churchId: c.church.id, userId: c.bob.user.id, reaction: "heart" },
      ]),
    );
    const [pendingOfAlice] = await insertKudos(c, 1, "pending", new Date(start.getTime() + 300 * 60_000));
    await react(c.alice, pendingOfAlice, "thumbs_up");

    for (const who of [c.alice, c.bob, c.carol, c.admin]) {
      const expected = await fromQueries(c, who);
      expect(await raw(who)).toBe(expected);
      // Asked again, from the kept list.
      expect(await raw(who)).toBe(expected);
    }
    const alice = await list(c.alice);
    expect(alice.some((k) => k.status === "rejected" && k.rejectionReason === "No")).toBe(true);
    expect(alice.find((k) => k.id === pendingOfAlice)).toMatchObject({ myReactions: ["thumbs_up"] });
    expect((await list(c.bob)).every((k) => k.status === "approved")).toBe(true);
  });

  it("reads the caller's own from the database when the church has too many kudos not approved to keep", async () => {
    const c = await churchWithViewers();
    const start = new Date(Date.UTC(2026, 6, 1));
    await insertKudos(c, 20, "approved", start);
    await insertKudos(c, UNAPPROVED_KEPT + 1, "pending", new Date(start.getTime() + 5 * 60_000));
    for (const who of [c.alice, c.carol, c.bob]) {
      const expected = await fromQueries(c, who);
      expect(await raw(who)).toBe(expected);
      expect(await raw(who)).toBe(expected);
    }
    expect((await list(c.bob)).map((k) => k.status)).toEqual(Array(20).fill("approved"));
  });

  it("shows a new kudos only to its sender, and an approval, a rejection and a reaction at once", async () => {
    const c = await churchWithViewers();
    const k = await give(c.alice, c.bob, "Pending first");
    expect(await find(c.alice, k.id)).toMatchObject({ status: "pending", isMine: true });
    for (const v of [c.bob, c.carol, c.admin]) expect(await find(v, k.id)).toBeUndefined();

    await review(c, k.id, "approve");
    for (const v of c.viewers) expect(await find(v, k.id)).toMatchObject({ status: "approved" });

    await react(c.carol, k.id, "heart");
    for (const v of c.viewers) {
      expect(await find(v, k.id)).toMatchObject({
        reactions: { heart: 1, thumbs_up: 0, celebrate: 0, star: 0 },
        myReactions: v === c.carol ? ["heart"] : [],
      });
    }
    await react(c.carol, k.id, "heart");
    expect(await find(c.carol, k.id)).toMatchObject({ reactions: { heart: 0 }, myReactions: [] });

    const no = await give(c.alice, c.bob, "Rejected");
    await review(c, no.id, "reject");
    expect(await find(c.alice, no.id)).toMatchObject({ status: "rejected", rejectionReason: "Private" });
    for (const v of [c.bob, c.carol, c.admin]) expect(await find(v, no.id)).toBeUndefined();
  });

  it("follows the sender's and the recipient's new name, and the sender's leaving", async () => {
    const c = await churchWithViewers();
    const k = await give(c.alice, c.bob);
    const waiting = await give(c.carol, c.bob, "Waiting");
    await review(c, k.id, "approve");
    for (const v of c.viewers) expect(await find(v, k.id)).toMatchObject({ fromUser: { firstName: "Alice" } });

    expect((await c.alice.patch("/api/user/profile", { firstName: "Alicia" })).status).toBe(200);
    for (const v of c.viewers) expect(await find(v, k.id)).toMatchObject({ fromUser: { firstName: "Alicia" } });

    // The recipient of a pending kudos, renamed: its sender sees the new name.
    expect((await c.bob.patch("/api/user/profile", { firstName: "Robert" })).status).toBe(200);
    expect(await find(c.carol, waiting.id)).toMatchObject({ toUser: { firstName: "Robert" } });
    expect(await find(c.admin, k.id)).toMatchObject({ toUser: { firstName: "Robert" } });

    expect((await c.admin.delete(`/api/admin/members/${c.alice.user.id}`)).status).toBe(204);
    for (const v of [c.bob, c.carol, c.admin]) expect(await find(v, k.id)).toMatchObject({ fromUser: null });
  });

  it("follows writes made by another app process", async () => {
    const otherApp = await createSecondInstance(t);
    const c = await churchWithViewers();
    const onOther = new Caller(otherApp, c.carol.cookie);
    expect(await list(onOther)).toEqual([]);

    const k = await give(c.alice, c.bob);
    await review(c, k.id, "approve");
    await vi.waitFor(async () => expect((await list(onOther)).map((x) => x.id)).toEqual([k.id]));
    await react(c.bob, k.id, "star");
    await vi.waitFor(async () => expect((await list(onOther))[0].reactions.star).toBe(1));
    await c.alice.patch("/api/user/profile", { firstName: "Alicia" });
    await vi.waitFor(async () => expect((await list(onOther))[0].fromUser?.firstName).toBe("Alicia"));
    // Written on the other process, seen on this one.
    await new Caller(otherApp, c.carol.cookie).post(`/api/kudos/${k.id}/reaction`, { reaction: "heart" });
    await vi.waitFor(async () => expect((await find(c.bob, k.id))?.reactions.heart).toBe(1));
  });
});

describe("KudosListCache", () => {
  it("keeps no load that started before a change of the church's kudos or of one of its people", async () => {
    const c = await churchWithViewers();
    const k = await give(c.alice, c.bob);
    await review(c, k.id, "approve");
    // A bus of this test's own, never listening: only its own announcements reach the cache, when
    // the test makes them (the app's bus would also hear each one again through NOTIFY, later).
    const bus = new CacheBus(t.db, t.app.log);
    const cache = new KudosListCache(t.db, bus);
    const id = c.church.id;

    const kept = await cache.get(id);
    expect(await cache.get(id)).toBe(kept);

    for (const [topic, key] of [
      ["kudos", id],
      ["user", c.alice.user.id],
      ["user", c.bob.user.id],
    ] as const) {
      await bus.publish(topic, key);
      const during = cache.get(id);
      await bus.publish(topic, key);
      const loaded = await during;
      const next = await cache.get(id);
      expect(next, topic).not.toBe(loaded);
      expect(await cache.get(id), topic).toBe(next);
    }

    // A user who neither gave nor received any changes nothing: the load running meanwhile is kept.
    await bus.publish("kudos", id);
    const during = cache.get(id);
    await bus.publish("user", c.carol.user.id);
    const loaded = await during;
    expect(await cache.get(id)).toBe(loaded);
  });
});
