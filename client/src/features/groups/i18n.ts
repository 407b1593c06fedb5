import en from "@common/locales/en/groups.json";
import { catalog } from "@/lib/i18n";

/** Small groups: the /groups list, a group's page, its create/edit dialog, roster and requests: the `groups` namespace. */
export const groupsCatalog = catalog(
  "groups",
  en,
  import.meta.glob(["@common/locales/*/groups.json", "!@common/locales/en/*"], { import: "default" }),
);
