import en from "@common/locales/en/prayer.json";
import { catalog } from "@/lib/i18n";

/** The prayer wall, its requests and the prayer partners' page: the `prayer` namespace. */
export const prayerCatalog = catalog(
  "prayer",
  en,
  import.meta.glob(["@common/locales/*/prayer.json", "!@common/locales/en/*"], { import: "default" }),
);
