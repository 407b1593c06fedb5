import type { TLiveEvent, TLiveMessage, TServerFrame } from "@common/live";
import type { QueryClient } from "@tanstack/react-query";

/*
 * Types only from @common/live: its values would bring zod into the page's download. The chat's
 * state lives in the query cache, and the socket's frames change it in place: with thousands of
 * viewers, a frame that made every one of them refetch would be a storm of requests.
 */

export const LIVE_EVENT_KEY = ["/api/events/live"] as const;
/** `GET /api/live-stream/messages/{eventId}` (DESIGN.md: query keys are paths). */
export const liveMessagesKey = (eventId: string) => ["/api/live-stream/messages", eventId] as const;
/** The most messages a page keeps (the history gives the newest 100; a long service adds more). */
export const LIVE_MESSAGES_KEPT = 500;

const byTime = (a: TLiveMessage, b: TLiveMessage) =>
  a.createdAt === b.createdAt ? a.id.localeCompare(b.id) : a.createdAt < b.createdAt ? -1 : 1;

/** Adds `message` in time order, once (the sender gets it from both the POST and the socket). */
export function addMessage(list: TLiveMessage[] | undefined, message: TLiveMessage): TLiveMessage[] | undefined {
  if (!list) return list;
  if (list.some((m) => m.id === message.id)) return list;
  const next = [...list];
  let i = next.length;
  while (i > 0 && byTime(next[i - 1], message) > 0) i--;
  next.splice(i, 0, message);
  return next.length > LIVE_MESSAGES_KEPT ? next.slice(next.length - LIVE_MESSAGES_KEPT) : next;
}

export function removeMessage(list: TLiveMessage[] | undefined, messageId: string): TLiveMessage[] | undefined {
  return list?.some((m) => m.id === messageId) ? list.filter((m) => m.id !== messageId) : list;
}

function updateLiveEvent(queryClient: QueryClient, eventId: string, change: (e: TLiveEvent) => TLiveEvent | null) {
  queryClient.setQueryData<TLiveEvent | null>(LIVE_EVENT_KEY, (e) => (e && e.id === eventId ? change(e) : e));
}

/** What a frame from `/ws` changes, for the page watching `eventId`. */
export function applyLiveFrame(
  queryClient: QueryClient,
  eventId: string,
  frame: TServerFrame,
  { isRejoin }: { isRejoin: boolean },
): void {
  const messagesKey = liveMessagesKey(eventId);
  switch (frame.type) {
    case "joined":
      if (frame.eventId !== eventId) return;
      updateLiveEvent(queryClient, eventId, (e) => ({ ...e, viewerCount: frame.count }));
      // Back after a drop: what was said (or changed) meanwhile came to nobody on this page.
      if (isRejoin) {
        void queryClient.invalidateQueries({ queryKey: messagesKey });
        void queryClient.invalidateQueries({ queryKey: LIVE_EVENT_KEY });
      }
      return;
    case "viewer_count":
      if (frame.eventId === eventId) updateLiveEvent(queryClient, eventId, (e) => ({ ...e, viewerCount: frame.count }));
      return;
    case "new_message":
      if (frame.message.eventId === eventId)
        queryClient.setQueryData<TLiveMessage[]>(messagesKey, (list) => addMessage(list, frame.message));
      return;
    case "message_deleted":
      if (frame.eventId === eventId)
        queryClient.setQueryData<TLiveMessage[]>(messagesKey, (list) => removeMessage(list, frame.messageId));
      return;
    case "stream_updated":
      updateLiveEvent(queryClient, frame.event.id, (e) => ({ ...e, ...frame.event }));
      return;
    case "stream_ended":
      updateLiveEvent(queryClient, frame.eventId, () => null);
      return;
    case "moderators_changed":
      // Per member, so not in the frame: each page asks for its own (a rare change).
      if (frame.eventId === eventId) void queryClient.invalidateQueries({ queryKey: LIVE_EVENT_KEY });
      return;
    case "resync":
      if (frame.eventId === eventId) void queryClient.invalidateQueries({ queryKey: messagesKey });
      return;
    case "error":
      // The join was refused: the stream has most likely ended (or moved on); ask what is live now.
      void queryClient.invalidateQueries({ queryKey: LIVE_EVENT_KEY });
      return;
  }
}
