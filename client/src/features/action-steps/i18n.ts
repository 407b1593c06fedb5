import en from "@common/locales/en/actionSteps.json";
import { catalog } from "@/lib/i18n";

/** This week's action step card and the admin's growth settings: the `actionSteps` namespace. */
export const actionStepsCatalog = catalog(
  "actionSteps",
  en,
  import.meta.glob(["@common/locales/*/actionSteps.json", "!@common/locales/en/*"], { import: "default" }),
);
