import { Suspense } from "react";
import { lazyComponent } from "@/lib/lazy";
import { isStandalone, useInstallOffer } from "../install-offer";
import { OfflineBanner } from "./offline-banner";

// Drawn only once the browser offers installation (most visits it never does).
const InstallPrompt = lazyComponent(() => import("./install-prompt").then((m) => m.InstallPrompt));

/** What the signed-in shell shows on every page: the offline banner and the floating install prompt. */
export function AppNotices() {
  const { offer } = useInstallOffer();
  return (
    <>
      <OfflineBanner />
      {offer && !isStandalone() && (
        <Suspense fallback={null}>
          <InstallPrompt />
        </Suspense>
      )}
    </>
  );
}
