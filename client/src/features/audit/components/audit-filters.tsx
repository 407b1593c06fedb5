import type { TAuditActor } from "@common/audit";
import { AUDIT_ACTIONS } from "@common/audit-labels";
import { ChevronDown } from "lucide-react";
import type { ReactNode } from "react";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { useT } from "@/lib/i18n";
import { cn } from "@/lib/utils";
import type { TAuditFilters } from "../api";
import { auditActionLabel, auditCatalog } from "../i18n";

const SELECT_CLASSES =
  "h-10 w-full appearance-none rounded-lg border border-input bg-card pe-9 ps-3 text-sm shadow-xs focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none";

/** The action names, whose words (in the language on screen) are sorted alphabetically where drawn. */
const ACTIONS: readonly string[] = AUDIT_ACTIONS;

function Field({
  id,
  label,
  className,
  children,
}: {
  id: string;
  label: string;
  className?: string;
  children: ReactNode;
}) {
  return (
    <div className={cn("grid min-w-0 gap-1.5", className)}>
      <Label htmlFor={id}>{label}</Label>
      {children}
    </div>
  );
}

function NativeSelect({
  id,
  value,
  onChange,
  children,
}: {
  id: string;
  value: string;
  onChange: (v: string) => void;
  children: ReactNode;
}) {
  return (
    <div className="relative">
      <select id={id} value={value} onChange={(e) => onChange(e.target.value)} className={SELECT_CLASSES}>
        {children}
      </select>
      <ChevronDown
        className="pointer-events-none absolute top-3 end-3 size-4 text-muted-foreground"
        aria-hidden="true"
      />
    </div>
  );
}

/** Person, action and a range of days (the church's), each applied as soon as it changes. */
export function AuditFilters({
  filters,
  actors,
  onChange,
  rangeError,
}: {
  filters: TAuditFilters;
  actors: TAuditActor[];
  onChange: (next: TAuditFilters) => void;
  rangeError?: string;
}) {
  const t = useT(auditCatalog);
  const actionOptions = ACTIONS.map((value) => [value, auditActionLabel(value, t)] as const).sort(([, a], [, b]) =>
    a.localeCompare(b),
  );
  const set = (key: keyof TAuditFilters) => (value: string) => onChange({ ...filters, [key]: value });
  const isFiltered = Object.values(filters).some(Boolean);
  return (
    <fieldset className="mb-4 grid grid-cols-2 gap-3 lg:grid-cols-[1fr_1fr_auto_auto_auto] lg:items-end">
      <legend className="sr-only">{t("filters.legend")}</legend>
      <Field id="audit-person" label={t("filters.person")} className="col-span-2 sm:col-span-1">
        <NativeSelect id="audit-person" value={filters.actorId} onChange={set("actorId")}>
          <option value="">{t("filters.everyone")}</option>
          <option value="system">{t("filters.system")}</option>
          {actors.map((a) => (
            <option key={a.id} value={a.id}>
              {`${a.firstName} ${a.lastName}`.trim()}
            </option>
          ))}
        </NativeSelect>
      </Field>
      <Field id="audit-action" label={t("filters.action")} className="col-span-2 sm:col-span-1">
        <NativeSelect id="audit-action" value={filters.action} onChange={set("action")}>
          <option value="">{t("filters.allActions")}</option>
          {actionOptions.map(([value, label]) => (
            <option key={value} value={value}>
              {label}
            </option>
          ))}
        </NativeSelect>
      </Field>
      <Field id="audit-from" label={t("filters.from")}>
        <Input
          id="audit-from"
          type="date"
          value={filters.from}
          max={filters.to || undefined}
          onChange={(e) => set("from")(e.target.value)}
        />
      </Field>
      <Field id="audit-to" label={t("filters.to")}>
        <Input
          id="audit-to"
          type="date"
          value={filters.to}
          min={filters.from || undefined}
          aria-invalid={rangeError ? true : undefined}
          aria-describedby={rangeError ? "audit-range-error" : undefined}
          onChange={(e) => set("to")(e.target.value)}
        />
      </Field>
      <Button
        variant="ghost"
        className="col-span-2 justify-self-start lg:col-span-1"
        disabled={!isFiltered}
        onClick={() => onChange({ actorId: "", action: "", from: "", to: "" })}
      >
        {t("filters.clear")}
      </Button>
      {rangeError && (
        <p id="audit-range-error" role="alert" className="col-span-2 text-sm text-red-700 lg:col-span-5">
          {rangeError}
        </p>
      )}
    </fieldset>
  );
}
