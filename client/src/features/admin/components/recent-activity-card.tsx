import { RECENT_ACTIVITY_COUNT } from "@common/admin-helpers";
import { Activity } from "lucide-react";
import { EmptyState } from "@/components/empty-state";
import { Card, CardContent, CardHeader, CardTitle } from "@/components/ui/card";
import { Skeleton, skeletonKeys } from "@/components/ui/skeleton";
import { useFormat, useT } from "@/lib/i18n";
import { useRecentActivity } from "../api";
import { adminCatalog } from "../i18n";

export function RecentActivityCard() {
  const t = useT(adminCatalog);
  const format = useFormat();
  const activity = useRecentActivity();
  const items = (activity.data ?? []).slice(0, RECENT_ACTIVITY_COUNT);
  return (
    <Card>
      <CardHeader>
        <CardTitle>{t("activity.title")}</CardTitle>
      </CardHeader>
      <CardContent>
        {activity.isLoading ? (
          <ul className="grid gap-4" aria-label={t("activity.loading")}>
            {skeletonKeys(4).map((key) => (
              <li key={key} className="flex gap-3">
                <Skeleton className="size-2 rounded-full" />
                <div className="grid flex-1 gap-1.5">
                  <Skeleton className="h-4 w-3/4" />
                  <Skeleton className="h-3 w-20" />
                </div>
              </li>
            ))}
          </ul>
        ) : activity.isError ? (
          <p className="py-6 text-center text-sm text-muted-foreground">{t("activity.error")}</p>
        ) : items.length === 0 ? (
          <EmptyState
            icon={Activity}
            title={t("activity.emptyTitle")}
            description={t("activity.emptyDescription")}
            className="py-6"
          />
        ) : (
          <ul className="grid gap-4">
            {items.map((item) => (
              <li key={item.id} className="flex items-start gap-3">
                <span className="mt-1.5 size-2 shrink-0 rounded-full bg-primary" aria-hidden="true" />
                <div className="min-w-0">
                  <p className="text-sm text-foreground">{item.description}</p>
                  <p className="text-xs text-muted-foreground">
                    <time dateTime={item.timestamp}>{format.relative(item.timestamp)}</time>
                  </p>
                </div>
              </li>
            ))}
          </ul>
        )}
      </CardContent>
    </Card>
  );
}
