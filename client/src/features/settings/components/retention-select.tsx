import { ChevronDown } from "lucide-react";
import { FormField, fieldAria } from "@/components/ui/form-field";
import { useT } from "@/lib/i18n";
import { settingsCatalog } from "../i18n";

/**
 * How long something is kept, from a short list of days (a native select: the phone's own picker).
 * Whole years read as years ("2 years"), the rest as days ("90 days").
 */
export function RetentionSelect({
  id,
  label,
  hint,
  choices,
  value,
  onChange,
  error,
}: {
  id: string;
  label: string;
  hint: string;
  choices: readonly number[];
  value: number;
  onChange: (days: number) => void;
  error?: string;
}) {
  const t = useT(settingsCatalog);
  return (
    <FormField id={id} label={label} hint={hint} error={error}>
      <div className="relative sm:max-w-xs">
        <select
          {...fieldAria(id, error, true)}
          value={value}
          onChange={(e) => onChange(Number(e.target.value))}
          className="h-10 w-full appearance-none rounded-lg border border-input bg-card pe-9 ps-3 text-sm shadow-xs focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none"
        >
          {/* A value saved before the list changed stays visible rather than shown as another. */}
          {(choices.includes(value) ? choices : [...choices, value].sort((a, b) => a - b)).map((days) => (
            <option key={days} value={days}>
              {days % 365 === 0 ? t("retention.years", { count: days / 365 }) : t("retention.days", { count: days })}
            </option>
          ))}
        </select>
        <ChevronDown
          className="pointer-events-none absolute top-3 end-3 size-4 text-muted-foreground"
          aria-hidden="true"
        />
      </div>
    </FormField>
  );
}
