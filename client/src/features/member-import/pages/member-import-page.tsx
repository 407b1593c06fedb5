import { languageDirection } from "@common/i18n/locales";
import type { TMemberImportPreview, TMemberImportResult } from "@common/member-import";
import { MEMBER_IMPORT_MAX_ROWS } from "@common/member-import-helpers";
import { ArrowLeft, FileSearch, Upload } from "lucide-react";
import { useState } from "react";
import { Link } from "wouter";
import { FormAlert } from "@/components/form-alert";
import { PageHeader } from "@/components/page-header";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { RadioCards } from "@/components/ui/radio-cards";
import { toast } from "@/components/ui/use-toast";
import { getServerMessage, isUnauthorizedError } from "@/lib/api-client";
import { handleUnauthorized, toastApiError } from "@/lib/auth-redirect";
import { currentLanguage, useFormat, useT } from "@/lib/i18n";
import { useDocumentTitle } from "@/lib/use-document-title";
import {
  type TImportPhase,
  type TMapping,
  toMappingBody,
  useImportMembers,
  usePreviewImport,
  withHeaderLine,
} from "../api";
import { ColumnMapping } from "../components/column-mapping";
import { ImportPreviewList } from "../components/import-preview-list";
import { ImportProgress } from "../components/import-progress";
import { ImportResultCard } from "../components/import-result-card";
import { ImportSource, type TImportSource } from "../components/import-source";
import { memberImportCatalog } from "../i18n";

type TSend = "now" | "later";
type TChecked = { preview: TMemberImportPreview; csv: string; rowOffset: number };

const SEND_OPTIONS = [
  { value: "later" as const, label: "send.laterLabel", description: "send.laterDescription" },
  { value: "now" as const, label: "send.nowLabel", description: "send.nowDescription" },
] as const;

/**
 * A file's name inside a right-to-left sentence, set apart (FSI…PDI) so that "people.csv: 4" does not
 * run together; left to right it needs nothing, and English keeps its exact words.
 */
const isolated = (text: string) => (languageDirection(currentLanguage()) === "rtl" ? `\u2068${text}\u2069` : text);

/** Issue 12: a congregation brought in from a CSV file or pasted rows, as invitations. */
export function MemberImportPage() {
  const t = useT(memberImportCatalog);
  const format = useFormat();
  const [source, setSource] = useState<TImportSource | null>(null);
  const [checked, setChecked] = useState<TChecked | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [isProblemsOnly, setIsProblemsOnly] = useState(false);
  const [send, setSend] = useState<TSend>("later");
  const [phase, setPhase] = useState<TImportPhase | null>(null);
  const [result, setResult] = useState<TMemberImportResult | null>(null);
  // Another import starts with an empty file chooser.
  const [sourceKey, setSourceKey] = useState(0);
  const preview = usePreviewImport();
  const importMembers = useImportMembers(setPhase);
  useDocumentTitle(t("page.title"));

  const failed = (fallback: string) => (err: unknown) => {
    if (isUnauthorizedError(err)) return handleUnauthorized();
    setError(getServerMessage(err) ?? fallback);
  };

  const check = (csv: string, mapping?: TMapping) => {
    setError(null);
    preview.mutate(
      { csv, mapping: mapping && toMappingBody(mapping) },
      {
        onSuccess: (answer) => {
          // A list without a header row: its columns get names, so that they can be chosen by hand.
          if (!mapping && answer.rows[0]?.row === 1) {
            setChecked({ preview: answer, csv: withHeaderLine(csv, answer.headers), rowOffset: 1 });
          } else {
            setChecked((prev) => ({ preview: answer, csv, rowOffset: prev && mapping ? prev.rowOffset : 0 }));
          }
          setIsProblemsOnly(false);
        },
        onError: failed(t("step1.checkFailed")),
      },
    );
  };

  const onSource = (next: TImportSource | null) => {
    setSource(next);
    setChecked(null);
    setError(null);
  };

  const startImport = () => {
    if (!checked) return;
    setError(null);
    importMembers.mutate(
      { csv: checked.csv, mapping: toMappingBody(checked.preview.mapping), send },
      {
        onSuccess: (answer) => {
          setResult(answer);
          toast({
            title: t("toast.doneTitle"),
            description: t("toast.doneDescription", { created: answer.created, sent: format.number(answer.sent) }),
          });
        },
        onError: (err) => {
          toastApiError(err, {
            title: t("toast.failedTitle"),
            description: getServerMessage(err) ?? t("toast.failedDescription"),
          });
        },
        onSettled: () => setPhase(null),
      },
    );
  };

  const reset = () => {
    setResult(null);
    setChecked(null);
    setSource(null);
    setSourceKey((k) => k + 1);
  };

  const header = (
    <PageHeader
      title={t("page.title")}
      description={t("page.description")}
      actions={
        <Button asChild variant="outline">
          <Link href="/admin/members">
            <ArrowLeft className="rtl:-scale-x-100" aria-hidden="true" />
            {t("page.back")}
          </Link>
        </Button>
      }
    />
  );

  if (result) {
    return (
      <>
        {header}
        <ImportResultCard result={result} onAnother={reset} />
      </>
    );
  }

  const counts = checked?.preview.counts;
  const sendOptions = SEND_OPTIONS.map((o) => ({ ...o, label: t(o.label), description: t(o.description) }));
  const isImporting = importMembers.isPending;
  const rows = checked ? checked.preview.rows.filter((r) => !isProblemsOnly || r.problems.length > 0) : [];
  return (
    <>
      {header}
      <div className="grid gap-6">
        <Card>
          <CardHeader>
            <CardTitle>{t("step1.title")}</CardTitle>
            <CardDescription>{t("step1.description", { max: format.number(MEMBER_IMPORT_MAX_ROWS) })}</CardDescription>
          </CardHeader>
          <CardContent className="grid gap-4">
            <ImportSource key={sourceKey} onChange={onSource} disabled={isImporting} />
            <FormAlert message={error} />
            <div>
              <Button
                disabled={!source || preview.isPending || isImporting}
                onClick={() => source && check(source.csv)}
              >
                <FileSearch aria-hidden="true" />
                {preview.isPending ? t("step1.checking") : t("step1.check")}
              </Button>
            </div>
          </CardContent>
        </Card>

        {checked && counts && (
          <>
            <Card>
              <CardHeader>
                <CardTitle>{t("step2.title")}</CardTitle>
                <CardDescription>{t("step2.description")}</CardDescription>
              </CardHeader>
              <CardContent>
                <ColumnMapping
                  headers={checked.preview.headers}
                  mapping={checked.preview.mapping}
                  disabled={preview.isPending || isImporting}
                  onChange={(mapping) => check(checked.csv, mapping)}
                />
              </CardContent>
            </Card>

            <Card>
              <CardHeader>
                <CardTitle>{t("step3.title")}</CardTitle>
                <CardDescription aria-live="polite">
                  {t("step3.summary", {
                    total: counts.total,
                    source: isolated(source?.label ?? t("step3.theFile")),
                    ok: counts.ok,
                    problems: counts.withProblems,
                  })}
                </CardDescription>
              </CardHeader>
              <CardContent className="grid gap-3">
                {counts.withProblems > 0 && (
                  <fieldset className="flex flex-wrap gap-2" aria-label={t("step3.which")}>
                    <Button
                      size="sm"
                      variant={isProblemsOnly ? "outline" : "secondary"}
                      aria-pressed={!isProblemsOnly}
                      onClick={() => setIsProblemsOnly(false)}
                    >
                      {t("step3.all", { count: format.number(counts.total) })}
                    </Button>
                    <Button
                      size="sm"
                      variant={isProblemsOnly ? "secondary" : "outline"}
                      aria-pressed={isProblemsOnly}
                      onClick={() => setIsProblemsOnly(true)}
                    >
                      {t("step3.problems", { count: format.number(counts.withProblems) })}
                    </Button>
                  </fieldset>
                )}
                <ImportPreviewList key={`${isProblemsOnly}`} rows={rows} rowOffset={checked.rowOffset} />
              </CardContent>
            </Card>

            <Card>
              <CardHeader>
                <CardTitle id="import-send-label">{t("step4.title")}</CardTitle>
                <CardDescription>
                  {counts.ok === 0
                    ? t("step4.none")
                    : counts.withProblems
                      ? t("step4.willMakeSkipping", { count: counts.ok, skipped: counts.withProblems })
                      : t("step4.willMake", { count: counts.ok })}
                </CardDescription>
              </CardHeader>
              <CardContent className="grid gap-4">
                <RadioCards
                  aria-labelledby="import-send-label"
                  value={send}
                  onValueChange={setSend}
                  options={sendOptions}
                  disabled={isImporting}
                />
                {phase && <ImportProgress phase={phase} count={counts.ok} />}
                <div>
                  <Button disabled={counts.ok === 0 || isImporting || preview.isPending} onClick={startImport}>
                    <Upload aria-hidden="true" />
                    {isImporting ? t("step4.importing") : t("step4.submit", { count: counts.ok })}
                  </Button>
                </div>
              </CardContent>
            </Card>
          </>
        )}
      </div>
    </>
  );
}
