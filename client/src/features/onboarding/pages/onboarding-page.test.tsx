import { BADGES, type TBadgeKey } from "@common/badges";
import {
  getCompletionPercentage,
  getOnboardingSteps,
  type TGamificationBadge,
  type TOnboardingProgress,
} from "@common/onboarding";
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it } from "vitest";
import { getToasts } from "@/components/ui/use-toast";
import { activateLanguage } from "@/lib/i18n";
import { jsonResponse, makeUser, mockFetch, renderWithApp } from "@/test/render";
import { OnboardingPage } from "./onboarding-page";

const STEPS = getOnboardingSteps();

function progress(over: Partial<TOnboardingProgress> = {}): TOnboardingProgress {
  const stepsCompleted = over.stepsCompleted ?? [];
  return {
    isCompleted: "false",
    stepsCompleted,
    completionPercentage: getCompletionPercentage(stepsCompleted.length),
    onboardingType: "member",
    startedAt: "2026-01-04T10:00:00.000Z",
    completedAt: null,
    ...over,
  };
}

const badge = (key: TBadgeKey): TGamificationBadge => ({
  badge: key,
  badgeIcon: BADGES[key].icon,
  badgeTitle: BADGES[key].name,
  description: BADGES[key].description,
  earnedAt: "2026-01-04T10:00:00.000Z",
});

function setup(routes: Record<string, unknown>) {
  const fetchMock = mockFetch({
    "/api/onboarding/steps": STEPS,
    "/api/gamification/points": { totalPoints: 0 },
    "/api/gamification/badges": [],
    ...routes,
  });
  const utils = renderWithApp(<OnboardingPage />, { user: makeUser({ role: "CONGREGANT" }), path: "/onboarding" });
  return { fetchMock, ...utils };
}

const bodyOf = (fetchMock: ReturnType<typeof mockFetch>, path: string) => {
  const call = fetchMock.mock.calls.find(([url, init]) => url === path && init?.method === "POST");
  return call ? JSON.parse(String(call[1]?.body)) : undefined;
};

describe("OnboardingPage", () => {
  it("welcomes a member who has not begun, and Begin Your Journey starts onboarding of type member", async () => {
    let started = false;
    const { fetchMock } = setup({
      "/api/onboarding/progress": () =>
        jsonResponse(progress({ onboardingType: started ? "member" : null, startedAt: null })),
      "POST /api/onboarding/start": () => {
        started = true;
        return jsonResponse(progress());
      },
    });
    const begin = await screen.findByRole("button", { name: "Begin Your Journey" });
    expect(screen.getByRole("heading", { name: "Welcome to Grace Church!" })).toBeTruthy();
    expect(screen.getByText(/Earn up to 185 points and 6 badges/)).toBeTruthy();
    expect(screen.queryByRole("button", { name: "Complete Step" })).toBeNull();
    await userEvent.click(begin);
    const heading = await screen.findByRole("heading", { name: "Welcome to the Family" });
    expect(bodyOf(fetchMock, "/api/onboarding/start")).toEqual({ onboardingType: "member" });
    expect(screen.getByText("Step 1 of 8")).toBeTruthy();
    expect(screen.getByRole("button", { name: "Complete Step" })).toBeTruthy();
    await waitFor(() => expect(document.activeElement).toBe(heading));
  });

  it("shows the first open step; Complete Step sends it and toasts the points the server paid", async () => {
    let done = ["welcome", "explore_sermons"] as TOnboardingProgress["stepsCompleted"];
    const { fetchMock, queryClient } = setup({
      "/api/onboarding/progress": () => jsonResponse(progress({ stepsCompleted: done })),
      "/api/gamification/points": { totalPoints: 45 },
      "/api/gamification/badges": [badge("first_sermon"), badge("welcome")],
      "POST /api/onboarding/complete-step": () => {
        done = ["welcome", "profile_setup", "explore_sermons"];
        return jsonResponse({
          stepId: "profile_setup",
          pointsAwarded: 20,
          totalPoints: 65,
          badgeEarned: {
            badge: "profile_complete",
            badgeIcon: "user-check",
            badgeTitle: "Profile Complete",
            description: "",
          },
          progress: progress({ stepsCompleted: done }),
        });
      },
    });
    await screen.findByRole("heading", { name: "Set Up Your Profile" });
    expect(screen.getByText("Step 2 of 8")).toBeTruthy();
    expect(screen.getByText("+20 points")).toBeTruthy();
    expect(screen.getByText("Badge: Profile Complete")).toBeTruthy();
    expect(screen.getByRole("link", { name: "Open your profile" }).getAttribute("href")).toBe("/profile");
    expect(screen.getByRole("progressbar").getAttribute("aria-valuenow")).toBe("25");
    const current = screen.getAllByRole("listitem").find((li) => li.getAttribute("aria-current") === "step");
    expect(current?.textContent).toContain("Set Up Your Profile");
    const aside = screen.getByRole("complementary", { name: "Your rewards" });
    expect(await within(aside).findByText("45")).toBeTruthy();
    expect(within(aside).getByText("First Sermon")).toBeTruthy();

    await userEvent.click(screen.getByRole("button", { name: "Complete Step" }));
    await screen.findByRole("heading", { name: "Join the Growth Journey" });
    expect(bodyOf(fetchMock, "/api/onboarding/complete-step")).toEqual({
      stepId: "profile_setup",
      pointsEarned: 20,
      badgeType: "profile_complete",
    });
    expect(screen.getByText("Step 4 of 8")).toBeTruthy();
    await waitFor(() =>
      expect(getToasts()[0]).toMatchObject({
        title: "Step Complete!",
        description: "+20 points earned and the Profile Complete badge!",
      }),
    );
    for (const key of ["/api/auth/user", "/api/user/stats", "/api/user/badges"]) {
      expect(queryClient.getQueryState([key])?.isInvalidated ?? true, key).toBe(true);
    }
  });

  it("toasts the server's message when a step is refused", async () => {
    setup({
      "/api/onboarding/progress": progress(),
      "POST /api/onboarding/complete-step": () =>
        jsonResponse({ message: "Complete the other seven steps before finishing your journey" }, 400),
    });
    await userEvent.click(await screen.findByRole("button", { name: "Complete Step" }));
    await waitFor(() =>
      expect(getToasts()[0]).toMatchObject({
        title: "Error",
        description: "Complete the other seven steps before finishing your journey",
      }),
    );
  });

  it("shows at most 4 badges in the sidebar", async () => {
    setup({
      "/api/onboarding/progress": progress({ stepsCompleted: ["welcome"] }),
      "/api/gamification/badges": (
        ["welcome", "first_sermon", "first_reading", "growth_seeker", "consistent_reader"] as const
      ).map(badge),
    });
    const aside = await screen.findByRole("complementary", { name: "Your rewards" });
    await within(aside).findByText("Welcome");
    expect(within(aside).getAllByRole("listitem")).toHaveLength(4);
    expect(within(aside).queryByText("Consistent Reader")).toBeNull();
    expect(within(aside).getByText("and 1 more")).toBeTruthy();
  });

  it("congratulates a member who finished, with total points, badge count and up to 6 badges", async () => {
    const all = Object.keys(BADGES) as TBadgeKey[];
    setup({
      "/api/onboarding/progress": progress({
        isCompleted: "true",
        stepsCompleted: STEPS.map((s) => s.id),
        completedAt: "2026-01-05T10:00:00.000Z",
      }),
      "/api/gamification/points": { totalPoints: 215 },
      "/api/gamification/badges": all.slice(0, 8).map(badge),
    });
    expect(await screen.findByRole("heading", { name: "Congratulations!" })).toBeTruthy();
    const points = screen.getByText("Total Points").parentElement as HTMLElement;
    expect(await within(points).findByText("215")).toBeTruthy();
    const count = screen.getByText("Badges Earned").parentElement as HTMLElement;
    expect(within(count).getByText("8")).toBeTruthy();
    const section = screen.getByRole("region", { name: "Your Badges" });
    expect(within(section).getAllByRole("listitem")).toHaveLength(6);
    expect(screen.queryByRole("button", { name: "Complete Step" })).toBeNull();
  });

  it("says so when the journey cannot be loaded", async () => {
    setup({ "/api/onboarding/progress": () => jsonResponse({ message: "boom" }, 500) });
    expect((await screen.findByRole("alert")).textContent).toContain("Your onboarding journey could not be loaded");
  });

  it("keeps the steps usable when points and badges cannot be loaded", async () => {
    setup({
      "/api/onboarding/progress": progress(),
      "/api/gamification/points": () => jsonResponse({ message: "boom" }, 500),
    });
    const aside = await screen.findByRole("complementary", { name: "Your rewards" });
    expect((await within(aside).findByRole("alert")).textContent).toContain("Your rewards could not be loaded");
    expect(screen.getByRole("button", { name: "Complete Step" })).toBeTruthy();
  });
});

describe("OnboardingPage in other languages", () => {
  afterEach(async () => {
    await activateLanguage("en");
  });

  it("speaks Spanish: the welcome, its plurals and each step's own words", async () => {
    await activateLanguage("es");
    setup({
      "/api/onboarding/progress": () => jsonResponse(progress({ onboardingType: null, startedAt: null })),
    });
    expect(await screen.findByRole("button", { name: "Comienza tu camino" })).toBeTruthy();
    expect(screen.getByRole("heading", { name: "¡Te damos la bienvenida a Grace Church!" })).toBeTruthy();
    expect(screen.getByText(/Gana hasta 185 puntos y 6 insignias/)).toBeTruthy();
    expect(screen.getByText("Explora las prédicas")).toBeTruthy();
    expect(screen.getByRole("heading", { name: "Tus pasos" })).toBeTruthy();
    expect(document.title).toBe("Camino de bienvenida · Fellowship");
  });

  it("toasts the points paid in French, with the step's words", async () => {
    await activateLanguage("fr");
    let done = ["welcome"] as TOnboardingProgress["stepsCompleted"];
    setup({
      "/api/onboarding/progress": () => jsonResponse(progress({ stepsCompleted: done })),
      "POST /api/onboarding/complete-step": () => {
        done = ["welcome", "profile_setup"];
        return jsonResponse({
          progress: progress({ stepsCompleted: done }),
          pointsAwarded: 20,
          badgeEarned: null,
        });
      },
    });
    expect(await screen.findByRole("heading", { name: "Complétez votre profil" })).toBeTruthy();
    expect(screen.getByText("Étape 2 sur 8")).toBeTruthy();
    expect(screen.getByRole("link", { name: "Ouvrir votre profil" })).toBeTruthy();
    await userEvent.click(screen.getByRole("button", { name: "Valider l’étape" }));
    await waitFor(() =>
      expect(getToasts()[0]).toMatchObject({
        title: "Étape accomplie\u00a0!",
        description: "+20 points gagnés\u00a0!",
      }),
    );
  });

  it("renders right to left in Arabic", async () => {
    await activateLanguage("ar");
    setup({ "/api/onboarding/progress": () => jsonResponse(progress({ stepsCompleted: ["welcome"] })) });
    expect(await screen.findByRole("heading", { name: "أعدّ ملفك الشخصي" })).toBeTruthy();
    expect(screen.getByText("أكملت 1 من 8 خطوات")).toBeTruthy();
    expect(document.documentElement.dir).toBe("rtl");
  });
});
