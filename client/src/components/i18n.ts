import en from "@common/locales/en/common.json";
import { catalog } from "@/lib/i18n";

/** Words every screen shares (buttons, loading, access denied): the `common` namespace. */
export const commonCatalog = catalog(
  "common",
  en,
  import.meta.glob(["@common/locales/*/common.json", "!@common/locales/en/*"], { import: "default" }),
);
