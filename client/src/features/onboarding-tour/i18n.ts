import en from "@common/locales/en/tour.json";
import { catalog } from "@/lib/i18n";

/** The welcome tour's dialog: the `tour` namespace. */
export const tourCatalog = catalog(
  "tour",
  en,
  import.meta.glob(["@common/locales/*/tour.json", "!@common/locales/en/*"], { import: "default" }),
);
