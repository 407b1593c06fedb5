import { Award } from "lucide-react";
import { Link } from "wouter";
import { Skeleton } from "@/components/ui/skeleton";
import { useFormat, useT } from "@/lib/i18n";
import { cn } from "@/lib/utils";
import { kudosCatalog } from "../i18n";

/**
 * The admin dashboard's "Kudos awaiting approval", with the count (the admin stats' `pendingKudos`)
 * and a link to the queue; a placeholder while the count loads.
 */
export function PendingKudosNotice({ count, className }: { count: number | undefined; className?: string }) {
  const t = useT(kudosCatalog);
  const format = useFormat();
  return (
    <div
      className={cn(
        "flex flex-wrap items-center justify-between gap-x-3 gap-y-2 rounded-xl border border-border bg-muted/60 p-3 sm:px-4",
        className,
      )}
    >
      <p className="flex items-center gap-2 text-sm font-medium text-foreground">
        <Award className="size-4 shrink-0 text-brand-text" aria-hidden="true" />
        {t("notice.title")}
        {count === undefined ? (
          <Skeleton className="h-5 w-8 rounded-full" />
        ) : (
          <span
            className={cn(
              "rounded-full px-2 py-0.5 text-xs font-semibold tabular-nums",
              count > 0 ? "bg-primary text-primary-foreground" : "bg-stone-200 text-stone-700",
            )}
          >
            {format.number(count)}
          </span>
        )}
      </p>
      <Link href="/admin/kudos" className="rounded-sm text-sm font-medium text-brand-text hover:underline">
        {count ? t("notice.review") : t("notice.open")}
      </Link>
    </div>
  );
}
