import en from "@common/locales/en/directory.json";
import { catalog } from "@/lib/i18n";

/** The member directory's words: the `directory` namespace. */
export const directoryCatalog = catalog(
  "directory",
  en,
  import.meta.glob(["@common/locales/*/directory.json", "!@common/locales/en/*"], { import: "default" }),
);
