import { Flame, HandHeart, Link2 } from "lucide-react";
import { LoadError } from "@/components/load-error";
import { PageHeader } from "@/components/page-header";
import { StatCard } from "@/components/stat-card";
import { useT } from "@/lib/i18n";
import { useDocumentTitle } from "@/lib/use-document-title";
import { usePrayerPartner } from "../api";
import { ChainHistoryCard } from "../components/chain-history-card";
import { PartnerCard, PartnerCardSkeleton } from "../components/partner-card";
import { prayerCatalog } from "../i18n";

/**
 * Spec 1 §2.12 Prayer Partners (`/prayer-partners`): this week's partner and today's prayer, the
 * three stat cards and the member's Prayer Chain History.
 */
export function PrayerPartnersPage() {
  const t = useT(prayerCatalog);
  const current = usePrayerPartner();
  const c = current.data;
  useDocumentTitle(t("partners.title"));
  return (
    <>
      <PageHeader title={t("partners.title")} description={t("partners.description")} />
      <div className="grid gap-6">
        {current.isLoading ? (
          <PartnerCardSkeleton />
        ) : current.isError || !c ? (
          <LoadError
            card
            what={t("partners.loadError")}
            onRetry={() => current.refetch()}
            className="p-8 text-center"
          />
        ) : (
          <PartnerCard current={c} />
        )}
        {(c || current.isLoading) && (
          <section aria-label={t("partners.stats")} className="grid grid-cols-2 gap-3 sm:grid-cols-3 sm:gap-4">
            <StatCard
              label={t("partners.stats.week")}
              value={c?.prayersThisWeek}
              note={c && t("partners.stats.weekNote", { count: c.prayersThisWeek })}
              icon={HandHeart}
              isLoading={current.isLoading}
            />
            <StatCard
              label={t("partners.stats.streak")}
              value={c?.prayerStreak}
              note={c && t("partners.stats.streakNote", { count: c.prayerStreak })}
              icon={Flame}
              isLoading={current.isLoading}
            />
            {/* Two beside each other on a phone, the third under both. */}
            <div className="col-span-2 sm:col-span-1">
              <StatCard
                label={t("partners.stats.links")}
                value={c?.totalChainLinks}
                note={c && t("partners.stats.linksNote", { count: c.totalChainLinks })}
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
