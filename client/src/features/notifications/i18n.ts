import en from "@common/locales/en/inbox.json";
import { catalog } from "@/lib/i18n";

/**
 * The notifications page's and the bell list's words: the `inbox` namespace (`notifications` is the
 * server's, what each notification says in its reader's language).
 */
export const notificationsCatalog = catalog(
  "inbox",
  en,
  import.meta.glob(["@common/locales/*/inbox.json", "!@common/locales/en/*"], { import: "default" }),
);
