import type { LucideIcon } from "lucide-react";
import type { ReactNode } from "react";
import { Skeleton, skeletonKeys } from "@/components/ui/skeleton";
import { cn } from "@/lib/utils";

export type TFigure = { label: string; value: string; note: ReactNode; icon: LucideIcon };

/**
 * Figures as tiles (label and icon, the figure, a note), two a row on a phone and three from a
 * tablet up; `className` adds wider rows. Without figures yet, `count` skeleton tiles.
 */
export function FigureTiles({
  figures,
  count,
  loadingLabel,
  hasNoteSkeleton = false,
  className,
}: {
  figures: TFigure[] | undefined;
  count: number;
  loadingLabel: string;
  /** Whether a skeleton tile draws the note's line too. */
  hasNoteSkeleton?: boolean;
  className?: string;
}) {
  const grid = cn("grid grid-cols-2 gap-3 sm:grid-cols-3", className);
  if (!figures) {
    return (
      <div className={grid} role="status" aria-label={loadingLabel}>
        {skeletonKeys(count).map((k) => (
          <div key={k} className="rounded-xl border border-border p-4">
            <Skeleton className="h-4 w-24" />
            <Skeleton className="mt-3 h-7 w-14" />
            {hasNoteSkeleton && <Skeleton className="mt-2 h-3 w-20" />}
          </div>
        ))}
      </div>
    );
  }
  return (
    <dl className={grid}>
      {figures.map((f) => (
        <div key={f.label} className="flex min-w-0 flex-col rounded-xl border border-border bg-card p-4">
          <dt className="flex items-start justify-between gap-2 text-sm font-medium text-muted-foreground">
            <span>{f.label}</span>
            <span className="flex size-7 shrink-0 items-center justify-center rounded-md bg-brand-soft text-brand-text">
              <f.icon className="size-4" aria-hidden="true" />
            </span>
          </dt>
          <dd className="mt-auto pt-2">
            <span className="block text-2xl font-bold tracking-tight text-foreground">{f.value}</span>
            <span className="mt-0.5 block text-xs text-muted-foreground">{f.note}</span>
          </dd>
        </div>
      ))}
    </dl>
  );
}
