import { ArrowRight, Mail, UsersRound } from "lucide-react";
import { Link } from "wouter";
import { EmptyState } from "@/components/empty-state";
import { LoadError } from "@/components/load-error";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { useT } from "@/lib/i18n";
import { useGrowthAnalytics } from "../api";
import { analyticsCatalog } from "../i18n";
import { GrowthFigures, hasMembersToMeasure } from "./growth-figures";

/**
 * Spec 2 Growth settings: the growth analytics card below the action step (Action Step Completion
 * Rate, Avg. Reading Streak, Active Participants, Total Members, Recently Active), with a link to the
 * full reports. With one member or none it invites the admin to send invitations instead.
 */
export function GrowthAnalyticsCard() {
  const t = useT(analyticsCatalog);
  const analytics = useGrowthAnalytics();
  const a = analytics.data;
  const isEmpty = !!a && !hasMembersToMeasure(a);

  return (
    <Card aria-labelledby="growth-analytics-title">
      <CardHeader className="flex-row flex-wrap items-start justify-between gap-3">
        <div className="min-w-0">
          <CardTitle id="growth-analytics-title">{t("card.title")}</CardTitle>
          <CardDescription>{t("card.description")}</CardDescription>
        </div>
        {!isEmpty && (
          <Button asChild variant="outline" size="sm">
            <Link href="/admin/analytics">
              {t("card.viewReports")}
              <ArrowRight className="rtl:-scale-x-100" aria-hidden="true" />
            </Link>
          </Button>
        )}
      </CardHeader>
      <CardContent>
        {analytics.isError ? (
          <LoadError what={t("card.loadError")} onRetry={() => analytics.refetch()} />
        ) : isEmpty ? (
          <NoMembersYet />
        ) : (
          <GrowthFigures analytics={a} />
        )}
      </CardContent>
    </Card>
  );
}

export function NoMembersYet() {
  const t = useT(analyticsCatalog);
  return (
    <EmptyState
      icon={UsersRound}
      title={t("empty.title")}
      description={t("empty.description")}
      action={
        <Button asChild>
          <Link href="/admin/invitations">
            <Mail aria-hidden="true" />
            {t("empty.action")}
          </Link>
        </Button>
      }
    />
  );
}
