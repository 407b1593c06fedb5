import type { TReadingToday } from "@common/reading";
import type { TUserStats } from "@common/user";
import type { UseQueryResult } from "@tanstack/react-query";
import { screen } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { activateLanguage } from "@/lib/i18n";
import { makeUser, mockFetch, renderWithApp } from "@/test/render";
import { ProgressCard } from "./progress-card";
import { ReadingPlanCard } from "./reading-plan-card";

const STATS = {
  data: {
    points: 40,
    sermonsWatched: 0,
    eventsAttended: 0,
    streaks: { dailyReading: 3 },
    weeklyPoints: 30,
    weeklyGoal: 100,
  },
  isError: false,
} as unknown as UseQueryResult<TUserStats>;

const day = (date: string, completed: number) => ({
  date,
  completed,
  total: 3,
  readings: [{ passage: "Génesis 1", isCompleted: completed > 0, url: "https://example.org/gen1" }],
});

const READINGS = [
  { passage: "Génesis 1", isCompleted: true, url: "https://example.org/gen1" },
  { passage: "Mateo 1", isCompleted: false, url: "https://example.org/mat1" },
];

const TODAY: TReadingToday = {
  date: "2026-11-25",
  readings: READINGS,
  week: [
    day("2026-11-22", 1),
    day("2026-11-23", 0),
    day("2026-11-24", 3),
    { ...day("2026-11-25", 1), readings: READINGS },
  ],
  streak: 2,
};

afterEach(async () => {
  await activateLanguage("en");
});

describe("Growth cards in other languages (issue 26)", () => {
  it("counts days, weeks and points in Spanish", async () => {
    await activateLanguage("es");
    mockFetch({ "/api/bible-reading/today": TODAY });
    renderWithApp(
      <>
        <ProgressCard stats={STATS} />
        <ReadingPlanCard />
      </>,
      { user: makeUser() },
    );
    expect(await screen.findByText("Tu progreso")).toBeTruthy();
    expect(screen.getByText("3 días")).toBeTruthy();
    expect(screen.getByText("Te faltan 70 puntos; la semana va de domingo a sábado.")).toBeTruthy();
    expect(await screen.findByText("Lectura bíblica diaria")).toBeTruthy();
    expect(screen.getByRole("button", { name: "Marcar Mateo 1 como leído" })).toBeTruthy();
    expect(screen.getByRole("button", { name: /miércoles, 25 de noviembre: 1 de 3 lecturas \(hoy\)$/ })).toBeTruthy();
  });

  it("renders right to left in Arabic", async () => {
    await activateLanguage("ar");
    mockFetch({ "/api/bible-reading/today": TODAY });
    renderWithApp(<ReadingPlanCard />, { user: makeUser() });
    expect(await screen.findByText("القراءة اليومية في الكتاب المقدس")).toBeTruthy();
    expect(document.documentElement.dir).toBe("rtl");
  });
});
