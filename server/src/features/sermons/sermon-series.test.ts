import { ZSermonDetail, ZSermonSeries } from "@common/sermons";
import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { Caller, createTestApp, type TTestApp } from "../../../test/app";
import { addMember, createChurch, createSermon, sermonBody, signUp, type TTestChurch } from "../../../test/factories";
import { churches } from "../../db/schema/churches";
import { sermons } from "../../db/schema/sermons";

/** Issue 24: a series page (the list filtered by series, and its heading), thumbnails, scripture links. */
let t: TTestApp;
beforeAll(async () => {
  t = await createTestApp();
});

const seriesUrl = (name: string, extra = "") => `/api/sermons?series=${encodeURIComponent(name)}${extra}`;

/** Four sermons of "Romans Road" out of date order, one of another series, one without, and a draft. */
async function churchWithSeries(): Promise<TTestChurch & { ids: Record<string, string> }> {
  const c = await createChurch(t.app);
  const ids: Record<string, string> = {};
  for (const [title, date, series] of [
    ["Part 3", "2026-03-15", "Romans Road"],
    ["Part 1", "2026-03-01", "Romans Road"],
    ["Elsewhere", "2026-03-02", "Psalms of Ascent"],
    ["Part 4", "2026-03-22", "Romans Road"],
    ["Part 2", "2026-03-08", "Romans Road"],
    ["Alone", "2026-03-09", null],
  ] as const) {
    ids[title] = (await createSermon(c.admin, { title, date, series })).id;
  }
  const draft = await createSermon(c.admin, { title: "Draft part", date: "2026-03-29", series: "Romans Road" });
  await t.db.update(sermons).set({ isDraft: true }).where(eq(sermons.id, draft.id));
  return { ...c, ids };
}

describe("a series' sermons (GET /api/sermons?series=)", () => {
  it("lists the series oldest first, pages it with its total, and leaves drafts and other series out", async () => {
    const c = await churchWithSeries();
    const member = await addMember(t.app, c);

    const all = await member.get(seriesUrl("Romans Road"));
    expect(all.status).toBe(200);
    expect(all.body.map((s: { title: string }) => s.title)).toEqual(["Part 1", "Part 2", "Part 3", "Part 4"]);

    const first = await member.get(seriesUrl("Romans Road", "&limit=3&offset=0"));
    expect(first.body.map((s: { title: string }) => s.title)).toEqual(["Part 1", "Part 2", "Part 3"]);
    expect(first.headers["x-total-count"]).toBe("4");
    const second = await member.get(seriesUrl("Romans Road", "&limit=3&offset=3"));
    expect(second.body.map((s: { title: string }) => s.title)).toEqual(["Part 4"]);
    expect(second.headers["x-total-count"]).toBe("4");

    // Without a series the list keeps its newest-first order.
    const latest = await member.get("/api/sermons?limit=2");
    expect(latest.body.map((s: { title: string }) => s.title)).toEqual(["Part 4", "Part 3"]);
    // The admin asking for drafts gets the series' draft too, last.
    const withDrafts = await c.admin.get(seriesUrl("Romans Road", "&includeDrafts=true"));
    expect(withDrafts.body.map((s: { title: string }) => s.title).at(-1)).toBe("Draft part");
  });

  it("never lists another church's series of the same name", async () => {
    const a = await churchWithSeries();
    const b = await createChurch(t.app);
    await createSermon(b.admin, { title: "B's own", series: "Romans Road" });
    const memberB = await addMember(t.app, b);
    const res = await memberB.get(seriesUrl("Romans Road"));
    expect(res.body.map((s: { title: string }) => s.title)).toEqual(["B's own"]);
    const heading = await memberB.get("/api/sermons/series?name=Romans%20Road");
    expect(heading.body).toMatchObject({ count: 1 });
    // A's series that B does not have is not found for B.
    expect((await memberB.get("/api/sermons/series?name=Psalms%20of%20Ascent")).status).toBe(404);
    expect((await a.admin.get("/api/sermons/series?name=Psalms%20of%20Ascent")).status).toBe(200);
  });

  it("refuses a series name that is too long with a sentence", async () => {
    const c = await createChurch(t.app);
    const long = "x".repeat(121);
    for (const url of [seriesUrl(long), `/api/sermons/series?name=${long}`]) {
      const res = await c.admin.get(url);
      expect(res.status, url).toBe(400);
      expect(res.body.message).toMatch(/Series must be at most 120 characters/);
    }
    const empty = await c.admin.get("/api/sermons/series?name=%20");
    expect(empty.status).toBe(400);
    expect(empty.body.message).toMatch(/Series name is required/);
  });
});

describe("a series' heading (GET /api/sermons/series?name=)", () => {
  it("counts the published sermons and gives the first and last dates, for members and admins", async () => {
    const c = await churchWithSeries();
    const member = await addMember(t.app, c);
    const leader = await addMember(t.app, c, "GROUP_LEADER");
    for (const caller of [member, leader, c.admin]) {
      const res = await caller.get("/api/sermons/series?name=Romans%20Road");
      expect(res.status).toBe(200);
      expect(ZSermonSeries.parse(res.body)).toEqual({
        name: "Romans Road",
        count: 4,
        firstDate: "2026-03-01T00:00:00.000Z",
        lastDate: "2026-03-22T00:00:00.000Z",
      });
    }
    expect((await member.get("/api/sermons/series?name=Nothing%20Here")).status).toBe(404);
  });

  it("is for members of a church: a signed-out caller gets 401, one without a church 403", async () => {
    const c = await churchWithSeries();
    const anonymous = new Caller(t.app);
    expect((await anonymous.get("/api/sermons/series?name=Romans%20Road")).status).toBe(401);
    expect((await anonymous.get(seriesUrl("Romans Road"))).status).toBe(401);
    const loner = await signUp(t.app);
    expect((await loner.get("/api/sermons/series?name=Romans%20Road")).status).toBe(403);
    expect(c.ids["Part 1"]).toBeTruthy();
  });
});

describe("thumbnails and scripture links in the answers", () => {
  it("gives each sermon its video's thumbnail, or none, in the list, the pages and the sermon", async () => {
    const c = await createChurch(t.app);
    const member = await addMember(t.app, c);
    const yt = await createSermon(c.admin, { title: "YouTube", videoUrl: "https://youtu.be/dQw4w9WgXcQ" });
    const vimeo = await createSermon(c.admin, { title: "Vimeo", videoUrl: "https://vimeo.com/76979871" });
    const none = await createSermon(c.admin, { title: "Audio only", videoUrl: null });
    const expected = {
      [yt.id]: "https://i.ytimg.com/vi/dQw4w9WgXcQ/hqdefault.jpg",
      [vimeo.id]: "https://vumbnail.com/76979871.jpg",
      [none.id]: null,
    };
    for (const url of ["/api/sermons", "/api/sermons?limit=10"]) {
      const list = (await member.get(url)).body as { id: string; thumbnailUrl: string | null }[];
      expect(Object.fromEntries(list.map((s) => [s.id, s.thumbnailUrl])), url).toEqual(expected);
    }
    expect((await member.get(`/api/sermons/${yt.id}`)).body.thumbnailUrl).toBe(expected[yt.id]);
    // A changed video address changes the picture.
    const put = await c.admin.put(`/api/sermons/${yt.id}`, sermonBody({ videoUrl: "https://cdn.example.org/a.mp4" }));
    expect(put.body.thumbnailUrl).toBeNull();
  });

  it("links a sermon's scripture to the church's Bible reader at its book and chapter, and plain text otherwise", async () => {
    const c = await createChurch(t.app);
    const member = await addMember(t.app, c);
    const john = await createSermon(c.admin, { scripture: "John 3:16-21" });
    const odd = await createSermon(c.admin, { scripture: "The Beatitudes" });
    const none = await createSermon(c.admin, { scripture: null });

    const first = ZSermonDetail.parse((await member.get(`/api/sermons/${john.id}`)).body);
    expect(first.scriptureUrl).toBe("https://www.biblegateway.com/passage/?search=John%203&version=NIV");
    expect((await member.get(`/api/sermons/${odd.id}`)).body.scriptureUrl).toBeNull();
    expect((await member.get(`/api/sermons/${none.id}`)).body.scriptureUrl).toBeNull();

    await t.db
      .update(churches)
      .set({ bibleReaderPattern: "https://bible.example/{translation}/{passage}", bibleTranslation: "ESV" })
      .where(eq(churches.id, c.church.id));
    expect((await member.get(`/api/sermons/${john.id}`)).body.scriptureUrl).toBe("https://bible.example/ESV/John%203");

    // A visitor's shared link carries neither the reader link nor the picture (members-only media).
    const visitor = await new Caller(t.app).get(`/api/sermons/${john.id}`);
    expect(visitor.status).toBe(200);
    expect(visitor.body).not.toHaveProperty("scriptureUrl");
    expect(visitor.body).not.toHaveProperty("thumbnailUrl");
  });
});
