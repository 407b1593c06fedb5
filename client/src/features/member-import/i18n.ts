import en from "@common/locales/en/memberImport.json";
import { catalog } from "@/lib/i18n";

/** Importing members from a CSV file or pasted rows: the `memberImport` namespace. */
export const memberImportCatalog = catalog(
  "memberImport",
  en,
  import.meta.glob(["@common/locales/*/memberImport.json", "!@common/locales/en/*"], { import: "default" }),
);
