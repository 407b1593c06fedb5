import en from "@common/locales/en/invitations.json";
import { catalog } from "@/lib/i18n";

/** The admins' invitation screens (invitations, waiting invitations, requests to join): the `invitations` namespace. */
export const invitationsCatalog = catalog(
  "invitations",
  en,
  import.meta.glob(["@common/locales/*/invitations.json", "!@common/locales/en/*"], { import: "default" }),
);
