import en from "@common/locales/en/pages.json";
import { catalog } from "@/lib/i18n";

/**
 * The words of the pages composed in app/ (the member and admin dashboards, growth, not found): the
 * `pages` namespace. Apart from the shell's, so that every other page does not carry them.
 */
export const pagesCatalog = catalog(
  "pages",
  en,
  import.meta.glob(["@common/locales/*/pages.json", "!@common/locales/en/*"], { import: "default" }),
);
