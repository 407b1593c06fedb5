import { useState } from "react";
import { useCurrentUser } from "@/lib/current-user";
import { useDocumentTitle } from "@/lib/use-document-title";
import { AccountSettingsCard } from "../components/account-settings-card";
import { AchievementsCard } from "../components/achievements-card";
import { EditProfileDialog } from "../components/edit-profile-dialog";
import { JourneyStatsCard } from "../components/journey-stats-card";
import { PrayerPreferencesCard } from "../components/prayer-preferences-card";
import { ProfileHeader } from "../components/profile-header";
import { QuickActionsCard } from "../components/quick-actions-card";
import { RecentActivityCard } from "../components/recent-activity-card";

/**
 * Spec 2 Profile (`/profile`): who the member is (picture, name, church, badges), their journey in
 * figures, recent activity and achievements, and their account and prayer preferences.
 */
export function ProfilePage() {
  const user = useCurrentUser();
  const [editOpen, setEditOpen] = useState(false);
  useDocumentTitle("Profile");

  return (
    <>
      <ProfileHeader user={user} onEdit={() => setEditOpen(true)} />
      <div className="grid gap-6 lg:grid-cols-3">
        <div className="grid content-start gap-6 lg:col-span-2">
          <JourneyStatsCard />
          <RecentActivityCard />
          <AchievementsCard />
        </div>
        <div className="grid content-start gap-6">
          <QuickActionsCard />
          <AccountSettingsCard email={user.email} />
          <PrayerPreferencesCard />
        </div>
      </div>
      <EditProfileDialog open={editOpen} user={user} onOpenChange={setEditOpen} />
    </>
  );
}
