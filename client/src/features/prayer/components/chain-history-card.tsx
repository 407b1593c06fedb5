import { History } from "lucide-react";
import { EmptyState } from "@/components/empty-state";
import { LoadError } from "@/components/load-error";
import { SkeletonList } from "@/components/skeleton-list";
import { Avatar } from "@/components/ui/avatar";
import { Badge } from "@/components/ui/badge";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { Skeleton } from "@/components/ui/skeleton";
import { usePrayerHistory } from "../api";
import { formatWeekRange, partnerName } from "../format";

/** Spec 1 §2.12 "Prayer Chain History": the member's weeks, newest first. */
export function ChainHistoryCard() {
  const history = usePrayerHistory();
  const weeks = history.data ?? [];
  return (
    <Card aria-labelledby="chain-history-title">
      <CardHeader>
        <CardTitle id="chain-history-title">Prayer Chain History</CardTitle>
        <CardDescription>Whom you prayed for, week by week.</CardDescription>
      </CardHeader>
      <CardContent>
        {history.isLoading ? (
          <SkeletonList label="Loading your prayer chain history" count={3} rowClassName="flex items-center gap-3 py-3">
            <Skeleton className="size-9 rounded-full" />
            <div className="grid flex-1 gap-1.5">
              <Skeleton className="h-4 w-40" />
              <Skeleton className="h-3 w-28" />
            </div>
            <Skeleton className="h-5 w-20 rounded-full" />
          </SkeletonList>
        ) : history.isError ? (
          <LoadError what="Your prayer chain history" onRetry={() => history.refetch()} className="py-6 text-center" />
        ) : weeks.length === 0 ? (
          <EmptyState
            icon={History}
            title="No weeks in the chain yet"
            description="Each week you spend in the prayer chain will be listed here."
            className="py-6"
          />
        ) : (
          <ul className="divide-y divide-border">
            {weeks.map((w) => {
              const name = w.partner ? partnerName(w.partner) : "No partner";
              return (
                <li key={w.id} className="flex items-center gap-3 py-3">
                  <Avatar name={name} src={w.partner?.profileImageUrl} className="size-9 text-xs" />
                  <div className="grid min-w-0 flex-1 gap-0.5">
                    <p className="text-sm font-medium break-words text-foreground">{name}</p>
                    <p className="text-xs text-muted-foreground">
                      <span className="whitespace-nowrap">{formatWeekRange(w.weekStartDate, w.weekEndDate)}</span> ·{" "}
                      <span className="whitespace-nowrap">
                        {w.daysPrayed} {w.daysPrayed === 1 ? "day" : "days"} prayed
                      </span>
                    </p>
                  </div>
                  <Badge tone={w.status === "Current" ? "soft" : "grey"}>{w.status}</Badge>
                </li>
              );
            })}
          </ul>
        )}
      </CardContent>
    </Card>
  );
}
