import en from "@common/locales/en/groupLife.json";
import { catalog } from "@/lib/i18n";

/**
 * Inside a group (issue 27): its thread, prayer requests and meetings, the `groupLife` namespace,
 * apart from the groups list and page (`groups`), so the list's first load carries only its own words.
 */
export const groupLifeCatalog = catalog(
  "groupLife",
  en,
  import.meta.glob(["@common/locales/*/groupLife.json", "!@common/locales/en/*"], { import: "default" }),
);
