import en from "@common/locales/en/analytics.json";
import { catalog } from "@/lib/i18n";

/** The growth analytics card, page, figures and charts: the `analytics` namespace. */
export const analyticsCatalog = catalog(
  "analytics",
  en,
  import.meta.glob(["@common/locales/*/analytics.json", "!@common/locales/en/*"], { import: "default" }),
);
