import en from "@common/locales/en/live.json";
import { catalog } from "@/lib/i18n";

/** The live page, its player and chat, and the admin's live stream page: the `live` namespace. */
export const liveCatalog = catalog(
  "live",
  en,
  import.meta.glob(["@common/locales/*/live.json", "!@common/locales/en/*"], { import: "default" }),
);
