import type { TPrayerPartnerCurrent, TPrayerPartnerHistoryEntry } from "@common/prayer";
import { cleanup, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { getToasts } from "@/components/ui/use-toast";
import { goToPage } from "@/lib/full-page";
import { activateLanguage } from "@/lib/i18n";
import { createQueryClient } from "@/lib/query-client";
import { AUTH_USER_KEY, USER_BADGES_KEY } from "@/lib/query-keys";
import { jsonResponse, makeUser, mockFetch, renderWithApp } from "@/test/render";
import { PrayerPartnersPage } from "./prayer-partners-page";
import { PrayerPartnersSignedOutPage } from "./prayer-partners-signed-out-page";

vi.mock("@/lib/full-page", () => ({ goToPage: vi.fn() }));

const CURRENT = "/api/prayer-partners/current";
const HISTORY = "/api/prayer-partners/history";
const COMPLETE = "POST /api/prayer-partners/complete-daily";

function makeCurrent(over: Partial<TPrayerPartnerCurrent> = {}): TPrayerPartnerCurrent {
  return {
    id: "link1",
    weekStartDate: "2026-11-22",
    weekEndDate: "2026-11-28",
    partner: {
      id: "u2",
      firstName: "Grace",
      lastName: "Okafor",
      email: "grace@example.org",
      profileImageUrl: null,
      prayerTopics: ["healing", "family"],
    },
    reason: null,
    todayCompleted: false,
    prayersThisWeek: 0,
    prayerStreak: 0,
    prayersCompleted: 4,
    totalChainLinks: 3,
    ...over,
  };
}

const WEEKS: TPrayerPartnerHistoryEntry[] = [
  {
    id: "link1",
    weekStartDate: "2026-11-22",
    weekEndDate: "2026-11-28",
    partner: { id: "u2", firstName: "Grace", lastName: "Okafor", profileImageUrl: null },
    status: "Current",
    daysPrayed: 0,
  },
  {
    id: "link0",
    weekStartDate: "2026-11-15",
    weekEndDate: "2026-11-21",
    partner: { id: "u3", firstName: "Sam", lastName: null, profileImageUrl: null },
    status: "Completed",
    daysPrayed: 1,
  },
];

function setup(routes: Record<string, unknown>) {
  const fetchMock = mockFetch({ [HISTORY]: WEEKS, ...routes });
  const client = createQueryClient();
  const user = makeUser({ role: "CONGREGANT", points: 40 });
  client.setQueryData(AUTH_USER_KEY, user);
  renderWithApp(<PrayerPartnersPage />, { user, client });
  return { fetchMock, client };
}

const statValue = (label: string) => {
  const card = screen.getByText(label).closest("div.rounded-2xl") as HTMLElement;
  return within(card).getByText(/^\d+$/).textContent;
};

describe("PrayerPartnersPage", () => {
  it("shows this week's partner: name, mailto email, topics, week, the stats and the history", async () => {
    setup({ [CURRENT]: makeCurrent() });
    expect(await screen.findByText("Grace Okafor")).toBeTruthy();
    expect(screen.getByRole("link", { name: "grace@example.org" }).getAttribute("href")).toBe(
      "mailto:grace@example.org",
    );
    expect(screen.getByText("Healing")).toBeTruthy();
    expect(screen.getByText("Family")).toBeTruthy();
    expect(screen.getAllByText("Nov 22 – 28, 2026").length).toBeGreaterThan(0);
    expect(screen.getByText("Remember to pray today")).toBeTruthy();
    expect(statValue("Prayers This Week")).toBe("0");
    expect(statValue("Prayer Streak")).toBe("0");
    expect(statValue("Total Chain Links")).toBe("3");
    const history = await screen.findByRole("region", { name: "Prayer Chain History" });
    expect(await within(history).findByText("Current")).toBeTruthy();
    expect(within(history).getByText("Completed")).toBeTruthy();
    expect(within(history).getByText("Sam")).toBeTruthy();
    expect(within(history).getByText("Sam").closest("li")?.textContent).toMatch(/Nov 15\s–\s21, 2026 · 1 day prayed/);
  });

  it("shows no e-mail line when the partner keeps their e-mail from the caller (issue 27)", async () => {
    const current = makeCurrent();
    const { email: _hidden, ...partner } = current.partner as NonNullable<typeof current.partner>;
    setup({ [CURRENT]: { ...current, partner } });
    expect(await screen.findByText("Grace Okafor")).toBeTruthy();
    expect(screen.queryByRole("link", { name: /@/ })).toBeNull();
    expect(document.querySelector('a[href^="mailto:"]')).toBeNull();
  });

  it("completing today's prayer: 'Prayer Completed', the points at once, then the refreshed stats", async () => {
    let done = false;
    const { client } = setup({
      [CURRENT]: () =>
        jsonResponse(done ? makeCurrent({ todayCompleted: true, prayersThisWeek: 1, prayerStreak: 1 }) : makeCurrent()),
      [COMPLETE]: () => {
        done = true;
        return jsonResponse({ awarded: 15, total: 55, todayCompleted: true, badges: [] });
      },
      "/api/user/badges": [],
    });
    client.setQueryData(USER_BADGES_KEY, []);
    await userEvent.click(await screen.findByRole("button", { name: "I Prayed Today" }));
    await waitFor(() =>
      expect(getToasts()[0]).toMatchObject({ title: "Prayer Completed", description: "You earned 15 points." }),
    );
    expect(await screen.findByText("Prayer completed today")).toBeTruthy();
    expect(screen.queryByRole("button", { name: "I Prayed Today" })).toBeNull();
    expect(client.getQueryData<{ points: number }>(AUTH_USER_KEY)?.points).toBe(55);
    await waitFor(() => expect(statValue("Prayers This Week")).toBe("1"));
    expect(statValue("Prayer Streak")).toBe("1");
  });

  it("a failure says 'Could not mark prayer as completed. Please try again.'; a 401 signs in again", async () => {
    let status = 500;
    setup({
      [CURRENT]: makeCurrent(),
      [COMPLETE]: () => jsonResponse({ message: status === 401 ? "Unauthorized" : "Boom" }, status),
    });
    const button = await screen.findByRole("button", { name: "I Prayed Today" });
    await userEvent.click(button);
    await waitFor(() =>
      expect(getToasts()[0]).toMatchObject({
        title: "Error",
        description: "Could not mark prayer as completed. Please try again.",
        variant: "destructive",
      }),
    );
    status = 401;
    await userEvent.click(button);
    await waitFor(() => expect(getToasts()[0]).toMatchObject({ title: "Unauthorized" }));
    await waitFor(() => expect(goToPage).toHaveBeenCalledWith("/api/login"), { timeout: 5000 });
  });

  it("without a partner, says why in words (too few members / joined this week), and still shows the stats", async () => {
    const { fetchMock } = setup({
      [CURRENT]: makeCurrent({ id: null, partner: null, reason: "too_few_members", totalChainLinks: 0 }),
      [HISTORY]: [],
    });
    expect(
      await screen.findByText("The prayer chain starts when your church has at least 2 active members."),
    ).toBeTruthy();
    expect(screen.getByText("No prayer partner this week")).toBeTruthy();
    expect(screen.queryByRole("button", { name: "I Prayed Today" })).toBeNull();
    expect(statValue("Total Chain Links")).toBe("0");
    expect(await screen.findByText("No weeks in the chain yet")).toBeTruthy();
    expect(fetchMock.mock.calls.some(([, init]) => init?.method === "POST")).toBe(false);
  });

  it("a member who joined this week is told the chain takes them next Sunday", async () => {
    setup({ [CURRENT]: makeCurrent({ id: null, partner: null, reason: "joined_this_week" }), [HISTORY]: [] });
    expect(
      await screen.findByText("You'll be paired with a prayer partner when next week's chain begins on Sunday."),
    ).toBeTruthy();
  });
});

describe("PrayerPartnersSignedOutPage", () => {
  it("invites a signed-out visitor to sign in, asking the server for nothing", async () => {
    const fetchMock = mockFetch({});
    renderWithApp(<PrayerPartnersSignedOutPage />);
    expect(screen.getByRole("heading", { name: "Prayer Partners", level: 1 })).toBeTruthy();
    expect(screen.getByRole("heading", { name: "Sign in to see your prayer partner" })).toBeTruthy();
    expect(screen.getByRole("link", { name: "Sign in" }).getAttribute("href")).toBe("/api/login");
    expect(fetchMock).not.toHaveBeenCalled();
  });
});

describe("PrayerPartnersPage in other languages", () => {
  afterEach(async () => {
    await activateLanguage("en");
  });

  it("speaks Korean: the partner card, the topics, the week and the history", async () => {
    await activateLanguage("ko");
    setup({ [CURRENT]: makeCurrent() });
    expect(await screen.findByText("Grace Okafor")).toBeTruthy();
    expect(screen.getByRole("heading", { name: "기도 짝", level: 1 })).toBeTruthy();
    expect(screen.getByText("치유")).toBeTruthy();
    expect(screen.getByText("가정")).toBeTruthy();
    expect(screen.getByText("오늘도 잊지 말고 기도해요")).toBeTruthy();
    const history = await screen.findByRole("region", { name: "기도 사슬 기록" });
    expect(within(history).getByText("Sam").closest("li")?.textContent).toContain("1일 기도함");
  });

  it("speaks Spanish, and renders right to left in Arabic", async () => {
    await activateLanguage("es");
    const { fetchMock } = setup({ [CURRENT]: makeCurrent({ partner: null, reason: "too_few_members" }) });
    expect(await screen.findByText("Sin compañero de oración esta semana")).toBeTruthy();
    expect(
      screen.getByText("La cadena de oración comienza cuando tu iglesia tiene al menos 2 miembros activos."),
    ).toBeTruthy();
    expect(fetchMock).toHaveBeenCalled();
    cleanup();
    await activateLanguage("ar");
    setup({ [CURRENT]: makeCurrent() });
    expect(await screen.findByText("Grace Okafor")).toBeTruthy();
    expect(screen.getByRole("heading", { name: "شركاء الصلاة", level: 1 })).toBeTruthy();
    expect(document.documentElement.dir).toBe("rtl");
  });
});
