import en from "@common/locales/en/admin.json";
import { catalog } from "@/lib/i18n";

/** The admin dashboard's welcome card and recent activity card: the `admin` namespace. */
export const adminCatalog = catalog(
  "admin",
  en,
  import.meta.glob(["@common/locales/*/admin.json", "!@common/locales/en/*"], { import: "default" }),
);
