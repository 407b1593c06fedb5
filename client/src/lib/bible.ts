import { BIBLE_BOOKS } from "@common/bible-books";
import en from "@common/locales/en/bible.json";
import { catalog, useT } from "./i18n";

/** The 66 books' names in each language (the `bible` namespace), keyed by their English name. */
export const bibleCatalog = catalog(
  "bible",
  en,
  import.meta.glob(["@common/locales/*/bible.json", "!@common/locales/en/*"], { import: "default" }),
);

/** Longest first, so "1 John 2" is not read as "John". */
const BOOKS_LONGEST_FIRST = BIBLE_BOOKS.map((b) => b.name).sort((a, b) => b.length - a.length);

/** A passage's book and the chapters after it ("Song of Solomon 1-2" → ["Song of Solomon", " 1-2"]). */
export function splitPassage(passage: string): [keyof typeof en, string] | null {
  const book = BOOKS_LONGEST_FIRST.find((name) => passage === name || passage.startsWith(`${name} `));
  return book ? [book as keyof typeof en, passage.slice(book.length)] : null;
}

/**
 * A reading plan passage with its book named in the language on screen ("Genesis 1-3" → "Génesis 1-3");
 * the reader link keeps the English passage and the church's translation.
 */
export function usePassageName(): (passage: string) => string {
  const t = useT(bibleCatalog);
  return (passage) => {
    const split = splitPassage(passage);
    return split ? `${t(split[0])}${split[1]}` : passage;
  };
}
