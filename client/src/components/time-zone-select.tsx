import { useMemo, useState } from "react";
import { inputClasses } from "@/components/ui/input";
import { useT } from "@/lib/i18n";
import { cn } from "@/lib/utils";
import { commonCatalog } from "./i18n";

/** Every zone the browser knows, with `current` kept selectable ("UTC" is not in every list). */
export function getTimeZones(current?: string | null): string[] {
  let zones: string[] = [];
  try {
    zones = Intl.supportedValuesOf("timeZone");
  } catch {
    zones = [];
  }
  if (current && !zones.includes(current)) zones = [current, ...zones];
  return zones;
}

/** The browser's own zone: the default for a new church. */
export function getBrowserTimeZone(): string | undefined {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone || undefined;
  } catch {
    return undefined;
  }
}

const label = (zone: string) => zone.replace(/_/g, " ");
// Accents are dropped on both sides: zones are spelled in English ("Sao_Paulo"), people type "São Paulo".
const searchable = (text: string) =>
  text
    .normalize("NFD")
    .replace(/\p{M}/gu, "")
    .toLowerCase()
    .replace(/[_/\s-]+/g, " ");

/** The zones matching what was typed ("new york", "berlin", "america/chi"), in list order. */
export function filterTimeZones(zones: string[], query: string): string[] {
  const words = searchable(query).split(" ").filter(Boolean);
  if (words.length === 0) return zones;
  return zones.filter((z) => {
    const text = searchable(z);
    return words.every((w) => text.includes(w));
  });
}

/**
 * A search box over a native select: typing narrows the list and picks the first match, and the
 * select stays the platform's own picker (type-ahead on desktop, a wheel on phones) for some 400 zones.
 * The select carries `id`, so a FormField's label names it.
 */
export function TimeZoneSelect({
  id,
  value,
  onChange,
  current,
  disabled,
  invalid,
  describedBy,
}: {
  id: string;
  value: string;
  onChange: (zone: string) => void;
  /** The saved zone, kept in the list even when the browser does not know it. */
  current?: string | null;
  disabled?: boolean;
  invalid?: boolean;
  describedBy?: string;
}) {
  const t = useT(commonCatalog);
  const [query, setQuery] = useState("");
  const zones = useMemo(() => getTimeZones(current || value), [current, value]);
  const matches = useMemo(() => filterTimeZones(zones, query), [zones, query]);
  // The chosen zone stays in the list, so the select always shows what will be saved.
  const shown = !value || matches.includes(value) ? matches : [value, ...matches];

  return (
    <div className="grid gap-2">
      <input
        type="search"
        value={query}
        disabled={disabled}
        aria-label={t("timeZone.search")}
        aria-controls={id}
        placeholder={t("timeZone.placeholder")}
        className={inputClasses}
        onChange={(e) => {
          const q = e.target.value;
          setQuery(q);
          const found = filterTimeZones(zones, q);
          if (found.length > 0 && !found.includes(value)) onChange(found[0]);
        }}
        onKeyDown={(e) => {
          // Enter picks the match shown instead of submitting the form.
          if (e.key === "Enter") e.preventDefault();
        }}
      />
      <select
        id={id}
        value={value}
        disabled={disabled}
        aria-invalid={invalid || undefined}
        aria-describedby={describedBy}
        onChange={(e) => onChange(e.target.value)}
        className={cn(inputClasses, "appearance-auto")}
      >
        {shown.map((z) => (
          <option key={z} value={z}>
            {label(z)}
          </option>
        ))}
      </select>
      {query && matches.length === 0 && (
        <p className="text-xs text-muted-foreground" role="status">
          {t("timeZone.noMatch", { query })}
        </p>
      )}
    </div>
  );
}
