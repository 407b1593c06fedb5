import type { TChannels, TChannelsBody } from "@common/notification-channels";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { toast } from "@/components/ui/use-toast";
import { apiJson, getServerMessage } from "@/lib/api-client";
import { toastApiError } from "@/lib/auth-redirect";
import { translator } from "@/lib/i18n";
import { notificationsCatalog } from "./i18n";

const t = translator(notificationsCatalog);

/** Its own first part: the bell's invalidations (`["/api/notifications"]`) do not reach it. */
export const CHANNELS_KEY = ["/api/notifications/channels"] as const;

/** `GET /api/notifications/channels` (issue 29): how each kind reaches the member, quiet hours, the digest. */
export function useChannels() {
  return useQuery<TChannels>({ queryKey: CHANNELS_KEY });
}

/** The channels with `body`'s changes laid over them (a kind's choice may be partial). */
export function applyChannels(channels: TChannels, body: TChannelsBody): TChannels {
  const next: TChannels = { ...channels };
  for (const [key, value] of Object.entries(body) as [keyof TChannelsBody, unknown][]) {
    if (value === undefined) continue;
    if (key === "digest") next.digest = value as boolean;
    else if (key === "quietHours") next.quietHours = (value as TChannels["quietHours"] | null) ?? next.quietHours;
    else next[key] = { ...next[key], ...(value as object) };
  }
  return next;
}

/**
 * `PUT /api/notifications/channels` with only what changed: shown at once, the server's answer
 * kept, and on failure the choice goes back with a toast in the server's words.
 */
export function useUpdateChannels() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: TChannelsBody) => apiJson<TChannels>("PUT", "/api/notifications/channels", body),
    onMutate: async (body) => {
      await queryClient.cancelQueries({ queryKey: CHANNELS_KEY });
      const previous = queryClient.getQueryData<TChannels>(CHANNELS_KEY);
      if (previous) queryClient.setQueryData(CHANNELS_KEY, applyChannels(previous, body));
      return { previous };
    },
    onSuccess: (answer) => {
      queryClient.setQueryData(CHANNELS_KEY, answer);
      toast({ title: t("channels.saved"), description: t("channels.savedDescription") });
    },
    onError: (error, _body, context) => {
      if (context?.previous) queryClient.setQueryData(CHANNELS_KEY, context.previous);
      toastApiError(error, {
        title: t("channels.failed"),
        description: getServerMessage(error) ?? t("channels.failedDescription"),
      });
    },
  });
}
