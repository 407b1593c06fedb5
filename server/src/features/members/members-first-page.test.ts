import { randomUUID } from "node:crypto";
import { sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { Caller, createSecondInstance, createTestApp, type TTestApp } from "../../../test/app";
import { addMember, createChurch, createSermon, PASSWORD, type TTestChurch } from "../../../test/factories";
import { drainJobs } from "../../../test/jobs";
import { makePng } from "../../../test/png";

/*
 * Issue 30: the first page of members is kept per church (MembersFirstPageCache). Every test reads
 * the page first, so that it is kept, then changes a shown field through the API, and reads again:
 * a change that does not drop the kept page fails here.
 */

type TRow = Record<string, unknown> & { id: string };

let t: TTestApp;
beforeAll(async () => {
  t = await createTestApp();
});

const firstPage = async (admin: Caller) => {
  const res = await admin.get("/api/admin/members");
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body as TRow[];
};
const rowOf = async (admin: Caller, id: string) => (await firstPage(admin)).find((m) => m.id === id);
const dataUrl = (bytes: Buffer) => `data:image/png;base64,${bytes.toString("base64")}`;
const DAY_2020 = "2020-01-02T00:00:00.000Z";

/**
 * Resolves once every cache-bus message published before it has reached this process back through
 * PostgreSQL (NOTIFYs arrive in commit order): a sentinel of its own, seen twice (here at once, then
 * from the listener).
 */
async function busSettled(): Promise<void> {
  const sentinel = randomUUID();
  let seen = 0;
  t.app.cacheBus.on("members", (id) => {
    if (id === sentinel) seen++;
  });
  await t.app.cacheBus.publish("members", sentinel);
  await expect.poll(() => seen, { timeout: 10_000 }).toBe(2);
}

describe("the kept first page of members sees every change of what it shows", () => {
  let c: TTestChurch;
  beforeAll(async () => {
    c = await createChurch(t.app);
  });

  it("a profile edit (names, bio)", async () => {
    const m = await addMember(t.app, c, "CONGREGANT", "Aquila");
    await drainJobs(t.app);
    expect(await rowOf(c.admin, m.user.id)).toMatchObject({ firstName: "Aquila" });
    const res = await m.patch("/api/user/profile", { firstName: "Apollos", lastName: "Alexandrinus", bio: "Eloquent" });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(await rowOf(c.admin, m.user.id)).toMatchObject({
      firstName: "Apollos",
      lastName: "Alexandrinus",
      bio: "Eloquent",
    });
  });

  it("a photo set and removed", async () => {
    const m = await addMember(t.app, c);
    await drainJobs(t.app);
    expect(await rowOf(c.admin, m.user.id)).toMatchObject({ profileImageUrl: null });
    expect((await m.put("/api/user/avatar", { image: dataUrl(makePng()) })).status).toBe(200);
    const withPhoto = await rowOf(c.admin, m.user.id);
    expect(withPhoto?.profileImageUrl).toEqual(expect.any(String));
    expect((await m.delete("/api/user/avatar")).status).toBeLessThan(300);
    expect(await rowOf(c.admin, m.user.id)).toMatchObject({ profileImageUrl: null });
  });

  it("a privacy choice that hides the bio from admins", async () => {
    const m = await addMember(t.app, c);
    await drainJobs(t.app);
    expect((await m.patch("/api/user/profile", { firstName: "Phoebe", bio: "Deacon at Cenchreae" })).status).toBe(200);
    expect(await rowOf(c.admin, m.user.id)).toMatchObject({ bio: "Deacon at Cenchreae" });
    const fields = { email: "church", phone: "church", birthday: "church", address: "church", bio: "nobody" };
    expect((await m.put("/api/user/privacy", { hidden: false, fields })).status).toBe(200);
    expect(await rowOf(c.admin, m.user.id)).toMatchObject({ bio: null });
  });

  it("a role changed by an admin, and by being made a group's leader", async () => {
    const m = await addMember(t.app, c);
    const n = await addMember(t.app, c);
    await drainJobs(t.app);
    expect(await rowOf(c.admin, m.user.id)).toMatchObject({ role: "CONGREGANT" });
    expect((await c.admin.patch(`/api/admin/members/${m.user.id}`, { role: "ADMIN" })).status).toBe(200);
    expect(await rowOf(c.admin, m.user.id)).toMatchObject({ role: "ADMIN" });

    expect(await rowOf(c.admin, n.user.id)).toMatchObject({ role: "CONGREGANT" });
    const group = await c.admin.post("/api/groups", {
      name: "Tentmakers",
      kind: "prayer",
      joinPolicy: "invite",
      visibility: "listed",
      leaderIds: [n.user.id],
    });
    expect(group.status, JSON.stringify(group.body)).toBe(201);
    expect(await rowOf(c.admin, n.user.id)).toMatchObject({ role: "GROUP_LEADER" });
  });

  it("points earned", async () => {
    const m = await addMember(t.app, c);
    const sermon = await createSermon(c.admin);
    await drainJobs(t.app);
    const before = (await rowOf(c.admin, m.user.id))?.points as number;
    const watched = await m.post(`/api/sermons/${sermon.id}/watch`, {});
    expect(watched.status, JSON.stringify(watched.body)).toBe(200);
    expect(watched.body.pointsAwarded).toBeGreaterThan(0);
    expect(await rowOf(c.admin, m.user.id)).toMatchObject({ points: before + watched.body.pointsAwarded });
  });

  it("a sign-in (the day of lastLogin)", async () => {
    const m = await addMember(t.app, c);
    await drainJobs(t.app);
    // As if they last signed in long ago (written behind the app's back, then read into the kept page).
    await t.db.execute(sql`update users set last_login = ${DAY_2020}::timestamptz where id = ${m.user.id}::uuid`);
    await t.app.cacheBus.publish("user", m.user.id);
    expect(await rowOf(c.admin, m.user.id)).toMatchObject({ lastLogin: DAY_2020 });
    const login = await m.post("/api/auth/login", { email: m.user.email, password: PASSWORD });
    expect(login.status, JSON.stringify(login.body)).toBe(200);
    const today = `${new Date().toISOString().slice(0, 10)}T00:00:00.000Z`;
    expect(await rowOf(c.admin, m.user.id)).toMatchObject({ lastLogin: today });
  });

  it("the first activity of a new day (the day of lastActiveAt)", async () => {
    const m = await addMember(t.app, c);
    await drainJobs(t.app);
    // Every process loads the member afresh (their activity is written again on their next request) ...
    await t.app.cacheBus.publish("user", m.user.id);
    // ... last seen long ago, behind the app's back; every drop announced so far has arrived.
    await t.db.execute(sql`update users set last_active_at = ${DAY_2020}::timestamptz where id = ${m.user.id}::uuid`);
    await busSettled();
    expect(await rowOf(c.admin, m.user.id)).toMatchObject({ lastActiveAt: DAY_2020 });
    // The member's first signed-in request: their activity is written beside it, not in it.
    expect((await m.get("/api/auth/user")).status).toBe(200);
    const today = `${new Date().toISOString().slice(0, 10)}T00:00:00.000Z`;
    await expect
      .poll(async () => {
        const r = await t.db.execute<{ day: string }>(
          sql`select to_char(last_active_at at time zone 'UTC', 'YYYY-MM-DD"T00:00:00.000Z"') as day from users where id = ${m.user.id}::uuid`,
        );
        return r.rows[0]?.day;
      })
      .toBe(today);
    await busSettled();
    // Only the write's own announcement can drop the kept page now (the TTL, 30 s, is far off).
    await expect.poll(async () => (await rowOf(c.admin, m.user.id))?.lastActiveAt, { timeout: 5_000 }).toBe(today);
  });

  it("a member who joins appears, one removed or erased goes", async () => {
    const before = await firstPage(c.admin);
    const joined = await addMember(t.app, c, "CONGREGANT", "Onesimus");
    // The join is announced by its event's subscriber, from the job queue.
    await drainJobs(t.app);
    const after = await firstPage(c.admin);
    expect(after.map((m) => m.id)).toEqual([...before.map((m) => m.id), joined.user.id]);

    expect((await c.admin.delete(`/api/admin/members/${joined.user.id}`)).status).toBe(204);
    expect((await firstPage(c.admin)).map((m) => m.id)).not.toContain(joined.user.id);

    const erased = await addMember(t.app, c);
    await drainJobs(t.app);
    expect((await firstPage(c.admin)).map((m) => m.id)).toContain(erased.user.id);
    const res = await c.admin.post(`/api/admin/members/${erased.user.id}/erase`, { reason: "Asked in writing" });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect((await firstPage(c.admin)).map((m) => m.id)).not.toContain(erased.user.id);
  });

  it("a join past the first page gives the full page its next link", async () => {
    const d = await createChurch(t.app);
    // 99 more members written straight into the table: the page is then exactly full, without a next page.
    await t.db.execute(sql`insert into users (email, first_name, church_id, role, created_at)
      select 'filler.' || ${d.church.id} || '.' || g || '@example.org', 'Filler', ${d.church.id}::uuid, 'CONGREGANT',
             now() - interval '1 day' + g * interval '1 second'
      from generate_series(1, 99) g`);
    await t.app.cacheBus.publish("members", d.church.id);
    const full = await d.admin.get("/api/admin/members");
    expect(full.body).toHaveLength(100);
    expect(full.headers.link).toBeUndefined();
    await addMember(t.app, d);
    await drainJobs(t.app);
    const again = await d.admin.get("/api/admin/members");
    expect(again.body).toHaveLength(100);
    expect(again.headers.link).toMatch(/rel="next"/);
  });

  it("a change made in another app process reaches this one's kept page (the cache bus)", async () => {
    const second = await createSecondInstance(t);
    const m = await addMember(t.app, c, "CONGREGANT", "Tychicus");
    await drainJobs(t.app);
    expect(await rowOf(c.admin, m.user.id)).toMatchObject({ firstName: "Tychicus" });
    // The same session, through the second process.
    const elsewhere = new Caller(second, m.cookie);
    const res = await elsewhere.patch("/api/user/profile", { firstName: "Trophimus" });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    await expect.poll(async () => (await rowOf(c.admin, m.user.id))?.firstName, { timeout: 10_000 }).toBe("Trophimus");
  });
});

describe("the kept first page is the church's, for its admins only", () => {
  it("church B's admin never gets church A's page", async () => {
    const a = await createChurch(t.app);
    const b = await createChurch(t.app);
    const ma = await addMember(t.app, a);
    const mb = await addMember(t.app, b);
    await drainJobs(t.app);
    const pageA = await firstPage(a.admin);
    const pageB = await firstPage(b.admin);
    expect(pageA.map((m) => m.id).sort()).toEqual([a.admin.user.id, ma.user.id].sort());
    expect(pageB.map((m) => m.id).sort()).toEqual([b.admin.user.id, mb.user.id].sort());
    expect(pageB.every((m) => m.churchId === b.church.id)).toBe(true);
  });

  it("a congregant or group leader gets 403, not the kept page", async () => {
    const c = await createChurch(t.app);
    const congregant = await addMember(t.app, c, "CONGREGANT");
    const leader = await addMember(t.app, c, "GROUP_LEADER");
    await drainJobs(t.app);
    await firstPage(c.admin);
    for (const who of [congregant, leader]) {
      const res = await who.get("/api/admin/members");
      expect(res.status).toBe(403);
      expect(Array.isArray(res.body)).toBe(false);
    }
  });

  it("an admin who keeps their bio from everybody sees their own; another admin does not", async () => {
    const c = await createChurch(t.app);
    const second = await addMember(t.app, c, "ADMIN", "Priscilla");
    await drainJobs(t.app);
    expect((await second.patch("/api/user/profile", { firstName: "Priscilla", bio: "Tentmaker" })).status).toBe(200);
    const fields = { email: "church", phone: "church", birthday: "church", address: "church", bio: "nobody" };
    expect((await second.put("/api/user/privacy", { hidden: false, fields })).status).toBe(200);
    // Kept by the first admin's read, then read by its own owner, then by the first admin again.
    expect(await rowOf(c.admin, second.user.id)).toMatchObject({ bio: null });
    expect(await rowOf(second, second.user.id)).toMatchObject({ bio: "Tentmaker" });
    expect(await rowOf(c.admin, second.user.id)).toMatchObject({ bio: null });
  });
});
