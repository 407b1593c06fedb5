import en from "@common/locales/en/auth.json";
import { catalog } from "@/lib/i18n";

/** Sign-in, creating an account, password reset and confirming an address: the `auth` namespace. */
export const authCatalog = catalog(
  "auth",
  en,
  import.meta.glob(["@common/locales/*/auth.json", "!@common/locales/en/*"], { import: "default" }),
);
