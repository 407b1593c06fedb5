import { act, screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it, vi } from "vitest";
import { flushAnalytics, readAnalyticsBatches } from "@/lib/analytics";
import { makeUser, renderWithApp } from "@/test/render";
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

describe("TourProvider", () => {
  it("shows the onboarding tour after 1000 ms; Skip stores the flag and tracks onboarding_skipped", async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const user = makeUser({ role: "CONGREGANT" });
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
    expect(window.localStorage.getItem("onboarding_completed_u1")).toBe("true");
    expect(events()).toContain("onboarding_skipped");
  });

  it("walks through the steps to Finish, and Restart shows it again", async () => {
    window.localStorage.setItem("onboarding_completed_u1", "false");
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const user = makeUser({ role: "CONGREGANT" });
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
    expect(window.localStorage.getItem("onboarding_completed_u1")).toBe("true");
    expect(screen.queryByRole("dialog")).toBeNull();
    await userEvent.click(screen.getByRole("button", { name: "Restart tour" }));
    expect(await screen.findByText("Step 1 of 4")).toBeTruthy();
    expect(events()).toEqual(expect.arrayContaining(["onboarding_completed", "onboarding_restarted"]));
  });

  it("does not show a completed tour", () => {
    window.localStorage.setItem("onboarding_completed_u1", "true");
    vi.useFakeTimers();
    renderWithApp(<TourProvider user={makeUser({ role: "CONGREGANT" })}>x</TourProvider>);
    act(() => vi.advanceTimersByTime(5000));
    expect(screen.queryByRole("dialog")).toBeNull();
  });

  it("shows admins the welcome tour first, then the onboarding tour", async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const user = makeUser({ role: "ADMIN" });
    renderWithApp(<TourProvider user={user}>x</TourProvider>, { user });
    act(() => vi.advanceTimersByTime(1000));
    expect(await screen.findByRole("heading", { name: "Welcome, Ann!" })).toBeTruthy();
    const dialogs = screen.getAllByRole("dialog");
    expect(dialogs).toHaveLength(1);
    // A modal dialog turns the page's pointer events off in an effect, then draws itself with them
    // back on; on a loaded machine the click could otherwise land between the two.
    await waitFor(() => expect(dialogs[0].style.pointerEvents).toBe("auto"));
    await userEvent.click(screen.getByRole("button", { name: "Let's go" }));
    expect(window.localStorage.getItem("welcome_tour_u1")).toBe("true");
    expect(await screen.findByText("Step 1 of 4")).toBeTruthy();
  });
});
