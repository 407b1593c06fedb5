import en from "@common/locales/en/unsubscribe.json";
import { catalog } from "@/lib/i18n";

/** The one-click unsubscribe page's words (`/unsubscribe`, signed out): the `unsubscribe` namespace. */
export const unsubscribeCatalog = catalog(
  "unsubscribe",
  en,
  import.meta.glob(["@common/locales/*/unsubscribe.json", "!@common/locales/en/*"], { import: "default" }),
);
