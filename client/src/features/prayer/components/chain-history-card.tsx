import { History } from "lucide-react";
import { EmptyState } from "@/components/empty-state";
import { LoadError } from "@/components/load-error";
import { SkeletonList } from "@/components/skeleton-list";
import { Avatar } from "@/components/ui/avatar";
import { Badge } from "@/components/ui/badge";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { Skeleton } from "@/components/ui/skeleton";
import { currentLanguage, useT } from "@/lib/i18n";
import { usePrayerHistory } from "../api";
import { formatWeekRange, partnerName } from "../format";
import { prayerCatalog } from "../i18n";

/** Spec 1 §2.12 "Prayer Chain History": the member's weeks, newest first. */
export function ChainHistoryCard() {
  const t = useT(prayerCatalog);
  const history = usePrayerHistory();
  const weeks = history.data ?? [];
  return (
    <Card aria-labelledby="chain-history-title">
      <CardHeader>
        <CardTitle id="chain-history-title">{t("history.title")}</CardTitle>
        <CardDescription>{t("history.description")}</CardDescription>
      </CardHeader>
      <CardContent>
        {history.isLoading ? (
          <SkeletonList label={t("history.loading")} count={3} rowClassName="flex items-center gap-3 py-3">
            <Skeleton className="size-9 rounded-full" />
            <div className="grid flex-1 gap-1.5">
              <Skeleton className="h-4 w-40" />
              <Skeleton className="h-3 w-28" />
            </div>
            <Skeleton className="h-5 w-20 rounded-full" />
          </SkeletonList>
        ) : history.isError ? (
          <LoadError what={t("history.loadError")} onRetry={() => history.refetch()} className="py-6 text-center" />
        ) : weeks.length === 0 ? (
          <EmptyState
            icon={History}
            title={t("history.empty.title")}
            description={t("history.empty.description")}
            className="py-6"
          />
        ) : (
          <ul className="divide-y divide-border">
            {weeks.map((w) => {
              const name = w.partner ? partnerName(w.partner, t("partner.fallbackName")) : t("history.noPartner");
              return (
                <li key={w.id} className="flex items-center gap-3 py-3">
                  <Avatar name={name} src={w.partner?.profileImageUrl} className="size-9 text-xs" />
                  <div className="grid min-w-0 flex-1 gap-0.5">
                    <p className="text-sm font-medium break-words text-foreground">{name}</p>
                    <p className="text-xs text-muted-foreground">
                      <span className="whitespace-nowrap">
                        {formatWeekRange(w.weekStartDate, w.weekEndDate, currentLanguage())}
                      </span>{" "}
                      · <span className="whitespace-nowrap">{t("history.daysPrayed", { count: w.daysPrayed })}</span>
                    </p>
                  </div>
                  <Badge tone={w.status === "Current" ? "soft" : "grey"}>{t(`history.status.${w.status}`)}</Badge>
                </li>
              );
            })}
          </ul>
        )}
      </CardContent>
    </Card>
  );
}
