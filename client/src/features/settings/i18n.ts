import en from "@common/locales/en/settings.json";
import { catalog } from "@/lib/i18n";

/** The settings screens' words: the `settings` namespace. */
export const settingsCatalog = catalog(
  "settings",
  en,
  import.meta.glob(["@common/locales/*/settings.json", "!@common/locales/en/*"], { import: "default" }),
);
