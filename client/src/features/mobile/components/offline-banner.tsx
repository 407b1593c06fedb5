import { WifiOff } from "lucide-react";
import { useSyncExternalStore } from "react";
import { useT } from "@/lib/i18n";
import { mobileCatalog } from "../i18n";

function subscribe(onChange: () => void) {
  window.addEventListener("online", onChange);
  window.addEventListener("offline", onChange);
  return () => {
    window.removeEventListener("online", onChange);
    window.removeEventListener("offline", onChange);
  };
}

/** True while the browser says it has no network. */
export function useIsOffline(): boolean {
  return useSyncExternalStore(subscribe, () => !navigator.onLine);
}

/**
 * Without a network the service worker answers with what it saved (the app, the last sermon and
 * event lists): this banner says so, at the top of every page.
 */
export function OfflineBanner() {
  const t = useT(mobileCatalog);
  const isOffline = useIsOffline();
  // The live region stays in the page so that going offline is announced.
  return (
    <div role="status">
      {isOffline && (
        <p className="mb-6 flex items-center gap-3 rounded-xl border border-amber-200 bg-amber-50 px-4 py-3 text-sm text-amber-900">
          <WifiOff className="size-4 shrink-0" aria-hidden="true" />
          {t("offline.banner")}
        </p>
      )}
    </div>
  );
}
