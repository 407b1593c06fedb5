import { describe, expect, it } from "vitest";
import { BIBLE_BOOKS } from "./bible-books";
import {
  DEFAULT_BIBLE_READER,
  isPlanReading,
  PLAN_DAYS,
  planDayIndex,
  readerUrl,
  readingsFor,
  readingsForDay,
} from "./bible-plan";

const CHAPTERS = new Map(BIBLE_BOOKS.map((b) => [b.name, b.chapters]));
const WISDOM = ["Psalms", "Proverbs"];

/** Parses a passage back into book:chapter keys, independently of the generator's formatter. */
function parse(passage: string): { book: string; chapter: number }[] {
  return passage.split("; ").flatMap((part) => {
    const m = /^(.+) (\d+)(?:-(\d+))?$/.exec(part);
    if (!m) throw new Error(`Unparsable passage part: ${part}`);
    const book = m[1] === "Psalm" ? "Psalms" : m[1];
    const first = Number(m[2]);
    const last = m[3] ? Number(m[3]) : first;
    const count = CHAPTERS.get(book);
    if (count === undefined) throw new Error(`Unknown book in ${passage}`);
    if (first < 1 || (m[3] && last <= first) || last > count) throw new Error(`Bad chapters in ${passage}`);
    if (m[1] === "Psalms" && first === last) throw new Error(`One psalm is "Psalm": ${passage}`);
    return Array.from({ length: last - first + 1 }, (_, i) => ({ book, chapter: first + i }));
  });
}

const year = Array.from({ length: PLAN_DAYS }, (_, d) => readingsForDay(d));

describe("the Bible book table", () => {
  it("has the canonical 66 books and 1,189 chapters", () => {
    const ot = BIBLE_BOOKS.filter((b) => b.testament === "OT");
    const nt = BIBLE_BOOKS.filter((b) => b.testament === "NT");
    const sum = (books: typeof BIBLE_BOOKS) => books.reduce((n, b) => n + b.chapters, 0);
    expect([ot.length, sum(ot)]).toEqual([39, 929]);
    expect([nt.length, sum(nt)]).toEqual([27, 260]);
    expect(sum(BIBLE_BOOKS)).toBe(1189);
    expect(CHAPTERS.get("Psalms")).toBe(150);
    expect(CHAPTERS.get("Proverbs")).toBe(31);
    expect(new Set(BIBLE_BOOKS.map((b) => b.name)).size).toBe(66);
    expect([BIBLE_BOOKS[0].name, BIBLE_BOOKS[38].name, BIBLE_BOOKS[39].name, BIBLE_BOOKS[65].name]).toEqual([
      "Genesis",
      "Malachi",
      "Matthew",
      "Revelation",
    ]);
  });
});

describe("the one-year reading plan", () => {
  it("has 365 days of three distinct passages: Old Testament, New Testament, Psalms or Proverbs", () => {
    expect(year).toHaveLength(365);
    const testamentOf = new Map(BIBLE_BOOKS.map((b) => [b.name, b.testament]));
    for (const [ot, nt, wisdom] of year) {
      expect(new Set([ot, nt, wisdom]).size).toBe(3);
      expect(parse(ot).every((c) => testamentOf.get(c.book) === "OT" && !WISDOM.includes(c.book))).toBe(true);
      expect(parse(nt).every((c) => testamentOf.get(c.book) === "NT")).toBe(true);
      expect(parse(wisdom).map((c) => WISDOM.includes(c.book))).toEqual([true]);
    }
    expect(() => readingsForDay(365)).toThrow(RangeError);
    expect(() => readingsForDay(-1)).toThrow(RangeError);
  });

  it("covers every chapter of all 66 books, each stream in book order", () => {
    const seen = new Set(year.flatMap((day) => day.flatMap((p) => parse(p).map((c) => `${c.book} ${c.chapter}`))));
    const all = BIBLE_BOOKS.flatMap((b) => Array.from({ length: b.chapters }, (_, i) => `${b.name} ${i + 1}`));
    expect(all.filter((c) => !seen.has(c))).toEqual([]);
    expect(seen.size).toBe(1189);

    // The Old Testament is read exactly once, in order; the New Testament once in order, a chapter
    // sometimes on two consecutive days; Psalms then Proverbs twice.
    const key = (c: { book: string; chapter: number }) => `${c.book} ${c.chapter}`;
    const inOrder = (testament: string) =>
      all.filter((c) => BIBLE_BOOKS.some((b) => b.testament === testament && c.startsWith(`${b.name} `)));
    const otStream = year.flatMap((day) => parse(day[0]).map(key));
    expect(otStream).toEqual(inOrder("OT").filter((c) => !/^(Psalms|Proverbs) /.test(c)));
    const ntStream = year.map((day) => day[1]).filter((p, i, days) => p !== days[i - 1]);
    expect(ntStream.flatMap((p) => parse(p).map(key))).toEqual(inOrder("NT"));
    const wisdom = all.filter((c) => /^(Psalms|Proverbs) /.test(c));
    const wisdomStream = year.map((day) => day[2]).filter((p, i, days) => p !== days[i - 1]);
    expect(wisdomStream.flatMap((p) => parse(p).map(key))).toEqual([...wisdom, ...wisdom]);
  });

  it("reads Genesis 1-2, Matthew 1 and Psalm 1 on 1 January and ends all three streams on 31 December", () => {
    expect(readingsFor("2027-01-01")).toEqual(["Genesis 1-2", "Matthew 1", "Psalm 1"]);
    expect(readingsFor("2027-12-31")).toEqual(["Malachi 2-4", "Revelation 22", "Proverbs 31"]);
    expect(readingsFor("2028-12-31")).toEqual(readingsFor("2027-12-31"));
    // A leap year's 1 July is the same plan day as a common year's: only 29 February is shared.
    expect(readingsFor("2027-07-01")).toEqual(["2 Chronicles 4-5", "Romans 12", "Proverbs 30"]);
    expect(readingsFor("2028-07-01")).toEqual(readingsFor("2027-07-01"));
  });

  it("formats a run across two books with a semicolon", () => {
    const crossing = year.map((d) => d[0]).filter((p) => p.includes("; "));
    expect(crossing).toContain("Genesis 50; Exodus 1");
    expect(crossing.every((p) => parse(p).length <= 3)).toBe(true);
  });

  it("gives 29 February the readings of 28 February", () => {
    expect(planDayIndex("2028-02-28")).toBe(58);
    expect(planDayIndex("2028-02-29")).toBe(58);
    expect(readingsFor("2028-02-29")).toEqual(readingsFor("2028-02-28"));
    expect(planDayIndex("2028-03-01")).toBe(59);
    expect(planDayIndex("2027-03-01")).toBe(59);
    expect(planDayIndex("2028-12-31")).toBe(364);
  });

  it("refuses what is not a YYYY-MM-DD calendar date", () => {
    for (const bad of ["2027-02-29", "2027-13-01", "2027-1-01", "2027-01-01T00:00:00Z", "garbage", ""]) {
      expect(() => planDayIndex(bad), bad).toThrow(RangeError);
    }
  });

  it("knows whether a passage is one of a date's readings", () => {
    const [ot, nt, wisdom] = readingsFor("2027-07-01");
    expect([ot, nt, wisdom].every((p) => isPlanReading("2027-07-01", p))).toBe(true);
    expect(isPlanReading("2027-07-02", ot)).toBe(false);
    expect(isPlanReading("2027-07-01", readingsFor("2027-01-01")[0])).toBe(false);
    expect(isPlanReading("2027-07-01", ` ${ot}`)).toBe(false);
    expect(isPlanReading("2027-07-01", "garbage")).toBe(false);
    expect(isPlanReading("garbage", ot)).toBe(false);
    expect(isPlanReading("2027-02-29", readingsFor("2027-02-28")[0])).toBe(false);
    expect(isPlanReading("2028-02-29", readingsFor("2027-02-28")[0])).toBe(true);
  });

  it("hands out copies, so a caller cannot change the plan", () => {
    readingsFor("2027-01-01").push("Jude 1");
    readingsFor("2027-01-01")[0] = "changed";
    expect(readingsFor("2027-01-01")).toEqual(["Genesis 1-2", "Matthew 1", "Psalm 1"]);
  });
});

describe("readerUrl", () => {
  it("fills the pattern with the URL-encoded passage and translation", () => {
    expect(readerUrl("Genesis 50; Exodus 1", DEFAULT_BIBLE_READER.pattern, DEFAULT_BIBLE_READER.translation)).toBe(
      "https://www.biblegateway.com/passage/?search=Genesis%2050%3B%20Exodus%201&version=NIV",
    );
    expect(readerUrl("1 John 1-2", "https://read.example/{translation}/{passage}?again={passage}", "ESV & co")).toBe(
      "https://read.example/ESV%20%26%20co/1%20John%201-2?again=1%20John%201-2",
    );
    expect(readerUrl("Psalm 1")).toBe("https://www.biblegateway.com/passage/?search=Psalm%201&version=NIV");
  });
});
