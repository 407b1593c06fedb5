import type { TNotification, TNotificationList } from "@common/notifications";
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { jsonResponse, makeUser, mockFetch, renderWithApp } from "@/test/render";
import { NOTIFICATION_PAGE_LIMIT } from "../api";
import { NotificationsPage } from "./notifications-page";

const FIRST = `/api/notifications?limit=${NOTIFICATION_PAGE_LIMIT}`;
const minutesAgo = (m: number) => new Date(Date.now() - m * 60_000).toISOString();

let seq = 0;
function note(over: Partial<TNotification> = {}): TNotification {
  seq += 1;
  return {
    id: `n${seq}`,
    type: "sermon",
    kind: "sermon_published",
    title: "New sermon",
    message: `Sermon ${seq} by Pastor John`,
    isRead: false,
    createdAt: minutesAgo(5),
    relatedId: null,
    link: `/sermons/s${seq}`,
    ...over,
  };
}

const page = (notifications: TNotification[], over: Partial<TNotificationList> = {}): TNotificationList => ({
  notifications,
  unreadCount: notifications.filter((n) => !n.isRead).length,
  hasMore: false,
  ...over,
});

const calls = (fetchMock: ReturnType<typeof mockFetch>, method: string, path: string) =>
  fetchMock.mock.calls
    .filter(([url, init]) => url === path && (init?.method ?? "GET") === method)
    .map(([, init]) => (init?.body ? JSON.parse(String(init.body)) : undefined));

function setup(routes: Record<string, unknown>) {
  const fetchMock = mockFetch(routes);
  const utils = renderWithApp(<NotificationsPage />, { path: "/notifications", user: makeUser() });
  return { fetchMock, ...utils };
}

describe("NotificationsPage", () => {
  it("shows a skeleton, then the empty state", async () => {
    setup({ [FIRST]: page([]) });
    expect(screen.getByRole("list", { name: "Loading notifications" })).toBeTruthy();
    expect(await screen.findByText("No notifications yet")).toBeTruthy();
    expect(screen.getByRole("heading", { level: 1, name: "Notifications" })).toBeTruthy();
    expect((screen.getByRole("button", { name: "Mark all read" }) as HTMLButtonElement).disabled).toBe(true);
    // Issue 29: how notifications reach the member is one click away.
    expect(screen.getByRole("link", { name: "Notification settings" }).getAttribute("href")).toBe(
      "/notifications/settings",
    );
  });

  it("groups sermons that came together, marks the group read at once and opens the sermons page", async () => {
    const sermons = [note({ message: "Grace" }), note({ message: "Hope" }), note({ message: "Faith" })];
    const prayed = note({
      type: "prayer",
      kind: "prayer_prayed",
      title: "Someone prayed for you",
      message: "Someone prayed for your request: Work",
      link: "/prayer-requests",
      createdAt: minutesAgo(60),
    });
    const { fetchMock, location } = setup({
      [FIRST]: page([...sermons, prayed]),
      "PATCH /api/notifications/read": () => jsonResponse({ updated: 3 }),
    });
    const list = await screen.findByRole("list", { name: "Notifications" });
    const items = within(list).getAllByRole("listitem");
    expect(items).toHaveLength(2);
    expect(items[0].textContent).toContain("Unread: 3 new sermons");
    expect(items[0].textContent).toContain("Grace · Hope · Faith");
    expect(screen.getByText(/4 unread/)).toBeTruthy();
    await userEvent.click(within(items[0]).getByRole("button"));
    await waitFor(() =>
      expect(calls(fetchMock, "PATCH", "/api/notifications/read")).toEqual([{ ids: sermons.map((n) => n.id) }]),
    );
    expect(location.history?.at(-1)).toBe("/sermons");
  });

  it("filters by kind in words, and says when a kind has none", async () => {
    const { fetchMock } = setup({
      [FIRST]: page([note()]),
      [`${FIRST}&kind=prayer_answered`]: page([], { unreadCount: 1 }),
    });
    await screen.findByRole("list", { name: "Notifications" });
    const filter = screen.getByLabelText("Show");
    expect(within(filter).getByRole("option", { name: "Answered prayers" })).toBeTruthy();
    expect(within(filter).queryByRole("option", { name: "Test notifications" })).toBeNull();
    await userEvent.selectOptions(filter, "prayer_answered");
    expect(await screen.findByText("None of these yet")).toBeTruthy();
    expect(calls(fetchMock, "GET", `${FIRST}&kind=prayer_answered`)).toHaveLength(1);
  });

  it("loads older ones with Load more, from the last one shown", async () => {
    const newer = note({
      kind: "prayer_partner",
      type: "prayer",
      title: "Your prayer partner",
      link: "/prayer-partners",
    });
    const older = note({ kind: "badge_earned", type: "system", title: "Badge earned", isRead: true, link: "/growth" });
    setup({
      [FIRST]: page([newer], { hasMore: true }),
      [`/api/notifications?limit=${NOTIFICATION_PAGE_LIMIT}&before=${newer.id}`]: page([older], { unreadCount: 1 }),
    });
    await userEvent.click(await screen.findByRole("button", { name: "Load more" }));
    expect(await screen.findByText("Badge earned")).toBeTruthy();
    expect(screen.queryByRole("button", { name: "Load more" })).toBeNull();
    expect(within(screen.getByRole("list", { name: "Notifications" })).getAllByRole("listitem")).toHaveLength(2);
  });

  it("marks all read", async () => {
    const list = [note(), note({ kind: "event_published", type: "event", title: "New event" })];
    let isRead = false;
    const { fetchMock } = setup({
      [FIRST]: () => jsonResponse(page(list.map((n) => ({ ...n, isRead })))),
      "PATCH /api/notifications/mark-all-read": () => {
        isRead = true;
        return jsonResponse({ updated: 2 });
      },
    });
    await screen.findByRole("list", { name: "Notifications" });
    await userEvent.click(screen.getByRole("button", { name: "Mark all read" }));
    await waitFor(() => expect(calls(fetchMock, "PATCH", "/api/notifications/mark-all-read")).toHaveLength(1));
    await waitFor(() => expect(screen.queryByText(/Unread:/)).toBeNull());
    expect(screen.queryByText(/unread\./)).toBeNull();
  });

  it("offers a retry when the history cannot be loaded", async () => {
    setup({ [FIRST]: () => jsonResponse({ message: "Boom" }, 500) });
    expect(await screen.findByRole("button", { name: /Try again|Retry/ })).toBeTruthy();
  });
});
