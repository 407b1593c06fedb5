import type { TMyGroup } from "@common/group-meetings";
import { CalendarDays, UserPlus, UsersRound } from "lucide-react";
import { Link } from "wouter";
import { EmptyState } from "@/components/empty-state";
import { LoadError } from "@/components/load-error";
import { SkeletonList } from "@/components/skeleton-list";
import { Badge } from "@/components/ui/badge";
import { buttonClasses } from "@/components/ui/button";
import { Card, CardContent, CardHeader, CardTitle } from "@/components/ui/card";
import { Skeleton } from "@/components/ui/skeleton";
import { useT } from "@/lib/i18n";
import { groupsCatalog } from "../i18n";
import { KIND_LABELS, MEMBERSHIP_LABELS } from "../labels";
import { useMeetingTime } from "../meeting-time";
import { useMyGroups } from "../my-groups-api";

const groupHref = (id: string, rest = "") => `/groups/${encodeURIComponent(id)}${rest}`;

function MyGroupRow({ group }: { group: TMyGroup }) {
  const t = useT(groupsCatalog);
  const when = useMeetingTime();
  const waiting = group.pendingRequests ?? 0;
  return (
    <li className="grid gap-1 py-3 first:pt-0 last:pb-0">
      <div className="flex min-w-0 items-center gap-2">
        <Link
          href={groupHref(group.id)}
          className="min-w-0 truncate font-medium text-foreground hover:underline focus-visible:underline"
        >
          {group.name}
        </Link>
        {group.membership === "leader" && (
          <Badge tone="soft" className="shrink-0">
            {t(MEMBERSHIP_LABELS.leader)}
          </Badge>
        )}
      </div>
      <p className="flex items-start gap-1.5 text-sm text-muted-foreground">
        <CalendarDays className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
        {group.nextMeetingAt ? (
          <time dateTime={group.nextMeetingAt}>{t("dashboard.next", { when: when(group.nextMeetingAt) })}</time>
        ) : (
          <span>{t("dashboard.noMeeting")}</span>
        )}
      </p>
      <p className="text-xs text-muted-foreground">{t(KIND_LABELS[group.kind])}</p>
      {waiting > 0 && (
        <Link
          href={groupHref(group.id, "?tab=requests")}
          className="inline-flex w-fit items-center gap-1.5 text-sm font-medium text-brand-text hover:underline"
        >
          <UserPlus className="size-4 shrink-0" aria-hidden="true" />
          {t("dashboard.waiting", { count: waiting })}
        </Link>
      )}
    </li>
  );
}

/**
 * Issue 27, dashboards: the member's groups with their next meeting, and for a group they lead the
 * requests waiting (a link to its Requests tab). An admin's /my-dashboard shows the same card.
 */
export function MyGroupsCard({ className }: { className?: string }) {
  const t = useT(groupsCatalog);
  const groups = useMyGroups();
  const list = groups.data ?? [];
  return (
    <Card className={className}>
      <CardHeader className="flex-row items-center justify-between">
        <CardTitle>{t("dashboard.title")}</CardTitle>
        {list.length > 0 && (
          <Link href="/groups" className="text-sm font-medium text-brand-text hover:underline">
            {t("dashboard.allGroups")}
          </Link>
        )}
      </CardHeader>
      <CardContent>
        {groups.isLoading ? (
          <SkeletonList label={t("dashboard.loading")} count={2} rowClassName="grid gap-1.5 py-3">
            <Skeleton className="h-4 w-2/3" />
            <Skeleton className="h-3 w-1/2" />
          </SkeletonList>
        ) : groups.isError ? (
          <LoadError what={t("dashboard.error")} onRetry={() => groups.refetch()} className="py-6 text-center" />
        ) : list.length === 0 ? (
          <EmptyState
            icon={UsersRound}
            title={t("dashboard.empty.title")}
            description={t("dashboard.empty.description")}
            action={
              <Link href="/groups" className={buttonClasses()}>
                {t("dashboard.find")}
              </Link>
            }
            className="py-6"
          />
        ) : (
          <ul className="divide-y divide-border">
            {list.map((g) => (
              <MyGroupRow key={g.id} group={g} />
            ))}
          </ul>
        )}
      </CardContent>
    </Card>
  );
}
