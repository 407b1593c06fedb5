import type {
  TCreateIntegrationBody,
  TIntegration,
  TIntegrationWithSecret,
  TUpdateIntegrationBody,
} from "@common/integrations";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { apiJson, apiRequest } from "@/lib/api-client";

/* Types only from @common/integrations: its values would bring zod into the page's download. */

export const INTEGRATIONS_KEY = ["/api/integrations"] as const;
/** How often the list is read again while a sync runs, so its figures move on screen. */
export const SYNC_POLL_MS = 2000;

const integrationPath = (id: string) => `/api/integrations/${encodeURIComponent(id)}`;

export const isSyncing = (list: TIntegration[] | undefined) => Boolean(list?.some((i) => i.syncStatus === "syncing"));

/** The church's integrations; read every 2 s while any of them is syncing (spec 2 §4 syncStatus). */
export function useIntegrations() {
  return useQuery<TIntegration[]>({
    queryKey: INTEGRATIONS_KEY,
    refetchInterval: (query) => (isSyncing(query.state.data) ? SYNC_POLL_MS : false),
  });
}

function useRefresh() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: INTEGRATIONS_KEY });
}

/** `POST /api/integrations`: the answer carries the webhook signing secret, this once. */
export function useCreateIntegration() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (body: TCreateIntegrationBody) => apiJson<TIntegrationWithSecret>("POST", "/api/integrations", body),
    onSuccess: refresh,
  });
}

/** `PATCH /api/integrations/{id}`: carries `webhookSecret` only when a new one was made. */
export function useUpdateIntegration() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: ({ id, ...body }: { id: string } & TUpdateIntegrationBody) =>
      apiJson<TIntegration | TIntegrationWithSecret>("PATCH", integrationPath(id), body),
    onSuccess: refresh,
  });
}

export function useDeleteIntegration() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (id: string) => apiRequest("DELETE", integrationPath(id)),
    onSuccess: refresh,
  });
}

/** "Sync now": the answer (202) is the integration marked syncing; the list then follows it. */
export function useSyncIntegration() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => apiJson<TIntegration>("POST", `${integrationPath(id)}/sync`),
    onSuccess: (updated) => {
      queryClient.setQueryData<TIntegration[]>(INTEGRATIONS_KEY, (list) =>
        list?.map((i) => (i.id === updated.id ? updated : i)),
      );
      return queryClient.invalidateQueries({ queryKey: INTEGRATIONS_KEY });
    },
  });
}
