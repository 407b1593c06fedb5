import { screen, waitFor, within } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import { getToasts } from "@/components/ui/use-toast";
import { goToPage } from "@/lib/full-page";
import { makeSermon } from "@/test/fixtures";
import { jsonResponse, makeUser, mockFetch, renderWithApp } from "@/test/render";
import { AppRoutes } from "./router";

vi.mock("@/lib/full-page", () => ({ goToPage: vi.fn() }));
// Which page modules were downloaded: the admin pages' code must never reach a congregant.
const loaded = vi.hoisted(() => new Set<string>());
vi.mock("@/features/members/pages/members-page", async (original) => {
  loaded.add("members-page");
  return original();
});
// The signed-in visitor's module (shell, tours, church setup) never reaches a signed-out one.
vi.mock("./signed-in-routes", async (original) => {
  loaded.add("signed-in-routes");
  return original();
});
// The settings page's code arrives when a test says so.
const settingsDownload = vi.hoisted(() => {
  let arrive: () => void = () => undefined;
  const arrived = new Promise<void>((resolve) => {
    arrive = resolve;
  });
  return { arrived, arrive: () => arrive() };
});
vi.mock("@/features/settings/pages/church-settings-page", async (original) => {
  await settingsDownload.arrived;
  return original();
});

const SERMON = makeSermon({ viewCount: 3 });
const signedOut = { "/api/auth/user": () => jsonResponse({ message: "Unauthorized" }, 401) };
const STATS = {
  totalMembers: 3,
  totalAdmins: 1,
  activeThisWeek: 2,
  totalSermons: 0,
  upcomingEvents: 0,
  prayerRequests: 0,
  newMembersThisMonth: 1,
  pendingInvitations: 0,
};

describe("AppRoutes", () => {
  // First: the module of signed-in pages is loaded by later tests.
  it("signed out, / is the landing page, without the shell's code; the browser remembers it was signed out", async () => {
    mockFetch(signedOut);
    renderWithApp(<AppRoutes />);
    expect(await screen.findByRole("heading", { name: "Grow Together in Faith" })).toBeTruthy();
    for (const t of ["Community Engagement", "Spiritual Growth Tracking", "Achievement System"])
      expect(screen.getByText(t)).toBeTruthy();
    expect(loaded.has("signed-in-routes")).toBe(false);
    expect(window.localStorage.getItem("signed_in")).toBe("false");
  });

  it("signed in, the shell's code comes, and the browser remembers to fetch it early next time", async () => {
    mockFetch({
      "/api/auth/user": makeUser({ role: "CONGREGANT" }),
      "/api/user/stats": { points: 5, sermonsWatched: 0, eventsAttended: 0, streaks: {} },
    });
    renderWithApp(<AppRoutes />);
    expect(await screen.findByRole("navigation", { name: "Main" })).toBeTruthy();
    expect(loaded.has("signed-in-routes")).toBe(true);
    expect(window.localStorage.getItem("signed_in")).toBe("true");
  });

  it("signed out, an app page toasts 'Unauthorized' and goes to /api/login after 500 ms", async () => {
    mockFetch(signedOut);
    renderWithApp(<AppRoutes />, { path: "/prayer-requests" });
    await waitFor(() => expect(getToasts()[0]).toMatchObject({ title: "Unauthorized" }));
    await waitFor(() => expect(goToPage).toHaveBeenCalledWith("/api/login"), { timeout: 5000 });
  });

  it("an unknown address is a branded 404 page with a way home, and no developer text", async () => {
    mockFetch(signedOut);
    renderWithApp(<AppRoutes />, { path: "/no/such/page" });
    expect(await screen.findByRole("heading", { name: "Page Not Found" })).toBeTruthy();
    expect(screen.getByText(/We couldn't find the page you were looking for/)).toBeTruthy();
    expect(screen.getByRole("link", { name: "Go to Homepage" }).getAttribute("href")).toBe("/");
    expect(screen.getByRole("link", { name: "Fellowship" }).getAttribute("href")).toBe("/");
    expect(screen.queryByText(/router/i)).toBeNull();
  });

  it("signed in, an unknown address is the 404 page inside the shell, with the church's mark", async () => {
    mockFetch({
      "/api/auth/user": makeUser({ role: "CONGREGANT" }),
      "/api/user/stats": { points: 5, sermonsWatched: 0, eventsAttended: 0, streaks: {} },
    });
    renderWithApp(<AppRoutes />, { path: "/no/such/page" });
    const main = await screen.findByRole("main");
    expect(await within(main).findByRole("heading", { name: "Page Not Found" })).toBeTruthy();
    expect(screen.getByRole("navigation", { name: "Main" })).toBeTruthy();
    expect(within(main).getByRole("link", { name: "Go to Homepage" }).getAttribute("href")).toBe("/");
    expect(screen.queryByText(/router/i)).toBeNull();
  });

  it("signed in without a church, / is church setup and app pages lead there", async () => {
    mockFetch({ "/api/auth/user": { ...makeUser(), churchId: null, church: null } });
    const { location } = renderWithApp(<AppRoutes />, { path: "/sermons" });
    expect(await screen.findByText("Create Your Church")).toBeTruthy();
    expect(location.history?.at(-1)).toBe("/");
  });

  it("an unconfirmed account sees the confirmation notice on church setup and in the shell", async () => {
    mockFetch({ "/api/auth/user": { ...makeUser({ emailVerified: false }), churchId: null, church: null } });
    const { unmount } = renderWithApp(<AppRoutes />);
    expect(await screen.findByText("Create Your Church")).toBeTruthy();
    expect(screen.getByRole("region", { name: "Confirm your email address" })).toBeTruthy();
    unmount();
    mockFetch({ "/api/auth/user": makeUser({ emailVerified: false }), "/api/events": [] });
    renderWithApp(<AppRoutes />, { path: "/events" });
    expect(await screen.findByRole("region", { name: "Confirm your email address" })).toBeTruthy();
  });

  it("/verify-email loads its page on demand, signed in or out", async () => {
    mockFetch(signedOut);
    renderWithApp(<AppRoutes />, { path: "/verify-email?token=abc" });
    expect(await screen.findByRole("heading", { name: "Confirm your email address" })).toBeTruthy();
    expect(screen.getByLabelText("New password")).toBeTruthy();
  });

  it("an admin sees the admin dashboard at /", async () => {
    mockFetch({
      "/api/auth/user": makeUser({ role: "ADMIN" }),
      "/api/admin/stats": STATS,
      "/api/admin/recent-activity": [],
    });
    renderWithApp(<AppRoutes />);
    expect(await screen.findByRole("heading", { name: "Church Administration" })).toBeTruthy();
  });

  it("a congregant sees the member dashboard at /, and Access Denied on admin screens", async () => {
    mockFetch({
      "/api/auth/user": makeUser({ role: "CONGREGANT", firstName: null }),
      "/api/user/stats": { points: 5, sermonsWatched: 0, eventsAttended: 0, streaks: {} },
    });
    const first = renderWithApp(<AppRoutes />);
    expect(await screen.findByRole("heading", { name: "Welcome back, Friend" })).toBeTruthy();
    first.unmount();
    renderWithApp(<AppRoutes />, { path: "/admin/members" });
    expect(await screen.findByRole("heading", { name: "Access Denied" })).toBeTruthy();
    expect(getToasts()[0]).toMatchObject({
      title: "Access Denied",
      description: "You don't have permission to access this page.",
    });
  });

  it("a congregant's Access Denied comes without the admin page's code; an admin's page loads it", async () => {
    mockFetch({ "/api/auth/user": makeUser({ role: "CONGREGANT" }) });
    const first = renderWithApp(<AppRoutes />, { path: "/admin/members" });
    expect(await screen.findByRole("heading", { name: "Access Denied" })).toBeTruthy();
    expect(loaded.has("members-page")).toBe(false);
    first.unmount();
    mockFetch({ "/api/auth/user": makeUser({ role: "ADMIN" }), "/api/admin/members": [] });
    renderWithApp(<AppRoutes />, { path: "/admin/members" });
    expect(await screen.findByRole("heading", { name: "Manage Members" })).toBeTruthy();
    expect(loaded.has("members-page")).toBe(true);
  });

  it("shows a skeleton inside the shell while a page's code downloads", async () => {
    mockFetch({ "/api/auth/user": makeUser({ role: "ADMIN" }), "/api/admin/church/settings": {} });
    renderWithApp(<AppRoutes />, { path: "/admin/settings" });
    expect(await screen.findByRole("status", { name: "Loading page" })).toBeTruthy();
    expect(screen.getByRole("navigation", { name: "Main" })).toBeTruthy();
    settingsDownload.arrive();
    expect(await screen.findByRole("heading", { name: "Church Settings" })).toBeTruthy();
    expect(screen.queryByRole("status", { name: "Loading page" })).toBeNull();
  });

  it("Integrations is a page of its own inside the shell", async () => {
    mockFetch({ "/api/auth/user": makeUser({ role: "ADMIN" }), "/api/integrations": [] });
    renderWithApp(<AppRoutes />, { path: "/admin/integrations" });
    expect(await screen.findByRole("heading", { name: "Integrations", level: 1 })).toBeTruthy();
    expect(await screen.findByText("No integrations yet")).toBeTruthy();
    expect(screen.getByRole("navigation", { name: "Main" })).toBeTruthy();
  });

  it("signed out, a sermon's page is public: details and a sign-in invitation, no redirect", async () => {
    const publicSermon = {
      id: "s1",
      title: "Hope in the Storm",
      speaker: "Pastor Ruth",
      date: "2025-01-05T00:00:00.000Z",
      series: "Psalms",
      scripture: "Psalm 46",
      church: { name: "Grace Chapel", logoUrl: null },
    };
    const fetchMock = mockFetch({ ...signedOut, "/api/sermons/s1": publicSermon });
    renderWithApp(<AppRoutes />, { path: "/sermons/s1" });
    expect(await screen.findByRole("heading", { name: "Hope in the Storm" })).toBeTruthy();
    expect(screen.getByText("January 5, 2025")).toBeTruthy();
    expect(screen.getByText("Psalm 46")).toBeTruthy();
    expect(screen.getByText("A sermon from").nextElementSibling?.textContent).toBe("Grace Chapel");
    const cta = screen.getByRole("link", { name: /Sign in to watch and save highlights/ });
    expect(cta.getAttribute("href")).toBe("/api/login");
    // No player, highlights or watch button signed out, and no other member data is asked for.
    expect(screen.queryByRole("button", { name: /Mark Watched/ })).toBeNull();
    expect(screen.queryByText("Your Highlights")).toBeNull();
    await new Promise((r) => setTimeout(r, 700));
    expect(goToPage).not.toHaveBeenCalled();
    expect(getToasts()).toHaveLength(0);
    const urls = fetchMock.mock.calls.map(([url]) => String(url));
    expect(urls.every((u) => u === "/api/auth/user" || u === "/api/sermons/s1")).toBe(true);
  });

  it("signed out, /prayer-partners invites the visitor to sign in: no redirect, nothing private asked for", async () => {
    const fetchMock = mockFetch(signedOut);
    renderWithApp(<AppRoutes />, { path: "/prayer-partners" });
    expect(await screen.findByRole("heading", { name: "Sign in to see your prayer partner" })).toBeTruthy();
    expect(screen.getByRole("link", { name: "Sign in" }).getAttribute("href")).toBe("/api/login");
    await new Promise((r) => setTimeout(r, 700));
    expect(goToPage).not.toHaveBeenCalled();
    expect(getToasts()).toHaveLength(0);
    expect(fetchMock.mock.calls.map(([url]) => String(url))).toEqual(["/api/auth/user"]);
  });

  it("signed in, the prayer pages are real screens inside the shell", async () => {
    mockFetch({
      "/api/auth/user": makeUser({ role: "CONGREGANT" }),
      "/api/prayer-requests?limit=20": [],
      "/api/prayer-partners/current": {
        id: null,
        weekStartDate: "2026-11-22",
        weekEndDate: "2026-11-28",
        partner: null,
        reason: "joined_this_week",
        todayCompleted: false,
        prayersThisWeek: 0,
        prayerStreak: 0,
        prayersCompleted: 0,
        totalChainLinks: 0,
      },
      "/api/prayer-partners/history": [],
    });
    // Two modules download first (the shell's and the page's): allow them more than the default second.
    const first = renderWithApp(<AppRoutes />, { path: "/prayer-requests" });
    expect(
      await screen.findByText("No prayer requests yet. Be the first to share!", {}, { timeout: 5000 }),
    ).toBeTruthy();
    expect(screen.getByRole("navigation", { name: "Main" })).toBeTruthy();
    first.unmount();
    renderWithApp(<AppRoutes />, { path: "/prayer-partners" });
    expect(await screen.findByRole("heading", { name: "Prayer Partners", level: 1 }, { timeout: 5000 })).toBeTruthy();
    expect(await screen.findByText(/next week's chain begins on Sunday/)).toBeTruthy();
  });

  it("signed in, the sermon pages are real screens", async () => {
    mockFetch({
      "/api/auth/user": makeUser({ role: "CONGREGANT" }),
      "/api/sermons/s1": SERMON,
      "/api/sermons/s1/related": [],
      "/api/sermon-highlights/s1": [],
    });
    renderWithApp(<AppRoutes />, { path: "/sermons/s1" });
    expect(await screen.findByRole("heading", { name: "Hope in the Storm" })).toBeTruthy();
    expect(screen.getByRole("button", { name: /Mark Watched/ })).toBeTruthy();
    expect(screen.getByRole("navigation", { name: "Main" })).toBeTruthy();
  });

  it("applies the church's brand colour to the document", async () => {
    mockFetch({
      "/api/auth/user": makeUser({
        role: "CONGREGANT",
        church: { name: "G", logoUrl: null, brandColor: "#0F766E", timeZone: "UTC", defaultLanguage: null },
      }),
      "/api/user/stats": { points: 0, sermonsWatched: 0, eventsAttended: 0, streaks: {} },
    });
    renderWithApp(<AppRoutes />);
    await waitFor(() => expect(document.documentElement.style.getPropertyValue("--brand")).toBe("#0f766e"));
  });
});
