import type { TAuditEntryResponse } from "@common/audit";
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from "@/components/ui/table";
import { useT } from "@/lib/i18n";
import { actorName, formatWhen, targetText } from "../format";
import { auditActionLabel, auditCatalog } from "../i18n";
import { AuditChanges } from "./audit-changes";

const HEADINGS = ["list.when", "list.who", "list.what", "list.target", "list.changes"] as const;

/**
 * The entries: a table from `md` up, a stacked card per entry on a phone (CSS picks one; a page holds
 * at most 50 entries at a time, and nothing in them is interactive).
 */
export function AuditEntryList({ entries, timeZone }: { entries: TAuditEntryResponse[]; timeZone: string }) {
  const t = useT(auditCatalog);
  return (
    <>
      <ul className="divide-y divide-border md:hidden" aria-label={t("list.label")}>
        {entries.map((e) => (
          <li key={e.id} className="grid gap-1.5 px-4 py-3">
            <div className="flex flex-wrap items-baseline justify-between gap-x-3 gap-y-0.5">
              <span className="font-medium text-foreground">{auditActionLabel(e.action, t)}</span>
              <time dateTime={e.createdAt} className="text-xs text-muted-foreground">
                {formatWhen(e.createdAt, timeZone)}
              </time>
            </div>
            <p className="text-sm text-muted-foreground">
              {actorName(e, t)} · {targetText(e, t)}
            </p>
            <AuditChanges changes={e.changes} timeZone={timeZone} />
          </li>
        ))}
      </ul>
      <div className="hidden md:block">
        <Table aria-label={t("list.label")}>
          <TableHeader>
            <TableRow className="hover:bg-transparent">
              {HEADINGS.map((h) => (
                <TableHead key={h}>{t(h)}</TableHead>
              ))}
            </TableRow>
          </TableHeader>
          <TableBody>
            {entries.map((e) => (
              <TableRow key={e.id} className="[&>td]:align-top">
                <TableCell className="whitespace-nowrap text-muted-foreground">
                  <time dateTime={e.createdAt}>{formatWhen(e.createdAt, timeZone)}</time>
                </TableCell>
                <TableCell className="font-medium">{actorName(e, t)}</TableCell>
                <TableCell>{auditActionLabel(e.action, t)}</TableCell>
                <TableCell className="text-muted-foreground">{targetText(e, t)}</TableCell>
                <TableCell className="max-w-md">
                  <AuditChanges changes={e.changes} timeZone={timeZone} />
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </div>
    </>
  );
}
