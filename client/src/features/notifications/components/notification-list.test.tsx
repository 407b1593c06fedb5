import type { TNotification } from "@common/notifications";
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it, vi } from "vitest";
import { jsonResponse, makeUser, mockFetch, renderWithApp } from "@/test/render";
import { NotificationList } from "./notification-list";

let seq = 0;
function note(over: Partial<TNotification> = {}): TNotification {
  seq += 1;
  return {
    id: `e${seq}`,
    type: "event",
    kind: "event_published",
    title: "New event",
    message: `Event ${seq}`,
    isRead: false,
    createdAt: new Date(Date.now() - 10 * 60_000).toISOString(),
    relatedId: null,
    link: "/events",
    ...over,
  };
}

describe("NotificationList (the bell's popover)", () => {
  it("shows events published together as one line, keeps the true unread count, and links to the page", async () => {
    const events = [note(), note()];
    const fetchMock = mockFetch({
      "/api/notifications": { notifications: events, unreadCount: 2, hasMore: false },
      "PATCH /api/notifications/read": () => jsonResponse({ updated: 2 }),
    });
    const onClose = vi.fn();
    const { location } = renderWithApp(<NotificationList onClose={onClose} />, { user: makeUser() });
    const list = await screen.findByRole("list", { name: "Notifications" });
    const [line, ...rest] = within(list).getAllByRole("listitem");
    expect(rest).toEqual([]);
    expect(line.textContent).toContain("Unread: 2 new events");

    const seeAll = screen.getByRole("link", { name: "See all notifications" });
    expect(seeAll.getAttribute("href")).toBe("/notifications");

    await userEvent.click(within(line).getByRole("button"));
    await waitFor(() => expect(fetchMock.mock.calls.some(([u]) => u === "/api/notifications/read")).toBe(true));
    expect(onClose).toHaveBeenCalled();
    expect(location.history?.at(-1)).toBe("/events");
  });

  it("closes the popover on See all notifications and opens the page", async () => {
    mockFetch({ "/api/notifications": { notifications: [], unreadCount: 0, hasMore: false } });
    const onClose = vi.fn();
    const { location } = renderWithApp(<NotificationList onClose={onClose} />, { user: makeUser() });
    expect(await screen.findByText("No notifications yet")).toBeTruthy();
    await userEvent.click(screen.getByRole("link", { name: "See all notifications" }));
    expect(onClose).toHaveBeenCalled();
    expect(location.history?.at(-1)).toBe("/notifications");
  });
});
