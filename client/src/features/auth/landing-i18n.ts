import en from "@common/locales/en/landing.json";
import { catalog } from "@/lib/i18n";

/**
 * The landing page's own words (`landing`), apart from `auth`: the first load of `/` carries only
 * these (its budget is 110 KB), and sign-in's words come with sign-in.
 */
export const landingCatalog = catalog(
  "landing",
  en,
  import.meta.glob(["@common/locales/*/landing.json", "!@common/locales/en/*"], { import: "default" }),
);
