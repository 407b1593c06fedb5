import type { TOnboardingStep } from "@common/onboarding";
import type { TTranslate } from "@/lib/i18n";
import { onboardingCatalog } from "../i18n";

type TMessages = (typeof onboardingCatalog)["en"];

/**
 * A step's words in the language on screen, by its id (the catalogue holds each step's title,
 * description and action); the server's words stand in for a step the catalogue does not know.
 */
export function stepText(t: TTranslate<TMessages>, step: TOnboardingStep) {
  const word = (part: "title" | "description" | "action", fallback: string) => {
    const key = `steps.${step.id}.${part}`;
    return Object.hasOwn(onboardingCatalog.en, key) ? t(key as keyof TMessages) : fallback;
  };
  return {
    title: word("title", step.title),
    description: word("description", step.description),
    action: step.actionLabel ? word("action", step.actionLabel) : null,
  };
}
