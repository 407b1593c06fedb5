import en from "@common/locales/en/kudos.json";
import { catalog } from "@/lib/i18n";

/** Kudos: the recognitions page, the Give Kudos dialog and the approval queue: the `kudos` namespace. */
export const kudosCatalog = catalog(
  "kudos",
  en,
  import.meta.glob(["@common/locales/*/kudos.json", "!@common/locales/en/*"], { import: "default" }),
);
