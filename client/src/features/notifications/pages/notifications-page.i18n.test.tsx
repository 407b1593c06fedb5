import type { TNotification } from "@common/notifications";
import { screen } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { activateLanguage } from "@/lib/i18n";
import { makeUser, mockFetch, renderWithApp } from "@/test/render";
import { NOTIFICATION_PAGE_LIMIT } from "../api";
import { NotificationsPage } from "./notifications-page";

const FIRST = `/api/notifications?limit=${NOTIFICATION_PAGE_LIMIT}`;

const sermon = (id: string, message: string): TNotification => ({
  id,
  type: "sermon",
  kind: "sermon_published",
  title: "Nueva prédica",
  message,
  isRead: false,
  createdAt: new Date(Date.now() - 5 * 60_000).toISOString(),
  relatedId: null,
  link: "/sermons",
});

afterEach(async () => {
  await activateLanguage("en");
});

describe("NotificationsPage in other languages (issue 26)", () => {
  it("speaks Spanish: title, filter, a counted group and a relative time", async () => {
    await activateLanguage("es");
    mockFetch({
      [FIRST]: { notifications: [sermon("a", "Gracia"), sermon("b", "Fe")], unreadCount: 2, hasMore: false },
    });
    renderWithApp(<NotificationsPage />, { path: "/notifications", user: makeUser() });
    expect(await screen.findByRole("heading", { level: 1, name: "Notificaciones" })).toBeTruthy();
    expect(await screen.findByText("2 prédicas nuevas")).toBeTruthy();
    expect(screen.getByText("2 sin leer. Todo lo que se te avisó, lo más reciente primero.")).toBeTruthy();
    expect(screen.getByRole("button", { name: "Marcar todo como leído" })).toBeTruthy();
    expect(screen.getByRole("option", { name: "Todas las notificaciones" })).toBeTruthy();
    expect(screen.getByText(/hace 5 min/)).toBeTruthy();
  });

  it("renders right to left in Arabic, with its empty state", async () => {
    await activateLanguage("ar");
    mockFetch({ [FIRST]: { notifications: [], unreadCount: 0, hasMore: false } });
    renderWithApp(<NotificationsPage />, { path: "/notifications", user: makeUser() });
    expect(await screen.findByText("لا توجد إشعارات بعد")).toBeTruthy();
    expect(document.documentElement.dir).toBe("rtl");
    expect(document.documentElement.lang).toBe("ar");
  });
});
