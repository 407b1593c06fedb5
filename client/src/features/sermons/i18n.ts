import en from "@common/locales/en/sermons.json";
import { catalog } from "@/lib/i18n";

/** The sermons' words (archive, sermon page and player, highlights, series, Manage Sermons): `sermons`. */
export const sermonsCatalog = catalog(
  "sermons",
  en,
  import.meta.glob(["@common/locales/*/sermons.json", "!@common/locales/en/*"], { import: "default" }),
);
