import { ZPrayerPartnerCurrent } from "@common/prayer";
import { and, eq } from "drizzle-orm";
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { createTestApp, type TTestApp } from "../../../test/app";
import { addMember, createChurch, setTimeZone, type TSignedIn, type TTestChurch } from "../../../test/factories";
import { drainJobs } from "../../../test/jobs";
import { notifications } from "../../db/schema/community";
import { prayerChainLinks, prayerChains } from "../../db/schema/prayer";
import { runWeekStart } from "../../lib/week-start";

/**
 * The week-start job's prayer-partner part (issue 25 §3): each week's chain is made when the week
 * begins (Sunday 00:00 in the church's time zone) and every member is told their partner then, once,
 * whether or not anyone opens the page, and however the job and the page race.
 */

let t: TTestApp;
beforeAll(async () => {
  // No job runner: the tests run the week's start themselves, at the clocks they choose.
  t = await createTestApp({}, { runJobs: false });
});
afterEach(() => {
  vi.useRealTimers();
});

/** Fakes only the app's clock: timers and the database keep working. */
function setClock(iso: string) {
  vi.useFakeTimers({ toFake: ["Date"], now: new Date(iso) });
}

type TGroup = TTestChurch & { all: TSignedIn[] };

async function churchIn(timeZone: string, members: number): Promise<TGroup> {
  const c = await createChurch(t.app);
  await setTimeZone(c, timeZone);
  const all = [c.admin];
  for (let i = 0; i < members; i++) all.push(await addMember(t.app, c, "CONGREGANT", `Member${i}`));
  // What follows each join runs now: its member.joined subscriber clears notices made before the join,
  // and the join's time is the faked app clock while a notice's is the database's, so run later it
  // would clear this week's partner notice too.
  await drainJobs(t.app);
  return { ...c, all };
}

const run = (iso: string) => runWeekStart(t.app, new Date(iso));

const chainsOf = (g: TGroup) =>
  t.db.select().from(prayerChains).where(eq(prayerChains.churchId, g.church.id)).orderBy(prayerChains.weekStart);

async function linksOf(g: TGroup, weekStart: string) {
  const [chain] = await t.db
    .select()
    .from(prayerChains)
    .where(and(eq(prayerChains.churchId, g.church.id), eq(prayerChains.weekStart, weekStart)));
  if (!chain) return [];
  return t.db.select().from(prayerChainLinks).where(eq(prayerChainLinks.chainId, chain.id));
}

/** A member's "your prayer partner" notifications: the link each is about and its message. */
async function toldOf(m: TSignedIn) {
  return t.db
    .select({ relatedId: notifications.relatedId, message: notifications.message, churchId: notifications.churchId })
    .from(notifications)
    .where(and(eq(notifications.userId, m.user.id), eq(notifications.kind, "prayer_partner")))
    .orderBy(notifications.createdAt);
}

/** Every member of `g` was told exactly once of their own link in the week's chain, naming their partner. */
async function expectToldOnce(g: TGroup, weekStart: string, previous = 0) {
  // Each member is told through the job queue (the prayer_chain.made event's subscriber); on a loaded
  // machine its job may still be on its way after one drain, so drain until all are told (10 s at most).
  for (let i = 0; i < 40; i++) {
    await drainJobs(t.app);
    const counts = await Promise.all(g.all.map(async (m) => (await toldOf(m)).length));
    if (counts.every((n) => n >= previous + 1)) break;
    await new Promise((r) => setTimeout(r, 250));
  }
  const links = await linksOf(g, weekStart);
  expect(links).toHaveLength(g.all.length);
  for (const m of g.all) {
    const link = links.find((l) => l.userId === m.user.id);
    const partner = g.all.find((p) => p.user.id === link?.partnerId);
    const told = await toldOf(m);
    expect(told, `${m.user.firstName} is told once this week`).toHaveLength(previous + 1);
    expect(told[previous]).toEqual({
      relatedId: link?.id,
      message: `Your prayer partner this week is ${partner?.user.firstName} ${partner?.user.lastName}`,
      churchId: g.church.id,
    });
  }
}

describe("the week's chain is made when the week begins", () => {
  it("Auckland: at Sunday 00:00 local, across the start of daylight saving (NZST +12 to NZDT +13); church B's chain holds only B", async () => {
    // Monday 20 September 2027; Auckland moves to daylight saving on Sunday 26 September at 02:00.
    setClock("2027-09-20T00:00:00Z");
    const a = await churchIn("Pacific/Auckland", 3);
    const b = await churchIn("Pacific/Auckland", 2);

    // Saturday 23:55 NZST: the job first sees the churches (and marks them); no chain, nobody told.
    await run("2027-09-25T11:55:00Z");
    expect(await chainsOf(a)).toEqual([]);
    for (const m of a.all) expect(await toldOf(m)).toEqual([]);

    // Sunday 26 September 00:05 NZST (12:05 UTC): both churches' weeks begin.
    const handled = await run("2027-09-25T12:05:00Z");
    expect(handled).toEqual(expect.arrayContaining([a.church.id, b.church.id]));
    expect((await chainsOf(a)).map((c) => c.weekStart)).toEqual(["2027-09-26"]);
    await expectToldOnce(a, "2027-09-26");
    await expectToldOnce(b, "2027-09-26");
    // Church B's chain holds B's members only.
    const bIds = new Set(b.all.map((m) => m.user.id));
    for (const l of await linksOf(b, "2027-09-26")) {
      expect(bIds.has(l.userId)).toBe(true);
      expect(bIds.has(l.partnerId ?? "")).toBe(true);
    }

    // The job again, and the page opened later in the week: the same chain, nobody told twice.
    expect(await run("2027-09-25T12:20:00Z")).not.toContain(a.church.id);
    setClock("2027-09-27T08:00:00Z");
    const links = await linksOf(a, "2027-09-26");
    for (const m of a.all) {
      const res = await m.get("/api/prayer-partners/current");
      expect(res.status).toBe(200);
      const me = ZPrayerPartnerCurrent.parse(res.body);
      expect(me.id).toBe(links.find((l) => l.userId === m.user.id)?.id);
    }
    expect(await chainsOf(a)).toHaveLength(1);
    await expectToldOnce(a, "2027-09-26");

    // Saturday 2 October 23:55 NZDT, now at +13: no chain yet; at +12 it would still be 22:55.
    await run("2027-10-02T10:55:00Z");
    expect(await linksOf(a, "2027-10-03")).toEqual([]);
    // Sunday 3 October 00:05 NZDT (11:05 UTC): a week at +12 would not begin until 12:00 UTC.
    expect(await run("2027-10-02T11:05:00Z")).toContain(a.church.id);
    await expectToldOnce(a, "2027-10-03", 1);
    await expectToldOnce(b, "2027-10-03", 1);
  });

  it("Los Angeles: the job twice and every member's page at the same moment make one chain and one notice each, across the end of daylight saving", async () => {
    // Monday 1 November 2027; Los Angeles leaves daylight saving on Sunday 7 November at 02:00.
    setClock("2027-11-01T20:00:00Z");
    const g = await churchIn("America/Los_Angeles", 3);
    const nz = await churchIn("Pacific/Auckland", 1);
    await run("2027-11-05T12:00:00Z");
    // Sunday 00:05 in Auckland (NZDT) is Saturday 04:05 in Los Angeles: its church is not touched.
    expect(await run("2027-11-06T11:05:00Z")).toContain(nz.church.id);
    expect(await chainsOf(g)).toEqual([]);
    expect(await run("2027-11-07T06:55:00Z")).not.toContain(g.church.id);
    expect(await chainsOf(g)).toEqual([]);

    // Sunday 7 November 00:05 PDT: two runs of the job and every member's page, all at once.
    setClock("2027-11-07T07:05:00Z");
    const now = new Date("2027-11-07T07:05:00Z");
    const [runA, runB, ...pages] = await Promise.all([
      runWeekStart(t.app, now),
      runWeekStart(t.app, now),
      ...g.all.map((m) => m.get("/api/prayer-partners/current")),
    ]);
    // Exactly one of the two runs handled the church.
    expect([...runA, ...runB].filter((id) => id === g.church.id)).toHaveLength(1);
    for (const res of pages) expect(ZPrayerPartnerCurrent.parse(res.body).partner).not.toBeNull();
    expect((await chainsOf(g)).map((c) => c.weekStart)).toEqual(["2027-11-07"]);
    await expectToldOnce(g, "2027-11-07");

    // Saturday 13 November 23:30 PST (-8): at -7 it would be Sunday 00:30; the week has not begun.
    expect(await run("2027-11-14T07:30:00Z")).not.toContain(g.church.id);
    expect(await linksOf(g, "2027-11-14")).toEqual([]);
    expect(await run("2027-11-14T08:05:00Z")).toContain(g.church.id);
    await expectToldOnce(g, "2027-11-14", 1);
  });

  it("a church of one member gets no chain and no notice when its week begins", async () => {
    setClock("2027-08-02T12:00:00Z");
    const g = await churchIn("UTC", 0);
    await run("2027-08-02T12:00:00Z");
    expect(await run("2027-08-08T00:05:00Z")).toContain(g.church.id);
    expect(await chainsOf(g)).toEqual([]);
    expect(await toldOf(g.admin)).toEqual([]);
  });
});
