import en from "@common/locales/en/verifyNotice.json";
import { catalog } from "@/lib/i18n";

/**
 * The reminder to confirm an address (`verifyNotice`), apart from `auth`: it shows inside the signed-in
 * shell, which should not carry the sign-in pages' words.
 */
export const verifyNoticeCatalog = catalog(
  "verifyNotice",
  en,
  import.meta.glob(["@common/locales/*/verifyNotice.json", "!@common/locales/en/*"], { import: "default" }),
);
