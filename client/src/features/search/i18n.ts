import en from "@common/locales/en/search.json";
import { catalog } from "@/lib/i18n";

/** The top bar's search: the `search` namespace. */
export const searchCatalog = catalog(
  "search",
  en,
  import.meta.glob(["@common/locales/*/search.json", "!@common/locales/en/*"], { import: "default" }),
);
