import type { TEvent } from "@common/events";
import type { TSermon } from "@common/sermons";
import type { TUserBadge } from "@common/user";
import { sql } from "drizzle-orm";
import { beforeAll, describe, expect, it, vi } from "vitest";
import { Caller, createSecondInstance, createTestApp, type TTestApp } from "../../../test/app";
import { explainRows } from "../../../test/explain-rows";
import {
  addMember,
  createChurch,
  createEvent,
  createSermon,
  type TSignedIn,
  type TTestChurch,
} from "../../../test/factories";
import { drainJobs } from "../../../test/jobs";
import { newestSermonsQuery } from "./sermons.repo";

/*
 * Issue 30 ("hot reads"): the member dashboard's own calls cost the same whatever the archive. Its
 * three newest sermons are three rows read through an index, the church's count is kept (not counted
 * per request), and what is kept per church or member follows every write, in every process.
 */

const ARCHIVE = 20_000;

let t: TTestApp;
let c: TTestChurch;
let member: TSignedIn;

beforeAll(async () => {
  t = await createTestApp();
  c = await createChurch(t.app);
  member = await addMember(t.app, c, "CONGREGANT", "Ruth");
  // 20,000 published sermons, each on a day of its own (a shared date would leave their order to the
  // ids), older than the ones the tests add, and a newer draft members never see.
  await t.db.execute(sql`
    insert into sermons (church_id, title, speaker, date, duration, series, description, tags)
    select ${c.church.id}, 'Archive ' || g, 'Speaker ' || (g % 12), date '1970-01-02' + g, 40,
           'Series ' || (g % 40), 'Number ' || g, array['faith']
      from generate_series(1, ${ARCHIVE}::int) as g`);
  await t.db.execute(sql`
    insert into sermons (church_id, title, speaker, date, duration, description, tags, is_draft)
    values (${c.church.id}, 'A draft', 'Pastor', date '2030-01-01', 40, 'Not yet', array[]::text[], true)`);
  await t.db.execute(sql`analyze sermons`);
}, 120_000);

const titles = (list: { title: string }[]) => list.map((s) => s.title);

describe("the member dashboard's reads at 20,000 sermons", () => {
  it("reads the newest sermons through the index: a few rows of sermons, no scan of the archive (EXPLAIN)", async () => {
    const q = newestSermonsQuery(t.db, c.church.id, 24).toSQL();
    const { read, scanTypes, plan } = await explainRows(t.db, q, "sermons");
    expect(scanTypes, plan).not.toContain("Seq Scan");
    // 24 rows and the draft above them: not 20,000.
    expect(read, plan).toBeLessThan(100);
  });

  it("answers the newest 3 with the member's marks and the church's count, and keeps the count instead of counting", async () => {
    const newest = await createSermon(c.admin, { title: "Newest", date: "2026-11-22" });
    await createSermon(c.admin, { title: "Second", date: "2026-11-15" });
    const res = await member.get("/api/sermons?limit=3");
    expect(res.status).toBe(200);
    expect(titles(res.body as TSermon[])).toEqual(["Newest", "Second", `Archive ${ARCHIVE}`]);
    expect(res.headers["x-total-count"]).toBe(String(ARCHIVE + 2));
    expect((res.body as TSermon[]).map((s) => s.isWatched)).toEqual([false, false, false]);
    // The archive's first page and a later one carry the same total; the later one is read as before.
    const later = await member.get("/api/sermons?limit=24&offset=48");
    expect(later.headers["x-total-count"]).toBe(String(ARCHIVE + 2));
    expect(later.body).toHaveLength(24);

    // A row written behind the app's back (no announcement) is not counted by the next request:
    // the count is kept, not taken per request.
    await t.db.execute(sql`
      insert into sermons (church_id, title, speaker, date, duration, description, tags)
      values (${c.church.id}, 'Unannounced', 'Pastor', date '2026-11-01', 40, 'Quiet', array[]::text[])`);
    expect((await member.get("/api/sermons?limit=3")).headers["x-total-count"]).toBe(String(ARCHIVE + 2));

    // Watching one marks it for this member only; a new sermon is first at once, counted with the other.
    expect((await member.post(`/api/sermons/${newest.id}/watch`)).status).toBe(200);
    expect((await member.get("/api/sermons?limit=3")).body[0]).toMatchObject({ title: "Newest", isWatched: true });
    expect((await c.admin.get("/api/sermons?limit=3")).body[0]).toMatchObject({ title: "Newest", isWatched: false });
    await createSermon(c.admin, { title: "Newer still", date: "2026-11-23" });
    const after = await member.get("/api/sermons?limit=3");
    expect(titles(after.body as TSermon[])).toEqual(["Newer still", "Newest", "Second"]);
    expect((after.body as TSermon[]).map((s) => s.isWatched)).toEqual([false, true, false]);
    expect(after.headers["x-total-count"]).toBe(String(ARCHIVE + 4));
  });

  it("another process follows: a sermon deleted through this one leaves the other's newest 3", async () => {
    const other = await createSecondInstance(t);
    const onOther = new Caller(other, member.cookie);
    const first = (await onOther.get("/api/sermons?limit=3")).body as TSermon[];
    expect(first[0].title).toBe("Newer still");
    await c.admin.delete(`/api/sermons/${first[0].id}`);
    await vi.waitFor(async () => {
      expect((await onOther.get("/api/sermons?limit=3")).body[0].title).toBe("Newest");
    });
  });

  it("another church sees none of it, and a signed-out caller gets 401", async () => {
    const b = await createChurch(t.app);
    const bMember = await addMember(t.app, b);
    await createSermon(b.admin, { title: "Church B's" });
    const res = await bMember.get("/api/sermons?limit=3");
    expect(titles(res.body as TSermon[])).toEqual(["Church B's"]);
    expect(res.headers["x-total-count"]).toBe("1");
    await createEvent(b.admin, { title: "B's gathering" });
    expect(titles((await bMember.get("/api/events?upcoming=true&limit=3")).body as TEvent[])).toEqual([
      "B's gathering",
    ]);
    expect(titles((await member.get("/api/events?upcoming=true&limit=3")).body as TEvent[])).not.toContain(
      "B's gathering",
    );
    for (const path of ["/api/sermons?limit=3", "/api/events?upcoming=true&limit=3", "/api/user/badges"]) {
      expect((await new Caller(t.app).get(path)).status, path).toBe(401);
    }
  });

  it("keeps the next events per member and follows RSVPs, new events and check-ins", async () => {
    const soon = new Date(Date.now() + 2 * 3_600_000);
    const now = await createEvent(c.admin, {
      title: "Under way",
      startTime: new Date(Date.now() - 3_600_000).toISOString(),
      endTime: soon.toISOString(),
    });
    await createEvent(c.admin, { title: "In three days" });
    const before = (await member.get("/api/events?upcoming=true&limit=3")).body as TEvent[];
    expect(titles(before)).toEqual(["Under way", "In three days"]);
    expect(before[0]).toMatchObject({ rsvpCount: 0, isGoing: false, isCheckedIn: false });

    const friend = await addMember(t.app, c, "CONGREGANT", "Naomi");
    expect((await friend.post(`/api/events/${now.id}/rsvp`)).status).toBe(200);
    expect((await member.get("/api/events?upcoming=true&limit=3")).body[0]).toMatchObject({
      rsvpCount: 1,
      isGoing: false,
    });
    expect((await member.post(`/api/events/${now.id}/check-in`)).status).toBe(200);
    expect((await member.get("/api/events?upcoming=true&limit=3")).body[0]).toMatchObject({ isCheckedIn: true });
    expect((await friend.get("/api/events?upcoming=true&limit=3")).body[0]).toMatchObject({
      isGoing: true,
      isCheckedIn: false,
    });
    await createEvent(c.admin, {
      title: "Tonight",
      startTime: new Date(Date.now() + 3 * 3_600_000).toISOString(),
      endTime: new Date(Date.now() + 4 * 3_600_000).toISOString(),
    });
    const list = (await member.get("/api/events?upcoming=true&limit=2")).body as TEvent[];
    expect(titles(list)).toEqual(["Under way", "Tonight"]);
  });

  it("keeps the member's badges and shows a new one at once, in the member's language", async () => {
    const newcomer = await addMember(t.app, c, "CONGREGANT", "Lydia");
    expect((await newcomer.get("/api/user/badges")).body as TUserBadge[]).toEqual([]);
    // A first sermon watched earns a badge (the onboarding subscriber grants it from the job queue;
    // grantBadge announces it on the member's topic).
    const [first] = (await newcomer.get("/api/sermons?limit=1")).body as TSermon[];
    expect((await newcomer.post(`/api/sermons/${first.id}/watch`)).status).toBe(200);
    await drainJobs(t.app);
    const badges = (await newcomer.get("/api/user/badges")).body as TUserBadge[];
    expect(badges.map((b) => b.name)).toEqual(["First Sermon"]);
    expect((await newcomer.patch("/api/user/preferences", { language: "es" })).status).toBe(200);
    const spanish = (await newcomer.get("/api/user/badges")).body as TUserBadge[];
    expect(spanish).toHaveLength(1);
    expect(spanish[0].name).not.toBe("First Sermon");
    expect(spanish[0].earnedAt).toBe(badges[0].earnedAt);
  });
});
