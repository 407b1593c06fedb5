import { Suspense, useState } from "react";
import { useCurrentUser } from "@/lib/current-user";
import { useT } from "@/lib/i18n";
import { lazyComponent } from "@/lib/lazy";
import { useDocumentTitle } from "@/lib/use-document-title";
import { AccountSettingsCard } from "../components/account-settings-card";
import { AchievementsCard } from "../components/achievements-card";
import { DeleteAccountCard } from "../components/delete-account-card";
import { JourneyStatsCard } from "../components/journey-stats-card";
import { LanguageCard } from "../components/language-card";
import { PrayerPreferencesCard } from "../components/prayer-preferences-card";
import { PrivacyCard } from "../components/privacy-card";
import { ProfileHeader } from "../components/profile-header";
import { QuickActionsCard } from "../components/quick-actions-card";
import { RecentActivityCard } from "../components/recent-activity-card";
import { YourDataCard } from "../components/your-data-card";
import { profileCatalog } from "../i18n";

/**
 * Spec 2 Profile (`/profile`): who the member is (picture, name, church, badges), their journey in
 * figures, recent activity and achievements, and their account and prayer preferences.
 */
const EditProfileDialog = lazyComponent(() =>
  import("../components/edit-profile-dialog").then((m) => m.EditProfileDialog),
);

export function ProfilePage() {
  const t = useT(profileCatalog);
  const user = useCurrentUser();
  const [editOpen, setEditOpen] = useState(false);
  // The form (with zod and the form library) downloads when it is first opened, then stays drawn.
  const [isEditDrawn, setIsEditDrawn] = useState(false);
  if (editOpen && !isEditDrawn) setIsEditDrawn(true);
  useDocumentTitle(t("page.title"));

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
          <LanguageCard />
          <QuickActionsCard />
          <AccountSettingsCard email={user.email} />
          <PrivacyCard />
          <PrayerPreferencesCard />
          <YourDataCard />
          <DeleteAccountCard />
        </div>
      </div>
      {isEditDrawn && (
        <Suspense fallback={null}>
          <EditProfileDialog open={editOpen} user={user} onOpenChange={setEditOpen} />
        </Suspense>
      )}
    </>
  );
}
