import { GROUP_ANALYTICS_WEEKS } from "@common/group-helpers";
import { fireEvent, screen } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { activateLanguage } from "@/lib/i18n";
import { createQueryClient } from "@/lib/query-client";
import { AUTH_USER_KEY } from "@/lib/query-keys";
import { makeUser, mockFetch, renderWithApp } from "@/test/render";
import { GroupAnalyticsSection } from "./group-analytics-section";

const weeks = Array.from({ length: GROUP_ANALYTICS_WEEKS }, (_, i) => ({
  weekStart: new Date(Date.UTC(2026, 8, 6 + 7 * i)).toISOString().slice(0, 10),
  present: i === 10 ? 9 : i === GROUP_ANALYTICS_WEEKS - 1 ? 4 : 0,
}));
const ANALYTICS = {
  groups: 3,
  membersInGroups: 17,
  activeMembers: 20,
  activeInNoGroup: 5,
  activeInNoGroupShare: 0.25,
  attendanceByWeek: weeks,
  quietGroups: [
    { id: "g1", name: "Youth Night", lastMeetingAt: "2026-09-20T23:00:00.000Z" },
    { id: "g2", name: "Serving Team", lastMeetingAt: null },
  ],
};

function setup(analytics: unknown) {
  mockFetch({ "/api/admin/analytics/groups": analytics });
  const client = createQueryClient();
  const user = makeUser({ role: "ADMIN" });
  client.setQueryData(AUTH_USER_KEY, user);
  renderWithApp(<GroupAnalyticsSection />, { user, client });
}

describe("GroupAnalyticsSection", () => {
  it("shows the figures, the attendance summary and table, and the quiet groups", async () => {
    setup(ANALYTICS);
    expect(await screen.findByText("25%")).toBeTruthy();
    expect(screen.getByText("5 of 20 active members")).toBeTruthy();
    expect(screen.getByText("17")).toBeTruthy();
    expect(screen.getByText("Small Groups")).toBeTruthy();
    expect(screen.getByText(/13 present in all, 4 this week, most in the week of Nov 15 \(9\)/)).toBeTruthy();
    fireEvent.click(screen.getByRole("button", { name: "Show as table" }));
    expect(screen.getAllByRole("row")).toHaveLength(GROUP_ANALYTICS_WEEKS + 1);
    expect(screen.getByText("No meeting in 4 weeks")).toBeTruthy();
    expect(screen.getByText("Youth Night")).toBeTruthy();
    expect(screen.getByText("No attendance taken yet")).toBeTruthy();
    expect(screen.getByText(/^Last met Sep 2\d, 2026$/)).toBeTruthy();
  });

  it("says when every group met and nobody was marked", async () => {
    setup({ ...ANALYTICS, quietGroups: [], attendanceByWeek: weeks.map((w) => ({ ...w, present: 0 })) });
    expect(await screen.findByText("Every group met in the last 4 weeks.")).toBeTruthy();
    expect(screen.getByText(/^No attendance taken from the week of/)).toBeTruthy();
  });

  describe("in another language", () => {
    afterEach(async () => {
      await activateLanguage("en");
    });

    it("speaks Spanish, with its plurals and numbers", async () => {
      await activateLanguage("es");
      setup(ANALYTICS);
      expect(await screen.findByText("25 %")).toBeTruthy();
      expect(screen.getByText("5 de 20 miembros activos")).toBeTruthy();
      expect(screen.getByText("Grupos pequeños")).toBeTruthy();
      expect(screen.getByText("Sin reunión en 4 semanas")).toBeTruthy();
    });

    it("renders right to left in Arabic", async () => {
      await activateLanguage("ar");
      setup(ANALYTICS);
      expect(await screen.findByText("المجموعات الصغيرة")).toBeTruthy();
      expect(document.documentElement.dir).toBe("rtl");
    });
  });
});
