import { ChevronDown } from "lucide-react";
import { FormField } from "@/components/ui/form-field";
import { useT } from "@/lib/i18n";
import type { TMapping } from "../api";
import { memberImportCatalog } from "../i18n";

const NONE = "__none__";
const FIELDS = ["email", "firstName", "lastName", "role"] as const satisfies ReadonlyArray<keyof TMapping>;

/**
 * Which of the file's columns holds each field; e-mail must be one of them, the others may be none.
 * A column without a name cannot be chosen (a select's option needs a value).
 */
export function ColumnMapping({
  headers,
  mapping,
  disabled,
  onChange,
}: {
  headers: string[];
  mapping: TMapping;
  disabled?: boolean;
  onChange: (mapping: TMapping) => void;
}) {
  const t = useT(memberImportCatalog);
  return (
    <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
      {FIELDS.map((key) => {
        const id = `import-map-${key}`;
        const value = mapping[key] ?? NONE;
        return (
          <FormField key={key} id={id} label={t(`mapping.${key}`)}>
            {/* A native select: the phone's own picker, and no Radix Select on the import page's first load. */}
            <div className="relative">
              <select
                id={id}
                value={value}
                disabled={disabled}
                onChange={(e) => onChange({ ...mapping, [key]: e.target.value === NONE ? null : e.target.value })}
                className="h-10 w-full appearance-none rounded-lg border border-input bg-card ps-3 pe-9 text-sm shadow-xs focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none disabled:opacity-60"
              >
                {key !== "email" && <option value={NONE}>{t("mapping.none")}</option>}
                {[...new Set(headers)].filter(Boolean).map((h) => (
                  <option key={h} value={h}>
                    {h}
                  </option>
                ))}
              </select>
              <ChevronDown
                className="pointer-events-none absolute top-1/2 end-3 size-4 -translate-y-1/2 text-muted-foreground"
                aria-hidden="true"
              />
            </div>
          </FormField>
        );
      })}
    </div>
  );
}
