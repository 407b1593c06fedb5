import en from "@common/locales/en/members.json";
import { catalog } from "@/lib/i18n";

/** Member management: the list, its role badges, the actions menu and the remove dialog: the `members` namespace. */
export const membersCatalog = catalog(
  "members",
  en,
  import.meta.glob(["@common/locales/*/members.json", "!@common/locales/en/*"], { import: "default" }),
);
