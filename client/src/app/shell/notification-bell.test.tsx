import type { TNotification, TNotificationList } from "@common/notifications";
import { act, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { getToasts } from "@/components/ui/use-toast";
import { FakeWebSocket } from "@/features/live/fake-web-socket";
import { openSocket } from "@/lib/socket";
import { jsonResponse, makeUser, mockFetch, renderWithApp } from "@/test/render";
import { NotificationBell } from "./notification-bell";

const minutesAgo = (m: number) => new Date(Date.now() - m * 60_000).toISOString();

function makeNotification(overrides: Partial<TNotification> = {}): TNotification {
  return {
    id: "n1",
    type: "sermon",
    kind: "sermon_published",
    title: "New sermon: Grace upon grace",
    message: "Pastor Lee's sermon is ready to watch.",
    isRead: false,
    createdAt: minutesAgo(5),
    relatedId: "s1",
    link: "/sermons/s1",
    ...overrides,
  };
}

const LIST: TNotificationList = {
  unreadCount: 2,
  hasMore: false,
  notifications: [
    makeNotification(),
    makeNotification({
      id: "n2",
      type: "event",
      kind: "event_published",
      title: "Youth night",
      message: "Friday at 7 pm",
      createdAt: minutesAgo(120),
      link: "/events",
    }),
    makeNotification({ id: "n3", type: "prayer", kind: "prayer_prayed", title: "Someone prayed", isRead: true }),
  ],
};

const calls = (fetchMock: ReturnType<typeof mockFetch>, method: string, path: string) =>
  fetchMock.mock.calls.filter(([url, init]) => url === path && (init?.method ?? "GET") === method);

function renderBell(list: TNotificationList | (() => Response) = LIST, routes: Record<string, unknown> = {}) {
  const fetchMock = mockFetch({ "/api/notifications": list, ...routes });
  const utils = renderWithApp(<NotificationBell />, { user: makeUser() });
  return { fetchMock, ...utils };
}

const openBell = async () => {
  await userEvent.click(await screen.findByRole("button", { name: /^Notifications, \d+ unread$/ }));
  const popover = await screen.findByRole("dialog", { name: "Notifications" });
  // The list's code comes on first use.
  await within(popover).findByRole("heading", { name: "Notifications" });
  return popover;
};

describe("NotificationBell", () => {
  it("shows the unread count, capped at 9+, and names the real count for screen readers", async () => {
    const many = Array.from({ length: 12 }, (_, i) => makeNotification({ id: `n${i}` }));
    renderBell({ unreadCount: 12, notifications: many, hasMore: false });
    const bell = await screen.findByRole("button", { name: "Notifications, 12 unread" });
    expect(bell.textContent).toBe("9+");
  });

  it("shows a count up to 9 as it is, and no count when all are read", async () => {
    const { unmount } = renderBell();
    expect((await screen.findByRole("button", { name: "Notifications, 2 unread" })).textContent).toBe("2");
    unmount();
    renderBell({ unreadCount: 0, notifications: [], hasMore: false });
    await waitFor(() => expect(screen.getByRole("button", { name: "Notifications" }).textContent).toBe(""));
  });

  it("lists notifications with relative times, unread ones marked", async () => {
    renderBell();
    const popover = await openBell();
    const items = within(popover).getAllByRole("listitem");
    expect(items).toHaveLength(3);
    expect(items[0].textContent).toContain("Unread: New sermon: Grace upon grace");
    expect(items[0].textContent).toContain("5 minutes ago");
    expect(items[1].textContent).toContain("2 hours ago");
    expect(items[2].textContent).not.toContain("Unread");
  });

  it("marks a notification read when clicked and opens its page", async () => {
    const { fetchMock, location } = renderBell(LIST, {
      "PATCH /api/notifications/n2/read": () => new Response(null, { status: 204 }),
    });
    const popover = await openBell();
    await userEvent.click(within(popover).getByRole("button", { name: /Youth night/ }));
    await waitFor(() => expect(calls(fetchMock, "PATCH", "/api/notifications/n2/read")).toHaveLength(1));
    expect(location.history?.at(-1)).toBe("/events");
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
  });

  it("does not mark a read notification again, and never follows a link to another site", async () => {
    const list = {
      unreadCount: 0,
      hasMore: false,
      notifications: [makeNotification({ isRead: true, link: "//evil.example/x" })],
    };
    const { fetchMock, location } = renderBell(list);
    await userEvent.click(await screen.findByRole("button", { name: "Notifications" }));
    await userEvent.click(await screen.findByRole("button", { name: /Grace upon grace/ }));
    expect(fetchMock.mock.calls.some(([, init]) => init?.method === "PATCH")).toBe(false);
    expect(location.history).toEqual(["/"]);
  });

  it("toasts an error and shows the notification unread again when marking it read fails", async () => {
    renderBell(LIST, { "PATCH /api/notifications/n1/read": () => jsonResponse({ message: "Boom" }, 500) });
    const popover = await openBell();
    await userEvent.click(within(popover).getByRole("button", { name: /Grace upon grace/ }));
    await waitFor(() =>
      expect(getToasts()[0]).toMatchObject({
        description: "Failed to mark notification as read",
        variant: "destructive",
      }),
    );
    expect(screen.getByRole("button", { name: "Notifications, 2 unread" })).toBeTruthy();
  });

  it("marks all read: the count goes and 'Success' is toasted", async () => {
    let isRead = false;
    const { fetchMock } = renderBell(
      () =>
        jsonResponse(
          isRead ? { unreadCount: 0, notifications: LIST.notifications.map((n) => ({ ...n, isRead: true })) } : LIST,
        ),
      {
        "PATCH /api/notifications/mark-all-read": () => {
          isRead = true;
          return new Response(null, { status: 204 });
        },
      },
    );
    const popover = await openBell();
    await userEvent.click(within(popover).getByRole("button", { name: "Mark all read" }));
    await waitFor(() => expect(getToasts()[0]).toMatchObject({ title: "Success" }));
    expect(calls(fetchMock, "PATCH", "/api/notifications/mark-all-read")).toHaveLength(1);
    await waitFor(() => expect(screen.getByRole("button", { name: "Notifications" })).toBeTruthy());
    expect(within(popover).queryByText(/^Unread:/)).toBeNull();
    expect(within(popover).queryByRole("button", { name: "Mark all read" })).toBeNull();
  });

  it("toasts 'Failed to mark all notifications as read' when that fails", async () => {
    renderBell(LIST, { "PATCH /api/notifications/mark-all-read": () => jsonResponse({ message: "Boom" }, 500) });
    const popover = await openBell();
    await userEvent.click(within(popover).getByRole("button", { name: "Mark all read" }));
    await waitFor(() =>
      expect(getToasts()[0]).toMatchObject({ description: "Failed to mark all notifications as read" }),
    );
    expect(screen.getByRole("button", { name: "Notifications, 2 unread" })).toBeTruthy();
  });

  it("shows the empty state, and closes with Escape back to the bell", async () => {
    renderBell({ unreadCount: 0, notifications: [], hasMore: false });
    const bell = screen.getByRole("button", { name: "Notifications" });
    bell.focus();
    await userEvent.keyboard("{Enter}");
    expect(await screen.findByText("No notifications yet")).toBeTruthy();
    await userEvent.keyboard("{Escape}");
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
    // The first use swaps the plain bell for the popover's trigger: the focus is back on the bell.
    expect(document.activeElement).toBe(screen.getByRole("button", { name: "Notifications" }));
  });

  it("shows placeholders while loading", async () => {
    renderBell(() => new Promise<Response>(() => {}) as unknown as Response);
    await userEvent.click(screen.getByRole("button", { name: "Notifications" }));
    expect(await screen.findByRole("list", { name: "Loading notifications" })).toBeTruthy();
  });

  it("asks again at once when an open socket says a notification arrived", async () => {
    FakeWebSocket.install();
    const { fetchMock } = renderBell();
    await screen.findByRole("button", { name: "Notifications, 2 unread" });
    expect(calls(fetchMock, "GET", "/api/notifications")).toHaveLength(1);
    // The live page's socket: the bell only listens to it.
    const socket = openSocket({ onOpen: () => {}, onFrame: () => {}, onStatus: () => {} });
    const ws = FakeWebSocket.latest();
    ws.open();
    ws.receive(JSON.stringify({ type: "new_message" }));
    expect(calls(fetchMock, "GET", "/api/notifications")).toHaveLength(1);
    ws.receive(JSON.stringify({ type: "notification" }));
    await waitFor(() => expect(calls(fetchMock, "GET", "/api/notifications")).toHaveLength(2));
    expect(FakeWebSocket.instances).toHaveLength(1);
    act(() => socket.close());
  });
});
