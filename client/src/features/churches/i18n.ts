import en from "@common/locales/en/churches.json";
import { catalog } from "@/lib/i18n";

/** The church setup page, the members' "Our Church" page and the church's contact details: the `churches` namespace. */
export const churchesCatalog = catalog(
  "churches",
  en,
  import.meta.glob(["@common/locales/*/churches.json", "!@common/locales/en/*"], { import: "default" }),
);
