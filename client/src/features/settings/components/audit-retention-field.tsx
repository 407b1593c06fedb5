import { AUDIT_RETENTION_CHOICES } from "@common/audit-labels";
import { ChevronDown } from "lucide-react";
import { FormField, fieldAria } from "@/components/ui/form-field";
import { useT } from "@/lib/i18n";
import { settingsCatalog } from "../i18n";

const ID = "settings-audit-retention";

/** How long the audit log keeps an entry: 1, 2, 5 or 7 years (a native select: the phone's own picker). */
export function AuditRetentionField({
  value,
  onChange,
  error,
}: {
  value: number;
  onChange: (days: number) => void;
  error?: string;
}) {
  const t = useT(settingsCatalog);
  return (
    <FormField id={ID} label={t("audit.keep")} hint={t("audit.keepHint")} error={error} className="sm:max-w-sm">
      <div className="relative">
        <select
          {...fieldAria(ID, error, true)}
          value={value}
          onChange={(e) => onChange(Number(e.target.value))}
          className="h-10 w-full appearance-none rounded-lg border border-input bg-card pe-9 ps-3 text-sm shadow-xs focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none"
        >
          {AUDIT_RETENTION_CHOICES.map((days) => (
            <option key={days} value={days}>
              {t("audit.years", { count: Math.round(days / 365) })}
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
