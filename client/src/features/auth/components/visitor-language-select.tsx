import type { TLanguage } from "@common/i18n/locales";
import { useLingui } from "@lingui/react";
import { LanguageSelect } from "@/components/language-select";
import { activateLanguage, currentLanguage, writeLocalChoice } from "@/lib/i18n";

/**
 * The visitor's language switch (landing and sign-in pages): the pick is kept on this device and the
 * screen switches at once; the server then answers in it too (the client sends it as Accept-Language).
 */
export function VisitorLanguageSelect({ className }: { className?: string }) {
  // Renders again when the language changes, so the select shows the one in use.
  useLingui();
  const onChange = (language: TLanguage | null) => {
    if (!language) return;
    writeLocalChoice(language);
    void activateLanguage(language);
  };
  return <LanguageSelect value={currentLanguage()} onChange={onChange} className={className} />;
}
