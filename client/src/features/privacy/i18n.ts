import en from "@common/locales/en/privacy.json";
import { catalog } from "@/lib/i18n";

/** The privacy page's words (`/privacy` and an invitation's `/invite/{token}/privacy`): the `privacy` namespace. */
export const privacyCatalog = catalog(
  "privacy",
  en,
  import.meta.glob(["@common/locales/*/privacy.json", "!@common/locales/en/*"], { import: "default" }),
);
