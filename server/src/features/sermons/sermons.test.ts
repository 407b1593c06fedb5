import { BADGES, SERMON_REGULAR_COUNT } from "@common/badges";
import { ONBOARDING_STEPS, POINTS } from "@common/points";
import { ZPublicSermon, ZSermon } from "@common/sermons";
import { eq, sql } from "drizzle-orm";
import { beforeAll, describe, expect, it, vi } from "vitest";
import { afterFile } from "../../../test/after-file";
import { Caller, createTestApp, type TTestApp } from "../../../test/app";
import { addMember, createChurch, createSermon, sermonBody, signUp } from "../../../test/factories";
import { drainJobs } from "../../../test/jobs";
import { buildApp } from "../../app";
import { auditEntries } from "../../db/schema/audit";
import { sermons } from "../../db/schema/sermons";

let t: TTestApp;
beforeAll(async () => {
  t = await createTestApp();
});

describe("managing sermons (admin)", () => {
  it("creates, reads, updates and deletes a sermon with every field", async () => {
    const c = await createChurch(t.app);
    const body = sermonBody({
      audioUrl: "https://cdn.example.org/walking.mp3",
      notesUrl: "https://cdn.example.org/walking.pdf",
      series: "Foundations",
      notes: "Trust in the Lord with all your heart.",
      tags: ["faith", "trust", "faith"],
    });
    const created = await c.admin.post("/api/sermons", body);
    expect(created.status).toBe(201);
    const s = ZSermon.parse(created.body);
    expect(s).toMatchObject({
      title: "Walking in Faith",
      speaker: "Pastor John",
      pastor: "Pastor John",
      date: "2026-11-15T00:00:00.000Z",
      duration: 45,
      series: "Foundations",
      tags: ["faith", "trust"],
      viewCount: 0,
      isWatched: false,
    });

    const updated = await c.admin.put(`/api/sermons/${s.id}`, {
      ...body,
      title: "Walking by Faith",
      videoUrl: "",
      audioUrl: null,
    });
    expect(updated.status).toBe(200);
    expect(updated.body).toMatchObject({ title: "Walking by Faith", videoUrl: null, audioUrl: null });

    await drainJobs(t.app);
    const activity = (await c.admin.get("/api/admin/recent-activity")).body;
    expect(activity[0].description).toBe("New sermon: Walking in Faith (Pastor John)");
    expect((await c.admin.get("/api/admin/stats")).body.totalSermons).toBe(1);

    expect((await c.admin.delete(`/api/sermons/${s.id}`)).status).toBe(204);
    expect((await c.admin.get(`/api/sermons/${s.id}`)).status).toBe(404);
    expect((await c.admin.get("/api/admin/stats")).body.totalSermons).toBe(0);
  });

  it("refuses bad input with the spec's messages and stores nothing", async () => {
    const c = await createChurch(t.app);
    const before = (await t.db.select().from(sermons)).length;
    const cases: [Record<string, unknown>, string, string][] = [
      [{ title: " " }, "title", "Title is required"],
      [{ speaker: "" }, "speaker", "Speaker is required"],
      [{ date: "" }, "date", "Date is required"],
      [{ date: "2026-02-30x" }, "date", "Enter a valid date"],
      [{ date: "2024-02-30" }, "date", "Enter a valid date"],
      [{ date: "0000-01-01" }, "date", "Enter a valid date"],
      [{ videoUrl: "not a url" }, "videoUrl", "Please enter a valid URL"],
      [{ audioUrl: "javascript:alert(1)" }, "audioUrl", "Please enter a valid URL"],
      [{ title: "x".repeat(201) }, "title", "Title must be at most 200 characters"],
      [{ duration: -5 }, "duration", "Duration cannot be negative"],
      [{ tags: Array.from({ length: 21 }, (_, i) => `t${i}`) }, "tags", "At most 20 topics"],
    ];
    for (const [over, path, message] of cases) {
      const res = await c.admin.post("/api/sermons", sermonBody(over));
      expect(res.status, path).toBe(400);
      expect(res.body.errors[0], path).toEqual({ path, message });
    }
    expect((await t.db.select().from(sermons)).length).toBe(before);
  });

  it("refuses congregants and group leaders (403) on every write, before reading the body", async () => {
    const c = await createChurch(t.app);
    const s = await createSermon(c.admin);
    for (const role of ["CONGREGANT", "GROUP_LEADER"] as const) {
      const m = await addMember(t.app, c, role);
      expect((await m.post("/api/sermons", sermonBody())).status).toBe(403);
      expect((await m.post("/api/sermons", {})).status).toBe(403);
      expect((await m.put(`/api/sermons/${s.id}`, sermonBody({ title: "Hijacked" }))).status).toBe(403);
      expect((await m.delete(`/api/sermons/${s.id}`)).status).toBe(403);
    }
    expect((await c.admin.get(`/api/sermons/${s.id}`)).body.title).toBe("Walking in Faith");
  });

  it("another church's sermon answers 404 to every call and stays unchanged", async () => {
    const a = await createChurch(t.app);
    const b = await createChurch(t.app);
    const s = await createSermon(a.admin);
    const bm = await addMember(t.app, b);
    expect((await b.admin.get(`/api/sermons/${s.id}`)).status).toBe(404);
    expect((await b.admin.put(`/api/sermons/${s.id}`, sermonBody({ title: "Taken" }))).status).toBe(404);
    expect((await b.admin.delete(`/api/sermons/${s.id}`)).status).toBe(404);
    expect((await bm.post(`/api/sermons/${s.id}/watch`)).status).toBe(404);
    expect((await bm.get(`/api/sermons/${s.id}/related`)).status).toBe(404);
    expect((await bm.get("/api/sermons")).body).toEqual([]);
    expect((await a.admin.get(`/api/sermons/${s.id}`)).body.title).toBe("Walking in Faith");
  });
});

describe("the sermon archive (members)", () => {
  it("lists newest first; searches title, speaker and series; filters by speaker; pages with a total", async () => {
    const c = await createChurch(t.app);
    const m = await addMember(t.app, c);
    await createSermon(c.admin, {
      title: "Grace Abounds",
      speaker: "Pastor Ann",
      date: "2026-10-01",
      series: "Romans",
    });
    await createSermon(c.admin, { title: "Hope Anchors", speaker: "Pastor John", date: "2026-10-08" });
    await createSermon(c.admin, { title: "Love Endures", speaker: "Pastor Ann", date: "2026-10-15" });
    const all = await m.get("/api/sermons");
    expect(all.status).toBe(200);
    expect(all.body.map((s: { title: string }) => s.title)).toEqual(["Love Endures", "Hope Anchors", "Grace Abounds"]);
    expect(all.headers["x-total-count"]).toBeUndefined();

    expect((await m.get("/api/sermons?search=HOPE")).body.map((s: { title: string }) => s.title)).toEqual([
      "Hope Anchors",
    ]);
    expect((await m.get("/api/sermons?search=romans")).body.map((s: { title: string }) => s.title)).toEqual([
      "Grace Abounds",
    ]);
    expect((await m.get("/api/sermons?search=%25")).body).toEqual([]);
    expect((await m.get("/api/sermons?speaker=Pastor%20Ann")).body).toHaveLength(2);
    const page = await m.get("/api/sermons?limit=2&offset=1");
    expect(page.body.map((s: { title: string }) => s.title)).toEqual(["Hope Anchors", "Grace Abounds"]);
    expect(page.headers["x-total-count"]).toBe("3");
    expect((await m.get("/api/sermons?limit=0")).status).toBe(400);
    expect((await m.get("/api/sermons/speakers")).body).toEqual(["Pastor Ann", "Pastor John"]);
    expect((await new Caller(t.app).get("/api/sermons")).status).toBe(401);
  });

  it("counts a member's view once a day", async () => {
    const c = await createChurch(t.app);
    const m1 = await addMember(t.app, c);
    const m2 = await addMember(t.app, c);
    const s = await createSermon(c.admin);
    expect((await m1.get(`/api/sermons/${s.id}`)).body.viewCount).toBe(1);
    expect((await m1.get(`/api/sermons/${s.id}`)).body.viewCount).toBe(1);
    expect((await m2.get(`/api/sermons/${s.id}`)).body.viewCount).toBe(2);
  });

  it("shows a signed-out visitor only the flyer facts and the church's name, logo and colour (security item 5)", async () => {
    const c = await createChurch(t.app, "Grace Chapel");
    const s = await createSermon(c.admin, {
      series: "Psalms",
      scripture: "Psalm 23",
      notes: "Members-only notes",
      audioUrl: "https://media.example.org/secret.mp3",
      notesUrl: "https://media.example.org/notes.pdf",
    });
    const res = await new Caller(t.app).get(`/api/sermons/${s.id}`);
    expect(res.status).toBe(200);
    expect(ZPublicSermon.strict().parse(res.body)).toEqual({
      id: s.id,
      title: s.title,
      speaker: s.speaker,
      date: s.date,
      series: "Psalms",
      scripture: "Psalm 23",
      church: { name: "Grace Chapel", logoUrl: null, brandColor: "#6366F1" },
    });
    for (const secret of ["Members-only notes", "secret.mp3", "notes.pdf", "youtube"])
      expect(JSON.stringify(res.body)).not.toContain(secret);
    // A signed-in account without a church sees the same, and no view is counted.
    const outsider = await signUp(t.app);
    expect(Object.keys((await outsider.get(`/api/sermons/${s.id}`)).body).sort()).toEqual(Object.keys(res.body).sort());
    expect((await c.admin.get(`/api/sermons/${s.id}`)).body).toMatchObject({
      notes: "Members-only notes",
      scripture: "Psalm 23",
      viewCount: 1,
    });
    // A member of another church gets 404, not even the public facts.
    const other = await createChurch(t.app);
    expect((await other.admin.get(`/api/sermons/${s.id}`)).status).toBe(404);
    expect((await new Caller(t.app).get("/api/sermons/00000000-0000-4000-8000-000000000000")).status).toBe(404);
  });

  it("lists real related sermons: same series first, then speaker or shared topics", async () => {
    const c = await createChurch(t.app);
    const s = await createSermon(c.admin, { title: "Base", series: "Psalms", speaker: "Ann", tags: ["prayer"] });
    await createSermon(c.admin, {
      title: "Same series",
      series: "Psalms",
      speaker: "Bob",
      tags: [],
      date: "2026-01-01",
    });
    await createSermon(c.admin, { title: "Same speaker", speaker: "Ann", tags: [], date: "2026-02-01" });
    await createSermon(c.admin, { title: "Same topic", speaker: "Cy", tags: ["prayer"], date: "2026-03-01" });
    await createSermon(c.admin, { title: "Unrelated", speaker: "Dee", tags: ["other"] });
    const res = await c.admin.get(`/api/sermons/${s.id}/related`);
    expect(res.body.map((x: { title: string }) => x.title)).toEqual(["Same series", "Same speaker", "Same topic"]);
  });
});

describe("POST /api/sermons/{id}/watch", () => {
  it("pays 10 points once per member per sermon, even when sent twice at once", async () => {
    const c = await createChurch(t.app);
    const m = await addMember(t.app, c);
    const s1 = await createSermon(c.admin);
    const s2 = await createSermon(c.admin, { title: "Second" });
    const [a, b] = await Promise.all([m.post(`/api/sermons/${s1.id}/watch`), m.post(`/api/sermons/${s1.id}/watch`)]);
    expect([a.body.pointsAwarded, b.body.pointsAwarded].sort()).toEqual([0, 10]);
    await drainJobs(t.app);
    // The first watch also completes the onboarding journey's "explore_sermons" step (once).
    const first = POINTS.sermonWatch + (ONBOARDING_STEPS.find((s) => s.id === "explore_sermons")?.points ?? Number.NaN);
    expect((await m.post(`/api/sermons/${s1.id}/watch`)).body).toEqual({
      pointsAwarded: 0,
      points: first,
      isWatched: true,
    });
    expect((await m.post(`/api/sermons/${s2.id}/watch`)).body).toEqual({
      pointsAwarded: 10,
      points: first + POINTS.sermonWatch,
      isWatched: true,
    });
    expect((await m.get("/api/user/stats")).body).toMatchObject({
      points: first + POINTS.sermonWatch,
      sermonsWatched: 2,
    });
    expect((await m.get("/api/auth/user")).body.points).toBe(first + POINTS.sermonWatch);
    expect((await m.get(`/api/sermons/${s1.id}`)).body.isWatched).toBe(true);
    expect((await c.admin.get(`/api/sermons/${s1.id}`)).body.isWatched).toBe(false);
    expect((await new Caller(t.app).post(`/api/sermons/${s1.id}/watch`)).status).toBe(401);
  });
});

describe("the cached sermon list", () => {
  it("shows each member their own watched marks and follows writes made by another app process", async () => {
    // A second process on the same database, as behind a load balancer.
    const other = await buildApp({ config: t.config, db: t.db, logger: false, serveClient: false });
    await other.ready();
    afterFile(() => other.close());
    const c = await createChurch(t.app);
    const m = await addMember(t.app, c);
    const onOther = new Caller(other, m.cookie);
    const s1 = await createSermon(c.admin, { title: "First" });
    expect((await onOther.get("/api/sermons")).body.map((x: { title: string }) => x.title)).toEqual(["First"]);

    await m.post(`/api/sermons/${s1.id}/watch`);
    // The member's marks are cached with the list in each process; the other process drops them when
    // the watch's announcement (NOTIFY) reaches it, a moment after the answer, as for every cache.
    await vi.waitFor(async () => {
      expect((await onOther.get("/api/sermons")).body[0].isWatched).toBe(true);
    });
    expect((await new Caller(other, c.admin.cookie).get("/api/sermons")).body[0].isWatched).toBe(false);

    await createSermon(c.admin, { title: "Second", date: "2026-11-20" });
    await vi.waitFor(async () => {
      expect((await onOther.get("/api/sermons")).body.map((x: { title: string }) => x.title)).toEqual([
        "Second",
        "First",
      ]);
    });
    await c.admin.delete(`/api/sermons/${s1.id}`);
    await vi.waitFor(async () => {
      expect((await onOther.get("/api/sermons")).body.map((x: { title: string }) => x.title)).toEqual(["Second"]);
    });

    // The listening connections drop (a database restart, a network blip). A change made while they
    // reconnect is never announced; the other process must still not keep its old list.
    await t.db.execute(
      sql`select pg_terminate_backend(pid) from pg_stat_activity where query like 'listen %' and datname = current_database()`,
    );
    await new Promise((r) => setTimeout(r, 200));
    // While deaf, the other process caches the list again, and then the church adds a sermon.
    expect((await onOther.get("/api/sermons")).body.map((x: { title: string }) => x.title)).toEqual(["Second"]);
    await createSermon(c.admin, { title: "Third", date: "2026-11-21" });
    await vi.waitFor(
      async () => {
        expect((await onOther.get("/api/sermons")).body.map((x: { title: string }) => x.title)).toEqual([
          "Third",
          "Second",
        ]);
      },
      { timeout: 8000, interval: 250 },
    );
  });
});

describe("the Sermon Regular badge", () => {
  it("is earned by the 10th sermon watched, once", async () => {
    const c = await createChurch(t.app);
    const m = await addMember(t.app, c);
    const list = await Promise.all(
      Array.from({ length: SERMON_REGULAR_COUNT + 1 }, (_, i) => createSermon(c.admin, { title: `Sermon ${i}` })),
    );
    const names = async () => ((await m.get("/api/user/badges")).body as { name: string }[]).map((b) => b.name);
    for (const s of list.slice(0, SERMON_REGULAR_COUNT - 1)) await m.post(`/api/sermons/${s.id}/watch`);
    expect(await names()).not.toContain(BADGES.sermon_regular.name);
    await m.post(`/api/sermons/${list[SERMON_REGULAR_COUNT - 1].id}/watch`);
    expect(await names()).toContain(BADGES.sermon_regular.name);
    await m.post(`/api/sermons/${list[SERMON_REGULAR_COUNT].id}/watch`);
    expect((await names()).filter((n) => n === BADGES.sermon_regular.name)).toHaveLength(1);
  });
});

describe("notifications (issue 11)", () => {
  const notes = async (who: Caller) =>
    (await who.get("/api/notifications")).body.notifications as { kind: string; relatedId: string; link: string }[];

  it("a new sermon tells every member but its publisher, linking to it; the preference turns it off", async () => {
    const c = await createChurch(t.app);
    const m = await addMember(t.app, c);
    const quiet = await addMember(t.app, c);
    expect((await quiet.patch("/api/user/preferences", { sermonNotifications: false })).status).toBe(200);
    const s = await createSermon(c.admin);
    await drainJobs(t.app);
    expect(await notes(m)).toEqual([
      expect.objectContaining({
        type: "sermon",
        kind: "sermon_published",
        title: "New sermon",
        message: "Walking in Faith by Pastor John",
        relatedId: s.id,
        link: `/sermons/${s.id}`,
        isRead: false,
      }),
    ]);
    expect(await notes(c.admin)).toEqual([]);
    expect(await notes(quiet)).toEqual([]);
    // An edit is not news.
    await c.admin.put(`/api/sermons/${s.id}`, sermonBody({ title: "Walking in Faith, again" }));
    await drainJobs(t.app);
    expect(await notes(m)).toHaveLength(1);
  });
});

describe("the audit trail of sermons", () => {
  it("records a sermon created, edited and deleted, with the admin and the fields before and after", async () => {
    const c = await createChurch(t.app);
    const made = await createSermon(c.admin, { title: "Grace Abounds", speaker: "Pastor Ann" });
    const edited = await c.admin.put(
      `/api/sermons/${made.id}`,
      sermonBody({ title: "Grace Abounds", speaker: "Ann Lee" }),
    );
    expect(edited.status, JSON.stringify(edited.body)).toBe(200);
    expect((await c.admin.delete(`/api/sermons/${made.id}`)).status).toBeLessThan(300);
    const rows = (await t.db.select().from(auditEntries).where(eq(auditEntries.churchId, c.church.id))).filter((r) =>
      r.action.startsWith("sermon."),
    );
    expect(rows.map((r) => r.action).sort()).toEqual(["sermon.created", "sermon.deleted", "sermon.updated"]);
    for (const r of rows)
      expect(r).toMatchObject({ actorId: c.admin.user.id, targetType: "sermon", targetId: made.id });
    const by = (action: string) => rows.find((r) => r.action === action)?.changes ?? {};
    expect(by("sermon.created").title).toEqual([null, "Grace Abounds"]);
    expect(by("sermon.created").isDraft).toEqual([null, false]);
    // Only what changed: the speaker, not the title.
    expect(by("sermon.updated")).toEqual({ speaker: ["Pastor Ann", "Ann Lee"] });
    expect(by("sermon.deleted").title).toEqual(["Grace Abounds", null]);
  });
});
