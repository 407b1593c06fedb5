/**
 * The one-year Bible reading plan (DESIGN.md "Reading plan"), generated from the canonical table in
 * `bible-books.ts`, so server and client agree on every day's readings without storing them.
 *
 * Days. The plan has 365 days, 1 January (day 0) to 31 December (day 364), the same every year.
 * 29 February shares 28 February's readings, so a leap year needs no extra day and the rest of the
 * year keeps its dates.
 *
 * Readings. Each day has three passages, always in this order, from three streams in book order:
 * 1. Old Testament without Psalms and Proverbs (748 chapters, Genesis 1 to Malachi 4), read once;
 * 2. New Testament (260 chapters, Matthew 1 to Revelation 22), read once;
 * 3. Psalms then Proverbs (181 chapters), read as many whole times as fit in the year: twice (362).
 * A stream of S chapters is spread evenly: day d starts at chapter floor(d * S / 365). The Old
 * Testament, longer than the year, reads the run up to the next day's start (2 or 3 chapters, which may
 * cross into the next book: "Ruth 4; 1 Samuel 1"). The shorter streams read one chapter a day, so some
 * chapters come on two consecutive days (105 in the New Testament, 3 in Psalms and Proverbs): we repeat
 * a chapter rather than split chapters by verse, which would need verse counts that vary by
 * translation. Every stream starts on 1 January and ends on 31 December, and every one of the 1,189
 * chapters is read at least once. The three passages of a day are distinct (their books are disjoint).
 *
 * Passages are display strings: "Genesis 1-2", "Matthew 1", "Psalm 1" (one psalm), "Proverbs 31".
 * The counts above follow from the table; none is written into the code.
 */
import { BIBLE_BOOKS, type TBibleBook } from "./bible-books";
import { isRealCalendarDate } from "./dates";

export const PLAN_DAYS = 365;

/** Where a passage opens when a church has not chosen a reader; a church setting overrides both. */
export const DEFAULT_BIBLE_READER = {
  pattern: "https://www.biblegateway.com/passage/?search={passage}&version={translation}",
  translation: "NIV",
} as const;

type TChapter = { book: string; chapter: number };

const WISDOM_BOOKS = ["Psalms", "Proverbs"];
const DAYS_BEFORE_MONTH = [0, 31, 59, 90, 120, 151, 181, 212, 243, 273, 304, 334];

let plan: readonly (readonly string[])[] | undefined;

function chaptersOf(books: readonly TBibleBook[]): TChapter[] {
  return books.flatMap((b) => Array.from({ length: b.chapters }, (_, i) => ({ book: b.name, chapter: i + 1 })));
}

/** Day `day`'s share of a stream: the run from its start to the next day's start, at least one chapter. */
function spread(stream: readonly TChapter[], day: number): TChapter[] {
  const start = Math.floor((day * stream.length) / PLAN_DAYS);
  const end = Math.max(start + 1, Math.floor(((day + 1) * stream.length) / PLAN_DAYS));
  return stream.slice(start, end);
}

/** "Genesis 1-2", "Psalm 23", or runs of several books joined by "; ": "Ruth 4; 1 Samuel 1". */
function formatPassage(chapters: readonly TChapter[]): string {
  const parts: string[] = [];
  for (let i = 0; i < chapters.length; ) {
    let j = i;
    while (j + 1 < chapters.length && chapters[j + 1].book === chapters[i].book) j++;
    const { book, chapter: first } = chapters[i];
    const last = chapters[j].chapter;
    parts.push(first === last ? `${book === "Psalms" ? "Psalm" : book} ${first}` : `${book} ${first}-${last}`);
    i = j + 1;
  }
  return parts.join("; ");
}

function getPlan(): readonly (readonly string[])[] {
  if (plan) return plan;
  const isWisdom = (b: TBibleBook) => WISDOM_BOOKS.includes(b.name);
  const oldTestament = chaptersOf(BIBLE_BOOKS.filter((b) => b.testament === "OT" && !isWisdom(b)));
  const newTestament = chaptersOf(BIBLE_BOOKS.filter((b) => b.testament === "NT"));
  const wisdom = chaptersOf(BIBLE_BOOKS.filter(isWisdom));
  const passes = Math.max(1, Math.floor(PLAN_DAYS / wisdom.length));
  const wisdomStream = Array.from({ length: passes }, () => wisdom).flat();
  plan = Array.from({ length: PLAN_DAYS }, (_, day) =>
    [oldTestament, newTestament, wisdomStream].map((stream) => formatPassage(spread(stream, day))),
  );
  return plan;
}

/**
 * The plan day (0 to 364) of a `YYYY-MM-DD` date: its day of the year in a common year, so 29 February
 * is day 58 like 28 February. Throws a RangeError for anything that is not a real calendar date.
 */
export function planDayIndex(date: string): number {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(date) || !isRealCalendarDate(date)) {
    throw new RangeError(`Not a YYYY-MM-DD calendar date: ${date}`);
  }
  const month = Number(date.slice(5, 7));
  const day = Number(date.slice(8, 10));
  return DAYS_BEFORE_MONTH[month - 1] + (month === 2 && day === 29 ? 28 : day) - 1;
}

/** The three passages of plan day `index` (0 to 364): Old Testament, New Testament, Psalms or Proverbs. */
export function readingsForDay(index: number): string[] {
  if (!Number.isInteger(index) || index < 0 || index >= PLAN_DAYS) throw new RangeError(`No plan day ${index}`);
  return [...getPlan()[index]];
}

/** The three passages of a `YYYY-MM-DD` date: Old Testament, New Testament, Psalms or Proverbs. */
export function readingsFor(date: string): string[] {
  return readingsForDay(planDayIndex(date));
}

/** True when `passage` is exactly one of `date`'s readings; false for any other passage or a bad date. */
export function isPlanReading(date: string, passage: string): boolean {
  let index: number;
  try {
    index = planDayIndex(date);
  } catch {
    return false;
  }
  return getPlan()[index].includes(passage);
}

/** The reader link for a passage: `{passage}` and `{translation}` in `pattern`, each URL-encoded. */
export function readerUrl(
  passage: string,
  pattern: string = DEFAULT_BIBLE_READER.pattern,
  translation: string = DEFAULT_BIBLE_READER.translation,
): string {
  return pattern
    .replaceAll("{passage}", () => encodeURIComponent(passage))
    .replaceAll("{translation}", () => encodeURIComponent(translation));
}
