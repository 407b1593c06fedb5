import { splitPassage } from "@common/bible-books";
import en from "@common/locales/en/bible.json";
import { catalog, useT } from "./i18n";

/** The 66 books' names in each language (the `bible` namespace), keyed by their English name. */
export const bibleCatalog = catalog(
  "bible",
  en,
  import.meta.glob(["@common/locales/*/bible.json", "!@common/locales/en/*"], { import: "default" }),
);

export { splitPassage };

/**
 * A reading plan passage with its book named in the language on screen ("Genesis 1-3" → "Génesis 1-3");
 * the reader link keeps the English passage and the church's translation.
 */
export function usePassageName(): (passage: string) => string {
  const t = useT(bibleCatalog);
  return (passage) => {
    const split = splitPassage(passage);
    return split ? `${t(split[0] as keyof typeof en)}${split[1]}` : passage;
  };
}
