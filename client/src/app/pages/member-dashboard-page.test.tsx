import { screen, within } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { activateLanguage } from "@/lib/i18n";
import { makeEvent, makeSermon } from "@/test/fixtures";
import { makeUser, mockFetch, renderWithApp } from "@/test/render";
import { MemberDashboardPage } from "./member-dashboard-page";

const STATS = { points: 40, sermonsWatched: 2, eventsAttended: 1, streaks: { dailyReading: 3 } };
const DAY = 86_400_000;
const at = (ms: number) => new Date(Date.now() + ms).toISOString();
// What the dashboard may ask for: the newest 3 sermons and the next 3 events, never a whole list.
const LATEST = "/api/sermons?limit=3";
const NEXT = "/api/events?upcoming=true&limit=3";
const ACTION_STEP = "/api/weekly-action-step";
const BADGES = "/api/user/badges";
const MY_GROUPS = "/api/groups/mine";
const EARNED = ["First Reading", "Growth Seeker", "First Sermon", "Welcome"].map((name, i) => ({
  name,
  description: `About ${name}`,
  icon: "award",
  earnedAt: new Date(Date.UTC(2026, 10, 20 - i)).toISOString(),
}));

function setup(sermons: unknown, events: unknown, badges: unknown = [], user = makeUser({ role: "CONGREGANT" })) {
  const fetchMock = mockFetch({
    "/api/user/stats": STATS,
    [LATEST]: sermons,
    [NEXT]: events,
    [ACTION_STEP]: null,
    [BADGES]: badges,
    [MY_GROUPS]: [],
  });
  renderWithApp(<MemberDashboardPage />, { user });
  return fetchMock;
}

describe("MemberDashboardPage", () => {
  it("lists the 3 latest sermons (title, pastor, duration, series) and the next 3 events, asking only for those", async () => {
    const sermons = [1, 2, 3].map((n) =>
      makeSermon({ id: `s${n}`, title: `Sermon ${n}`, speaker: `Pastor ${n}`, duration: 30 + n, series: "Acts" }),
    );
    const events = [1, 2, 3].map((n) =>
      makeEvent({ id: `e${n}`, title: `Event ${n}`, startTime: at(n * DAY), endTime: at(n * DAY + 3_600_000) }),
    );
    const fetchMock = setup(sermons, events, EARNED);
    const first = await screen.findByRole("link", { name: /Sermon 1/ });
    expect(first.getAttribute("href")).toBe("/sermons/s1");
    expect(first.textContent).toContain("Pastor 1 · 31m");
    expect(first.textContent).toContain("Acts");
    expect(screen.getByText("Sermon 3")).toBeTruthy();
    expect(await screen.findByText("Event 1")).toBeTruthy();
    expect(screen.getByText("Event 3")).toBeTruthy();
    expect(screen.queryByText(/Happening now/)).toBeNull();
    const urls = fetchMock.mock.calls.map(([url]) => String(url)).sort();
    expect(urls).toEqual([NEXT, LATEST, "/api/user/stats", ACTION_STEP, BADGES, MY_GROUPS].sort());
    // Recent Achievements: the first three badges (newest first, as the server sends them).
    expect(await screen.findByText("First Reading")).toBeTruthy();
    expect(screen.getByText("First Sermon")).toBeTruthy();
    expect(screen.queryByText("Welcome")).toBeNull();
  });

  it("greets 'Welcome' on the first visit (the session the account was made in) and 'Welcome back' after", async () => {
    const justJoined = at(-60_000);
    setup(
      [],
      [],
      [],
      makeUser({ role: "CONGREGANT", firstName: "Ruth", createdAt: justJoined, lastLogin: justJoined }),
    );
    expect(await screen.findByRole("heading", { level: 1, name: "Welcome, Ruth" })).toBeTruthy();
  });

  it("greets 'Welcome back' once the member has signed in again", async () => {
    setup(
      [],
      [],
      [],
      makeUser({ role: "CONGREGANT", firstName: "Ruth", createdAt: at(-30 * DAY), lastLogin: at(-60_000) }),
    );
    expect(await screen.findByRole("heading", { level: 1, name: "Welcome back, Ruth" })).toBeTruthy();
  });

  it("says so when an event is under way", async () => {
    setup([], [makeEvent({ title: "Morning Prayer", startTime: at(-600_000), endTime: at(3_000_000) })]);
    const item = (await screen.findByText("Morning Prayer")).closest("a") as HTMLElement;
    expect(within(item).getByText(/Happening now/)).toBeTruthy();
  });

  it("keeps the empty states when there is nothing yet", async () => {
    setup([], []);
    expect(await screen.findByText("No sermons yet")).toBeTruthy();
    expect(await screen.findByText("No upcoming events")).toBeTruthy();
    expect(await screen.findByText("No growth challenge this week")).toBeTruthy();
    expect(await screen.findByText("No achievements yet")).toBeTruthy();
    expect(await screen.findByText("You are not in a group yet")).toBeTruthy();
  });

  describe("in another language (issue 26)", () => {
    afterEach(async () => {
      await activateLanguage("en");
    });

    it("speaks Spanish: greeting, figures, cards and empty states", async () => {
      await activateLanguage("es");
      setup(
        [],
        [],
        [],
        makeUser({ role: "CONGREGANT", firstName: "Ruth", createdAt: at(-30 * DAY), lastLogin: at(-60_000) }),
      );
      expect(await screen.findByRole("heading", { level: 1, name: "Qué bueno verte de nuevo, Ruth" })).toBeTruthy();
      expect(screen.getByText("Esto es lo que pasa en Grace Church esta semana.")).toBeTruthy();
      expect(await screen.findByText("Puntos ganados")).toBeTruthy();
      expect(screen.getByText("Accesos rápidos")).toBeTruthy();
      expect(screen.getByRole("link", { name: /Ver la última prédica/ })).toBeTruthy();
      expect(await screen.findByText("Aún no hay prédicas")).toBeTruthy();
      expect(await screen.findByText("No hay próximos eventos")).toBeTruthy();
      expect(await screen.findByText("No hay reto de crecimiento esta semana")).toBeTruthy();
      expect(document.title).toBe("Inicio · Fellowship");
    });

    it("renders in Arabic, right to left", async () => {
      await activateLanguage("ar");
      setup([], []);
      expect(document.documentElement.dir).toBe("rtl");
      expect(await screen.findByText("لا توجد عظات بعد")).toBeTruthy();
      expect(screen.getByText("إجراءات سريعة")).toBeTruthy();
    });
  });
});
