import { screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { makeEvent, makeSermon } from "@/test/fixtures";
import { makeUser, mockFetch, renderWithApp } from "@/test/render";
import { MemberDashboardPage } from "./member-dashboard-page";

const STATS = { points: 40, sermonsWatched: 2, eventsAttended: 1, streaks: { dailyReading: 3 } };
const DAY = 86_400_000;
const at = (ms: number) => new Date(Date.now() + ms).toISOString();

function setup(sermons: unknown, events: unknown) {
  mockFetch({ "/api/user/stats": STATS, "/api/sermons": sermons, "/api/events": events });
  renderWithApp(<MemberDashboardPage />, { user: makeUser({ role: "CONGREGANT" }) });
}

describe("MemberDashboardPage", () => {
  it("lists the 3 latest sermons (title, pastor, duration, series) and the next 3 upcoming events", async () => {
    const sermons = [1, 2, 3, 4].map((n) =>
      makeSermon({ id: `s${n}`, title: `Sermon ${n}`, speaker: `Pastor ${n}`, duration: 30 + n, series: "Acts" }),
    );
    const events = [
      makeEvent({ id: "p", title: "Gone By", startTime: at(-DAY), endTime: at(-DAY + 3_600_000) }),
      ...[1, 2, 3, 4].map((n) =>
        makeEvent({ id: `e${n}`, title: `Event ${n}`, startTime: at(n * DAY), endTime: at(n * DAY + 3_600_000) }),
      ),
    ];
    setup(sermons, events);
    const first = await screen.findByRole("link", { name: /Sermon 1/ });
    expect(first.getAttribute("href")).toBe("/sermons/s1");
    expect(first.textContent).toContain("Pastor 1 · 31m");
    expect(first.textContent).toContain("Acts");
    expect(screen.queryByText("Sermon 4")).toBeNull();
    expect(await screen.findByText("Event 1")).toBeTruthy();
    expect(screen.getByText("Event 3")).toBeTruthy();
    expect(screen.queryByText("Event 4")).toBeNull();
    expect(screen.queryByText("Gone By")).toBeNull();
  });

  it("keeps the empty states when there is nothing yet", async () => {
    setup([], [makeEvent({ startTime: at(-DAY), endTime: at(-DAY + 3_600_000) })]);
    expect(await screen.findByText("No sermons yet")).toBeTruthy();
    expect(await screen.findByText("No upcoming events")).toBeTruthy();
  });
});
