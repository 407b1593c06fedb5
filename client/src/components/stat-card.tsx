import type { LucideIcon } from "lucide-react";
import type { ReactNode } from "react";
import { Skeleton } from "@/components/ui/skeleton";
import { useFormat, useT } from "@/lib/i18n";
import { commonCatalog } from "./i18n";

export function StatCard({
  label,
  value,
  note,
  icon: Icon,
  isLoading,
}: {
  label: string;
  value: number | undefined;
  note?: ReactNode;
  icon: LucideIcon;
  isLoading?: boolean;
}) {
  const t = useT(commonCatalog);
  const format = useFormat();
  return (
    <div className="rounded-2xl border border-border bg-card p-4 shadow-xs sm:p-5">
      <div className="flex items-start justify-between gap-3">
        <p className="text-sm font-medium text-muted-foreground">{label}</p>
        <span className="flex size-9 shrink-0 items-center justify-center rounded-lg bg-brand-soft text-brand-text">
          <Icon className="size-[18px]" aria-hidden="true" />
        </span>
      </div>
      {isLoading || value === undefined ? (
        <div className="mt-2 grid gap-2" aria-label={t("loading.what", { what: label })} role="status">
          <Skeleton className="h-8 w-16" />
          <Skeleton className="h-3 w-24" />
        </div>
      ) : (
        <>
          <p className="mt-1 text-3xl font-bold tracking-tight text-foreground">{format.number(value)}</p>
          {note && <p className="mt-1 text-xs text-muted-foreground">{note}</p>}
        </>
      )}
    </div>
  );
}
