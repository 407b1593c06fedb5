import { useEffect, useState } from "react";
import { isStandalone } from "./install-offer";
import { isPushSupported } from "./push-browser";

/** Spec 2 §9: the network status refreshes every 5 s (and on online/offline events). */
export const PWA_STATUS_REFRESH_MS = 5000;

export type TWorkerStatus = "checking" | "registered" | "failed";

export type TPwaStatus = {
  isInstalled: boolean;
  worker: TWorkerStatus;
  isPushSupported: boolean;
  isOfflineReady: boolean;
  isOnline: boolean;
  /** The Network Information API's view (Chrome, Android): "4g", "wifi" ...; null where unknown. */
  connection: string | null;
};

type TConnection = { effectiveType?: string; type?: string };

function readConnection(): string | null {
  const connection = (navigator as Navigator & { connection?: TConnection }).connection;
  if (!connection) return null;
  // `type` (wifi, cellular) where the browser tells it, else the effective speed class (4g, 3g).
  const type = connection.type && connection.type !== "unknown" ? connection.type : null;
  return type ?? connection.effectiveType ?? null;
}

/** Is `/sw.js` in charge of this page's scope? `failed` when it is not, or cannot be asked. */
async function readWorker(): Promise<TWorkerStatus> {
  if (!("serviceWorker" in navigator)) return "failed";
  try {
    const registration = await navigator.serviceWorker.getRegistration();
    return registration && (registration.active || registration.waiting || registration.installing)
      ? "registered"
      : "failed";
  } catch {
    return "failed";
  }
}

/** The Mobile App page's status list, read again every 5 s and when the network comes or goes. */
export function usePwaStatus(): TPwaStatus {
  const [worker, setWorker] = useState<TWorkerStatus>("checking");
  const [snapshot, setSnapshot] = useState(() => ({
    isInstalled: isStandalone(),
    isOnline: navigator.onLine,
    connection: readConnection(),
  }));

  useEffect(() => {
    let isCurrent = true;
    const refresh = () => {
      setSnapshot({ isInstalled: isStandalone(), isOnline: navigator.onLine, connection: readConnection() });
      void readWorker().then((status) => {
        if (isCurrent) setWorker(status);
      });
    };
    refresh();
    const timer = setInterval(refresh, PWA_STATUS_REFRESH_MS);
    window.addEventListener("online", refresh);
    window.addEventListener("offline", refresh);
    return () => {
      isCurrent = false;
      clearInterval(timer);
      window.removeEventListener("online", refresh);
      window.removeEventListener("offline", refresh);
    };
  }, []);

  return {
    ...snapshot,
    worker,
    isPushSupported: isPushSupported(),
    // The worker keeps the app shell and the last sermon and event lists for offline use.
    isOfflineReady: worker === "registered" && typeof caches !== "undefined",
  };
}
