import { fireEvent, screen, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { createQueryClient } from "@/lib/query-client";
import { AUTH_USER_KEY } from "@/lib/query-keys";
import { makeUser, mockFetch, renderWithApp } from "@/test/render";
import { GrowthAnalyticsPage } from "./growth-analytics-page";

const ANALYTICS = {
  actionStepCompletionRate: 42,
  averageReadingStreak: 3,
  activeParticipants: 9,
  totalMembers: 14,
  activeMembers: 12,
  recentlyActive: 10,
  hasActionStep: true,
  actionStepCompletions: 5,
  weeks: [
    { weekOf: "2026-11-15", participants: 6, readings: 0, actionSteps: 0, points: 1200 },
    { weekOf: "2026-11-22", participants: 4, readings: 0, actionSteps: 0, points: 300 },
  ],
};
const GROUPS = {
  groups: 0,
  membersInGroups: 0,
  activeMembers: 12,
  activeInNoGroup: 12,
  activeInNoGroupShare: 1,
  attendanceByWeek: [],
  quietGroups: [],
};

function setup() {
  mockFetch({ "/api/analytics/growth": ANALYTICS, "/api/admin/analytics/groups": GROUPS });
  const client = createQueryClient();
  const user = makeUser({ role: "ADMIN" });
  client.setQueryData(AUTH_USER_KEY, user);
  renderWithApp(<GrowthAnalyticsPage />, { user, client });
}

describe("GrowthAnalyticsPage", () => {
  it("shows this week's figures, and each chart's summary and its weeks as a table of both series", async () => {
    setup();
    expect(await screen.findByText("42%")).toBeTruthy();
    expect(screen.getByText("Total Members")).toBeTruthy();
    expect(
      screen.getByText(
        "Weeks of Nov 15 to Nov 22. Participants: 4 this week, highest 6 in the week of Nov 15. Points: 300 this week, highest 1,200 in the week of Nov 15.",
      ),
    ).toBeTruthy();
    expect(screen.getByText(/Readings: none yet\. Action steps: none yet\./)).toBeTruthy();

    const participation = screen.getByRole("region", { name: "Participation" });
    fireEvent.click(within(participation).getByRole("button", { name: "Show as table" }));
    const table = within(participation).getByRole("table", { name: "Participation, week by week" });
    const rows = within(table).getAllByRole("row");
    expect(rows.map((r) => r.textContent)).toEqual(["Week ofParticipantsPoints", "Nov 224300", "Nov 1561,200"]);
  });
});
