import type { TLiveEvent } from "@common/live";
import { LIVE_CHAT_POLL_MS } from "@common/live-helpers";
import { QueryClientProvider } from "@tanstack/react-query";
import { act, renderHook } from "@testing-library/react";
import type { ReactNode } from "react";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { createQueryClient } from "@/lib/query-client";
import { getReconnectDelay, getSocketUrl, RECONNECT_MAX_MS } from "@/lib/socket";
import { mockFetch } from "@/test/render";
import { useLiveMessages } from "./api";
import { FakeWebSocket } from "./fake-web-socket";
import { LIVE_EVENT_KEY, liveMessagesKey } from "./live-cache";
import { useLiveSocket } from "./use-live-socket";

const EVENT_ID = "e-live";
const MESSAGES = `/api/live-stream/messages/${EVENT_ID}`;

function setup() {
  const queryClient = createQueryClient();
  const wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
  );
  const fetchMock = mockFetch({ [MESSAGES]: [], "/api/events/live": null });
  const hook = renderHook(
    () => {
      const socket = useLiveSocket(EVENT_ID);
      useLiveMessages(EVENT_ID, !socket.isConnected);
      return socket;
    },
    { wrapper },
  );
  const messageFetches = () => fetchMock.mock.calls.filter(([url]) => url === MESSAGES).length;
  return { ...hook, queryClient, messageFetches };
}

beforeEach(() => {
  FakeWebSocket.install();
  vi.useFakeTimers();
});

describe("getReconnectDelay", () => {
  it("waits 1 s doubling to 30 s, half of it random", () => {
    expect(getReconnectDelay(0, () => 0)).toBe(500);
    expect(getReconnectDelay(0, () => 1)).toBe(1000);
    expect(getReconnectDelay(1, () => 1)).toBe(2000);
    expect(getReconnectDelay(4, () => 0.5)).toBe(12_000);
    expect(getReconnectDelay(5, () => 1)).toBe(RECONNECT_MAX_MS);
    expect(getReconnectDelay(50, () => 0)).toBe(RECONNECT_MAX_MS / 2);
    expect(getReconnectDelay(50, () => 1)).toBe(RECONNECT_MAX_MS);
  });

  it("uses wss on an https page", () => {
    expect(getSocketUrl("/ws", { protocol: "https:", host: "church.example" })).toBe("wss://church.example/ws");
    expect(getSocketUrl("/ws", { protocol: "http:", host: "localhost:5000" })).toBe("ws://localhost:5000/ws");
  });
});

describe("useLiveSocket", () => {
  it("joins on open, reconnects after a drop with backoff, joins again and catches up once", async () => {
    vi.spyOn(Math, "random").mockReturnValue(1);
    const { result, queryClient, messageFetches } = setup();
    const first = FakeWebSocket.latest();
    expect(result.current.isConnected).toBe(false);
    first.open();
    expect(first.sent).toEqual([{ type: "join_live_stream", eventId: EVENT_ID }]);
    // Open is not enough: "Connected" once the server has joined the socket to the stream.
    expect(result.current.isConnected).toBe(false);
    queryClient.setQueryData<TLiveEvent | null>(LIVE_EVENT_KEY, { id: EVENT_ID, viewerCount: 1 } as TLiveEvent);
    first.receive({ type: "joined", eventId: EVENT_ID, count: 4 });
    expect(result.current.isConnected).toBe(true);
    expect(queryClient.getQueryData<TLiveEvent>(LIVE_EVENT_KEY)?.viewerCount).toBe(4);
    await act(() => vi.advanceTimersByTimeAsync(0));
    const fetchesAfterFirstJoin = messageFetches();

    first.drop();
    expect(result.current.isConnected).toBe(false);
    await act(() => vi.advanceTimersByTimeAsync(999));
    expect(FakeWebSocket.instances).toHaveLength(1);
    await act(() => vi.advanceTimersByTimeAsync(1));
    expect(FakeWebSocket.instances).toHaveLength(2);
    // That attempt fails too: the next waits twice as long.
    FakeWebSocket.latest().drop();
    await act(() => vi.advanceTimersByTimeAsync(1999));
    expect(FakeWebSocket.instances).toHaveLength(2);
    await act(() => vi.advanceTimersByTimeAsync(1));
    const third = FakeWebSocket.latest();
    expect(FakeWebSocket.instances).toHaveLength(3);
    third.open();
    expect(third.sent).toEqual([{ type: "join_live_stream", eventId: EVENT_ID }]);
    third.receive({ type: "joined", eventId: EVENT_ID, count: 5 });
    expect(result.current.isConnected).toBe(true);
    // Back in the room: the history is read again once for what was said meanwhile.
    await act(() => vi.advanceTimersByTimeAsync(0));
    expect(messageFetches()).toBeGreaterThan(fetchesAfterFirstJoin);
  });

  it("polls the history every 5 s only while the socket is down", async () => {
    const { messageFetches } = setup();
    await act(() => vi.advanceTimersByTimeAsync(0));
    expect(messageFetches()).toBe(1);
    await act(() => vi.advanceTimersByTimeAsync(LIVE_CHAT_POLL_MS));
    expect(messageFetches()).toBe(2);
    const ws = FakeWebSocket.latest();
    ws.open();
    ws.receive({ type: "joined", eventId: EVENT_ID, count: 1 });
    await act(() => vi.advanceTimersByTimeAsync(LIVE_CHAT_POLL_MS * 4));
    expect(messageFetches()).toBe(2);
    ws.drop();
    await act(() => vi.advanceTimersByTimeAsync(LIVE_CHAT_POLL_MS));
    expect(messageFetches()).toBe(3);
  });

  it("a resync frame reads the history again; frames that are not JSON are ignored", async () => {
    const { queryClient, messageFetches } = setup();
    const ws = FakeWebSocket.latest();
    ws.open();
    ws.receive({ type: "joined", eventId: EVENT_ID, count: 1 });
    await act(() => vi.advanceTimersByTimeAsync(0));
    const before = messageFetches();
    ws.receive("not json");
    ws.receive("[1,2]");
    ws.receive({ type: "resync", eventId: EVENT_ID });
    await act(() => vi.advanceTimersByTimeAsync(0));
    expect(messageFetches()).toBe(before + 1);
    expect(queryClient.getQueryData(liveMessagesKey(EVENT_ID))).toEqual([]);
  });

  it("closes the socket on unmount and does not reconnect", async () => {
    const { unmount } = setup();
    const ws = FakeWebSocket.latest();
    ws.open();
    unmount();
    expect(ws.readyState).toBe(FakeWebSocket.CLOSED);
    await act(() => vi.advanceTimersByTimeAsync(RECONNECT_MAX_MS * 2));
    expect(FakeWebSocket.instances).toHaveLength(1);
  });
});
