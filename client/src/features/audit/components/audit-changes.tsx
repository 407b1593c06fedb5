import type { TAuditChanges } from "@common/audit";
import { ROLES, type TRole } from "@common/roles";
import { ArrowRight } from "lucide-react";
import { useRoleName } from "@/components/role-name";
import { useT } from "@/lib/i18n";
import { fieldLabel, valueText } from "../format";
import { auditCatalog } from "../i18n";

/**
 * The changed fields, each "Field: before → after"; masked secrets show as they come. Each value is
 * its own direction (dir="auto"): an id or an address inside Arabic keeps its hyphens in place.
 */
export function AuditChanges({ changes, timeZone }: { changes: TAuditChanges; timeZone: string }) {
  const t = useT(auditCatalog);
  const roleName = useRoleName();
  const none = t("changes.none");
  // A role is kept by its code (CONGREGANT); it is shown by its one name in the language on screen.
  const shown = (field: string, value: unknown) =>
    field === "role" && ROLES.includes(value as TRole) ? roleName(value as TRole) : valueText(value, timeZone, t);
  const fields = Object.entries(changes);
  if (fields.length === 0) return <span className="text-muted-foreground">{t("changes.noFields")}</span>;
  return (
    <dl className="grid gap-1">
      {fields.map(([field, [before, after]]) => (
        <div key={field} className="min-w-0 text-sm">
          <dt className="inline font-medium text-foreground">{fieldLabel(field, t)}: </dt>
          <dd className="inline break-words text-muted-foreground">
            <span dir="auto" className={before === null ? "italic" : undefined}>
              {shown(field, before) ?? none}
            </span>
            <ArrowRight className="rtl:-scale-x-100 mx-1 inline size-3.5 align-[-2px]" aria-hidden="true" />
            <span className="sr-only">{t("changes.changedTo")}</span>
            <span dir="auto" className={after === null ? "italic" : "text-foreground"}>
              {shown(field, after) ?? none}
            </span>
          </dd>
        </div>
      ))}
    </dl>
  );
}
