import { FAITHFUL_INTERCESSOR_DAYS } from "@common/badges";
import { addDays } from "@common/dates";
import { POINTS } from "@common/points";
import { ZPartnerPrayerComplete, ZPrayerPartnerCurrent, ZPrayerPartnerHistoryEntry } from "@common/prayer";
import { and, eq, inArray } from "drizzle-orm";
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { Caller, createTestApp, type TTestApp } from "../../../test/app";
import {
  addMember,
  createChurch,
  PASSWORD,
  setTimeZone,
  signUp,
  type TSignedIn,
  type TTestChurch,
} from "../../../test/factories";
import { drainJobs } from "../../../test/jobs";
import { userBadges } from "../../db/schema/growth";
import { pointsLedger } from "../../db/schema/points";
import { prayerChainLinks, prayerChains } from "../../db/schema/prayer";
import { users } from "../../db/schema/users";
import type { TChurchCtx } from "../../lib/context";
import { getPartnerPrayerStreak, HISTORY_WEEKS } from "./prayer-partners.service";

let t: TTestApp;
beforeAll(async () => {
  // No job runner: its cron schedule follows the clock, which these tests move by weeks and months.
  t = await createTestApp({}, { runJobs: false });
});
afterEach(() => {
  vi.useRealTimers();
});

/** Fakes only the app's clock: timers and the database keep working. */
function setClock(iso: string) {
  vi.useFakeTimers({ toFake: ["Date"], now: new Date(iso) });
}

// Members join in the week of Sunday 29 November 2026; the tests run in the next week (UTC churches).
const JOINED = "2026-12-02T12:00:00Z";
const WEEK = "2026-12-06";
/** Noon (UTC) on the day `days` after this week's Sunday. */
const dayOfWeek = (days: number) => `${addDays(WEEK, days)}T12:00:00Z`;

type TGroup = TTestChurch & { members: TSignedIn[]; all: TSignedIn[] };

/** A church in `timeZone` whose admin and `roles.length` members joined at `joinedAt`; the clock stays there. */
async function churchWith(
  roles: ("CONGREGANT" | "GROUP_LEADER" | "ADMIN")[],
  { timeZone = "UTC", joinedAt = JOINED } = {},
): Promise<TGroup> {
  setClock(joinedAt);
  const c = await createChurch(t.app);
  await setTimeZone(c, timeZone);
  const members: TSignedIn[] = [];
  for (const [i, role] of roles.entries()) members.push(await addMember(t.app, c, role, `Member${i}`));
  return { ...c, members, all: [c.admin, ...members] };
}

async function current(m: Caller) {
  const res = await m.get("/api/prayer-partners/current");
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return ZPrayerPartnerCurrent.parse(res.body);
}

async function history(m: Caller) {
  const res = await m.get("/api/prayer-partners/history");
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return ZPrayerPartnerHistoryEntry.array().parse(res.body);
}

async function pray(m: Caller) {
  const res = await m.post("/api/prayer-partners/complete-daily");
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return ZPartnerPrayerComplete.parse(res.body);
}

/** Who each member prays for this week, by user id. */
async function partnersOf(group: TSignedIn[]): Promise<Map<string, string>> {
  const map = new Map<string, string>();
  for (const m of group) {
    const got = await current(m);
    expect(got.partner, `${m.user.id} has a partner`).not.toBeNull();
    map.set(m.user.id, got.partner?.id ?? "");
  }
  return map;
}

/** Every member prays for exactly one other, nobody for themselves, and the links form one cycle. */
function expectOneCycle(partners: Map<string, string>, ids: string[]) {
  expect([...partners.keys()].sort()).toEqual([...ids].sort());
  expect([...new Set(partners.values())].sort()).toEqual([...ids].sort());
  for (const [me, partner] of partners) expect(partner).not.toBe(me);
  const seen = new Set<string>();
  let at = ids[0];
  for (let i = 0; i < ids.length; i++) {
    seen.add(at);
    at = partners.get(at) ?? "";
  }
  expect(seen.size).toBe(ids.length);
  expect(at).toBe(ids[0]);
}

const chainsOf = (c: TTestChurch) =>
  t.db.select().from(prayerChains).where(eq(prayerChains.churchId, c.church.id)).orderBy(prayerChains.weekStart);
const linksOf = (chainId: string) => t.db.select().from(prayerChainLinks).where(eq(prayerChainLinks.chainId, chainId));
const pointsOf = async (m: Caller) => (await m.get("/api/auth/user")).body.points as number;
const ids = (ms: TSignedIn[]) => ms.map((m) => m.user.id);

function ctxOf(c: TTestChurch, m: TSignedIn, timeZone = "UTC"): TChurchCtx {
  return {
    db: t.db,
    userId: m.user.id,
    churchId: c.church.id,
    role: "CONGREGANT",
    timeZone,
    changed: async () => undefined,
  };
}

describe("the week's chain", () => {
  it("places every member, the admin and every role included, in one random cycle", async () => {
    const g = await churchWith(["CONGREGANT", "GROUP_LEADER", "CONGREGANT", "ADMIN"]);
    setClock(dayOfWeek(1));
    const partners = await partnersOf(g.all);
    expectOneCycle(partners, ids(g.all));

    const [chain] = await chainsOf(g);
    expect(chain.weekStart).toBe(WEEK);
    const links = await linksOf(chain.id);
    expect(links).toHaveLength(5);
    // The positions run 0..4, each praying for the next, the last for the first.
    const byPosition = [...links].sort((a, b) => a.position - b.position);
    expect(byPosition.map((l) => l.position)).toEqual([0, 1, 2, 3, 4]);
    for (const [i, l] of byPosition.entries()) {
      expect(l.partnerId).toBe(byPosition[(i + 1) % 5].userId);
      expect(partners.get(l.userId)).toBe(l.partnerId);
    }

    const me = await current(g.members[1]);
    expect(me).toMatchObject({
      id: links.find((l) => l.userId === g.members[1].user.id)?.id,
      weekStartDate: WEEK,
      weekEndDate: addDays(WEEK, 6),
      reason: null,
      todayCompleted: false,
      prayersThisWeek: 0,
      prayerStreak: 0,
      prayersCompleted: 0,
      totalChainLinks: 1,
    });
    const partner = g.all.find((m) => m.user.id === me.partner?.id);
    // Issue 27: the e-mail goes by default to leaders and admins only; members[1] is a Group Leader
    // by role but leads no group of their partner's, so the card carries no e-mail.
    expect(me.partner).toEqual({
      id: partner?.user.id,
      firstName: partner?.user.firstName,
      lastName: partner?.user.lastName,
      profileImageUrl: null,
      prayerTopics: [],
    });
  });

  it("the card carries the partner's e-mail only as the partner's privacy allows (issue 27)", async () => {
    const g = await churchWith(["CONGREGANT", "CONGREGANT"]);
    setClock(dayOfWeek(1));
    const partners = await partnersOf(g.all);
    const viewer = g.members[0];
    const partner = g.all.find((m) => m.user.id === partners.get(viewer.user.id)) as TSignedIn;
    const fields = (email: string) => ({
      email,
      phone: "nobody",
      birthday: "nobody",
      address: "nobody",
      bio: "nobody",
    });
    const seen = async () => (await current(viewer)).partner?.email;

    expect((await partner.put("/api/user/privacy", { hidden: false, fields: fields("church") })).status).toBe(200);
    expect(await seen()).toBe(partner.user.email);
    expect((await partner.put("/api/user/privacy", { hidden: false, fields: fields("nobody") })).status).toBe(200);
    expect(await seen()).toBeUndefined();
    expect((await partner.put("/api/user/privacy", { hidden: false, fields: fields("leaders") })).status).toBe(200);
    expect(await seen()).toBeUndefined();
    // An admin (the church's pastor) sees a "leaders" e-mail, never a "nobody" one.
    const adminsPartner = g.all.find((m) => m.user.id === partners.get(g.admin.user.id)) as TSignedIn;
    await adminsPartner.put("/api/user/privacy", { hidden: false, fields: fields("leaders") });
    expect((await current(g.admin)).partner?.email).toBe(adminsPartner.user.email);
    await adminsPartner.put("/api/user/privacy", { hidden: false, fields: fields("nobody") });
    expect((await current(g.admin)).partner?.email).toBeUndefined();
  });

  it("20 concurrent first requests make exactly one chain; repeat calls keep the same partners", async () => {
    const g = await churchWith(["CONGREGANT", "GROUP_LEADER", "CONGREGANT", "CONGREGANT"]);
    setClock(dayOfWeek(2));
    const callers = Array.from({ length: 20 }, (_, i) => g.all[i % 5]);
    const answers = await Promise.all(callers.map((m) => m.get("/api/prayer-partners/current")));
    const partners = new Map<string, string>();
    for (const [i, res] of answers.entries()) {
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      const me = callers[i].user.id;
      const got = ZPrayerPartnerCurrent.parse(res.body).partner?.id;
      expect(got, "every request, loser or winner, sees the chain's links").toBeDefined();
      if (partners.has(me)) expect(got).toBe(partners.get(me));
      else partners.set(me, got ?? "");
    }
    expectOneCycle(partners, ids(g.all));

    const chains = await chainsOf(g);
    expect(chains).toHaveLength(1);
    expect(await linksOf(chains[0].id)).toHaveLength(5);
    expect(await partnersOf(g.all)).toEqual(partners);
    // The history call finds the same chain too.
    const [entry] = await history(g.members[0]);
    expect(entry.partner?.id).toBe(partners.get(g.members[0].user.id));
    expect(await chainsOf(g)).toHaveLength(1);
  });

  it("with fewer than 2 members there is no chain, and the answer says why", async () => {
    const g = await churchWith([]);
    setClock(dayOfWeek(1));
    expect(await current(g.admin)).toMatchObject({
      id: null,
      partner: null,
      reason: "too_few_members",
      weekStartDate: WEEK,
      todayCompleted: false,
      totalChainLinks: 0,
    });
    const res = await g.admin.post("/api/prayer-partners/complete-daily");
    expect(res.status).toBe(409);
    expect(res.body.message).toBe("You have no prayer partner this week");
    expect(await history(g.admin)).toEqual([]);
    expect(await chainsOf(g)).toHaveLength(0);
    expect(await pointsOf(g.admin)).toBe(0);
  });

  it("a member who joins mid-week waits for next week's chain", async () => {
    const g = await churchWith(["CONGREGANT", "GROUP_LEADER"]);
    setClock(dayOfWeek(1));
    const newcomer = await addMember(t.app, g, "CONGREGANT", "Newcomer");
    expect(await current(newcomer)).toMatchObject({ partner: null, reason: "joined_this_week", id: null });
    expect((await newcomer.post("/api/prayer-partners/complete-daily")).status).toBe(409);
    expectOneCycle(await partnersOf(g.all), ids(g.all));
    const [chain] = await chainsOf(g);
    expect((await linksOf(chain.id)).map((l) => l.userId)).not.toContain(newcomer.user.id);

    setClock(dayOfWeek(7));
    const next = await current(newcomer);
    expect(next).toMatchObject({ weekStartDate: addDays(WEEK, 7), reason: null, totalChainLinks: 1 });
    expectOneCycle(await partnersOf([...g.all, newcomer]), ids([...g.all, newcomer]));
    expect(await chainsOf(g)).toHaveLength(2);
  });

  it("a newcomer to a church of one is told they join next week; the old member that there are too few", async () => {
    const g = await churchWith([]);
    setClock(dayOfWeek(3));
    const newcomer = await addMember(t.app, g);
    expect((await current(newcomer)).reason).toBe("joined_this_week");
    expect((await current(g.admin)).reason).toBe("too_few_members");
    expect(await chainsOf(g)).toHaveLength(0);
    setClock(dayOfWeek(7));
    expectOneCycle(await partnersOf([g.admin, newcomer]), ids([g.admin, newcomer]));
  });

  it("a new church's only member hears that there are too few members", async () => {
    setClock(dayOfWeek(2));
    const c = await createChurch(t.app);
    expect((await current(c.admin)).reason).toBe("too_few_members");
  });

  it("leaves out members inactive for more than 30 days; one who signs in again joins next week", async () => {
    const g = await churchWith(["CONGREGANT", "CONGREGANT", "CONGREGANT"]);
    const now = new Date(dayOfWeek(1));
    setClock(now.toISOString());
    const [, recent, away] = g.members;
    await t.db
      .update(users)
      .set({ lastLogin: new Date(now.getTime() - 29 * 86_400_000) })
      .where(eq(users.id, recent.user.id));
    await t.db
      .update(users)
      .set({ lastLogin: new Date(now.getTime() - 31 * 86_400_000) })
      .where(eq(users.id, away.user.id));
    const present = g.all.filter((m) => m !== away);
    expectOneCycle(await partnersOf(present), ids(present));
    // Still signed in on an old session: not in this week's chain, and told so.
    expect(await current(away)).toMatchObject({ partner: null, reason: "not_in_chain" });
    expect((await away.post("/api/prayer-partners/complete-daily")).status).toBe(409);

    // Next week `away` has signed in again, while `recent` has now been away 35 days.
    setClock(dayOfWeek(7));
    const again = await new Caller(t.app).post("/api/auth/login", { email: away.user.email, password: PASSWORD });
    expect(again.status).toBe(200);
    const nextWeek = g.all.filter((m) => m !== recent);
    expectOneCycle(await partnersOf(nextWeek), ids(nextWeek));
    expect((await current(recent)).reason).toBe("not_in_chain");
  });

  it("a member whose partner leaves the church prays for the next member of the cycle", async () => {
    const g = await churchWith(["CONGREGANT", "GROUP_LEADER", "CONGREGANT"]);
    setClock(dayOfWeek(1));
    const partners = await partnersOf(g.all);
    const leaver = g.members[0];
    const [before] = [...partners].find(([, p]) => p === leaver.user.id) ?? [];
    const caller = g.all.find((m) => m.user.id === before) as TSignedIn;
    const res = await g.admin.delete(`/api/admin/members/${leaver.user.id}`);
    expect(res.status, JSON.stringify(res.body)).toBe(204);

    const now = await current(caller);
    expect(now.partner?.id).toBe(partners.get(leaver.user.id));
    expect((await history(caller))[0].partner?.id).toBe(partners.get(leaver.user.id));
    expect((await leaver.get("/api/prayer-partners/current")).status).toBe(403);
    // Nobody is shown the member who left.
    for (const m of g.all.filter((x) => x !== leaver)) expect((await current(m)).partner?.id).not.toBe(leaver.user.id);
  });

  it("a member whose partner's account is deleted keeps their link and prays for the next member", async () => {
    const g = await churchWith(["CONGREGANT", "CONGREGANT"]);
    setClock(dayOfWeek(1));
    const partners = await partnersOf(g.all);
    const gone = g.members[0];
    const [prayerFor] = [...partners].find(([, p]) => p === gone.user.id) ?? [];
    const caller = g.all.find((m) => m.user.id === prayerFor) as TSignedIn;
    await t.db.delete(users).where(eq(users.id, gone.user.id));
    const now = await current(caller);
    expect(now.partner?.id).toBe(partners.get(gone.user.id));
    expect(now.id).not.toBeNull();
    expect((await pray(caller)).awarded).toBe(POINTS.partnerPrayer);
  });

  it("the last member left in a chain has nobody to pray for", async () => {
    const g = await churchWith(["CONGREGANT"]);
    setClock(dayOfWeek(1));
    expect((await current(g.admin)).partner?.id).toBe(g.members[0].user.id);
    expect((await g.admin.delete(`/api/admin/members/${g.members[0].user.id}`)).status).toBe(204);
    expect(await current(g.admin)).toMatchObject({ partner: null, reason: "too_few_members", totalChainLinks: 1 });
    expect((await g.admin.post("/api/prayer-partners/complete-daily")).status).toBe(409);
    expect((await history(g.admin))[0].partner).toBeNull();
  });

  it("shows the partner's chosen prayer topics", async () => {
    const g = await churchWith(["CONGREGANT"]);
    setClock(dayOfWeek(1));
    const set = await g.members[0].patch("/api/user/preferences", { prayerTopics: { family: true, healing: false } });
    expect(set.status).toBe(200);
    expect((await current(g.admin)).partner?.prayerTopics).toEqual(["guidance", "community", "family"]);
    // Never set: none shown.
    expect((await current(g.members[0])).partner?.prayerTopics).toEqual([]);
  });

  it("a repeat request shows the partner's new name and topics and the member's prayer at once", async () => {
    const g = await churchWith(["CONGREGANT"]);
    setClock(dayOfWeek(1));
    const partner = g.members[0];
    expect(await current(g.admin)).toMatchObject({
      partner: { id: partner.user.id, prayerTopics: [] },
      todayCompleted: false,
    });
    expect((await partner.patch("/api/user/profile", { firstName: "Renamed", lastName: "Member" })).status).toBe(200);
    expect((await partner.patch("/api/user/preferences", { prayerTopics: { healing: true } })).status).toBe(200);
    await pray(g.admin);
    expect(await current(g.admin)).toMatchObject({
      partner: { id: partner.user.id, firstName: "Renamed", lastName: "Member" },
      todayCompleted: true,
      prayersCompleted: 1,
    });
    expect((await current(g.admin)).partner?.prayerTopics).toContain("healing");
  });
});

describe("POST /api/prayer-partners/complete-daily", () => {
  it("pays 15 once a day; a repeat answers 200 with nothing awarded; 20 at once pay once", async () => {
    const g = await churchWith(["CONGREGANT", "GROUP_LEADER"]);
    setClock(dayOfWeek(0));
    const [m, other] = g.members;
    const before = await pointsOf(m);
    expect(await pray(m)).toEqual({
      awarded: POINTS.partnerPrayer,
      total: before + POINTS.partnerPrayer,
      todayCompleted: true,
      badges: [],
    });
    expect(await pray(m)).toEqual({
      awarded: 0,
      total: before + POINTS.partnerPrayer,
      todayCompleted: true,
      badges: [],
    });
    expect(await current(m)).toMatchObject({
      todayCompleted: true,
      prayersThisWeek: 1,
      prayerStreak: 1,
      prayersCompleted: 1,
      totalChainLinks: 1,
    });
    expect((await current(other)).todayCompleted).toBe(false);

    const results = await Promise.all(Array.from({ length: 20 }, () => pray(other)));
    expect(results.reduce((sum, r) => sum + r.awarded, 0)).toBe(POINTS.partnerPrayer);
    expect(await pointsOf(other)).toBe(before + POINTS.partnerPrayer);
    const rows = await t.db
      .select()
      .from(pointsLedger)
      .where(and(eq(pointsLedger.userId, other.user.id), eq(pointsLedger.kind, "partner_prayer")));
    expect(rows.map((r) => r.key)).toEqual([WEEK]);
  });

  it("takes an empty body however it comes; a body that is not JSON is refused", async () => {
    const g = await churchWith(["CONGREGANT"]);
    setClock(dayOfWeek(1));
    const json = { "content-type": "application/json" };
    expect((await g.admin.request("POST", "/api/prayer-partners/complete-daily", "", json)).status).toBe(200);
    expect((await g.admin.request("POST", "/api/prayer-partners/complete-daily", "{}", json)).status).toBe(200);
    expect((await g.admin.request("POST", "/api/prayer-partners/complete-daily", "{oops", json)).status).toBe(400);
    const text = { "content-type": "text/plain" };
    expect((await g.admin.request("POST", "/api/prayer-partners/complete-daily", "x", text)).status).toBe(415);
    // A figure sent by the client changes nothing.
    const res = await g.members[0].post("/api/prayer-partners/complete-daily", { points: 1000 });
    expect(res.body.awarded).toBe(POINTS.partnerPrayer);
  });

  it("counts the week, the streak (standing until today ends), all prayers and the weeks in the chain", async () => {
    const g = await churchWith(["CONGREGANT"]);
    const m = g.members[0];
    const ctx = ctxOf(g, m);
    for (const day of [0, 1, 2]) {
      setClock(dayOfWeek(day));
      await pray(m);
    }
    expect(await current(m)).toMatchObject({ prayersThisWeek: 3, prayerStreak: 3, prayersCompleted: 3 });
    // Wednesday, not yet prayed: the streak stands until the day ends.
    setClock(dayOfWeek(3));
    expect(await current(m)).toMatchObject({ todayCompleted: false, prayerStreak: 3 });
    expect(await getPartnerPrayerStreak(ctx)).toBe(3);
    // The member's stats carry it with their other streaks (the dashboard counts the keys).
    expect((await m.get("/api/user/stats")).body.streaks).toMatchObject({ partnerPrayer: 3 });
    // Thursday: Wednesday was missed.
    setClock(dayOfWeek(4));
    expect((await current(m)).prayerStreak).toBe(0);
    expect((await m.get("/api/user/stats")).body.streaks).not.toHaveProperty("partnerPrayer");
    await pray(m);
    expect(await current(m)).toMatchObject({
      todayCompleted: true,
      prayersThisWeek: 4,
      prayerStreak: 1,
      prayersCompleted: 4,
      totalChainLinks: 1,
    });
    expect(await getPartnerPrayerStreak(ctx)).toBe(1);

    setClock(dayOfWeek(7));
    expect(await current(m)).toMatchObject({
      weekStartDate: addDays(WEEK, 7),
      todayCompleted: false,
      prayersThisWeek: 0,
      prayerStreak: 0,
      prayersCompleted: 4,
      totalChainLinks: 2,
    });
    const entries = await history(m);
    expect(
      entries.map(({ weekStartDate, weekEndDate, status, daysPrayed }) => ({
        weekStartDate,
        weekEndDate,
        status,
        daysPrayed,
      })),
    ).toEqual([
      { weekStartDate: addDays(WEEK, 7), weekEndDate: addDays(WEEK, 13), status: "Current", daysPrayed: 0 },
      { weekStartDate: WEEK, weekEndDate: addDays(WEEK, 6), status: "Completed", daysPrayed: 4 },
    ]);
    // With two members, each prays for the other every week.
    for (const e of entries)
      expect(e.partner).toEqual({ id: g.admin.user.id, firstName: "Pastor", lastName: "Admin", profileImageUrl: null });
  });

  it(`grants 'Faithful Intercessor' at ${FAITHFUL_INTERCESSOR_DAYS} days in a row, once`, async () => {
    const g = await churchWith(["CONGREGANT"]);
    const m = g.members[0];
    for (let day = 0; day < FAITHFUL_INTERCESSOR_DAYS + 1; day++) {
      setClock(dayOfWeek(day));
      const got = await pray(m);
      expect(got.badges, `day ${day + 1}`).toEqual(
        day === FAITHFUL_INTERCESSOR_DAYS - 1 ? ["faithful_intercessor"] : [],
      );
    }
    expect((await current(m)).prayerStreak).toBe(FAITHFUL_INTERCESSOR_DAYS + 1);
    const rows = await t.db.select().from(userBadges).where(eq(userBadges.userId, m.user.id));
    expect(rows.map((r) => r.badge)).toEqual(["faithful_intercessor"]);
    const badges = (await m.get("/api/user/badges")).body;
    expect(badges).toMatchObject([{ name: "Faithful Intercessor", icon: "calendar-heart" }]);
  });
});

describe("GET /api/prayer-partners/history", () => {
  it("lists the newest 52 weeks, newest first", async () => {
    const g = await churchWith(["CONGREGANT"]);
    setClock(dayOfWeek(1));
    const [a, b] = ids(g.all);
    // Weeks of earlier chains, written as the chain would have written them.
    for (let w = 1; w <= HISTORY_WEEKS + 2; w++) {
      const [chain] = await t.db
        .insert(prayerChains)
        .values({ churchId: g.church.id, weekStart: addDays(WEEK, -7 * w) })
        .returning();
      await t.db.insert(prayerChainLinks).values([
        { chainId: chain.id, churchId: g.church.id, userId: a, partnerId: b, position: 0 },
        { chainId: chain.id, churchId: g.church.id, userId: b, partnerId: a, position: 1 },
      ]);
    }
    const entries = await history(g.admin);
    expect(entries).toHaveLength(HISTORY_WEEKS);
    expect(entries[0]).toMatchObject({ weekStartDate: WEEK, status: "Current" });
    expect(entries[1]).toMatchObject({ weekStartDate: addDays(WEEK, -7), status: "Completed", daysPrayed: 0 });
    expect(entries.at(-1)?.weekStartDate).toBe(addDays(WEEK, -7 * (HISTORY_WEEKS - 1)));
    expect((await current(g.admin)).totalChainLinks).toBe(HISTORY_WEEKS + 3);
  });
});

describe("time zones", () => {
  it("a church in Auckland starts its week and its day at local midnight, across daylight saving", async () => {
    const g = await churchWith(["CONGREGANT", "GROUP_LEADER"], {
      timeZone: "Pacific/Auckland",
      joinedAt: "2026-09-16T00:00:00Z",
    });
    const m = g.members[0];
    // Saturday 26 September 23:59 NZST (UTC+12).
    setClock("2026-09-26T11:59:00Z");
    expect(await current(m)).toMatchObject({ weekStartDate: "2026-09-20", weekEndDate: "2026-09-26" });
    expect((await pray(m)).awarded).toBe(POINTS.partnerPrayer);
    expect((await current(m)).todayCompleted).toBe(true);

    // Sunday 27 September 00:01 NZST: a new week and a new chain, and a new day to pray.
    setClock("2026-09-26T12:01:00Z");
    expect(await current(m)).toMatchObject({
      weekStartDate: "2026-09-27",
      weekEndDate: "2026-10-03",
      todayCompleted: false,
      prayersThisWeek: 0,
      prayerStreak: 1,
      totalChainLinks: 2,
    });
    expect((await chainsOf(g)).map((c) => c.weekStart)).toEqual(["2026-09-20", "2026-09-27"]);
    expect((await pray(m)).awarded).toBe(POINTS.partnerPrayer);

    // Clocks go forward at 2:00 that Sunday: 23:59 NZDT (UTC+13) is still the same day.
    setClock("2026-09-27T10:59:00Z");
    expect(await current(m)).toMatchObject({ todayCompleted: true, prayerStreak: 2, prayersThisWeek: 1 });
    // Monday 00:01 NZDT.
    setClock("2026-09-27T11:01:00Z");
    expect(await current(m)).toMatchObject({ todayCompleted: false, prayerStreak: 2, weekStartDate: "2026-09-27" });
    expect((await pray(m)).awarded).toBe(POINTS.partnerPrayer);

    // Saturday 3 October 23:59 NZDT: the same week; Sunday 4 October 00:01 NZDT: the next.
    setClock("2026-10-03T10:59:00Z");
    expect((await current(m)).weekStartDate).toBe("2026-09-27");
    setClock("2026-10-03T11:01:00Z");
    expect((await current(m)).weekStartDate).toBe("2026-10-04");
    expect((await chainsOf(g)).map((c) => c.weekStart)).toEqual(["2026-09-20", "2026-09-27", "2026-10-04"]);

    const keys = await t.db
      .select({ key: pointsLedger.key })
      .from(pointsLedger)
      .where(and(eq(pointsLedger.userId, m.user.id), eq(pointsLedger.kind, "partner_prayer")));
    expect(keys.map((k) => k.key).sort()).toEqual(["2026-09-26", "2026-09-27", "2026-09-28"]);
    const entries = await history(m);
    expect(entries.map((e) => [e.weekStartDate, e.status, e.daysPrayed])).toEqual([
      ["2026-10-04", "Current", 0],
      ["2026-09-27", "Completed", 2],
      ["2026-09-20", "Completed", 1],
    ]);
  });
});

describe("each church has its own chain", () => {
  it("nobody is paired with another church's member; each church has its own chain", async () => {
    const a = await churchWith(["CONGREGANT", "GROUP_LEADER"]);
    const b = await churchWith(["CONGREGANT", "CONGREGANT"]);
    setClock(dayOfWeek(1));
    const [pa, pb] = await Promise.all([partnersOf(a.all), partnersOf(b.all)]);
    expectOneCycle(pa, ids(a.all));
    expectOneCycle(pb, ids(b.all));
    const [ca] = await chainsOf(a);
    const [cb] = await chainsOf(b);
    expect(ca.id).not.toBe(cb.id);
    expect(ca.weekStart).toBe(cb.weekStart);
    const links = await t.db
      .select()
      .from(prayerChainLinks)
      .where(inArray(prayerChainLinks.chainId, [ca.id, cb.id]));
    for (const l of links) {
      const church = l.chainId === ca.id ? a : b;
      expect(l.churchId).toBe(church.church.id);
      expect(ids(church.all)).toContain(l.partnerId);
    }
    // A prayer in church B counts only there.
    await pray(b.members[0]);
    expect((await current(a.members[0])).prayersCompleted).toBe(0);
    expect((await history(a.members[0])).every((e) => ids(a.all).includes(e.partner?.id ?? ""))).toBe(true);
  });
});

describe("who may call", () => {
  it("a signed-out caller gets 401 and a user without a church 403 on every endpoint", async () => {
    const out = new Caller(t.app);
    const loner = await signUp(t.app);
    for (const caller of [out, loner]) {
      const status = caller === out ? 401 : 403;
      expect((await caller.get("/api/prayer-partners/current")).status).toBe(status);
      expect((await caller.get("/api/prayer-partners/history")).status).toBe(status);
      expect((await caller.post("/api/prayer-partners/complete-daily")).status).toBe(status);
    }
    const body = (await out.get("/api/prayer-partners/current")).body;
    expect(body).toEqual({ message: "Unauthorized" });
  });
});

describe("notifications (issue 11)", () => {
  it("the week's new chain tells each member who their partner is, once, linking to /prayer-partners", async () => {
    const g = await churchWith(["CONGREGANT", "GROUP_LEADER"]);
    const quiet = await addMember(t.app, g, "CONGREGANT", "Quiet");
    expect((await quiet.patch("/api/user/preferences", { prayerReminders: false })).status).toBe(200);
    setClock(dayOfWeek(1));
    const partners = await partnersOf([...g.all, quiet]);
    await partnersOf(g.all);
    // The queue's own retry waits run on the real clock; the page's week is read at the moved one.
    vi.useRealTimers();
    await drainJobs(t.app);
    setClock(dayOfWeek(1));
    for (const m of g.all) {
      const partner = [...g.all, quiet].find((p) => p.user.id === partners.get(m.user.id));
      const mine = (await m.get("/api/notifications")).body.notifications;
      expect(mine).toEqual([
        expect.objectContaining({
          type: "prayer",
          kind: "prayer_partner",
          title: "Your prayer partner",
          message: `Your prayer partner this week is ${partner?.user.firstName} ${partner?.user.lastName}`,
          relatedId: (await current(m)).id,
          link: "/prayer-partners",
        }),
      ]);
    }
    expect((await quiet.get("/api/notifications")).body.notifications).toEqual([]);
  });
});
