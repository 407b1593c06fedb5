import { getBrandTheme } from "@common/brand";
import { parseHexColor } from "@common/color";
import { useId } from "react";
import { Input } from "@/components/ui/input";
import { useT } from "@/lib/i18n";
import { settingsCatalog } from "../i18n";

/** Colour picker plus text, with a preview of a button in the resulting (AA-checked) theme. */
export function BrandColorField({
  value,
  onChange,
  error,
}: {
  value: string;
  onChange: (v: string) => void;
  error?: string;
}) {
  const t = useT(settingsCatalog);
  const id = useId();
  const valid = !!parseHexColor(value) && value.startsWith("#") && value.length === 7;
  const theme = getBrandTheme(valid ? value : undefined);
  return (
    <div className="grid gap-1.5">
      <label htmlFor={`${id}-text`} className="text-sm font-medium">
        {t("brand.label")}
      </label>
      <div className="flex flex-wrap items-center gap-3">
        <input
          type="color"
          aria-label={t("brand.pick")}
          value={valid ? value.toLowerCase() : theme.brand}
          onChange={(e) => onChange(e.target.value.toUpperCase())}
          className="h-10 w-14 cursor-pointer rounded-lg border border-input bg-card p-1"
        />
        <div className="w-32">
          <Input
            id={`${id}-text`}
            value={value}
            onChange={(e) => onChange(e.target.value)}
            className="font-mono uppercase"
            maxLength={7}
            spellCheck={false}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? `${id}-error` : `${id}-hint`}
          />
        </div>
        <span
          className="inline-flex h-9 items-center rounded-lg px-3 text-sm font-medium"
          style={{ backgroundColor: theme.primary, color: theme.primaryForeground }}
          aria-hidden="true"
        >
          {t("brand.preview")}
        </span>
      </div>
      {error ? (
        <p id={`${id}-error`} role="alert" className="text-sm text-red-700">
          {error}
        </p>
      ) : (
        <p id={`${id}-hint`} className="text-xs text-muted-foreground">
          {t("brand.hint")}
        </p>
      )}
    </div>
  );
}
