import { formatNumber } from "@/lib/utils";
import type { TImportPhase } from "../api";

/**
 * The import's progress, honestly: the upload's bytes as a percentage, then the server's work (one
 * transaction for every row, so there is no finer figure to show) until it answers.
 */
export function ImportProgress({ phase, count }: { phase: TImportPhase; count: number }) {
  const isUploading = phase.phase === "uploading";
  const percent = isUploading ? Math.round(phase.fraction * 100) : 100;
  const people = `${formatNumber(count)} ${count === 1 ? "person" : "people"}`;
  const text = isUploading
    ? `Uploading the file… ${percent}%`
    : `Creating ${people} as invitations… This can take a minute for a large file.`;
  return (
    <div className="grid gap-2" role="status">
      <div
        role="progressbar"
        aria-label="Import progress"
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
        <span className="font-medium text-foreground">Step {isUploading ? "1" : "2"} of 2.</span> {text} Please keep
        this page open.
      </p>
    </div>
  );
}
