import { SkeletonList } from "@/components/skeleton-list";
import { Skeleton } from "@/components/ui/skeleton";
import { useT } from "@/lib/i18n";
import { notificationsCatalog } from "../i18n";

/** The popover's list while it loads (also shown while the list's own code downloads). */
export function NotificationSkeleton() {
  const t = useT(notificationsCatalog);
  return (
    <SkeletonList label={t("list.loading")} count={3} rowClassName="flex gap-3 px-4 py-3">
      <Skeleton className="size-8 shrink-0 rounded-full" />
      <div className="grid flex-1 gap-1.5">
        <Skeleton className="h-3.5 w-3/4" />
        <Skeleton className="h-3 w-full" />
        <Skeleton className="h-3 w-16" />
      </div>
    </SkeletonList>
  );
}
