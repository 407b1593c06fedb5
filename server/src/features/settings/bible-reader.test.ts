import { DEFAULT_BIBLE_READER } from "@common/bible-plan";
import { ZChurchSettings } from "@common/churches";
import { ZReadingToday } from "@common/reading";
import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { type Caller, createTestApp, type TTestApp } from "../../../test/app";
import { addMember, createChurch, type TTestChurch } from "../../../test/factories";
import { churches } from "../../db/schema/churches";

let t: TTestApp;
beforeAll(async () => {
  t = await createTestApp();
});

const BASE = { name: "Grace Community", brandColor: "#0F766E", logoUrl: null };
const ESV = "https://www.esv.org/{passage}/";
const TRANSLATION_IN_PATH = "https://bible.example/read/{translation}?ref={passage}";

async function storedReader(c: TTestChurch) {
  const [row] = await t.db
    .select({ pattern: churches.bibleReaderPattern, translation: churches.bibleTranslation })
    .from(churches)
    .where(eq(churches.id, c.church.id));
  return row;
}

async function todayUrls(member: Caller) {
  const today = ZReadingToday.parse((await member.get("/api/bible-reading/today")).body);
  return { passages: today.readings.map((r) => r.passage), urls: today.readings.map((r) => r.url), today };
}

describe("the church's Bible reader", () => {
  it("starts on the default reader, which the settings answer with", async () => {
    const c = await createChurch(t.app);
    const res = await c.admin.get("/api/admin/church/settings");
    expect(ZChurchSettings.parse(res.body)).toMatchObject({
      bibleReaderPattern: DEFAULT_BIBLE_READER.pattern,
      bibleTranslation: DEFAULT_BIBLE_READER.translation,
    });
  });

  it("an admin's reader and translation build a member's reading links at once", async () => {
    const c = await createChurch(t.app);
    const member = await addMember(t.app, c);
    const before = await todayUrls(member);
    expect(before.urls[0]).toContain("biblegateway.com");

    const res = await c.admin.put("/api/admin/church/settings", {
      ...BASE,
      bibleReaderPattern: ` ${TRANSLATION_IN_PATH} `,
      bibleTranslation: " KJV ",
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ bibleReaderPattern: TRANSLATION_IN_PATH, bibleTranslation: "KJV" });
    expect(await storedReader(c)).toEqual({ pattern: TRANSLATION_IN_PATH, translation: "KJV" });

    const { passages, urls, today } = await todayUrls(member);
    expect(urls).toEqual(passages.map((p) => `https://bible.example/read/KJV?ref=${encodeURIComponent(p)}`));
    // The week's grid links the same way.
    const todayInWeek = today.week.find((d) => d.date === today.date);
    expect(todayInWeek?.readings.map((r) => r.url)).toEqual(urls);

    // A reader that names no translation (ESV.org) links to the passage alone.
    await c.admin.put("/api/admin/church/settings", { ...BASE, bibleReaderPattern: ESV, bibleTranslation: "ESV" });
    const esv = await todayUrls(member);
    expect(esv.urls).toEqual(esv.passages.map((p) => `https://www.esv.org/${encodeURIComponent(p)}/`));
  });

  it("keeps the reader when a body leaves the fields out, and goes back to the default on null, empty or the default itself", async () => {
    const c = await createChurch(t.app);
    const member = await addMember(t.app, c);
    await c.admin.put("/api/admin/church/settings", { ...BASE, bibleReaderPattern: ESV, bibleTranslation: "ESV" });

    const kept = await c.admin.put("/api/admin/church/settings", { ...BASE, name: "Renamed" });
    expect(kept.body).toMatchObject({ name: "Renamed", bibleReaderPattern: ESV, bibleTranslation: "ESV" });
    expect(await storedReader(c)).toEqual({ pattern: ESV, translation: "ESV" });

    const reset = await c.admin.put("/api/admin/church/settings", {
      ...BASE,
      bibleReaderPattern: null,
      bibleTranslation: "",
    });
    expect(reset.body).toMatchObject({
      bibleReaderPattern: DEFAULT_BIBLE_READER.pattern,
      bibleTranslation: DEFAULT_BIBLE_READER.translation,
    });
    expect(await storedReader(c)).toEqual({ pattern: null, translation: null });
    const { passages, urls } = await todayUrls(member);
    expect(urls[0]).toBe(`https://www.biblegateway.com/passage/?search=${encodeURIComponent(passages[0])}&version=NIV`);

    // The settings page sends the effective values back: the default is stored as "not chosen".
    await c.admin.put("/api/admin/church/settings", { ...BASE, bibleReaderPattern: ESV, bibleTranslation: "ESV" });
    await c.admin.put("/api/admin/church/settings", {
      ...BASE,
      bibleReaderPattern: DEFAULT_BIBLE_READER.pattern,
      bibleTranslation: DEFAULT_BIBLE_READER.translation,
    });
    expect(await storedReader(c)).toEqual({ pattern: null, translation: null });
  });

  it("refuses a bad link or translation with 400 and a clear message, and stores nothing", async () => {
    const c = await createChurch(t.app, "Unchanged");
    await c.admin.put("/api/admin/church/settings", { ...BASE, name: "Unchanged", bibleReaderPattern: ESV });
    const url = "Enter a full web address starting with http:// or https://";
    const translation = "Translation must be a short code like NIV, ESV or KJV (letters, digits and hyphens)";
    const cases: [Record<string, unknown>, string, string][] = [
      [
        { bibleReaderPattern: "https://www.bible.com/search/bible" },
        "bibleReaderPattern",
        "The reader link must contain {passage} where the passage goes",
      ],
      [{ bibleReaderPattern: "javascript:alert('{passage}')" }, "bibleReaderPattern", url],
      [{ bibleReaderPattern: "read {passage} online" }, "bibleReaderPattern", url],
      [{ bibleReaderPattern: "ftp://files.example/{passage}" }, "bibleReaderPattern", url],
      // The passage can't choose the site a link goes to.
      [{ bibleReaderPattern: "https://{passage}.example/" }, "bibleReaderPattern", url],
      [
        { bibleReaderPattern: "https://bible.example/{book}/{passage}" },
        "bibleReaderPattern",
        "The reader link can only fill in {passage} and {translation}",
      ],
      [
        { bibleReaderPattern: `https://bible.example/{passage}?x=${"a".repeat(500)}` },
        "bibleReaderPattern",
        "The reader link must be at most 500 characters",
      ],
      [{ bibleReaderPattern: 42 }, "bibleReaderPattern", "Invalid input: expected string, received number"],
      [{ bibleTranslation: "New International" }, "bibleTranslation", translation],
      [{ bibleTranslation: "NIV<script>" }, "bibleTranslation", translation],
      [{ bibleTranslation: "A".repeat(21) }, "bibleTranslation", "Translation must be at most 20 characters"],
    ];
    for (const [over, path, message] of cases) {
      const res = await c.admin.put("/api/admin/church/settings", { ...BASE, name: "Changed", ...over });
      expect(res.status, JSON.stringify(over)).toBe(400);
      expect(res.body.errors[0].path).toBe(path);
      expect(res.body.message).toBe(message);
    }
    expect(await storedReader(c)).toEqual({ pattern: ESV, translation: null });
    expect((await c.admin.get("/api/admin/church/settings")).body.name).toBe("Unchanged");
  });

  it("refuses members who are not admins (403) and another church's admin changes only their own", async () => {
    const a = await createChurch(t.app);
    const b = await createChurch(t.app);
    for (const role of ["CONGREGANT", "GROUP_LEADER"] as const) {
      const m = await addMember(t.app, a, role);
      const res = await m.put("/api/admin/church/settings", { ...BASE, bibleReaderPattern: ESV });
      expect(res.status).toBe(403);
    }
    await b.admin.put("/api/admin/church/settings", { ...BASE, bibleReaderPattern: ESV, bibleTranslation: "ESV" });
    expect(await storedReader(a)).toEqual({ pattern: null, translation: null });
    const member = await addMember(t.app, a);
    expect((await todayUrls(member)).urls[0]).toContain("biblegateway.com");
  });
});
