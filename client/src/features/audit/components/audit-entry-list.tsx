import type { TAuditEntryResponse } from "@common/audit";
import { getAuditActionLabel } from "@common/audit-labels";
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from "@/components/ui/table";
import { actorName, formatWhen, targetText } from "../format";
import { AuditChanges } from "./audit-changes";

const HEADINGS = ["When", "Who", "What", "Target", "Changes"];

/**
 * The entries: a table from `md` up, a stacked card per entry on a phone (CSS picks one; a page holds
 * at most 50 entries at a time, and nothing in them is interactive).
 */
export function AuditEntryList({ entries, timeZone }: { entries: TAuditEntryResponse[]; timeZone: string }) {
  return (
    <>
      <ul className="divide-y divide-border md:hidden" aria-label="Audit entries">
        {entries.map((e) => (
          <li key={e.id} className="grid gap-1.5 px-4 py-3">
            <div className="flex flex-wrap items-baseline justify-between gap-x-3 gap-y-0.5">
              <span className="font-medium text-foreground">{getAuditActionLabel(e.action)}</span>
              <time dateTime={e.createdAt} className="text-xs text-muted-foreground">
                {formatWhen(e.createdAt, timeZone)}
              </time>
            </div>
            <p className="text-sm text-muted-foreground">
              {actorName(e)} · {targetText(e)}
            </p>
            <AuditChanges changes={e.changes} timeZone={timeZone} />
          </li>
        ))}
      </ul>
      <div className="hidden md:block">
        <Table aria-label="Audit entries">
          <TableHeader>
            <TableRow className="hover:bg-transparent">
              {HEADINGS.map((h) => (
                <TableHead key={h}>{h}</TableHead>
              ))}
            </TableRow>
          </TableHeader>
          <TableBody>
            {entries.map((e) => (
              <TableRow key={e.id} className="[&>td]:align-top">
                <TableCell className="whitespace-nowrap text-muted-foreground">
                  <time dateTime={e.createdAt}>{formatWhen(e.createdAt, timeZone)}</time>
                </TableCell>
                <TableCell className="font-medium">{actorName(e)}</TableCell>
                <TableCell>{getAuditActionLabel(e.action)}</TableCell>
                <TableCell className="text-muted-foreground">{targetText(e)}</TableCell>
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
