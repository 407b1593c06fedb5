import type { TNotificationList } from "@common/notifications";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { createContext, type ReactNode, useContext, useEffect, useRef } from "react";
import { Link } from "wouter";
import { LIVE_EVENT_KEY } from "@/features/live/live-cache";
import { useIsLiveNow } from "@/features/live/live-now";
import { NOTIFICATIONS_KEY } from "@/features/notifications/api";
import { useT } from "@/lib/i18n";
import { cn } from "@/lib/utils";
import { shellCatalog } from "../i18n";

const LiveNowContext = createContext(false);

/** Whether the church's stream is on, for the shell's nav and top bar. */
export function useShellIsLive(): boolean {
  return useContext(LiveNowContext);
}

/**
 * Asks once whether the church is live, and again when a `live_started` notification arrives: the
 * bell's own answer (read here, never fetched here), so the sign adds no polling of its own.
 */
export function LiveNowProvider({ children }: { children: ReactNode }) {
  const isLive = useIsLiveNow();
  const queryClient = useQueryClient();
  const notifications = useQuery<TNotificationList>({ queryKey: NOTIFICATIONS_KEY, enabled: false });
  const newestLiveStart = notifications.data?.notifications.find((n) => n.kind === "live_started")?.id ?? null;
  const seen = useRef<string | null | undefined>(undefined);
  useEffect(() => {
    if (!notifications.data) return;
    if (seen.current !== undefined && seen.current !== newestLiveStart)
      void queryClient.invalidateQueries({ queryKey: LIVE_EVENT_KEY });
    seen.current = newestLiveStart;
  }, [newestLiveStart, notifications.data, queryClient]);
  return <LiveNowContext.Provider value={isLive}>{children}</LiveNowContext.Provider>;
}

/** A red dot and "Live": beside the Live Stream nav item and in the top bar while the church is live. */
export function LiveDot({ className }: { className?: string }) {
  const t = useT(shellCatalog);
  return (
    <span
      className={cn(
        "inline-flex shrink-0 items-center gap-1 rounded-full bg-red-50 px-2 py-0.5 text-xs font-semibold text-red-700",
        className,
      )}
    >
      <span className="relative flex size-2" aria-hidden="true">
        <span className="absolute inline-flex size-full animate-ping rounded-full bg-red-500 opacity-60 motion-reduce:animate-none" />
        <span className="relative inline-flex size-2 rounded-full bg-red-600" />
      </span>
      {t("live.badge")}
    </span>
  );
}

/** The top bar's link to the stream while the church is live. */
export function LiveNowLink() {
  const t = useT(shellCatalog);
  const isLive = useShellIsLive();
  if (!isLive) return null;
  return (
    <Link
      href="/live"
      aria-label={t("live.watchNow")}
      title={t("live.watchNow")}
      className="shrink-0 rounded-full focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-red-600"
    >
      <LiveDot className="py-1" />
    </Link>
  );
}
