import en from "@common/locales/en/shareFeeds.json";
import { catalog } from "@/lib/i18n";

/** The share-feeds card (podcast and calendar addresses): the `shareFeeds` namespace (`feeds` is the server's). */
export const shareFeedsCatalog = catalog(
  "shareFeeds",
  en,
  import.meta.glob(["@common/locales/*/shareFeeds.json", "!@common/locales/en/*"], { import: "default" }),
);
