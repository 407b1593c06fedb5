import en from "@common/locales/en/publicChurch.json";
import { catalog } from "@/lib/i18n";

/**
 * The public church page /c/:slug and its invitation request form (`publicChurch`), apart from the
 * `churches` namespace so a visitor's first load stays light.
 */
export const publicChurchCatalog = catalog(
  "publicChurch",
  en,
  import.meta.glob(["@common/locales/*/publicChurch.json", "!@common/locales/en/*"], { import: "default" }),
);
