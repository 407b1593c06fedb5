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
import { currentLanguage, type TTranslate, useT } from "@/lib/i18n";
import { useCompletePartnerPrayer } from "../api";
import { formatWeekRange, partnerName, topicLabel } from "../format";
import { prayerCatalog } from "../i18n";

/** Why there is no partner this week, in words (issue 9: "the page says so"): its key, by reason. */
const NO_PARTNER_TEXT = {
  too_few_members: "partner.reason.too_few_members",
  joined_this_week: "partner.reason.joined_this_week",
  not_in_chain: "partner.reason.not_in_chain",
} as const satisfies Record<TNoPartnerReason, string>;

export function PartnerCardSkeleton() {
  const t = useT(prayerCatalog);
  return (
    <Card aria-label={t("partner.loading")} role="status">
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
function announce(t: TTranslate<typeof prayerCatalog.en>, awarded: number, badges: string[]) {
  const earned = badges.filter(isBadgeKey).map((k) => BADGES[k].name);
  const points = awarded > 0 ? t("partner.toast.earned", { count: awarded }) : t("partner.toast.already");
  const list = new Intl.ListFormat(currentLanguage(), { style: "long", type: "unit" });
  const badgeText = earned.length > 0 ? ` ${t("partner.toast.badges", { badges: list.format(earned) })}` : "";
  toast({ title: t("partner.toast.title"), description: points + badgeText });
}

function TodayPrayer({ isDone }: { isDone: boolean }) {
  const t = useT(prayerCatalog);
  const complete = useCompletePartnerPrayer();
  if (isDone) {
    return (
      <p
        role="status"
        className="flex items-center gap-2 rounded-xl border border-emerald-200 bg-emerald-50 px-4 py-3 text-sm font-medium text-emerald-800"
      >
        <CheckCircle2 className="size-5 shrink-0" aria-hidden="true" />
        {t("partner.done")}
      </p>
    );
  }
  return (
    <div className="flex flex-col gap-3 rounded-xl border border-brand-border bg-brand-soft px-4 py-3 sm:flex-row sm:items-center sm:justify-between">
      <p className="flex items-center gap-2 text-sm font-medium text-brand-text">
        <HandHeart className="size-5 shrink-0" aria-hidden="true" />
        {t("partner.remember")}
      </p>
      <Button
        onClick={() =>
          complete.mutate(undefined, {
            onSuccess: (r) => announce(t, r.awarded, r.badges),
            onError: (error) => toastApiError(error, { description: t("partner.failed") }),
          })
        }
        disabled={complete.isPending}
        className="w-full sm:w-auto"
      >
        <CheckCircle2 aria-hidden="true" />
        {complete.isPending ? t("partner.saving") : t("partner.iPrayed")}
      </Button>
    </div>
  );
}

/**
 * Spec 1 §2.12: this week's partner (whom the member prays for), their prayer topics and today's
 * prayer; without a partner, why not.
 */
export function PartnerCard({ current }: { current: TPrayerPartnerCurrent }) {
  const t = useT(prayerCatalog);
  const week = formatWeekRange(current.weekStartDate, current.weekEndDate, currentLanguage());
  const p = current.partner;
  return (
    <Card aria-labelledby="partner-card-title">
      <CardHeader>
        <CardTitle id="partner-card-title">{t("partner.title")}</CardTitle>
        <CardDescription className="flex items-center gap-1.5">
          <CalendarDays className="size-4" aria-hidden="true" />
          {week}
        </CardDescription>
      </CardHeader>
      <CardContent className="grid gap-5">
        {!p ? (
          <EmptyState
            icon={Users}
            title={t("partner.none.title")}
            description={current.reason ? t(NO_PARTNER_TEXT[current.reason]) : t("partner.none.description")}
            className="py-6"
          />
        ) : (
          <>
            <div className="flex items-center gap-4">
              <Avatar
                name={partnerName(p, p.email ?? t("partner.fallbackName"))}
                src={p.profileImageUrl}
                className="size-16 text-lg"
              />
              <div className="grid min-w-0 gap-0.5">
                <p className="text-lg font-semibold break-words text-foreground">
                  {partnerName(p, p.email ?? t("partner.fallbackName"))}
                </p>
                {/* Only when the partner lets the caller see it (issue 27: their privacy settings). */}
                {p.email && (
                  <a
                    href={`mailto:${p.email}`}
                    className="inline-flex min-w-0 items-start gap-1.5 text-sm text-brand-text hover:underline"
                  >
                    <Mail className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
                    <span className="min-w-0 break-all">{p.email}</span>
                  </a>
                )}
              </div>
            </div>
            {p.prayerTopics.length > 0 && (
              <div className="grid gap-2">
                <p className="text-sm font-medium text-foreground" id="partner-topics">
                  {t("partner.topics")}
                </p>
                <ul className="flex flex-wrap gap-2" aria-labelledby="partner-topics">
                  {p.prayerTopics.map((topic) => (
                    <li
                      key={topic}
                      className="rounded-full border border-brand-border bg-brand-soft px-3 py-1 text-sm text-brand-text"
                    >
                      {topicLabel(t, topic)}
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
