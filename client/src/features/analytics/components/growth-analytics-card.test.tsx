import { screen } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { activateLanguage } from "@/lib/i18n";
import { createQueryClient } from "@/lib/query-client";
import { AUTH_USER_KEY } from "@/lib/query-keys";
import { makeUser, mockFetch, renderWithApp } from "@/test/render";
import { GrowthAnalyticsCard } from "./growth-analytics-card";

const week = (weekOf: string) => ({ weekOf, participants: 0, readings: 0, actionSteps: 0, points: 0 });
const ANALYTICS = {
  actionStepCompletionRate: 42,
  averageReadingStreak: 3,
  activeParticipants: 9,
  totalMembers: 14,
  activeMembers: 12,
  recentlyActive: 10,
  hasActionStep: true,
  actionStepCompletions: 5,
  weeks: [week("2026-11-15"), week("2026-11-22")],
};

function setup(analytics: unknown) {
  mockFetch({ "/api/analytics/growth": analytics });
  const client = createQueryClient();
  const user = makeUser({ role: "ADMIN" });
  client.setQueryData(AUTH_USER_KEY, user);
  renderWithApp(<GrowthAnalyticsCard />, { user, client });
}

describe("GrowthAnalyticsCard", () => {
  it("shows the five figures and links to the reports", async () => {
    setup(ANALYTICS);
    expect(await screen.findByText("42%")).toBeTruthy();
    expect(screen.getByText("5 of 12 active members")).toBeTruthy();
    expect(screen.getByText("3.0 days")).toBeTruthy();
    for (const label of [
      "Action Step Completion Rate",
      "Avg. Reading Streak",
      "Active Participants",
      "Total Members",
      "Recently Active",
    ])
      expect(screen.getByText(label)).toBeTruthy();
    expect(screen.getByRole("link", { name: "View Reports" }).getAttribute("href")).toBe("/admin/analytics");
  });

  it("says when no step is set this week", async () => {
    setup({ ...ANALYTICS, hasActionStep: false, actionStepCompletionRate: 0, actionStepCompletions: 0 });
    expect(await screen.findByText("No action step set for this week")).toBeTruthy();
    expect(screen.getByText("0%")).toBeTruthy();
  });

  it("with one member, invites the admin to send invitations", async () => {
    setup({ ...ANALYTICS, totalMembers: 1 });
    expect(await screen.findByText("No Members Yet")).toBeTruthy();
    expect(screen.getByRole("link", { name: "Send Invitations" }).getAttribute("href")).toBe("/admin/invitations");
    expect(screen.queryByText("Avg. Reading Streak")).toBeNull();
  });

  describe("in another language", () => {
    afterEach(async () => {
      await activateLanguage("en");
    });

    it("speaks Spanish, with its plurals and numbers", async () => {
      await activateLanguage("es");
      setup(ANALYTICS);
      expect(await screen.findByText("42 %")).toBeTruthy();
      expect(screen.getByText("5 de 12 miembros activos")).toBeTruthy();
      expect(screen.getByText("3,0 días")).toBeTruthy();
      expect(screen.getByText("Análisis de crecimiento")).toBeTruthy();
      expect(screen.getByText("Racha de lectura promedio")).toBeTruthy();
      expect(screen.getByRole("link", { name: "Ver informes" })).toBeTruthy();
    });

    it("renders right to left in Arabic", async () => {
      await activateLanguage("ar");
      setup(ANALYTICS);
      expect(await screen.findByText("تحليلات النمو")).toBeTruthy();
      expect(document.documentElement.dir).toBe("rtl");
      expect(screen.getByRole("link", { name: "عرض التقارير" })).toBeTruthy();
    });
  });
});
