import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { TourProvider } from "@/features/onboarding-tour/components/tour-provider";
import { activateLanguage } from "@/lib/i18n";
import { jsonResponse, makeUser, mockFetch, renderWithApp } from "@/test/render";
import { AppShell } from "./app-shell";

const LIVE_EVENT = {
  id: "e1",
  title: "Sunday service",
  description: "",
  location: "Sanctuary",
  startTime: new Date(Date.now() - 600_000).toISOString(),
  endTime: new Date(Date.now() + 3_000_000).toISOString(),
  streamUrl: "https://example.org/live.m3u8",
  chatEnabled: true,
  viewerCount: 3,
  canModerate: false,
};
const NO_NOTIFICATIONS = { notifications: [], unreadCount: 0, hasMore: false };

function renderShell(role: "ADMIN" | "CONGREGANT" = "ADMIN", churchName = "Grace Church") {
  const user = makeUser({
    role,
    points: 1250,
    toursDone: ["welcome", "admin-welcome"],
    church: { name: churchName, logoUrl: null, brandColor: "#6366F1", timeZone: "UTC", defaultLanguage: null },
  });
  return renderWithApp(
    <TourProvider user={user}>
      <AppShell>
        <p>Page body</p>
      </AppShell>
    </TourProvider>,
    { user },
  );
}

describe("AppShell", () => {
  it("has a skip link to the main content and shows the user's points", () => {
    renderShell();
    expect(screen.getByRole("link", { name: "Skip to content" }).getAttribute("href")).toBe("#main-content");
    expect(document.getElementById("main-content")?.textContent).toContain("Page body");
    expect(screen.getByTitle("Your points").textContent).toContain("1,250");
  });

  it("opens the mobile drawer with the same links and closes it after navigating", async () => {
    const { location } = renderShell();
    await userEvent.click(screen.getByRole("button", { name: "Open menu" }));
    const drawer = await screen.findByRole("dialog");
    await userEvent.click(within(drawer).getByRole("link", { name: "Send Invitations" }));
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
    expect(location.history?.at(-1)).toBe("/admin/invitations");
  });

  it("closes the drawer with Escape", async () => {
    renderShell();
    await userEvent.click(screen.getByRole("button", { name: "Open menu" }));
    await screen.findByRole("dialog");
    await userEvent.keyboard("{Escape}");
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
  });

  it("searches from the top bar: the box loads on first use and opens a result with Enter", async () => {
    mockFetch({
      "/api/search?q=members": {
        results: [
          {
            type: "page",
            id: "admin-members",
            title: "Manage Members",
            snippet: "Administration",
            url: "/admin/members",
          },
        ],
      },
    });
    const { location } = renderShell("ADMIN");
    const search = screen.getByRole("combobox", { name: "Search" });
    expect(search.getAttribute("placeholder")).toBe("Search...");
    await userEvent.type(search, "members");
    const option = await screen.findByRole("option", { name: /Manage Members/ });
    expect(option.getAttribute("href")).toBe("/admin/members");
    expect(screen.getByRole("combobox", { name: "Search" })).toBe(document.activeElement);
    await userEvent.keyboard("{Enter}");
    expect(location.history?.at(-1)).toBe("/admin/members");
    vi.unstubAllGlobals();
  });

  it("names the church in the top bar too (the phone's), whole, on up to two lines with a tooltip", () => {
    const name = "The First Evangelical Lutheran Church of the Holy Redeemer Parish";
    renderShell("CONGREGANT", name);
    const header = screen.getByRole("banner");
    const link = within(header).getByRole("link", { name });
    expect(link.getAttribute("title")).toBe(name);
    expect(link.textContent).toBe(name);
    expect(link.className).toContain("line-clamp-2");
    expect(link.className).not.toContain("truncate");
  });

  it("shows a Live sign in the top bar and beside Live Stream while the church is live", async () => {
    mockFetch({ "/api/events/live": LIVE_EVENT, "/api/notifications": NO_NOTIFICATIONS });
    renderShell("CONGREGANT");
    const live = await screen.findByRole("link", { name: "Live now: watch the live stream" });
    expect(live.getAttribute("href")).toBe("/live");
    const nav = screen.getByRole("navigation", { name: "Main" });
    expect(within(nav).getByRole("link", { name: /Live Stream/ }).textContent).toBe("Live StreamLive");
    vi.unstubAllGlobals();
  });

  it("shows no Live sign while nothing is live, and asks again when a live_started notification arrives", async () => {
    let isLive = false;
    const fetchMock = mockFetch({
      "/api/events/live": () => jsonResponse(isLive ? LIVE_EVENT : null),
      "/api/notifications": NO_NOTIFICATIONS,
    });
    const { queryClient } = renderShell("CONGREGANT");
    const liveCalls = () => fetchMock.mock.calls.filter(([u]) => u === "/api/events/live").length;
    await waitFor(() => expect(liveCalls()).toBe(1));
    await waitFor(() => expect(queryClient.getQueryData(["/api/notifications"])).toBeTruthy());
    expect(screen.queryByRole("link", { name: "Live now: watch the live stream" })).toBeNull();
    const nav = screen.getByRole("navigation", { name: "Main" });
    expect(within(nav).getByRole("link", { name: "Live Stream" }).textContent).toBe("Live Stream");

    // The stream starts: the bell's next answer carries its notification.
    isLive = true;
    queryClient.setQueryData(["/api/notifications"], {
      notifications: [
        {
          id: "n1",
          type: "other",
          kind: "live_started",
          title: "We're live",
          message: "Sunday service",
          isRead: false,
          createdAt: new Date().toISOString(),
          relatedId: "e1",
          link: "/live",
        },
      ],
      unreadCount: 1,
      hasMore: false,
    });
    expect(await screen.findByRole("link", { name: "Live now: watch the live stream" })).toBeTruthy();
    expect(liveCalls()).toBe(2);
    vi.unstubAllGlobals();
  });

  describe("in another language (issue 26)", () => {
    afterEach(async () => {
      await activateLanguage("en");
    });

    it("speaks Spanish: the nav, the top bar and the drawer", async () => {
      await activateLanguage("es");
      renderShell("ADMIN");
      const nav = await screen.findByRole("navigation", { name: "Principal" });
      for (const label of ["Mi inicio", "Prédicas", "Peticiones de oración", "Camino de crecimiento"])
        expect(within(nav).getByRole("link", { name: label })).toBeTruthy();
      expect(within(nav).getByText("Administración")).toBeTruthy();
      expect(screen.getByRole("link", { name: "Saltar al contenido" })).toBeTruthy();
      expect(screen.getByRole("combobox", { name: "Buscar" })).toBeTruthy();
      expect(screen.getByTitle("Tus puntos").textContent).toContain("puntos");
      expect(screen.queryByRole("link", { name: "Sermons" })).toBeNull();
      await userEvent.click(screen.getByRole("button", { name: "Abrir menú" }));
      const drawer = await screen.findByRole("dialog", { name: "Menú" });
      expect(within(drawer).getByRole("link", { name: "Enviar invitaciones" })).toBeTruthy();
    });

    it("renders right to left in Arabic, the drawer opening from the start (right) side", async () => {
      await activateLanguage("ar");
      renderShell("CONGREGANT");
      expect(document.documentElement.dir).toBe("rtl");
      expect(document.documentElement.lang).toBe("ar");
      const nav = await screen.findByRole("navigation", { name: "التنقل الرئيسي" });
      expect(within(nav).getByRole("link", { name: "العظات" })).toBeTruthy();
      await userEvent.click(screen.getByRole("button", { name: "افتح القائمة" }));
      const drawer = await screen.findByRole("dialog", { name: "القائمة" });
      expect(drawer.className).toContain("start-0");
      expect(drawer.className).not.toMatch(/\b(left|right)-0\b/);
      expect(within(drawer).getByRole("link", { name: "طلبات الصلاة" })).toBeTruthy();
    });
  });
});
