import { PageHeader } from "@/components/page-header";
import { useT } from "@/lib/i18n";
import { useDocumentTitle } from "@/lib/use-document-title";
import { FeatureListCard } from "../components/feature-list-card";
import { InstallCard } from "../components/install-card";
import { PushPanel } from "../components/push-panel";
import { PwaStatusCard } from "../components/pwa-status-card";
import { mobileCatalog } from "../i18n";

/** Spec 2 Mobile app settings (`/mobile-settings`): push notifications, the app's status and its features. */
export function MobileSettingsPage() {
  const t = useT(mobileCatalog);
  useDocumentTitle(t("page.title"));
  return (
    <>
      <PageHeader title={t("page.title")} description={t("page.description")} />
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
