import { SkeletonList } from "@/components/skeleton-list";
import { Card } from "@/components/ui/card";
import { Skeleton } from "@/components/ui/skeleton";
import { useT } from "@/lib/i18n";
import { commonCatalog } from "./i18n";

/** A page's place inside the shell while its code downloads: a heading and a few rows. */
export function PageSkeleton() {
  const t = useT(commonCatalog);
  return (
    <div role="status" aria-label={t("loading.page")}>
      <Skeleton className="h-8 w-56 max-w-full" />
      <Skeleton className="mt-2 mb-6 h-4 w-80 max-w-full" />
      <Card className="overflow-hidden">
        <SkeletonList label={t("loading")} count={4} rowClassName="flex items-center gap-3 p-4">
          <Skeleton className="size-10 shrink-0 rounded-lg" />
          <div className="grid flex-1 gap-1.5">
            <Skeleton className="h-4 w-2/3" />
            <Skeleton className="h-3 w-1/3" />
          </div>
        </SkeletonList>
      </Card>
    </div>
  );
}
