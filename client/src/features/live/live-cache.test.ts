import type { TLiveMessage } from "@common/live";
import * as contract from "@common/live";
import { describe, expect, it } from "vitest";
import { LIVE_CHAT_POLL_MS, LIVE_MESSAGE_MAX, LIVE_MODERATORS_MAX } from "./api";
import { addMessage, LIVE_MESSAGES_KEPT, removeMessage } from "./live-cache";
import { STREAM_LINK_PATH } from "./stream-admin";

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
  it("keeps the client's copies of the contract's figures equal to common/live.ts", () => {
    // The pages keep their own copies so that zod is not in their first download.
    expect(LIVE_CHAT_POLL_MS).toBe(contract.LIVE_CHAT_POLL_MS);
    expect(LIVE_MESSAGE_MAX).toBe(contract.LIVE_MESSAGE_MAX);
    expect(LIVE_MODERATORS_MAX).toBe(contract.LIVE_MODERATORS_MAX);
    expect(STREAM_LINK_PATH).toBe(contract.STREAM_LINK_PATH);
  });

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
