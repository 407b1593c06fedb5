import en from "@common/locales/en/growth.json";
import { catalog } from "@/lib/i18n";

/** The growth screens' words: the `growth` namespace. */
export const growthCatalog = catalog(
  "growth",
  en,
  import.meta.glob(["@common/locales/*/growth.json", "!@common/locales/en/*"], { import: "default" }),
);
