/**
 * Reading a sermon's scripture reference ("John 3:16-21", "1 Cor 13", "Psalm 23") as a book and
 * chapter of `bible-books.ts`, so the sermon can open it in the church's Bible reader (issue 24). A
 * reference it cannot read, or one that names a chapter the book does not have, is left as text.
 */
import { BIBLE_BOOKS } from "./bible-books";

export type TScriptureRef = { book: string; chapter: number; verse: number | null };

const normalize = (name: string) =>
  name
    .toLowerCase()
    .replace(/\./g, "")
    .replace(/\s+/g, " ")
    .trim()
    // "I John", "II Kings", "First Peter": the number first, as the table writes it.
    .replace(/^(iii|third) /, "3 ")
    .replace(/^(ii|second) /, "2 ")
    .replace(/^(i|first) /, "1 ")
    .replace(/^([123])(?=[a-z])/, "$1 ");

/** Other names people write for a book (the table's own names are found as they are). */
const ALIASES: Record<string, string> = {
  psalm: "Psalms",
  ps: "Psalms",
  "song of songs": "Song of Solomon",
  revelations: "Revelation",
  rev: "Revelation",
  gen: "Genesis",
  ex: "Exodus",
  matt: "Matthew",
  mt: "Matthew",
  mk: "Mark",
  lk: "Luke",
  jn: "John",
  rom: "Romans",
  "1 cor": "1 Corinthians",
  "2 cor": "2 Corinthians",
  gal: "Galatians",
  eph: "Ephesians",
  phil: "Philippians",
  col: "Colossians",
  heb: "Hebrews",
  isa: "Isaiah",
  prov: "Proverbs",
};

let books: Map<string, { name: string; chapters: number }> | undefined;

function findBook(name: string) {
  if (!books) {
    books = new Map(BIBLE_BOOKS.map((b) => [normalize(b.name), b]));
    for (const [alias, canonical] of Object.entries(ALIASES)) {
      const book = books.get(normalize(canonical));
      if (book) books.set(alias, book);
    }
  }
  return books.get(normalize(name));
}

/**
 * One passage: a book, then a chapter, optionally `:verse`, `:verse-verse`, `:verse-chapter:verse`
 * or `-chapter`. A list of passages ("John 3:16; Romans 5:8") is not one place to open: null.
 * A book of one chapter read as "Jude 3" means its verse 3.
 */
export function parseScripture(reference: string | null | undefined): TScriptureRef | null {
  if (!reference) return null;
  const m =
    /^\s*((?:[1-3]|i{1,3})?\s*[a-z][a-z .]*?)\s*(\d{1,3})(?:\s*[:.]\s*(\d{1,3})(?:\s*[-–—]\s*\d{1,3}(?:\s*:\s*\d{1,3})?)?|\s*[-–—]\s*\d{1,3})?\s*$/i.exec(
      reference,
    );
  if (!m) return null;
  const book = findBook(m[1]);
  if (!book) return null;
  const first = Number(m[2]);
  if (book.chapters === 1 && m[3] === undefined) return { book: book.name, chapter: 1, verse: first };
  if (first < 1 || first > book.chapters) return null;
  return { book: book.name, chapter: first, verse: m[3] === undefined ? null : Number(m[3]) };
}

/** The passage the reader opens: the book and chapter ("John 3", "Psalm 23"), as the reading plan sends them. */
export function scripturePassage(reference: string | null | undefined): string | null {
  const ref = parseScripture(reference);
  if (!ref) return null;
  return `${ref.book === "Psalms" ? "Psalm" : ref.book} ${ref.chapter}`;
}
