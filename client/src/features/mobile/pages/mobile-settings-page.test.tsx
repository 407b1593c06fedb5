import { act, screen, waitFor, within } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { activateLanguage } from "@/lib/i18n";
import { makeUser, mockFetch, renderWithApp } from "@/test/render";
import { OfflineBanner } from "../components/offline-banner";
import { PWA_STATUS_REFRESH_MS } from "../use-pwa-status";
import { MobileSettingsPage } from "./mobile-settings-page";

let isOnline = true;
const connection = { effectiveType: "4g" as string | undefined };

function mockNetwork() {
  isOnline = true;
  connection.effectiveType = "4g";
  vi.spyOn(navigator, "onLine", "get").mockImplementation(() => isOnline);
  Object.defineProperty(navigator, "connection", { configurable: true, value: connection });
}

function goOnline(value: boolean) {
  isOnline = value;
  act(() => {
    window.dispatchEvent(new Event(value ? "online" : "offline"));
  });
}

afterEach(async () => {
  await activateLanguage("en");
  Reflect.deleteProperty(navigator, "connection");
  Reflect.deleteProperty(navigator, "serviceWorker");
});

const statusOf = (label: string) => {
  const term = screen.getByText(label, { selector: "dt" });
  return term.nextElementSibling?.textContent;
};

describe("MobileSettingsPage", () => {
  it("lists the app's status: installed, service worker, push, offline and the network with its type", async () => {
    mockNetwork();
    Object.defineProperty(navigator, "serviceWorker", {
      configurable: true,
      value: { getRegistration: vi.fn(async () => ({ active: {} })) },
    });
    vi.stubGlobal("caches", {});
    mockFetch({});
    renderWithApp(<MobileSettingsPage />, { user: makeUser({ role: "CONGREGANT" }) });
    expect(screen.getByRole("heading", { name: "Mobile App", level: 1 })).toBeTruthy();
    await waitFor(() => expect(statusOf("Service worker")).toBe("Registered"));
    expect(statusOf("App installed")).toBe("Not installed");
    expect(statusOf("Push notifications")).toBe("Not supported");
    expect(statusOf("Offline support")).toBe("Available");
    expect(statusOf("Network status")).toBe("Online (4g)");
    // The feature list.
    const features = screen.getByRole("heading", { name: "App Features" }).closest("section");
    expect(within(features as HTMLElement).getAllByRole("listitem").length).toBeGreaterThanOrEqual(4);
  });

  it("without a service worker: not registered, no offline support", async () => {
    mockNetwork();
    mockFetch({});
    renderWithApp(<MobileSettingsPage />, { user: makeUser() });
    await waitFor(() => expect(statusOf("Service worker")).toBe("Not registered"));
    expect(statusOf("Offline support")).toBe("Unavailable");
  });

  it("follows the network at once on online/offline, and its type every 5 s", async () => {
    mockNetwork();
    mockFetch({});
    vi.useFakeTimers();
    renderWithApp(<MobileSettingsPage />, { user: makeUser() });
    expect(statusOf("Network status")).toBe("Online (4g)");
    goOnline(false);
    expect(statusOf("Network status")).toBe("Offline");
    goOnline(true);
    expect(statusOf("Network status")).toBe("Online (4g)");
    connection.effectiveType = "3g";
    act(() => vi.advanceTimersByTime(PWA_STATUS_REFRESH_MS - 1));
    expect(statusOf("Network status")).toBe("Online (4g)");
    act(() => vi.advanceTimersByTime(1));
    expect(statusOf("Network status")).toBe("Online (3g)");
  });
});

describe("MobileSettingsPage in other languages", () => {
  it("speaks Spanish: title, status rows and the network with its type", async () => {
    await activateLanguage("es");
    mockNetwork();
    mockFetch({});
    renderWithApp(<MobileSettingsPage />, { user: makeUser() });
    expect(await screen.findByRole("heading", { name: "App móvil", level: 1 })).toBeTruthy();
    await waitFor(() => expect(statusOf("Service worker")).toBe("Sin registrar"));
    expect(statusOf("Estado de la red")).toBe("En línea (4g)");
    expect(screen.getByRole("heading", { name: "Funciones de la app" })).toBeTruthy();
    expect(document.title).toContain("App móvil");
  });

  it("renders right to left in Arabic", async () => {
    await activateLanguage("ar");
    mockNetwork();
    mockFetch({});
    renderWithApp(<MobileSettingsPage />, { user: makeUser() });
    expect(await screen.findByRole("heading", { name: "تطبيق الجوال", level: 1 })).toBeTruthy();
    expect(document.documentElement.dir).toBe("rtl");
    expect(statusOf("حالة الشبكة")).toBe("متصل (4g)");
  });
});

describe("OfflineBanner", () => {
  it("says the app shows what was saved while the browser is offline", () => {
    mockNetwork();
    renderWithApp(<OfflineBanner />);
    const status = screen.getByRole("status");
    expect(status.textContent).toBe("");
    goOnline(false);
    expect(status.textContent).toBe("You're offline – showing what was saved.");
    goOnline(true);
    expect(status.textContent).toBe("");
  });
});
