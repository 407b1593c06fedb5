import { ZSermon, ZSermonBody } from "@common/sermons";
import { beforeAll, describe, expect, it } from "vitest";
import { Caller, createTestApp, type TTestApp } from "../../../test/app";
import { addMember, createChurch, createSermon, sermonBody, signUp, type TTestChurch } from "../../../test/factories";
import { drainJobs } from "../../../test/jobs";
import type { TChurchCtx } from "../../lib/context";
import { createSermonDraft } from "./sermons.service";

let t: TTestApp;
beforeAll(async () => {
  t = await createTestApp();
});

/** The admin's context, announcing through the app's own cache bus as a route's would. */
function adminCtx(c: TTestChurch): TChurchCtx {
  return { ...t.app.appCtx, userId: c.admin.user.id, churchId: c.church.id, role: "ADMIN", timeZone: "UTC" };
}

const RECORDING = "https://www.youtube.com/live/abcDEF12345";

/** A draft as the live stream's stop makes it: inside the stop's transaction. */
async function makeDraft(c: TTestChurch, over: Partial<Parameters<typeof createSermonDraft>[1]> = {}) {
  const { id } = await t.db.transaction((tx) =>
    createSermonDraft(
      { ...adminCtx(c), db: tx },
      {
        title: "Sunday Live",
        speaker: "Pastor Live",
        date: "2026-11-22",
        videoUrl: RECORDING,
        description: "Recorded live.",
        ...over,
      },
    ),
  );
  return id;
}

const titles = (body: { title: string }[]) => body.map((s) => s.title);

async function feedOf(c: TTestChurch): Promise<string> {
  const urls = (await c.admin.get("/api/admin/feeds")).body as { podcastUrl: string };
  const res = await new Caller(t.app).get(new URL(urls.podcastUrl).pathname);
  expect(res.status).toBe(200);
  return res.body as string;
}

describe("sermon drafts (issue 10)", () => {
  it("are in Manage Sermons for admins, marked as drafts, and nowhere a member looks", async () => {
    const c = await createChurch(t.app);
    const m = await addMember(t.app, c);
    await createSermon(c.admin, { title: "Published One", speaker: "Pastor John", date: "2026-11-15" });
    // A member's whole list is cached per church before the draft arrives.
    expect(titles((await m.get("/api/sermons")).body)).toEqual(["Published One"]);
    const id = await makeDraft(c);

    const admin = await c.admin.get("/api/sermons?limit=24&offset=0&includeDrafts=true");
    expect(admin.status).toBe(200);
    expect(admin.headers["x-total-count"]).toBe("2");
    const [draft, published] = admin.body.map((s: unknown) => ZSermon.parse(s));
    expect(draft).toMatchObject({
      id,
      title: "Sunday Live",
      speaker: "Pastor Live",
      date: "2026-11-22T00:00:00.000Z",
      videoUrl: RECORDING,
      description: "Recorded live.",
      isDraft: true,
      viewCount: 0,
    });
    expect(published).toMatchObject({ title: "Published One", isDraft: false });
    expect(titles((await c.admin.get("/api/sermons?includeDrafts=true&search=live")).body)).toEqual(["Sunday Live"]);
    expect((await c.admin.get("/api/sermons/speakers?includeDrafts=true")).body).toEqual([
      "Pastor John",
      "Pastor Live",
    ]);

    // The member: the cached list, pages, search, speaker filter, the dashboard's latest.
    expect(titles((await m.get("/api/sermons")).body)).toEqual(["Published One"]);
    const page = await m.get("/api/sermons?limit=24&offset=0");
    expect(titles(page.body)).toEqual(["Published One"]);
    expect(page.headers["x-total-count"]).toBe("1");
    expect((await m.get("/api/sermons?search=Sunday")).body).toEqual([]);
    expect((await m.get("/api/sermons?speaker=Pastor%20Live")).body).toEqual([]);
    expect((await m.get("/api/sermons?limit=3")).body).toHaveLength(1);
    expect((await m.get("/api/sermons/speakers")).body).toEqual(["Pastor John"]);
    // Asking for drafts is an admin's request.
    for (const role of ["CONGREGANT", "GROUP_LEADER"] as const) {
      const other = role === "CONGREGANT" ? m : await addMember(t.app, c, role);
      const res = await other.get("/api/sermons?limit=24&offset=0&includeDrafts=true");
      expect(res.status).toBe(403);
      expect(res.body.message).toBe("Only admins can see sermon drafts");
      expect((await other.get("/api/sermons/speakers?includeDrafts=true")).status).toBe(403);
    }
    expect((await c.admin.get("/api/sermons?includeDrafts=maybe")).status).toBe(400);
    // The admin's own archive (no includeDrafts) is the members' list.
    expect(titles((await c.admin.get("/api/sermons")).body)).toEqual(["Published One"]);
    expect((await c.admin.get("/api/sermons/speakers")).body).toEqual(["Pastor John"]);
  });

  it("answer 404 to a member, a visitor and another church on every sermon address", async () => {
    const c = await createChurch(t.app);
    const m = await addMember(t.app, c);
    const base = await createSermon(c.admin, { title: "Base", speaker: "Pastor Live", tags: ["hope"] });
    const id = await makeDraft(c);

    expect((await m.get(`/api/sermons/${id}`)).status).toBe(404);
    expect((await m.get(`/api/sermons/${id}`)).body.message).toBe("Sermon Not Found");
    expect((await new Caller(t.app).get(`/api/sermons/${id}`)).status).toBe(404);
    expect((await (await signUp(t.app)).get(`/api/sermons/${id}`)).status).toBe(404);
    expect((await m.get(`/api/sermons/${id}/related`)).status).toBe(404);
    expect((await m.post(`/api/sermons/${id}/watch`)).status).toBe(404);
    expect((await m.get(`/api/sermon-highlights/${id}`)).status).toBe(404);
    const highlight = { sermonId: id, timestamp: 10, text: "Grace", note: null };
    expect((await m.post("/api/sermon-highlights", highlight)).status).toBe(404);
    // Related sermons of a published one (same speaker) leave the draft out, for everyone.
    expect((await m.get(`/api/sermons/${base.id}/related`)).body).toEqual([]);
    expect((await c.admin.get(`/api/sermons/${base.id}/related`)).body).toEqual([]);

    // The admin opens the draft to check it: no view counted, nothing to earn or highlight yet.
    const opened = await c.admin.get(`/api/sermons/${id}`);
    expect(opened.status).toBe(200);
    expect(opened.body).toMatchObject({ id, isDraft: true, viewCount: 0 });
    expect((await c.admin.get(`/api/sermons/${id}`)).body.viewCount).toBe(0);
    expect(titles((await c.admin.get(`/api/sermons/${id}/related`)).body)).toEqual(["Base"]);
    expect((await c.admin.post(`/api/sermons/${id}/watch`)).status).toBe(404);
    expect((await c.admin.post("/api/sermon-highlights", highlight)).status).toBe(404);
    expect((await c.admin.get("/api/user/stats")).body.sermonsWatched).toBe(0);

    const other = await createChurch(t.app);
    expect((await other.admin.get(`/api/sermons/${id}`)).status).toBe(404);
    expect((await other.admin.get("/api/sermons?includeDrafts=true")).body).toEqual([]);
  });

  it("stay out of the podcast feed and the admin's sermon count until published", async () => {
    const c = await createChurch(t.app);
    await createSermon(c.admin, { title: "On Air", audioUrl: "https://media.example.org/on-air.mp3" });
    const id = await makeDraft(c);
    // The admin adds the recording's audio through the edit form: it stays a draft.
    const edited = await c.admin.put(
      `/api/sermons/${id}`,
      sermonBody({ title: "Sunday Live (edited)", audioUrl: "https://media.example.org/live.mp3" }),
    );
    expect(edited.status).toBe(200);
    expect(edited.body).toMatchObject({ title: "Sunday Live (edited)", isDraft: true });

    const feed = await feedOf(c);
    expect(feed).toContain("On Air");
    expect(feed).not.toContain("Sunday Live");
    expect((await c.admin.get("/api/admin/stats")).body.totalSermons).toBe(1);
    const activity = async () => {
      await drainJobs(t.app);
      return (await c.admin.get("/api/admin/recent-activity")).body as { description: string }[];
    };
    expect((await activity()).map((a) => a.description)).not.toContain(
      "New sermon: Sunday Live (edited) (Pastor John)",
    );

    expect((await c.admin.post(`/api/sermons/${id}/publish`)).status).toBe(200);
    expect(await feedOf(c)).toContain("Sunday Live (edited)");
    expect((await c.admin.get("/api/admin/stats")).body.totalSermons).toBe(2);
    // The church sees a new sermon when it is published, once.
    await c.admin.post(`/api/sermons/${id}/publish`);
    const news = (await activity()).filter((a) => a.description === "New sermon: Sunday Live (edited) (Pastor John)");
    expect(news).toHaveLength(1);
  });

  it("are published by an admin of the church only, and members then see them everywhere", async () => {
    const c = await createChurch(t.app);
    const m = await addMember(t.app, c);
    const leader = await addMember(t.app, c, "GROUP_LEADER");
    const id = await makeDraft(c);
    expect((await m.get("/api/sermons")).body).toEqual([]);

    for (const who of [m, leader]) expect((await who.post(`/api/sermons/${id}/publish`)).status).toBe(403);
    const other = await createChurch(t.app);
    expect((await other.admin.post(`/api/sermons/${id}/publish`)).status).toBe(404);
    expect((await c.admin.post("/api/sermons/00000000-0000-4000-8000-000000000000/publish")).status).toBe(404);
    expect((await c.admin.post("/api/sermons/not-an-id/publish")).status).toBe(404);
    expect((await new Caller(t.app).post(`/api/sermons/${id}/publish`)).status).toBe(401);
    expect((await m.get(`/api/sermons/${id}`)).status).toBe(404);

    const res = await c.admin.post(`/api/sermons/${id}/publish`);
    expect(res.status).toBe(200);
    expect(ZSermon.parse(res.body)).toMatchObject({ id, title: "Sunday Live", isDraft: false });

    // The member's cached list was dropped by the announcement.
    expect(titles((await m.get("/api/sermons")).body)).toEqual(["Sunday Live"]);
    expect((await m.get(`/api/sermons/${id}`)).body).toMatchObject({ id, isDraft: false, viewCount: 1 });
    expect((await new Caller(t.app).get(`/api/sermons/${id}`)).body.title).toBe("Sunday Live");
    expect((await m.post(`/api/sermons/${id}/watch`)).body.pointsAwarded).toBe(10);
    expect((await m.get(`/api/sermon-highlights/${id}`)).status).toBe(200);
    expect((await m.get("/api/sermons/speakers")).body).toEqual(["Pastor Live"]);

    // Publishing a published sermon is harmless.
    const again = await c.admin.post(`/api/sermons/${id}/publish`);
    expect(again.status).toBe(200);
    expect(again.body).toMatchObject({ id, isDraft: false });
  });

  it("tell members nothing while a draft; publishing tells them once, linking to the sermon (issue 11)", async () => {
    const c = await createChurch(t.app);
    const m = await addMember(t.app, c);
    const notes = async () => {
      await drainJobs(t.app);
      return (await m.get("/api/notifications")).body.notifications;
    };
    const id = await makeDraft(c);
    await c.admin.put(`/api/sermons/${id}`, { ...sermonBody({ title: "Sunday Live" }), videoUrl: RECORDING });
    expect(await notes()).toEqual([]);
    expect((await c.admin.post(`/api/sermons/${id}/publish`)).status).toBe(200);
    expect((await c.admin.post(`/api/sermons/${id}/publish`)).status).toBe(200);
    expect(await notes()).toEqual([
      expect.objectContaining({ kind: "sermon_published", relatedId: id, link: `/sermons/${id}` }),
    ]);
    expect((await c.admin.get("/api/notifications")).body.notifications).toEqual([]);
  });

  it("keep a live stream's recording address (YouTube, Vimeo, Facebook, HLS) through the edit form", async () => {
    const c = await createChurch(t.app);
    const addresses = [
      "https://www.youtube.com/live/abcDEF12345",
      "https://youtu.be/abcDEF12345",
      "https://vimeo.com/event/12345",
      "https://www.facebook.com/gracechapel/videos/1234567890/",
      "https://fb.watch/abcDEF/",
      "https://stream.example.org/live/church/index.m3u8?token=abc",
    ];
    for (const videoUrl of addresses) {
      expect(ZSermonBody.shape.videoUrl.parse(videoUrl)).toBe(videoUrl);
      const id = await makeDraft(c, { videoUrl });
      const opened = (await c.admin.get(`/api/sermons/${id}`)).body;
      // What the form sends back on save: the sermon's own fields, unchanged.
      const res = await c.admin.put(`/api/sermons/${id}`, {
        ...sermonBody(),
        title: opened.title,
        speaker: opened.speaker,
        date: opened.date.slice(0, 10),
        videoUrl: opened.videoUrl,
        description: opened.description,
      });
      expect(res.status, videoUrl).toBe(200);
      expect(res.body).toMatchObject({ videoUrl, isDraft: true });
    }
  });
});
