import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it, vi } from "vitest";
import { goToPage } from "@/lib/full-page";
import { makeUser, mockFetch, renderWithApp } from "@/test/render";
import { SidebarContent } from "./sidebar";
import { TopBar } from "./top-bar";

vi.mock("@/lib/full-page", () => ({ goToPage: vi.fn() }));

const Sidebar = () => <SidebarContent />;

const ADMIN_LINKS = [
  "Admin Home",
  "Manage Sermons",
  "Manage Events",
  "Manage Members",
  "Send Invitations",
  "Integrations",
  "Growth Analytics",
  "Church Settings",
  "Audit Log",
];

describe("SidebarContent", () => {
  it("shows the member links to everyone and the Administration section only to admins", () => {
    renderWithApp(<Sidebar />, { user: makeUser({ role: "CONGREGANT" }) });
    const nav = screen.getByRole("navigation", { name: "Main" });
    for (const label of [
      "Dashboard",
      "Sermons",
      "Events",
      "Groups",
      "Live Stream",
      "Prayer Requests",
      "Prayer Chain",
      "Member Recognition",
      "Growth Journey",
      "Onboarding Journey",
    ]) {
      expect(within(nav).getByRole("link", { name: label })).toBeTruthy();
    }
    expect(within(nav).getByRole("link", { name: "Groups" }).getAttribute("href")).toBe("/groups");
    expect(screen.queryByText("Administration")).toBeNull();
    expect(screen.queryByRole("link", { name: "Manage Members" })).toBeNull();
  });

  it.each(["ADMIN", "SUPER_ADMIN"] as const)("shows every admin link to %s", (role) => {
    renderWithApp(<Sidebar />, { user: makeUser({ role }) });
    expect(screen.getByText("Administration")).toBeTruthy();
    for (const label of ADMIN_LINKS) expect(screen.getByRole("link", { name: label })).toBeTruthy();
    expect(screen.getByRole("link", { name: "Manage Members" }).getAttribute("href")).toBe("/admin/members");
  });

  it("marks the current page, including sub-pages, and only that one", () => {
    renderWithApp(<Sidebar />, { user: makeUser(), path: "/sermons/42" });
    expect(screen.getByRole("link", { name: "Sermons" }).getAttribute("aria-current")).toBe("page");
    expect(screen.getByRole("link", { name: "My Dashboard" }).getAttribute("aria-current")).toBeNull();
    expect(screen.getByRole("link", { name: "Admin Home" }).getAttribute("aria-current")).toBeNull();
  });

  it("gives an admin the member dashboard as My Dashboard; Admin Home is their home at /", () => {
    const { unmount } = renderWithApp(<Sidebar />, { user: makeUser(), path: "/" });
    expect(screen.queryByRole("link", { name: "Dashboard" })).toBeNull();
    const mine = screen.getByRole("link", { name: "My Dashboard" });
    expect(mine.getAttribute("href")).toBe("/my-dashboard");
    expect(mine.getAttribute("aria-current")).toBeNull();
    expect(screen.getByRole("link", { name: "Admin Home" }).getAttribute("aria-current")).toBe("page");
    unmount();
    renderWithApp(<Sidebar />, { user: makeUser(), path: "/my-dashboard" });
    expect(screen.getByRole("link", { name: "My Dashboard" }).getAttribute("aria-current")).toBe("page");
    expect(screen.getByRole("link", { name: "Admin Home" }).getAttribute("aria-current")).toBeNull();
  });

  it("a member's Dashboard is at /", () => {
    renderWithApp(<Sidebar />, { user: makeUser({ role: "CONGREGANT" }), path: "/" });
    expect(screen.getByRole("link", { name: "Dashboard" }).getAttribute("href")).toBe("/");
    expect(screen.queryByRole("link", { name: "My Dashboard" })).toBeNull();
  });

  it("shows a long church name whole, on up to two lines, with the full name as its tooltip", () => {
    const name = "The First Evangelical Lutheran Church of the Holy Redeemer";
    renderWithApp(<Sidebar />, {
      user: makeUser({
        church: { name, logoUrl: null, brandColor: "#6366F1", timeZone: "UTC", defaultLanguage: null },
      }),
    });
    const text = screen.getByText(name);
    expect(text.className).toContain("line-clamp-2");
    expect(text.className).not.toContain("truncate");
    expect(text.closest("a")?.getAttribute("title")).toBe(name);
  });

  it("shows the church name, or its logo, and signs out with POST /api/logout, then a full load of /", async () => {
    const fetchMock = mockFetch({ "POST /api/logout": () => new Response(null, { status: 204 }) });
    const { unmount } = renderWithApp(<Sidebar />, { user: makeUser() });
    expect(screen.getByText("Grace Church")).toBeTruthy();
    await userEvent.click(screen.getByRole("button", { name: "Sign Out" }));
    await waitFor(() => expect(goToPage).toHaveBeenCalledWith("/"));
    expect(fetchMock.mock.calls.filter(([u, init]) => u === "/api/logout" && init?.method === "POST")).toHaveLength(1);
    unmount();
    renderWithApp(<Sidebar />, {
      user: makeUser({
        church: {
          name: "Hope",
          logoUrl: "/api/churches/c1/logo",
          brandColor: "#000000",
          timeZone: "UTC",
          defaultLanguage: null,
        },
      }),
    });
    // The logo beside the name, not instead of it.
    expect(document.querySelector("img")?.getAttribute("src")).toBe("/api/churches/c1/logo");
    expect(screen.getByRole("link", { name: "Hope" }).getAttribute("href")).toBe("/");
  });

  it("if the sign-out request fails, signs out by navigating to GET /api/logout", async () => {
    mockFetch({ "POST /api/logout": () => Promise.reject(new TypeError("Failed to fetch")) });
    renderWithApp(<Sidebar />, { user: makeUser() });
    await userEvent.click(screen.getByRole("button", { name: "Sign Out" }));
    await waitFor(() => expect(goToPage).toHaveBeenCalledWith("/api/logout"));
  });

  it("leaves the notification bell to the top bar, which opens its popover", async () => {
    mockFetch({ "/api/notifications": { unreadCount: 0, notifications: [] } });
    const { unmount } = renderWithApp(<Sidebar />, { user: makeUser() });
    expect(screen.queryByRole("button", { name: "Notifications" })).toBeNull();
    unmount();
    renderWithApp(<TopBar onOpenMenu={() => undefined} />, { user: makeUser() });
    await userEvent.click(screen.getByRole("button", { name: "Notifications" }));
    expect(await screen.findByText("No notifications yet")).toBeTruthy();
  });
});
