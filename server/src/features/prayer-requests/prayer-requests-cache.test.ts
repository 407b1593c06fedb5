import { type TPrayerRequest, ZPrayerRequest } from "@common/prayer";
import { eq, sql } from "drizzle-orm";
import { beforeAll, describe, expect, it, vi } from "vitest";
import { afterFile } from "../../../test/after-file";
import { Caller, createTestApp, type TTestApp } from "../../../test/app";
import { addMember, createChurch, invite, type TSignedIn, type TTestChurch } from "../../../test/factories";
import { makePng } from "../../../test/png";
import { buildApp } from "../../app";
import { prayerRequests } from "../../db/schema/prayer";
import { CacheBus } from "../../lib/cache-bus";
import { PrayerWallCache } from "./prayer-wall-cache";

let t: TTestApp;
beforeAll(async () => {
  t = await createTestApp();
});

async function ask(who: Caller, over: Record<string, unknown> = {}): Promise<TPrayerRequest> {
  const res = await who.post("/api/prayer-requests", {
    title: "Healing for my mother",
    description: "She has surgery on Thursday.",
    isAnonymous: false,
    ...over,
  });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return ZPrayerRequest.parse(res.body);
}

/** Moves a church's requests back an hour, their order kept, as if the members' hourly allowance had passed. */
const ageRequests = (c: TTestChurch) =>
  t.db
    .update(prayerRequests)
    .set({ createdAt: sql`${prayerRequests.createdAt} - interval '1 hour'` })
    .where(eq(prayerRequests.churchId, c.church.id));

/** The first page as the client asks for it (`?limit=20`, from the cache) or with another query. */
async function list(who: Caller, query = "?limit=20"): Promise<TPrayerRequest[]> {
  const res = await who.get(`/api/prayer-requests${query}`);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.map((x: unknown) => ZPrayerRequest.parse(x));
}

const find = async (who: Caller, id: string) => (await list(who)).find((r) => r.id === id);

/** A church with an author, another member and the admin, each having read the wall once (cached). */
async function wallWithViewers(): Promise<{ c: TTestChurch; author: TSignedIn; other: TSignedIn; viewers: Caller[] }> {
  const c = await createChurch(t.app);
  const author = await addMember(t.app, c, "CONGREGANT", "Hannah");
  const other = await addMember(t.app, c, "CONGREGANT", "Eli");
  const viewers = [author, other, c.admin];
  for (const v of viewers) await list(v);
  return { c, author, other, viewers };
}

describe("the cached first page of the prayer wall", () => {
  it("is the same answer the query gives, for the admin, an author of hidden requests and another member", async () => {
    const c = await createChurch(t.app);
    const author = await addMember(t.app, c, "CONGREGANT", "Naomi");
    const other = await addMember(t.app, c, "GROUP_LEADER", "Boaz");
    const reader = await addMember(t.app, c, "CONGREGANT", "Orpah");
    const made: TPrayerRequest[] = [];
    for (let i = 0; i < 45; i++) {
      // Past a member's hourly allowance (issue 23): the church's requests so far move back an hour, in order.
      if (i > 0 && i % 10 === 0) await ageRequests(c);
      made.push(await ask(i % 3 === 0 ? author : other, { title: `Request ${i}`, isAnonymous: i % 4 === 0 }));
    }
    // Hidden: many of the newest, so a member's first 40 cannot come from the kept rows alone.
    for (const r of made.slice(10)) {
      if (made.indexOf(r) % 2 === 0) await c.admin.patch(`/api/prayer-requests/${r.id}/hidden`, { hidden: true });
    }
    await author.patch(`/api/prayer-requests/${made[44].id}/answered`, { answerNote: "Thank you" });
    for (const r of made.slice(30)) await other.post(`/api/prayer-requests/${r.id}/pray`);
    await author.post(`/api/prayer-requests/${made[43].id}/pray`);

    for (const who of [c.admin, author, other, reader]) {
      // `before` of a random id always goes to the query, `limit=100` too: the reference answers.
      const all = await list(who, "?limit=100");
      expect(all.length).toBeGreaterThan(20);
      for (const n of [1, 20, 40]) {
        expect(await list(who, `?limit=${n}`)).toEqual(all.slice(0, n));
        // Asked again, from the cache.
        expect(await list(who, `?limit=${n}`)).toEqual(all.slice(0, n));
      }
      expect(await list(who, "")).toEqual(all.slice(0, 20));
    }
    expect((await list(reader)).some((r) => r.isHidden)).toBe(false);
    const seenByOther = await list(other);
    expect(seenByOther.some((r) => r.isHidden && r.isMine)).toBe(true);
    expect(seenByOther.some((r) => r.isHidden && !r.isMine)).toBe(false);
    expect(seenByOther.filter((r) => r.prayedToday).length).toBeGreaterThan(0);
    expect((await list(c.admin)).filter((r) => r.isHidden).length).toBeGreaterThan(5);
    expect((await list(author)).filter((r) => r.prayedToday).map((r) => r.id)).toEqual([made[43].id]);
  });

  it("shows a new, answered, hidden or shown request at once to every viewer", async () => {
    const { c, author, other, viewers } = await wallWithViewers();
    const r = await ask(author);
    for (const v of viewers) expect((await list(v)).map((x) => x.id)).toEqual([r.id]);

    await author.patch(`/api/prayer-requests/${r.id}/answered`, { answerNote: "She is home" });
    for (const v of viewers) {
      expect(await find(v, r.id)).toMatchObject({ isAnswered: true, answerNote: "She is home", canAnswer: false });
    }

    await c.admin.patch(`/api/prayer-requests/${r.id}/hidden`, { hidden: true });
    expect(await find(other, r.id)).toBeUndefined();
    expect(await find(author, r.id)).toMatchObject({ isHidden: true, isMine: true });
    expect(await find(c.admin, r.id)).toMatchObject({ isHidden: true, isMine: false });

    await c.admin.patch(`/api/prayer-requests/${r.id}/hidden`, { hidden: false });
    for (const v of viewers) expect(await find(v, r.id)).toMatchObject({ isHidden: false });
  });

  it("counts another member's prayer for everyone; 'prayed today' stays each caller's own", async () => {
    const { c, author, other, viewers } = await wallWithViewers();
    const [r1, r2] = [await ask(author), await ask(author)];
    for (const v of viewers) await list(v);

    await other.post(`/api/prayer-requests/${r1.id}/pray`);
    for (const v of viewers) {
      expect(await find(v, r1.id)).toMatchObject({ prayedCount: 1, prayedToday: v === other });
    }
    await c.admin.post(`/api/prayer-requests/${r2.id}/pray`);
    for (const v of viewers) {
      expect(await find(v, r1.id)).toMatchObject({ prayedCount: 1, prayedToday: v === other });
      expect(await find(v, r2.id)).toMatchObject({ prayedCount: 1, prayedToday: v === c.admin });
    }
  });

  it("follows the author's new name and photo, their leaving and their coming back", async () => {
    const { c, author, viewers } = await wallWithViewers();
    const named = await ask(author);
    const anonymous = await ask(author, { isAnonymous: true });
    for (const v of viewers) expect(await find(v, named.id)).toMatchObject({ userName: "Hannah User" });

    expect((await author.patch("/api/user/profile", { firstName: "Anna", lastName: "Prophetess" })).status).toBe(200);
    for (const v of viewers) expect(await find(v, named.id)).toMatchObject({ userName: "Anna Prophetess" });

    const avatar = await author.put("/api/user/avatar", {
      image: `data:image/png;base64,${makePng().toString("base64")}`,
    });
    expect(avatar.status).toBe(200);
    const picture = (await author.get("/api/auth/user")).body.profileImageUrl;
    expect(picture).toBeTruthy();
    for (const v of viewers) expect(await find(v, named.id)).toMatchObject({ userImageUrl: picture });

    expect((await c.admin.delete(`/api/admin/members/${author.user.id}`)).status).toBe(204);
    for (const v of [c.admin, viewers[1]]) {
      expect(await find(v, named.id)).toMatchObject({ userName: "Church Member", userImageUrl: null });
      expect(await find(v, anonymous.id)).toMatchObject({ userName: "Anonymous", userImageUrl: null });
    }

    // Invited again, they are named again, and their requests are theirs.
    const inv = await invite(c.admin, author.user.email);
    expect((await author.post(`/api/invite/${inv.token}/accept`)).status).toBe(200);
    expect(await find(c.admin, named.id)).toMatchObject({ userName: "Anna Prophetess", userImageUrl: picture });
    expect(await find(author, anonymous.id)).toMatchObject({ isMine: true, canAnswer: true });
  });

  it("follows writes made by another app process", async () => {
    // A second process on the same database, as behind a load balancer.
    const otherApp = await buildApp({ config: t.config, db: t.db, logger: false, serveClient: false });
    await otherApp.ready();
    afterFile(() => otherApp.close());
    const { author, other } = await wallWithViewers();
    const onOther = new Caller(otherApp, other.cookie);
    expect(await list(onOther)).toEqual([]);

    const r = await ask(author);
    await vi.waitFor(async () => expect((await list(onOther)).map((x) => x.id)).toEqual([r.id]));
    await author.post(`/api/prayer-requests/${r.id}/pray`);
    await vi.waitFor(async () => expect((await list(onOther))[0].prayedCount).toBe(1));
    await author.patch("/api/user/profile", { firstName: "Samuel" });
    await vi.waitFor(async () => expect((await list(onOther))[0].userName).toBe("Samuel"));
  });
});

describe("PrayerWallCache", () => {
  it("keeps no load that started before a change of the church's wall or of one of its authors", async () => {
    const c = await createChurch(t.app);
    const author = await addMember(t.app, c);
    const bystander = await addMember(t.app, c);
    await ask(author);
    // A bus of this test's own, never listening: only its own announcements reach the cache, when
    // the test makes them (the app's bus would also hear each one again through NOTIFY, later).
    const bus = new CacheBus(t.db, t.app.log);
    const wall = new PrayerWallCache(t.db, bus);
    const id = c.church.id;

    const kept = await wall.get(id);
    expect(await wall.get(id)).toBe(kept);

    for (const [topic, key] of [
      ["prayer", id],
      ["user", author.user.id],
    ] as const) {
      await bus.publish(topic, key);
      const during = wall.get(id);
      await bus.publish(topic, key);
      const loaded = await during;
      const next = await wall.get(id);
      expect(next, topic).not.toBe(loaded);
      expect(await wall.get(id), topic).toBe(next);
    }

    // A user who wrote none of the rows changes nothing: the load running meanwhile is kept.
    await bus.publish("prayer", id);
    const during = wall.get(id);
    await bus.publish("user", bystander.user.id);
    const loaded = await during;
    expect(await wall.get(id)).toBe(loaded);
    await bus.publish("user", bystander.user.id);
    expect(await wall.get(id)).toBe(loaded);
  });
});
