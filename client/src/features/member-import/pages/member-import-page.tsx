import type { TMemberImportPreview, TMemberImportResult } from "@common/member-import";
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
import { useDocumentTitle } from "@/lib/use-document-title";
import { formatNumber } from "@/lib/utils";
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

type TSend = "now" | "later";
type TChecked = { preview: TMemberImportPreview; csv: string; rowOffset: number };

const SEND_OPTIONS = [
  {
    value: "later" as const,
    label: "Keep them waiting for my review",
    description: "Nothing is emailed. Send them from Send Invitations, one by one or all at once, when you are ready.",
  },
  {
    value: "now" as const,
    label: "Send the invitations now",
    description: "Each person gets their link by email today, as far as the daily sending limit allows; the rest wait.",
  },
];

const plural = (n: number, one: string, many: string) => `${formatNumber(n)} ${n === 1 ? one : many}`;

/** Issue 12: a congregation brought in from a CSV file or pasted rows, as invitations. */
export function MemberImportPage() {
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
  useDocumentTitle("Import Members");

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
        onError: failed("The file could not be checked. Please try again."),
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
            title: "Import Complete",
            description: `${plural(answer.created, "invitation", "invitations")} created, ${formatNumber(answer.sent)} sent.`,
          });
        },
        onError: (err) => {
          toastApiError(err, {
            title: "Import Failed",
            description: getServerMessage(err) ?? "The import failed. Nobody was invited; please try again.",
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
      title="Import Members"
      description="Bring your congregation in from a spreadsheet. Each person becomes an invitation; nobody is emailed until you choose."
      actions={
        <Button asChild variant="outline">
          <Link href="/admin/members">
            <ArrowLeft className="rtl:-scale-x-100" aria-hidden="true" />
            Back to Members
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
  const isImporting = importMembers.isPending;
  const rows = checked ? checked.preview.rows.filter((r) => !isProblemsOnly || r.problems.length > 0) : [];
  return (
    <>
      {header}
      <div className="grid gap-6">
        <Card>
          <CardHeader>
            <CardTitle>1. Choose the people</CardTitle>
            <CardDescription>
              A header row helps: Email, First Name, Last Name and Role are found by themselves. Up to 5,000 people at a
              time.
            </CardDescription>
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
                {preview.isPending ? "Checking..." : "Check the rows"}
              </Button>
            </div>
          </CardContent>
        </Card>

        {checked && counts && (
          <>
            <Card>
              <CardHeader>
                <CardTitle>2. Match the columns</CardTitle>
                <CardDescription>Which column holds what. Changing one checks the rows again.</CardDescription>
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
                <CardTitle>3. Check the rows</CardTitle>
                <CardDescription aria-live="polite">
                  {plural(counts.total, "person", "people")} in {source?.label ?? "the file"}: {formatNumber(counts.ok)}{" "}
                  ready, {formatNumber(counts.withProblems)} with problems (skipped).
                </CardDescription>
              </CardHeader>
              <CardContent className="grid gap-3">
                {counts.withProblems > 0 && (
                  <fieldset className="flex flex-wrap gap-2" aria-label="Which rows to show">
                    <Button
                      size="sm"
                      variant={isProblemsOnly ? "outline" : "secondary"}
                      aria-pressed={!isProblemsOnly}
                      onClick={() => setIsProblemsOnly(false)}
                    >
                      All rows ({formatNumber(counts.total)})
                    </Button>
                    <Button
                      size="sm"
                      variant={isProblemsOnly ? "secondary" : "outline"}
                      aria-pressed={isProblemsOnly}
                      onClick={() => setIsProblemsOnly(true)}
                    >
                      With problems ({formatNumber(counts.withProblems)})
                    </Button>
                  </fieldset>
                )}
                <ImportPreviewList key={`${isProblemsOnly}`} rows={rows} rowOffset={checked.rowOffset} />
              </CardContent>
            </Card>

            <Card>
              <CardHeader>
                <CardTitle id="import-send-label">4. Import</CardTitle>
                <CardDescription>
                  {counts.ok === 0
                    ? "No row is ready to import: fix the file or the columns above."
                    : `${plural(counts.ok, "invitation", "invitations")} will be made${counts.withProblems ? `; ${plural(counts.withProblems, "row", "rows")} with problems are skipped` : ""}.`}
                </CardDescription>
              </CardHeader>
              <CardContent className="grid gap-4">
                <RadioCards
                  aria-labelledby="import-send-label"
                  value={send}
                  onValueChange={setSend}
                  options={SEND_OPTIONS}
                  disabled={isImporting}
                />
                {phase && <ImportProgress phase={phase} count={counts.ok} />}
                <div>
                  <Button disabled={counts.ok === 0 || isImporting || preview.isPending} onClick={startImport}>
                    <Upload aria-hidden="true" />
                    {isImporting ? "Importing..." : `Import ${plural(counts.ok, "person", "people")}`}
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
