import en from "@common/locales/en/integrations.json";
import { catalog, type TTranslate } from "@/lib/i18n";

/** The integrations page, its platform cards and dialogs: the `integrations` namespace. */
export const integrationsCatalog = catalog(
  "integrations",
  en,
  import.meta.glob(["@common/locales/*/integrations.json", "!@common/locales/en/*"], { import: "default" }),
);

export type TIntegrationsT = TTranslate<typeof integrationsCatalog.en>;
export type TIntegrationsKey = keyof typeof integrationsCatalog.en & string;
