import type { TLiveMessage } from "@common/live";
import { QueryClient } from "@tanstack/react-query";
import { describe, expect, it } from "vitest";
import { addMessage, applyLiveFrame, LIVE_EVENT_KEY, LIVE_MESSAGES_KEPT, removeMessage } from "./live-cache";

const message = (id: string, createdAt: string): TLiveMessage => ({
  id,
  eventId: "e1",
  userId: null,
  userName: "Anonymous",
  userImageUrl: null,
  message: id,
  messageType: "chat",
  createdAt,
});

describe("the chat cache", () => {
  it("adds a message once, in time order", () => {
    const a = message("a", "2025-01-01T10:00:00.000Z");
    const c = message("c", "2025-01-01T10:02:00.000Z");
    const b = message("b", "2025-01-01T10:01:00.000Z");
    const list = addMessage([a, c], b);
    expect(list?.map((m) => m.id)).toEqual(["a", "b", "c"]);
    expect(addMessage(list, b)).toBe(list);
    // Nothing loaded yet: the history will bring it.
    expect(addMessage(undefined, b)).toBeUndefined();
  });

  it("keeps the newest messages when a long service passes the limit", () => {
    const list = Array.from({ length: LIVE_MESSAGES_KEPT }, (_, i) =>
      message(`m${i}`, new Date(Date.UTC(2025, 0, 1, 10, 0, i)).toISOString()),
    );
    const next = addMessage(list, message("new", "2025-01-01T12:00:00.000Z"));
    expect(next).toHaveLength(LIVE_MESSAGES_KEPT);
    expect(next?.[0].id).toBe("m1");
    expect(next?.at(-1)?.id).toBe("new");
  });

  it("removes a message by id, and leaves the list alone for an unknown id", () => {
    const list = [message("a", "2025-01-01T10:00:00.000Z"), message("b", "2025-01-01T10:01:00.000Z")];
    expect(removeMessage(list, "a")?.map((m) => m.id)).toEqual(["b"]);
    expect(removeMessage(list, "zzz")).toBe(list);
  });
});

describe("frames", () => {
  it("moderators_changed makes the page ask again whether its member may moderate", async () => {
    const queryClient = new QueryClient();
    queryClient.setQueryData(LIVE_EVENT_KEY, { id: "e1", canModerate: false });
    applyLiveFrame(queryClient, "e1", { type: "moderators_changed", eventId: "e1" }, { isRejoin: false });
    expect(queryClient.getQueryState(LIVE_EVENT_KEY)?.isInvalidated).toBe(true);
    const other = new QueryClient();
    other.setQueryData(LIVE_EVENT_KEY, { id: "e1", canModerate: false });
    applyLiveFrame(other, "e1", { type: "moderators_changed", eventId: "e2" }, { isRejoin: false });
    expect(other.getQueryState(LIVE_EVENT_KEY)?.isInvalidated).toBe(false);
  });
});
