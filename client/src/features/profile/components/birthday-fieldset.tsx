import type { ReactNode } from "react";
import { Input } from "@/components/ui/input";
import { useFormat, useT } from "@/lib/i18n";
import { profileCatalog } from "../i18n";
import type { TBirthdayParts } from "./birthday";

const SELECT =
  "h-10 w-full rounded-lg border border-input bg-card px-3 text-sm shadow-xs focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none aria-[invalid=true]:border-red-600";
const pad = (n: number) => String(n).padStart(2, "0");
const DAYS = Array.from({ length: 31 }, (_, i) => i + 1);
const MONTHS = Array.from({ length: 12 }, (_, i) => i + 1);

/** One of the three controls, with its small label above it. */
function BirthdayPart({ id, label, children }: { id: string; label: string; children: ReactNode }) {
  return (
    <div className="grid gap-1">
      <label htmlFor={id} className="text-xs text-muted-foreground">
        {label}
      </label>
      {children}
    </div>
  );
}

/** A list to choose from, empty at first ("no birthday"). */
function BirthdaySelect({
  id,
  value,
  options,
  isInvalid,
  onChange,
}: {
  id: string;
  value: string;
  options: { value: string; label: string }[];
  isInvalid: boolean;
  onChange: (value: string) => void;
}) {
  return (
    <select
      id={id}
      className={SELECT}
      value={value}
      aria-invalid={isInvalid ? true : undefined}
      onChange={(e) => onChange(e.target.value)}
    >
      <option value="" />
      {options.map((o) => (
        <option key={o.value} value={o.value}>
          {o.label}
        </option>
      ))}
    </select>
  );
}

/**
 * The Edit Profile dialog's birthday (issue 27): month and day from lists in the reader's language,
 * the year typed (optional). `error` is said under the three and marks each of them invalid.
 */
export function BirthdayFieldset({
  value,
  error,
  onChange,
}: {
  value: TBirthdayParts;
  error: string | undefined;
  onChange: (parts: Partial<TBirthdayParts>) => void;
}) {
  const t = useT(profileCatalog);
  const format = useFormat();
  const isInvalid = Boolean(error);
  const monthName = (m: number) => format.date(Date.UTC(2000, m - 1, 1), { month: "long", timeZone: "UTC" });
  return (
    <fieldset
      className="grid content-start gap-1.5 sm:col-span-2"
      aria-describedby={error ? "profile-birthday-error" : undefined}
    >
      <legend className="mb-1.5 text-sm font-medium text-foreground">{t("edit.birthday")}</legend>
      <div className="grid grid-cols-[minmax(0,1.6fr)_minmax(0,1fr)_minmax(0,1.2fr)] gap-2">
        <BirthdayPart id="profile-birthday-month" label={t("edit.birthdayMonth")}>
          <BirthdaySelect
            id="profile-birthday-month"
            value={value.month}
            options={MONTHS.map((m) => ({ value: pad(m), label: monthName(m) }))}
            isInvalid={isInvalid}
            onChange={(month) => onChange({ month })}
          />
        </BirthdayPart>
        <BirthdayPart id="profile-birthday-day" label={t("edit.birthdayDay")}>
          <BirthdaySelect
            id="profile-birthday-day"
            value={value.day}
            options={DAYS.map((d) => ({ value: pad(d), label: format.number(d) }))}
            isInvalid={isInvalid}
            onChange={(day) => onChange({ day })}
          />
        </BirthdayPart>
        <BirthdayPart id="profile-birthday-year" label={t("edit.birthdayYear")}>
          <Input
            id="profile-birthday-year"
            inputMode="numeric"
            autoComplete="bday-year"
            maxLength={4}
            value={value.year}
            aria-invalid={isInvalid ? true : undefined}
            onChange={(e) => onChange({ year: e.target.value.replace(/\D/g, "") })}
          />
        </BirthdayPart>
      </div>
      {error && (
        <p id="profile-birthday-error" role="alert" className="text-sm text-red-700">
          {error}
        </p>
      )}
    </fieldset>
  );
}
