import { DEFAULT_PUSH_PREFERENCES } from "@common/notification-helpers";
import type { TPushPreferences, TPushState, TPushSubscription } from "@common/notifications";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { toast } from "@/components/ui/use-toast";
import { apiJson, getServerMessage } from "@/lib/api-client";
import { toastApiError } from "@/lib/auth-redirect";
import { getBrowserSubscription, isPushSupported, subscribeBrowser, unsubscribeBrowser } from "./push-browser";

export const PUSH_STATE_KEY = ["/api/notifications/push"] as const;
/** This browser's own subscription (not a server answer, so not a path). */
const BROWSER_SUBSCRIPTION_KEY = ["browser", "push-subscription"] as const;

export type TPushPanelState = "loading" | "unsupported" | "not-enabled" | "enabled";

/** Spec 2 §8: the toast's text is the error's own message (the server's words for an API error). */
const messageOf = (error: unknown) =>
  getServerMessage(error) ?? (error instanceof Error ? error.message : "Something went wrong. Please try again.");

const failed = (title: string) => (error: unknown) => toastApiError(error, { title, description: messageOf(error) });

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
    preferences: server.data?.preferences ?? DEFAULT_PUSH_PREFERENCES,
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

/** Enable: permission, subscribe with the server's key, then `POST /api/notifications/subscribe`. */
export function useEnablePush() {
  const refresh = useRefreshPush();
  return useMutation({
    mutationFn: async ({ publicKey, preferences }: { publicKey: string; preferences: TPushPreferences }) => {
      const subscription = await subscribeBrowser(publicKey);
      try {
        await apiJson("POST", "/api/notifications/subscribe", {
          subscription: subscription.toJSON() as TPushSubscription,
          preferences,
        });
      } catch (error) {
        // The server refused it: leave the browser as unsubscribed as the server knows it.
        await subscription.unsubscribe().catch(() => {});
        throw error;
      }
    },
    onSuccess: () => toast({ title: "Notifications Enabled", description: "You will now receive push notifications." }),
    onError: failed("Failed to Enable Notifications"),
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
    onSuccess: () =>
      toast({ title: "Notifications Disabled", description: "You will no longer receive push notifications." }),
    onError: failed("Failed to Disable Notifications"),
    onSettled: refresh,
  });
}

/** `PUT /api/notifications/preferences`, saved as each switch changes while enabled. */
export function useUpdatePushPreferences() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (preferences: Partial<TPushPreferences>) =>
      apiJson<TPushState>("PUT", "/api/notifications/preferences", { preferences }),
    onMutate: (preferences) => {
      const previous = queryClient.getQueryData<TPushState>(PUSH_STATE_KEY);
      if (previous) {
        queryClient.setQueryData<TPushState>(PUSH_STATE_KEY, {
          ...previous,
          preferences: { ...previous.preferences, ...preferences },
        });
      }
      return { previous };
    },
    onSuccess: (answer) => {
      // The server answers with the whole state: no need to ask again.
      queryClient.setQueryData(PUSH_STATE_KEY, answer);
      toast({ title: "Preferences Updated", description: "Your notification preferences have been saved." });
    },
    onError: (error, _preferences, context) => {
      if (context?.previous) queryClient.setQueryData(PUSH_STATE_KEY, context.previous);
      failed("Failed to Update Preferences")(error);
    },
  });
}

/** `POST /api/notifications/test`. */
export function useSendTestPush() {
  return useMutation({
    mutationFn: () => apiJson<unknown>("POST", "/api/notifications/test"),
    onSuccess: () =>
      toast({ title: "Test Notification Sent", description: "Check your device for the test notification." }),
    onError: failed("Failed to Send Test"),
  });
}
