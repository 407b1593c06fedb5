import type { TEvent } from "@common/events";
import type {
  TLiveEvent,
  TLiveMessage,
  TLiveMessageType,
  TLiveModerator,
  TLiveSettingsBody,
  TLiveStartBody,
  TLiveStatus,
  TLiveStream,
} from "@common/live";
import { LIVE_CHAT_POLL_MS } from "@common/live-helpers";
import type { TMember } from "@common/members";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { apiGet, apiJson, apiRequest, getStatus } from "@/lib/api-client";
import { fetchAllPages } from "@/lib/next-page";
import { addMessage, LIVE_EVENT_KEY, liveMessagesKey, removeMessage } from "./live-cache";

/**
 * While nothing is live, the page asks again now and then, so that members waiting before a service
 * see it begin without reloading (the socket only joins a stream that is live).
 */
export const LIVE_IDLE_POLL_MS = 30_000;
/** Spec 2: Current Viewers while live, from the status every 5 s. */
export const LIVE_STATUS_POLL_MS = 5000;

export const LIVE_STATUS_KEY = ["/api/live-stream/status"] as const;
export const LIVE_HISTORY_KEY = ["/api/live-stream/history"] as const;
export const LIVE_MODERATORS_KEY = ["/api/live-stream/moderators"] as const;
/** The member list Manage Members reads (the same key, so the two pages share it). */
const MEMBERS_KEY = ["/api/admin/members"] as const;

/** `GET /api/events/live`: the church's live event, or null. */
export function useLiveEvent() {
  return useQuery<TLiveEvent | null>({
    queryKey: LIVE_EVENT_KEY,
    refetchInterval: (query) => (query.state.data === null ? LIVE_IDLE_POLL_MS : false),
  });
}

/** The chat's history, oldest first; polled every 5 s only while the socket is down. */
export function useLiveMessages(eventId: string | undefined, isSocketDown: boolean) {
  return useQuery<TLiveMessage[]>({
    queryKey: liveMessagesKey(eventId ?? ""),
    enabled: !!eventId,
    refetchInterval: isSocketDown ? LIVE_CHAT_POLL_MS : false,
  });
}

/** The next event that has not ended (for "No Live Stream Available"), with the dashboards' key. */
export function useNextEvent(enabled: boolean) {
  return useQuery<TEvent[], Error, TEvent | null>({
    queryKey: ["/api/events", "upcoming", 1],
    queryFn: ({ signal }) => apiGet("/api/events?upcoming=true&limit=1", signal).then((r) => r.json()),
    select: (events) => events[0] ?? null,
    enabled,
  });
}

/** `POST /api/live-stream/{eventId}/message`; the sender sees their message at once. */
export function useSendLiveMessage(eventId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: { message: string; messageType: TLiveMessageType }) =>
      apiJson<TLiveMessage>("POST", `/api/live-stream/${encodeURIComponent(eventId)}/message`, body),
    onSuccess: (message) =>
      queryClient.setQueryData<TLiveMessage[]>(liveMessagesKey(eventId), (list) => addMessage(list, message)),
    onError: (error) => {
      // Chat closed (409) or the stream over (404) meanwhile: show the page as it is now (not
      // awaited, so that the sender's toast comes before the chat box goes).
      const status = getStatus(error);
      if (status === 404 || status === 409) void queryClient.invalidateQueries({ queryKey: LIVE_EVENT_KEY });
    },
  });
}

/** `DELETE /api/live-stream/{eventId}/messages/{messageId}` (admins and moderators). */
export function useDeleteLiveMessage(eventId: string) {
  const queryClient = useQueryClient();
  const remove = (messageId: string) =>
    queryClient.setQueryData<TLiveMessage[]>(liveMessagesKey(eventId), (list) => removeMessage(list, messageId));
  return useMutation({
    mutationFn: (messageId: string) =>
      apiRequest("DELETE", `/api/live-stream/${encodeURIComponent(eventId)}/messages/${encodeURIComponent(messageId)}`),
    onSuccess: (_res, messageId) => remove(messageId),
  });
}

/** `GET /api/live-stream/status` (admins): every 5 s while live, for Current Viewers. */
export function useLiveStatus() {
  return useQuery<TLiveStatus>({
    queryKey: LIVE_STATUS_KEY,
    refetchInterval: (query) => (query.state.data?.isLive ? LIVE_STATUS_POLL_MS : false),
  });
}

/** Recent Streams, newest first. */
export function useLiveHistory() {
  return useQuery<TLiveStream[]>({ queryKey: LIVE_HISTORY_KEY });
}

/** After a start, a stop or new settings: the page shows the server's answer, and the rest refreshes. */
function useApplyStream() {
  const queryClient = useQueryClient();
  return (stream: TLiveStream) => {
    const isLive = stream.endedAt === null;
    queryClient.setQueryData<TLiveStatus>(LIVE_STATUS_KEY, { isLive, stream: isLive ? stream : null });
    return Promise.all([
      queryClient.invalidateQueries({ queryKey: LIVE_EVENT_KEY }),
      queryClient.invalidateQueries({ queryKey: LIVE_HISTORY_KEY }),
    ]);
  };
}

/** A 409 means the page was out of date (started or stopped elsewhere): read the status again. */
function useRefreshOnConflict() {
  const queryClient = useQueryClient();
  return (error: unknown) => {
    if (getStatus(error) === 409) void queryClient.invalidateQueries({ queryKey: LIVE_STATUS_KEY });
  };
}

export function useStartStream() {
  const apply = useApplyStream();
  const onError = useRefreshOnConflict();
  return useMutation({
    mutationFn: (body: TLiveStartBody) => apiJson<TLiveStream>("POST", "/api/live-stream/start", body),
    onSuccess: apply,
    onError,
  });
}

export function useStopStream() {
  const apply = useApplyStream();
  const onError = useRefreshOnConflict();
  return useMutation({
    mutationFn: () => apiJson<TLiveStream>("POST", "/api/live-stream/stop"),
    onSuccess: apply,
    onError,
  });
}

/** `PATCH /api/live-stream`: Stream Settings while live. */
export function useUpdateStream() {
  const apply = useApplyStream();
  const onError = useRefreshOnConflict();
  return useMutation({
    mutationFn: (body: TLiveSettingsBody) => apiJson<TLiveStream>("PATCH", "/api/live-stream", body),
    onSuccess: apply,
    onError,
  });
}

export function useModerators(enabled: boolean) {
  return useQuery<TLiveModerator[]>({ queryKey: LIVE_MODERATORS_KEY, enabled });
}

/** The church's members, to choose moderators from (every page of Manage Members' list, issue 30). */
export function useChurchMembers(enabled: boolean) {
  return useQuery<TMember[]>({
    queryKey: MEMBERS_KEY,
    queryFn: ({ signal }) => fetchAllPages<TMember>(MEMBERS_KEY[0], signal),
    enabled,
  });
}

export function useSetModerators() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (userIds: string[]) => apiJson<TLiveModerator[]>("PUT", "/api/live-stream/moderators", { userIds }),
    onSuccess: (moderators) => queryClient.setQueryData(LIVE_MODERATORS_KEY, moderators),
  });
}
