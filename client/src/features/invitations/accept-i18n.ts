import en from "@common/locales/en/acceptInvitation.json";
import { catalog } from "@/lib/i18n";

/**
 * The public invitation page's words (`acceptInvitation`), apart from the admins' invitation screens:
 * an invited visitor's first load carries only these.
 */
export const acceptInvitationCatalog = catalog(
  "acceptInvitation",
  en,
  import.meta.glob(["@common/locales/*/acceptInvitation.json", "!@common/locales/en/*"], { import: "default" }),
);
