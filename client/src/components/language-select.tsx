import { LANGUAGE_NAMES, LANGUAGES, type TLanguage } from "@common/i18n/locales";
import { Languages } from "lucide-react";
import { useId } from "react";
import { useT } from "@/lib/i18n";
import { cn } from "@/lib/utils";
import { commonCatalog } from "./i18n";

/**
 * The language switch (issue 26): each language by its own name, so anyone finds theirs whatever is on
 * screen. `none` adds a first choice for "no choice of my own" (the church's default, or the browser's)
 * with its words; the value is then null.
 */
export function LanguageSelect({
  value,
  onChange,
  none,
  id,
  label,
  className,
  disabled,
}: {
  value: TLanguage | null;
  onChange: (language: TLanguage | null) => void;
  none?: string;
  id?: string;
  /** A visible label elsewhere names the select through `id`; without one, this names it. */
  label?: string;
  className?: string;
  disabled?: boolean;
}) {
  const t = useT(commonCatalog);
  const ownId = useId();
  return (
    <div className={cn("relative", className)}>
      <Languages
        className="pointer-events-none absolute top-1/2 start-3 size-4 -translate-y-1/2 text-muted-foreground"
        aria-hidden="true"
      />
      <select
        id={id ?? ownId}
        aria-label={id ? undefined : (label ?? t("language.label"))}
        value={value ?? ""}
        disabled={disabled}
        onChange={(e) => onChange(e.target.value ? (e.target.value as TLanguage) : null)}
        className="h-10 w-full appearance-none rounded-lg border border-input bg-card ps-9 pe-3 text-sm shadow-xs focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none disabled:opacity-60"
      >
        {none !== undefined && <option value="">{none}</option>}
        {LANGUAGES.map((language) => (
          <option key={language} value={language} lang={language}>
            {LANGUAGE_NAMES[language]}
          </option>
        ))}
      </select>
    </div>
  );
}
