import { GrowthSettingsPage } from "@/features/action-steps/pages/growth-settings-page";
import { GrowthAnalyticsCard } from "@/features/analytics/components/growth-analytics-card";

/** Spec 2 `/admin/growth`: the weekly action step's settings with the growth analytics card below. */
export function GrowthSettingsWithAnalytics() {
  return <GrowthSettingsPage analytics={<GrowthAnalyticsCard />} />;
}
