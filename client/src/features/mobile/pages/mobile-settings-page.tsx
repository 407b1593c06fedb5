import { PageHeader } from "@/components/page-header";
import { useDocumentTitle } from "@/lib/use-document-title";
import { FeatureListCard } from "../components/feature-list-card";
import { InstallCard } from "../components/install-card";
import { PushPanel } from "../components/push-panel";
import { PwaStatusCard } from "../components/pwa-status-card";

/** Spec 2 Mobile app settings (`/mobile-settings`): push notifications, the app's status and its features. */
export function MobileSettingsPage() {
  useDocumentTitle("Mobile App");
  return (
    <>
      <PageHeader title="Mobile App" description="Install the app and choose what it tells you on this device." />
      <div className="grid gap-6 lg:grid-cols-3">
        <div className="grid content-start gap-6 lg:col-span-2">
          <PushPanel />
          <FeatureListCard />
        </div>
        <div className="grid content-start gap-6">
          <PwaStatusCard />
          <InstallCard />
        </div>
      </div>
    </>
  );
}
