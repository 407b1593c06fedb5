import en from "@common/locales/en/profile.json";
import { catalog } from "@/lib/i18n";

/** The profile screens' words: the `profile` namespace. */
export const profileCatalog = catalog(
  "profile",
  en,
  import.meta.glob(["@common/locales/*/profile.json", "!@common/locales/en/*"], { import: "default" }),
);
