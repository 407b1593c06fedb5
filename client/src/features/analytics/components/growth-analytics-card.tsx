import { ArrowRight, Mail, UsersRound } from "lucide-react";
import { Link } from "wouter";
import { EmptyState } from "@/components/empty-state";
import { LoadError } from "@/components/load-error";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { useGrowthAnalytics } from "../api";
import { GrowthFigures, hasMembersToMeasure } from "./growth-figures";

/**
 * Spec 2 Growth settings: the growth analytics card below the action step (Action Step Completion
 * Rate, Avg. Reading Streak, Active Participants, Total Members, Recently Active), with a link to the
 * full reports. With one member or none it invites the admin to send invitations instead.
 */
export function GrowthAnalyticsCard() {
  const analytics = useGrowthAnalytics();
  const a = analytics.data;
  const isEmpty = !!a && !hasMembersToMeasure(a);

  return (
    <Card aria-labelledby="growth-analytics-title">
      <CardHeader className="flex-row flex-wrap items-start justify-between gap-3">
        <div className="min-w-0">
          <CardTitle id="growth-analytics-title">Growth Analytics</CardTitle>
          <CardDescription>How your congregation is growing this week.</CardDescription>
        </div>
        {!isEmpty && (
          <Button asChild variant="outline" size="sm">
            <Link href="/admin/analytics">
              View Reports
              <ArrowRight className="rtl:-scale-x-100" aria-hidden="true" />
            </Link>
          </Button>
        )}
      </CardHeader>
      <CardContent>
        {analytics.isError ? (
          <LoadError what="Growth analytics" onRetry={() => analytics.refetch()} />
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
  return (
    <EmptyState
      icon={UsersRound}
      title="No Members Yet"
      description="Invite your congregation to see completion rates, reading streaks and participation here."
      action={
        <Button asChild>
          <Link href="/admin/invitations">
            <Mail aria-hidden="true" />
            Send Invitations
          </Link>
        </Button>
      }
    />
  );
}
