import { useT } from "@/lib/i18n";
import type { TImportPhase } from "../api";
import { memberImportCatalog } from "../i18n";

/**
 * The import's progress, honestly: the upload's bytes as a percentage, then the server's work (one
 * transaction for every row, so there is no finer figure to show) until it answers.
 */
export function ImportProgress({ phase, count }: { phase: TImportPhase; count: number }) {
  const t = useT(memberImportCatalog);
  const isUploading = phase.phase === "uploading";
  const percent = isUploading ? Math.round(phase.fraction * 100) : 100;
  const text = isUploading ? t("progress.uploading", { percent }) : t("progress.creating", { count });
  return (
    <div className="grid gap-2" role="status">
      <div
        role="progressbar"
        aria-label={t("progress.label")}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={isUploading ? percent : undefined}
        aria-valuetext={text}
        className="h-2.5 overflow-hidden rounded-full bg-muted"
      >
        <div
          className={`h-full rounded-full bg-primary transition-[width] ${isUploading ? "" : "motion-safe:animate-pulse"}`}
          style={{ width: `${Math.max(percent, 4)}%` }}
        />
      </div>
      <p className="text-sm text-muted-foreground">
        <span className="font-medium text-foreground">{t("progress.step", { step: isUploading ? 1 : 2 })}</span> {text}{" "}
        {t("progress.keepOpen")}
      </p>
    </div>
  );
}
