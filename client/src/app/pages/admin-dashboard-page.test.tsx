import { screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { makeUser, mockFetch, renderWithApp } from "@/test/render";
import { AdminDashboardPage } from "./admin-dashboard-page";

const STATS = {
  totalMembers: 1,
  totalAdmins: 1,
  activeThisWeek: 1,
  totalSermons: 4,
  upcomingEvents: 0,
  prayerRequests: 7,
  newMembersThisMonth: 1,
  pendingInvitations: 2,
  pendingKudos: 3,
};
const minutesAgo = (m: number) => new Date(Date.now() - m * 60_000).toISOString();
const ACTIVITY = Array.from({ length: 7 }, (_, i) => ({
  id: `a${i}`,
  description: `Activity ${i}`,
  timestamp: minutesAgo(i * 5),
}));

function setup(stats = STATS, activity: unknown = ACTIVITY) {
  const fetchMock = mockFetch({ "/api/admin/stats": stats, "/api/admin/recent-activity": activity });
  return { ...renderWithApp(<AdminDashboardPage />, { user: makeUser() }), fetchMock };
}

describe("AdminDashboardPage", () => {
  it("shows the four stat cards with real figures and the admin note", async () => {
    setup();
    expect(await screen.findByText("including 1 admin")).toBeTruthy();
    for (const label of ["Total Members", "Active This Week", "Total Sermons", "Open Prayer Requests"])
      expect(screen.getByText(label)).toBeTruthy();
    // The server counts the open (unanswered) requests the admin can see: the label says so.
    expect(screen.getByText("not yet answered")).toBeTruthy();
    expect(screen.queryByText("shared by your church")).toBeNull();
    expect(screen.getByText("7")).toBeTruthy();
  });

  it("shows how many kudos await approval, with a link to the queue", async () => {
    setup();
    const link = await screen.findByRole("link", { name: "Review kudos" });
    expect(link.getAttribute("href")).toBe("/admin/kudos");
    expect(link.parentElement?.textContent).toBe("Kudos awaiting approval3Review kudos");
  });

  it("shows only the first 5 activities with relative times", async () => {
    setup();
    expect(await screen.findByText("Activity 0")).toBeTruthy();
    expect(screen.getByText("Activity 4")).toBeTruthy();
    expect(screen.queryByText("Activity 5")).toBeNull();
    expect(screen.getByText("Just now")).toBeTruthy();
    expect(screen.getByText("5 minutes ago")).toBeTruthy();
  });

  it("shows the empty states for no activity and no upcoming events", async () => {
    setup({ ...STATS, totalMembers: 5 }, []);
    expect(await screen.findByText("No recent activity")).toBeTruthy();
    expect(screen.getByText("No upcoming events")).toBeTruthy();
    expect(screen.getByRole("link", { name: "Create Event" }).getAttribute("href")).toBe("/admin/events");
  });

  it("shows the welcome banner to a new church with 5 shortcuts until 'Got it'", async () => {
    const { unmount } = setup();
    const banner = (await screen.findByText(/Welcome to your new church home/)).closest("section") as HTMLElement;
    const links = within(banner)
      .getAllByRole("link")
      .map((a) => a.getAttribute("href"));
    expect(links).toEqual([
      "/admin/sermons",
      "/admin/events",
      "/admin/invitations",
      "/admin/live-stream",
      "/admin/growth",
    ]);
    // Sermons are added as links to their recordings: nothing offers an upload.
    expect(within(banner).getByRole("link", { name: "Add sermons" })).toBeTruthy();
    expect(within(banner).queryByText(/Upload/)).toBeNull();
    await userEvent.click(within(banner).getAllByRole("button", { name: "Got it" })[1]);
    expect(screen.queryByText(/Welcome to your new church home/)).toBeNull();
    expect(window.localStorage.getItem("welcome_banner_dismissed_c1")).toBe("true");
    unmount();
    setup();
    await screen.findByText("including 1 admin");
    expect(screen.queryByText(/Welcome to your new church home/)).toBeNull();
  });

  it("hides the banner once the church has more than one member", async () => {
    setup({ ...STATS, totalMembers: 2 });
    await screen.findByText("including 1 admin");
    expect(screen.queryByText(/Welcome to your new church home/)).toBeNull();
  });

  it("links the quick actions, each saying what it does; installing the app is not an admin action", async () => {
    setup();
    const sermon = screen.getByRole("link", { name: /Add New Sermon/ });
    expect(sermon.getAttribute("href")).toBe("/admin/sermons");
    expect(sermon.textContent).toContain("Add a recording link");
    expect(screen.queryByText(/Upload a message/)).toBeNull();
    expect(screen.queryByRole("link", { name: /Download Our App/ })).toBeNull();
    expect(screen.getByRole("link", { name: /Invite Members/ }).getAttribute("href")).toBe("/admin/invitations");
    expect(screen.getByRole("link", { name: /Manage Live Stream/ }).getAttribute("href")).toBe("/admin/live-stream");
  });

  it("asks the server for the next 3 events only, and lists them", async () => {
    const soon = (d: number) => new Date(Date.now() + d * 86_400_000).toISOString();
    const event = (n: number, start: string, end: string) => ({
      id: `e${n}`,
      title: `Event ${n}`,
      description: "",
      location: "Hall",
      startTime: start,
      endTime: end,
      streamUrl: null,
      rsvpCount: 0,
      isGoing: false,
      isCheckedIn: false,
      createdAt: soon(0),
    });
    const fetchMock = mockFetch({
      "/api/admin/stats": { ...STATS, totalMembers: 5, upcomingEvents: 4 },
      "/api/admin/recent-activity": [],
      // The server's answer: events that have not ended, soonest first, at most 3; one is under way.
      "/api/events?upcoming=true&limit=3": [
        event(0, soon(-0.01), soon(0.05)),
        event(1, soon(1), soon(1.05)),
        event(2, soon(2), soon(2.05)),
      ],
    });
    renderWithApp(<AdminDashboardPage />, { user: makeUser() });
    expect(await screen.findByText("Event 1")).toBeTruthy();
    expect(screen.getByText("Event 2")).toBeTruthy();
    const now = screen.getByText("Event 0").closest("a") as HTMLElement;
    expect(within(now).getByText(/Happening now/)).toBeTruthy();
    expect(screen.getAllByText(/Happening now/)).toHaveLength(1);
    expect(screen.getByText("4 upcoming events")).toBeTruthy();
    expect(screen.queryByText("No upcoming events")).toBeNull();
    const urls = fetchMock.mock.calls.map(([url]) => String(url));
    expect(urls.filter((u) => u.startsWith("/api/events"))).toEqual(["/api/events?upcoming=true&limit=3"]);
  });

  it("does not ask for events when the church has none coming", async () => {
    const { fetchMock } = setup({ ...STATS, totalMembers: 5 }, []);
    expect(await screen.findByText("No upcoming events")).toBeTruthy();
    expect(fetchMock.mock.calls.some(([url]) => String(url).startsWith("/api/events"))).toBe(false);
  });
});
