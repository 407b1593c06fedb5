import { act, fireEvent, render, screen } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { resetInstallOffer, type TInstallPromptEvent } from "../install-offer";
import { INSTALL_DISMISSED_KEY, INSTALL_PROMPT_DELAY_MS, InstallPrompt } from "./install-prompt";

/** The browser offers installation: Chrome's `beforeinstallprompt`, with the member's answer to its dialog. */
function offerInstall(outcome: "accepted" | "dismissed" = "accepted") {
  const event = new Event("beforeinstallprompt", { cancelable: true }) as TInstallPromptEvent;
  const prompt = vi.fn(async () => {});
  Object.assign(event, { prompt, userChoice: Promise.resolve({ outcome }) });
  act(() => {
    window.dispatchEvent(event);
  });
  return { event, prompt };
}

function setStandalone(isStandalone: boolean) {
  vi.stubGlobal("matchMedia", (query: string) => ({
    matches: isStandalone && query === "(display-mode: standalone)",
    media: query,
    addEventListener: () => {},
    removeEventListener: () => {},
  }));
}

const prompt = () => screen.queryByRole("region", { name: /Install the .* app/ });

beforeEach(() => {
  vi.useFakeTimers();
  window.sessionStorage.clear();
  setStandalone(false);
});

afterEach(() => {
  resetInstallOffer();
});

describe("InstallPrompt", () => {
  it("appears 5 s after the browser offers installation, in place of the browser's own bar", () => {
    render(<InstallPrompt />);
    expect(prompt()).toBeNull();
    const { event } = offerInstall();
    expect(event.defaultPrevented).toBe(true);
    act(() => vi.advanceTimersByTime(INSTALL_PROMPT_DELAY_MS - 1));
    expect(prompt()).toBeNull();
    act(() => vi.advanceTimersByTime(1));
    expect(prompt()).toBeTruthy();
    expect(screen.getByRole("button", { name: "Install" })).toBeTruthy();
    expect(screen.getByRole("button", { name: "Not now" })).toBeTruthy();
  });

  it("never appears without an offer", () => {
    render(<InstallPrompt />);
    act(() => vi.advanceTimersByTime(60_000));
    expect(prompt()).toBeNull();
  });

  it("an offer made before the prompt was drawn still waits only 5 s from the offer", () => {
    offerInstall();
    act(() => vi.advanceTimersByTime(3000));
    render(<InstallPrompt />);
    act(() => vi.advanceTimersByTime(1999));
    expect(prompt()).toBeNull();
    act(() => vi.advanceTimersByTime(1));
    expect(prompt()).toBeTruthy();
  });

  it("Not now hides it for the rest of the session", () => {
    const { unmount } = render(<InstallPrompt />);
    offerInstall();
    act(() => vi.advanceTimersByTime(INSTALL_PROMPT_DELAY_MS));
    fireEvent.click(screen.getByRole("button", { name: "Not now" }));
    expect(prompt()).toBeNull();
    expect(window.sessionStorage.getItem(INSTALL_DISMISSED_KEY)).toBe("true");
    unmount();

    // Another page of the same session, and a new offer: still not shown.
    render(<InstallPrompt />);
    offerInstall();
    act(() => vi.advanceTimersByTime(INSTALL_PROMPT_DELAY_MS * 2));
    expect(prompt()).toBeNull();
  });

  it("a new session asks again", () => {
    window.sessionStorage.setItem(INSTALL_DISMISSED_KEY, "true");
    const { unmount } = render(<InstallPrompt />);
    offerInstall();
    act(() => vi.advanceTimersByTime(INSTALL_PROMPT_DELAY_MS));
    expect(prompt()).toBeNull();
    unmount();
    window.sessionStorage.clear();
    render(<InstallPrompt />);
    act(() => vi.advanceTimersByTime(INSTALL_PROMPT_DELAY_MS));
    expect(prompt()).toBeTruthy();
  });

  it("Install shows the browser's dialog once and goes", async () => {
    render(<InstallPrompt />);
    const { prompt: browserPrompt } = offerInstall("accepted");
    act(() => vi.advanceTimersByTime(INSTALL_PROMPT_DELAY_MS));
    await act(async () => {
      fireEvent.click(screen.getByRole("button", { name: "Install" }));
    });
    expect(browserPrompt).toHaveBeenCalledTimes(1);
    expect(prompt()).toBeNull();
    expect(window.sessionStorage.getItem(INSTALL_DISMISSED_KEY)).toBeNull();
  });

  it("a member who cancels the browser's dialog is not asked again this session", async () => {
    render(<InstallPrompt />);
    offerInstall("dismissed");
    act(() => vi.advanceTimersByTime(INSTALL_PROMPT_DELAY_MS));
    await act(async () => {
      fireEvent.click(screen.getByRole("button", { name: "Install" }));
    });
    expect(window.sessionStorage.getItem(INSTALL_DISMISSED_KEY)).toBe("true");
  });

  it("is hidden when the app already runs installed", () => {
    setStandalone(true);
    render(<InstallPrompt />);
    offerInstall();
    act(() => vi.advanceTimersByTime(INSTALL_PROMPT_DELAY_MS));
    expect(prompt()).toBeNull();
  });

  it("goes when the browser reports the app installed", () => {
    render(<InstallPrompt />);
    offerInstall();
    act(() => vi.advanceTimersByTime(INSTALL_PROMPT_DELAY_MS));
    expect(prompt()).toBeTruthy();
    act(() => {
      window.dispatchEvent(new Event("appinstalled"));
    });
    expect(prompt()).toBeNull();
  });
});
