import { act, screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { flushAnalytics, readAnalyticsBatches } from "@/lib/analytics";
import { activateLanguage } from "@/lib/i18n";
import { jsonResponse, makeUser, mockFetch, renderWithApp } from "@/test/render";
import { TourProvider, useTour } from "./tour-provider";

function RestartButton() {
  const { restartTour } = useTour();
  return (
    <button type="button" onClick={restartTour}>
      Restart tour
    </button>
  );
}

const events = () => {
  flushAnalytics();
  return readAnalyticsBatches().flatMap((b) => b.events.map((e) => e.event));
};

/** The bodies sent to PUT /api/user/tour. */
function mockTourEndpoint() {
  const bodies: unknown[] = [];
  mockFetch({
    "PUT /api/user/tour": (init?: RequestInit) => {
      const body = JSON.parse(String(init?.body));
      bodies.push(body);
      return jsonResponse({ toursDone: body.done ? [body.tour] : [] });
    },
  });
  return bodies;
}

describe("TourProvider", () => {
  it("shows a member the tour after 1000 ms; Skip keeps it done on the server and tracks onboarding_skipped", async () => {
    const bodies = mockTourEndpoint();
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const user = makeUser({ role: "CONGREGANT", toursDone: [] });
    renderWithApp(
      <TourProvider user={user}>
        <RestartButton />
      </TourProvider>,
      { user },
    );
    act(() => vi.advanceTimersByTime(999));
    expect(screen.queryByRole("dialog")).toBeNull();
    act(() => vi.advanceTimersByTime(1));
    expect(await screen.findByText("Welcome to Grace Church!")).toBeTruthy();
    await userEvent.click(screen.getByRole("button", { name: "Skip" }));
    await waitFor(() => expect(bodies).toEqual([{ tour: "welcome", done: true }]));
    expect(events()).toContain("onboarding_skipped");
    // Nothing of it is kept in this browser: another device asks the server.
    expect(Object.keys(window.localStorage).filter((k) => k.includes("onboarding"))).toEqual([]);
  });

  it("walks through the steps to Finish, and Restart shows it again", async () => {
    const bodies = mockTourEndpoint();
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const user = makeUser({ role: "CONGREGANT", toursDone: [] });
    renderWithApp(
      <TourProvider user={user}>
        <RestartButton />
      </TourProvider>,
      { user },
    );
    act(() => vi.advanceTimersByTime(1000));
    await screen.findByRole("dialog");
    for (let i = 0; i < 3; i++) await userEvent.click(screen.getByRole("button", { name: "Next" }));
    await userEvent.click(screen.getByRole("button", { name: "Finish" }));
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
    expect(bodies).toEqual([{ tour: "welcome", done: true }]);
    await userEvent.click(screen.getByRole("button", { name: "Restart tour" }));
    expect(await screen.findByText("Step 1 of 4")).toBeTruthy();
    expect(events()).toEqual(expect.arrayContaining(["onboarding_completed", "onboarding_restarted"]));
  });

  it("does not show a tour the server says is done", () => {
    const bodies = mockTourEndpoint();
    vi.useFakeTimers();
    const user = makeUser({ role: "CONGREGANT", toursDone: ["welcome"] });
    renderWithApp(<TourProvider user={user}>x</TourProvider>, { user });
    act(() => vi.advanceTimersByTime(5000));
    expect(screen.queryByRole("dialog")).toBeNull();
    expect(bodies).toEqual([]);
  });

  it("opens no dialog for a church's leader (their welcome is the dashboard's card)", () => {
    mockTourEndpoint();
    vi.useFakeTimers();
    const user = makeUser({ role: "ADMIN", toursDone: [] });
    renderWithApp(<TourProvider user={user}>x</TourProvider>, { user });
    act(() => vi.advanceTimersByTime(5000));
    expect(screen.queryByRole("dialog")).toBeNull();
  });
});

describe("TourProvider in other languages", () => {
  afterEach(async () => {
    await activateLanguage("en");
  });

  it("walks the tour in Korean, with the points of each practice", async () => {
    await activateLanguage("ko");
    mockTourEndpoint();
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const user = makeUser({ role: "CONGREGANT", toursDone: [] });
    renderWithApp(<TourProvider user={user}>x</TourProvider>, { user });
    act(() => vi.advanceTimersByTime(1000));
    expect(await screen.findByRole("dialog", { name: "Grace Church에 오신 것을 환영해요!" })).toBeTruthy();
    expect(screen.getByText("4단계 중 1단계")).toBeTruthy();
    await userEvent.click(screen.getByRole("button", { name: "다음" }));
    await userEvent.click(screen.getByRole("button", { name: "다음" }));
    expect(screen.getByRole("heading", { name: "자라는 만큼 포인트를 모아요" })).toBeTruthy();
    expect(screen.getByText(/^설교 보기\(\+\d+\)/)).toBeTruthy();
    expect(screen.getByRole("button", { name: "뒤로" })).toBeTruthy();
  });

  it("renders right to left in Arabic", async () => {
    await activateLanguage("ar");
    mockTourEndpoint();
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const user = makeUser({ role: "CONGREGANT", toursDone: [] });
    renderWithApp(<TourProvider user={user}>x</TourProvider>, { user });
    act(() => vi.advanceTimersByTime(1000));
    expect(await screen.findByRole("dialog", { name: "مرحبًا بك في Grace Church!" })).toBeTruthy();
    expect(screen.getByRole("button", { name: "تخطٍّ" })).toBeTruthy();
    expect(document.documentElement.dir).toBe("rtl");
  });
});
