import en from "@common/locales/en/onboarding.json";
import { catalog } from "@/lib/i18n";

/** The onboarding journey (`/onboarding`): the `onboarding` namespace. */
export const onboardingCatalog = catalog(
  "onboarding",
  en,
  import.meta.glob(["@common/locales/*/onboarding.json", "!@common/locales/en/*"], { import: "default" }),
);
