import type { TPushState, TPushSubscription } from "@common/notifications";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { toast } from "@/components/ui/use-toast";
import { apiJson, getServerMessage } from "@/lib/api-client";
import { toastApiError } from "@/lib/auth-redirect";
import { translator } from "@/lib/i18n";
import { mobileCatalog } from "./i18n";
import {
  getBrowserSubscription,
  isPushSupported,
  PUSH_PERMISSION_DENIED,
  PUSH_UNSUPPORTED,
  subscribeBrowser,
  unsubscribeBrowser,
} from "./push-browser";

const t = translator(mobileCatalog);

export const PUSH_STATE_KEY = ["/api/notifications/push"] as const;
/** This browser's own subscription (not a server answer, so not a path). */
const BROWSER_SUBSCRIPTION_KEY = ["browser", "push-subscription"] as const;

export type TPushPanelState = "loading" | "unsupported" | "not-enabled" | "enabled";

/** Spec 2 §8: the toast's text is the error's own message (the server's words for an API error). */
const messageOf = (error: unknown) => {
  const server = getServerMessage(error);
  if (server) return server;
  // The browser's own refusals carry a fixed English message: say it in the language on screen.
  if (error instanceof Error && error.message === PUSH_UNSUPPORTED) return t("error.unsupported");
  if (error instanceof Error && error.message === PUSH_PERMISSION_DENIED) return t("error.permissionDenied");
  return error instanceof Error ? error.message : t("error.generic");
};

const failed = (titleKey: "toast.enableFailed" | "toast.disableFailed" | "toast.testFailed") => (error: unknown) =>
  toastApiError(error, { title: t(titleKey), description: messageOf(error) });

/**
 * Spec 2 §4: unsupported, not enabled or enabled. Enabled means this browser holds a subscription
 * and the server has the member's: a subscription left by someone else on a shared device is not theirs.
 */
export function usePushPanel() {
  const isSupported = isPushSupported();
  const server = useQuery<TPushState>({ queryKey: PUSH_STATE_KEY, enabled: isSupported });
  const browser = useQuery({
    queryKey: BROWSER_SUBSCRIPTION_KEY,
    queryFn: async () => (await getBrowserSubscription())?.endpoint ?? null,
    enabled: isSupported,
  });
  const state: TPushPanelState = !isSupported
    ? "unsupported"
    : server.isLoading || browser.isLoading
      ? "loading"
      : browser.data && server.data?.subscribed && Notification.permission === "granted"
        ? "enabled"
        : "not-enabled";
  return {
    state,
    server,
    isBlocked: isSupported && Notification.permission === "denied",
  };
}

function useRefreshPush() {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: PUSH_STATE_KEY }),
      queryClient.invalidateQueries({ queryKey: BROWSER_SUBSCRIPTION_KEY }),
    ]);
}

/**
 * Enable: permission, subscribe with the server's key, then `POST /api/notifications/subscribe`.
 * No preferences are sent: the member's channels (issue 29) decide what each kind pushes.
 */
export function useEnablePush() {
  const refresh = useRefreshPush();
  return useMutation({
    mutationFn: async ({ publicKey }: { publicKey: string }) => {
      const subscription = await subscribeBrowser(publicKey);
      try {
        await apiJson("POST", "/api/notifications/subscribe", {
          subscription: subscription.toJSON() as TPushSubscription,
        });
      } catch (error) {
        // The server refused it: leave the browser as unsubscribed as the server knows it.
        await subscription.unsubscribe().catch(() => {});
        throw error;
      }
    },
    onSuccess: () => toast({ title: t("toast.enabled.title"), description: t("toast.enabled.description") }),
    onError: failed("toast.enableFailed"),
    onSettled: refresh,
  });
}

/** Disable: unsubscribe this browser, then `POST /api/notifications/unsubscribe` with its endpoint. */
export function useDisablePush() {
  const refresh = useRefreshPush();
  return useMutation({
    mutationFn: async () => {
      const endpoint = await unsubscribeBrowser();
      // Without an endpoint the server would end every device's subscription, not just this one's.
      if (endpoint) await apiJson("POST", "/api/notifications/unsubscribe", { endpoint });
    },
    onSuccess: () => toast({ title: t("toast.disabled.title"), description: t("toast.disabled.description") }),
    onError: failed("toast.disableFailed"),
    onSettled: refresh,
  });
}

/** `POST /api/notifications/test`. */
export function useSendTestPush() {
  return useMutation({
    mutationFn: () => apiJson<unknown>("POST", "/api/notifications/test"),
    onSuccess: () => toast({ title: t("toast.test.title"), description: t("toast.test.description") }),
    onError: failed("toast.testFailed"),
  });
}
