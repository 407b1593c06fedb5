import type { TAuditChanges } from "@common/audit";
import { ArrowRight } from "lucide-react";
import { fieldLabel, valueText } from "../format";

const NONE = "(none)";

/** The changed fields, each "Field: before → after"; masked secrets show as they come. */
export function AuditChanges({ changes, timeZone }: { changes: TAuditChanges; timeZone: string }) {
  const fields = Object.entries(changes);
  if (fields.length === 0) return <span className="text-muted-foreground">No field changes</span>;
  return (
    <dl className="grid gap-1">
      {fields.map(([field, [before, after]]) => (
        <div key={field} className="min-w-0 text-sm">
          <dt className="inline font-medium text-foreground">{fieldLabel(field)}: </dt>
          <dd className="inline break-words text-muted-foreground">
            <span className={before === null ? "italic" : undefined}>{valueText(before, timeZone) ?? NONE}</span>
            <ArrowRight className="rtl:-scale-x-100 mx-1 inline size-3.5 align-[-2px]" aria-hidden="true" />
            <span className="sr-only">changed to </span>
            <span className={after === null ? "italic" : "text-foreground"}>{valueText(after, timeZone) ?? NONE}</span>
          </dd>
        </div>
      ))}
    </dl>
  );
}
