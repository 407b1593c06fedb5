import { Flame, HandHeart, Link2 } from "lucide-react";
import { LoadError } from "@/components/load-error";
import { PageHeader } from "@/components/page-header";
import { StatCard } from "@/components/stat-card";
import { useDocumentTitle } from "@/lib/use-document-title";
import { usePrayerPartner } from "../api";
import { ChainHistoryCard } from "../components/chain-history-card";
import { PartnerCard, PartnerCardSkeleton } from "../components/partner-card";

const days = (n: number) => (n === 1 ? "day" : "days");

/**
 * Spec 1 §2.12 Prayer Partners (`/prayer-partners`): this week's partner and today's prayer, the
 * three stat cards and the member's Prayer Chain History.
 */
export function PrayerPartnersPage() {
  const current = usePrayerPartner();
  const c = current.data;
  useDocumentTitle("Prayer Partners");
  return (
    <>
      <PageHeader
        title="Prayer Partners"
        description="Each week your church prays in a chain: you pray for one member, and another prays for you."
      />
      <div className="grid gap-6">
        {current.isLoading ? (
          <PartnerCardSkeleton />
        ) : current.isError || !c ? (
          <LoadError card what="Your prayer partner" onRetry={() => current.refetch()} className="p-8 text-center" />
        ) : (
          <PartnerCard current={c} />
        )}
        {(c || current.isLoading) && (
          <section aria-label="Your prayer statistics" className="grid grid-cols-2 gap-3 sm:grid-cols-3 sm:gap-4">
            <StatCard
              label="Prayers This Week"
              value={c?.prayersThisWeek}
              note={c && `${days(c.prayersThisWeek)} prayed`}
              icon={HandHeart}
              isLoading={current.isLoading}
            />
            <StatCard
              label="Prayer Streak"
              value={c?.prayerStreak}
              note={c && `${days(c.prayerStreak)} in a row`}
              icon={Flame}
              isLoading={current.isLoading}
            />
            {/* Two beside each other on a phone, the third under both. */}
            <div className="col-span-2 sm:col-span-1">
              <StatCard
                label="Total Chain Links"
                value={c?.totalChainLinks}
                note={c && `${c.totalChainLinks === 1 ? "week" : "weeks"} in the chain`}
                icon={Link2}
                isLoading={current.isLoading}
              />
            </div>
          </section>
        )}
        <ChainHistoryCard />
      </div>
    </>
  );
}
