import type { TImportRow } from "@common/member-import";
import { IMPORT_PROBLEMS } from "@common/member-import-helpers";
import { useState } from "react";
import { useRoleName } from "@/components/role-name";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { useT } from "@/lib/i18n";
import { formatNumber } from "@/lib/utils";
import { memberImportCatalog } from "../i18n";

/** The server says a row's problems in English (IMPORT_PROBLEMS); each has its key in the catalogue. */
const PROBLEM_KEYS = new Map(
  (Object.entries(IMPORT_PROBLEMS) as [keyof typeof IMPORT_PROBLEMS, string][]).map(([key, english]) => [
    english,
    `problem.${key}` as const,
  ]),
);

/** Rows drawn at a time: a 5,000-row file shows its first page, and more on request. */
export const PREVIEW_PAGE = 50;

/** The preview's rows (or only those with problems), each with its problems in words. */
export function ImportPreviewList({ rows, rowOffset = 0 }: { rows: TImportRow[]; rowOffset?: number }) {
  const t = useT(memberImportCatalog);
  const roleName = useRoleName();
  const [shown, setShown] = useState(PREVIEW_PAGE);
  const visible = rows.slice(0, shown);
  const problemText = (english: string) => {
    const key = PROBLEM_KEYS.get(english);
    return key ? t(key) : english;
  };
  return (
    <>
      <ul className="divide-y divide-border rounded-xl border border-border" aria-label={t("preview.label")}>
        {visible.map((r) => {
          const name = [r.firstName, r.lastName].filter(Boolean).join(" ");
          const hasProblems = r.problems.length > 0;
          return (
            <li
              key={r.row}
              className={`grid gap-1 px-3 py-2.5 text-sm sm:grid-cols-[4.5rem_minmax(0,1.4fr)_minmax(0,1fr)_8rem_minmax(0,1.2fr)] sm:items-center sm:gap-3 ${hasProblems ? "bg-red-50/60" : ""}`}
            >
              <span className="text-xs text-muted-foreground tabular-nums">
                {t("preview.row", { row: r.row - rowOffset })}
              </span>
              <span className="min-w-0 truncate font-medium" title={r.email}>
                {r.email || <span className="text-muted-foreground italic">{t("preview.noEmail")}</span>}
              </span>
              {/* A phone shows the name and role on one line; wider screens in their columns. */}
              <span className="min-w-0 truncate text-muted-foreground sm:hidden">
                {[name, r.role ? roleName(r.role) : null].filter(Boolean).join(" · ")}
              </span>
              <span className="hidden min-w-0 truncate text-muted-foreground sm:block">{name || "—"}</span>
              <span className="hidden text-muted-foreground sm:block">{r.role ? roleName(r.role) : "—"}</span>
              <span className="flex flex-wrap gap-1">
                {hasProblems ? (
                  r.problems.map((p) => (
                    <Badge key={p} tone="red">
                      {problemText(p)}
                    </Badge>
                  ))
                ) : (
                  <Badge tone="green">{t("preview.ready")}</Badge>
                )}
              </span>
            </li>
          );
        })}
      </ul>
      {rows.length > shown && (
        <div className="mt-3 flex flex-wrap items-center gap-3 text-sm text-muted-foreground">
          <span>{t("preview.showing", { shown: formatNumber(shown), total: formatNumber(rows.length) })}</span>
          <Button size="sm" variant="outline" onClick={() => setShown((n) => n + PREVIEW_PAGE * 4)}>
            {t("preview.more")}
          </Button>
        </div>
      )}
    </>
  );
}
