import type {
  TKudos,
  TKudosBody,
  TKudosReaction,
  TKudosReactionResult,
  TKudosRecipient,
  TPendingKudos,
} from "@common/kudos";
import { type QueryClient, useInfiniteQuery, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { apiJson } from "@/lib/api-client";
import { fetchListPage } from "@/lib/next-page";
import { ADMIN_STATS_KEY } from "@/lib/query-keys";
import { useAwardRefresh } from "@/lib/use-award-refresh";

/* Types only from @common/kudos: its values would bring zod into the page's download. */

export const KUDOS_KEY = ["/api/kudos"] as const;
/** The admin queue (its count is the admin stats' `pendingKudos`). */
export const PENDING_KUDOS_KEY = ["/api/admin/kudos/pending"] as const;
export const KUDOS_RECIPIENTS_KEY = ["/api/kudos/recipients"] as const;

const kudosPath = (id: string, action: string) => `/api/kudos/${encodeURIComponent(id)}/${action}`;
const adminKudosPath = (id: string, action: string) => `/api/admin/kudos/${encodeURIComponent(id)}/${action}`;

/**
 * `GET /api/kudos`: approved kudos, and the caller's own pending and rejected ones, newest first.
 * Asked again each time the page opens: others' kudos are approved while the member is elsewhere.
 */
export function useKudos() {
  return useQuery<TKudos[]>({ queryKey: KUDOS_KEY, staleTime: 0 });
}

/** The server's page of kudos (KUDOS_LIST_LIMIT): a full first page may have older kudos after it. */
export const KUDOS_PAGE_SIZE = 100;

/**
 * Older kudos (issue 30), asked for only when the member wants them: the pages after the first,
 * each the one the previous answer's `Link` header names. The first page is asked again for its
 * header (the server keeps it in memory) and left out: `useKudos` draws it.
 */
export function useOlderKudos(enabled: boolean) {
  return useInfiniteQuery({
    queryKey: [...KUDOS_KEY, "older"],
    initialPageParam: KUDOS_KEY[0] as string,
    enabled,
    queryFn: ({ pageParam, signal }) => fetchListPage<TKudos>(pageParam, signal),
    getNextPageParam: (last) => last.next,
  });
}

/** `GET /api/kudos/recipients`: the members one may recognize (the church but oneself), by name. */
export function useKudosRecipients(enabled: boolean) {
  return useQuery<TKudosRecipient[]>({ queryKey: KUDOS_RECIPIENTS_KEY, enabled });
}

/** `POST /api/kudos`: a new kudos waits for an admin; the sender sees it at once, marked pending. */
export function useGiveKudos() {
  const queryClient = useQueryClient();
  const refresh = useAwardRefresh();
  return useMutation({
    mutationFn: (body: TKudosBody) => apiJson<TKudos>("POST", "/api/kudos", body),
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: KUDOS_KEY }),
        queryClient.invalidateQueries({ queryKey: PENDING_KUDOS_KEY }),
        // A first kudos completes the onboarding step give_kudos (points and a badge).
        refresh(),
      ]),
  });
}

function updateKudos(queryClient: QueryClient, id: string, change: (k: TKudos) => Partial<TKudos>) {
  queryClient.setQueryData<TKudos[]>(KUDOS_KEY, (list) => list?.map((k) => (k.id === id ? { ...k, ...change(k) } : k)));
}

/** The caller's reaction switched on or off, with the count to match (what the server will answer). */
export function toggledReaction(k: Pick<TKudos, "reactions" | "myReactions">, reaction: TKudosReaction) {
  const isOn = k.myReactions.includes(reaction);
  return {
    myReactions: isOn ? k.myReactions.filter((r) => r !== reaction) : [...k.myReactions, reaction],
    reactions: { ...k.reactions, [reaction]: Math.max(0, k.reactions[reaction] + (isOn ? -1 : 1)) },
  };
}

const reactionKey = (id: string) => ["kudos-reaction", id] as const;

/**
 * `POST /api/kudos/{kudosId}/reaction`: toggled on the page at once, then set from the server's
 * answer (counts include others' reactions meanwhile). While several toggles of one kudos are on
 * their way, only the last answer is shown, so a quick double tap does not flicker.
 */
export function useToggleKudosReaction(id: string) {
  const queryClient = useQueryClient();
  const isLast = () => queryClient.isMutating({ mutationKey: reactionKey(id) }) <= 1;
  return useMutation({
    mutationKey: reactionKey(id),
    mutationFn: (reaction: TKudosReaction) =>
      apiJson<TKudosReactionResult>("POST", kudosPath(id, "reaction"), { reaction }),
    onMutate: async (reaction) => {
      await queryClient.cancelQueries({ queryKey: KUDOS_KEY });
      const before = queryClient.getQueryData<TKudos[]>(KUDOS_KEY)?.find((k) => k.id === id);
      updateKudos(queryClient, id, (k) => toggledReaction(k, reaction));
      return { before };
    },
    onSuccess: (result) => {
      if (isLast())
        updateKudos(queryClient, id, () => ({ reactions: result.reactions, myReactions: result.myReactions }));
    },
    onError: (_error, _reaction, context) => {
      if (!isLast()) return;
      const before = context?.before;
      if (before)
        updateKudos(queryClient, id, () => ({ reactions: before.reactions, myReactions: before.myReactions }));
      // Gone meanwhile (rejected, or the sender's account removed): show the list as it is now.
      return queryClient.invalidateQueries({ queryKey: KUDOS_KEY });
    },
  });
}

/** `GET /api/admin/kudos/pending`: the approval queue, oldest first. */
export function usePendingKudos() {
  return useQuery<TPendingKudos[], Error, TPendingKudos[]>({
    queryKey: PENDING_KUDOS_KEY,
    staleTime: 0,
    select: (list) => [...list].sort((a, b) => a.createdAt.localeCompare(b.createdAt)),
  });
}

/** Approve or reject: the kudos leaves the queue at once; the queue, its count and the list refresh. */
function useReview<T>(request: (vars: T) => Promise<unknown>, idOf: (vars: T) => string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: request,
    onSettled: (_data, error, vars) => {
      if (!error)
        queryClient.setQueryData<TPendingKudos[]>(PENDING_KUDOS_KEY, (list) =>
          list?.filter((k) => k.id !== idOf(vars)),
        );
      return Promise.all([
        queryClient.invalidateQueries({ queryKey: PENDING_KUDOS_KEY }),
        queryClient.invalidateQueries({ queryKey: KUDOS_KEY }),
        queryClient.invalidateQueries({ queryKey: ADMIN_STATS_KEY }),
      ]);
    },
  });
}

/** `POST /api/admin/kudos/{id}/approve`: members see it, the recipient and the sender are told. */
export function useApproveKudos() {
  return useReview(
    (id: string) => apiJson<unknown>("POST", adminKudosPath(id, "approve")),
    (id) => id,
  );
}

/** `POST /api/admin/kudos/{id}/reject {reason?}`: the sender is told, with the reason when given. */
export function useRejectKudos() {
  return useReview(
    ({ id, reason }: { id: string; reason: string }) =>
      apiJson<unknown>("POST", adminKudosPath(id, "reject"), reason ? { reason } : {}),
    ({ id }) => id,
  );
}
