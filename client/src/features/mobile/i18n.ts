import en from "@common/locales/en/mobile.json";
import { catalog } from "@/lib/i18n";

/** The mobile app settings page, the install prompt and the offline banner: the `mobile` namespace. */
export const mobileCatalog = catalog(
  "mobile",
  en,
  import.meta.glob(["@common/locales/*/mobile.json", "!@common/locales/en/*"], { import: "default" }),
);
