import { InstallPrompt } from "./install-prompt";
import { OfflineBanner } from "./offline-banner";

/** What the signed-in shell shows on every page: the offline banner and the floating install prompt. */
export function AppNotices() {
  return (
    <>
      <OfflineBanner />
      <InstallPrompt />
    </>
  );
}
