import { screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it } from "vitest";
import { activateLanguage } from "@/lib/i18n";
import { jsonResponse, makeUser, mockFetch, renderWithApp } from "@/test/render";
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
  invitationsToReview: 0,
  invitationsSent: 2,
  firstSteps: { hasSermon: true, hasSentInvitation: false, isChurchSetUp: false },
  pendingKudos: 3,
};
const minutesAgo = (m: number) => new Date(Date.now() - m * 60_000).toISOString();
const ACTIVITY = Array.from({ length: 7 }, (_, i) => ({
  id: `a${i}`,
  description: `Activity ${i}`,
  timestamp: minutesAgo(i * 5),
}));

const DONE = makeUser({ toursDone: ["admin-welcome"] });

function setup(stats = STATS, activity: unknown = ACTIVITY, user = DONE) {
  const tourBodies: unknown[] = [];
  const fetchMock = mockFetch({
    "/api/admin/stats": stats,
    "/api/admin/recent-activity": activity,
    "PUT /api/user/tour": (init?: RequestInit) => {
      tourBodies.push(JSON.parse(String(init?.body)));
      return jsonResponse({ toursDone: ["admin-welcome"] });
    },
  });
  return { ...renderWithApp(<AdminDashboardPage />, { user }), fetchMock, tourBodies };
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

  it("welcomes a new leader with one card of three first steps, ticked from the figures, until dismissed on the server", async () => {
    const { tourBodies } = setup(STATS, ACTIVITY, makeUser({ toursDone: [], emailVerified: true }));
    const card = (await screen.findByRole("heading", { name: "Welcome, Ann! Grace Church is ready." })).closest(
      "section",
    ) as HTMLElement;
    expect(await within(card).findByText(/1 of 3 done/)).toBeTruthy();
    expect(
      within(card)
        .getAllByRole("link")
        .map((a) => [a.textContent?.split("(")[0], a.getAttribute("href")]),
    ).toEqual([
      ["Add your first sermon ", "/admin/sermons?new=1"],
      ["Invite your people ", "/admin/invitations"],
      ["Set up your church ", "/admin/settings"],
    ]);
    expect(within(card).getByRole("link", { name: /Add your first sermon \(done\)/ })).toBeTruthy();
    expect(within(card).getByRole("link", { name: /Invite your people \(to do\)/ })).toBeTruthy();
    // One layer: no dialog, and the address is confirmed so no reminder either.
    expect(screen.queryByRole("dialog")).toBeNull();
    expect(screen.queryByRole("region", { name: "Confirm your email address" })).toBeNull();
    await userEvent.click(within(card).getByRole("button", { name: "Dismiss the welcome" }));
    expect(screen.queryByRole("heading", { name: /Welcome, Ann!/ })).toBeNull();
    expect(tourBodies).toEqual([{ tour: "admin-welcome", done: true }]);
  });

  it("carries the email reminder inside the welcome when the address is unconfirmed", async () => {
    setup(STATS, ACTIVITY, makeUser({ toursDone: [], emailVerified: false }));
    const card = (await screen.findByRole("heading", { name: /Welcome, Ann!/ })).closest("section") as HTMLElement;
    expect(within(card).getByRole("region", { name: "Confirm your email address" })).toBeTruthy();
    expect(screen.getAllByRole("region", { name: "Confirm your email address" })).toHaveLength(1);
  });

  it("shows no welcome once dismissed (on any device: the server's toursDone)", async () => {
    setup();
    await screen.findByText("including 1 admin");
    expect(screen.queryByRole("heading", { name: /Welcome, Ann!/ })).toBeNull();
  });

  it("tells invitations waiting for review apart from sent ones", async () => {
    setup({ ...STATS, invitationsToReview: 3, invitationsSent: 1 });
    expect(await screen.findByText("3 invitations waiting for your review")).toBeTruthy();
    expect(screen.getByText("1 invitation sent, not yet accepted.")).toBeTruthy();
    expect(screen.queryByText(/waiting to be accepted/)).toBeNull();
    expect(screen.getByRole("link", { name: "View invitations" }).getAttribute("href")).toBe("/admin/invitations");
  });

  it("says nothing about invitations when none wait", async () => {
    setup({ ...STATS, invitationsToReview: 0, invitationsSent: 0, pendingInvitations: 0 });
    await screen.findByText("including 1 admin");
    expect(screen.queryByText(/waiting for your review|not yet accepted/)).toBeNull();
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
    renderWithApp(<AdminDashboardPage />, { user: DONE });
    expect(await screen.findByText("Event 1")).toBeTruthy();
    // Each opens its event page.
    expect(screen.getByText("Event 1").closest("a")?.getAttribute("href")).toBe("/events/e1");
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

  describe("in another language (issue 26)", () => {
    afterEach(async () => {
      await activateLanguage("en");
    });

    it("speaks Spanish, plurals included", async () => {
      await activateLanguage("es");
      setup({ ...STATS, totalAdmins: 2, invitationsToReview: 3, invitationsSent: 1 });
      expect(await screen.findByRole("heading", { name: "Administración de la iglesia" })).toBeTruthy();
      expect(await screen.findByText("incluidos 2 administradores")).toBeTruthy();
      expect(screen.getByText("Total de miembros")).toBeTruthy();
      expect(screen.getByText("3 invitaciones esperan tu revisión")).toBeTruthy();
      expect(screen.getByText("1 invitación enviada, aún no aceptada.")).toBeTruthy();
      expect(screen.getByRole("link", { name: /Agregar prédica/ }).textContent).toContain(
        "Agrega el enlace de una grabación",
      );
      expect(screen.getByText("No hay próximos eventos")).toBeTruthy();
      // The recent activity's times through the one relative-time helper, in Spanish.
      expect(await screen.findByText("ahora")).toBeTruthy();
      expect(screen.getByText("hace 5 min")).toBeTruthy();
      expect(screen.getByText("hace 20 min")).toBeTruthy();
    });

    it("counts in Arabic with its own plural forms, right to left", async () => {
      await activateLanguage("ar");
      setup({ ...STATS, invitationsToReview: 2, invitationsSent: 0 });
      expect(document.documentElement.dir).toBe("rtl");
      expect(await screen.findByText("دعوتان بانتظار مراجعتك")).toBeTruthy();
      expect(screen.getByRole("heading", { name: "إدارة الكنيسة" })).toBeTruthy();
    });
  });
});
