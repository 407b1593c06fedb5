import type { TMemberImportResult } from "@common/member-import";
import { CheckCircle2, MailCheck, RotateCcw } from "lucide-react";
import { Link } from "wouter";
import { Button } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { useT } from "@/lib/i18n";
import { formatNumber } from "@/lib/utils";
import { memberImportCatalog } from "../i18n";

const FIGURES = ["created", "sent", "waiting", "skipped"] as const;

/** What the import did, and where to go next (the waiting invitations, the members). */
export function ImportResultCard({ result, onAnother }: { result: TMemberImportResult; onAnother: () => void }) {
  const t = useT(memberImportCatalog);
  return (
    <Card className="grid gap-5 p-6" aria-labelledby="import-done-heading">
      <div className="flex items-start gap-3">
        <CheckCircle2 className="mt-0.5 size-6 shrink-0 text-emerald-700" aria-hidden="true" />
        <div>
          <h2 id="import-done-heading" className="text-lg font-semibold">
            {t("result.title")}
          </h2>
          <p className="text-sm text-muted-foreground">
            {result.waiting > 0 ? t("result.waitingNote") : t("result.allInvited")}
          </p>
        </div>
      </div>
      {result.notice && (
        <p role="note" className="rounded-lg border border-amber-200 bg-amber-50 p-3 text-sm text-amber-950">
          {result.notice}
        </p>
      )}
      <dl className="grid grid-cols-2 gap-3 sm:grid-cols-4">
        {FIGURES.map((key) => (
          <div key={key} className="rounded-lg bg-muted px-3 py-2">
            <dt className="text-xs text-muted-foreground">{t(`result.${key}`)}</dt>
            <dd className="text-xl font-semibold tabular-nums">{formatNumber(result[key])}</dd>
          </div>
        ))}
      </dl>
      <div className="flex flex-wrap gap-2">
        {result.waiting > 0 && (
          <Button asChild>
            <Link href="/admin/invitations#waiting">
              <MailCheck aria-hidden="true" />
              {t("result.review")}
            </Link>
          </Button>
        )}
        <Button variant="outline" onClick={onAnother}>
          <RotateCcw aria-hidden="true" />
          {t("result.another")}
        </Button>
      </div>
    </Card>
  );
}
