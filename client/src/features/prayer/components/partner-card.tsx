import { BADGES, isBadgeKey } from "@common/badges";
import type { TNoPartnerReason, TPrayerPartnerCurrent } from "@common/prayer";
import { CalendarDays, CheckCircle2, HandHeart, Mail, Users } from "lucide-react";
import { EmptyState } from "@/components/empty-state";
import { Avatar } from "@/components/ui/avatar";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { Skeleton } from "@/components/ui/skeleton";
import { toast } from "@/components/ui/use-toast";
import { toastApiError } from "@/lib/auth-redirect";
import { useCompletePartnerPrayer } from "../api";
import { formatWeekRange, partnerName, topicLabel } from "../format";

/** Why there is no partner this week, in words (issue 9: "the page says so"). */
export const NO_PARTNER_TEXT: Record<TNoPartnerReason, string> = {
  too_few_members: "The prayer chain starts when your church has at least 2 active members.",
  joined_this_week: "You'll be paired with a prayer partner when next week's chain begins on Sunday.",
  not_in_chain:
    "This week's chain was made while you were away. You'll be paired with a prayer partner when next week's chain begins on Sunday.",
};

export function PartnerCardSkeleton() {
  return (
    <Card aria-label="Loading your prayer partner" role="status">
      <CardContent className="grid gap-4 pt-5 sm:pt-6">
        <Skeleton className="h-5 w-48" />
        <div className="flex items-center gap-4">
          <Skeleton className="size-16 rounded-full" />
          <div className="grid flex-1 gap-2">
            <Skeleton className="h-5 w-40" />
            <Skeleton className="h-4 w-56" />
          </div>
        </div>
        <Skeleton className="h-14 w-full" />
      </CardContent>
    </Card>
  );
}

/** The toast after praying: the points, and any badge it earned. */
function announce(awarded: number, badges: string[]) {
  const earned = badges.filter(isBadgeKey).map((k) => BADGES[k].name);
  const points = awarded > 0 ? `You earned ${awarded} points.` : "You already prayed for your partner today.";
  const badgeText = earned.length > 0 ? ` New badge: ${earned.join(", ")}.` : "";
  toast({ title: "Prayer Completed", description: points + badgeText });
}

function TodayPrayer({ isDone }: { isDone: boolean }) {
  const complete = useCompletePartnerPrayer();
  if (isDone) {
    return (
      <p
        role="status"
        className="flex items-center gap-2 rounded-xl border border-emerald-200 bg-emerald-50 px-4 py-3 text-sm font-medium text-emerald-800"
      >
        <CheckCircle2 className="size-5 shrink-0" aria-hidden="true" />
        Prayer completed today
      </p>
    );
  }
  return (
    <div className="flex flex-col gap-3 rounded-xl border border-brand-border bg-brand-soft px-4 py-3 sm:flex-row sm:items-center sm:justify-between">
      <p className="flex items-center gap-2 text-sm font-medium text-brand-text">
        <HandHeart className="size-5 shrink-0" aria-hidden="true" />
        Remember to pray today
      </p>
      <Button
        onClick={() =>
          complete.mutate(undefined, {
            onSuccess: (r) => announce(r.awarded, r.badges),
            onError: (error) =>
              toastApiError(error, { description: "Could not mark prayer as completed. Please try again." }),
          })
        }
        disabled={complete.isPending}
        className="w-full sm:w-auto"
      >
        <CheckCircle2 aria-hidden="true" />
        {complete.isPending ? "Saving..." : "I Prayed Today"}
      </Button>
    </div>
  );
}

/**
 * Spec 1 §2.12: this week's partner (whom the member prays for), their prayer topics and today's
 * prayer; without a partner, why not.
 */
export function PartnerCard({ current }: { current: TPrayerPartnerCurrent }) {
  const week = formatWeekRange(current.weekStartDate, current.weekEndDate);
  const p = current.partner;
  return (
    <Card aria-labelledby="partner-card-title">
      <CardHeader>
        <CardTitle id="partner-card-title">Your Prayer Partner This Week</CardTitle>
        <CardDescription className="flex items-center gap-1.5">
          <CalendarDays className="size-4" aria-hidden="true" />
          {week}
        </CardDescription>
      </CardHeader>
      <CardContent className="grid gap-5">
        {!p ? (
          <EmptyState
            icon={Users}
            title="No prayer partner this week"
            description={current.reason ? NO_PARTNER_TEXT[current.reason] : "You have no prayer partner this week."}
            className="py-6"
          />
        ) : (
          <>
            <div className="flex items-center gap-4">
              <Avatar name={partnerName(p, p.email)} src={p.profileImageUrl} className="size-16 text-lg" />
              <div className="grid min-w-0 gap-0.5">
                <p className="text-lg font-semibold break-words text-foreground">{partnerName(p, p.email)}</p>
                <a
                  href={`mailto:${p.email}`}
                  className="inline-flex min-w-0 items-start gap-1.5 text-sm text-brand-text hover:underline"
                >
                  <Mail className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
                  <span className="min-w-0 break-all">{p.email}</span>
                </a>
              </div>
            </div>
            {p.prayerTopics.length > 0 && (
              <div className="grid gap-2">
                <p className="text-sm font-medium text-foreground" id="partner-topics">
                  They asked prayer for
                </p>
                <ul className="flex flex-wrap gap-2" aria-labelledby="partner-topics">
                  {p.prayerTopics.map((t) => (
                    <li
                      key={t}
                      className="rounded-full border border-brand-border bg-brand-soft px-3 py-1 text-sm text-brand-text"
                    >
                      {topicLabel(t)}
                    </li>
                  ))}
                </ul>
              </div>
            )}
            <TodayPrayer isDone={current.todayCompleted} />
          </>
        )}
      </CardContent>
    </Card>
  );
}
