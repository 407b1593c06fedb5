import { DEFAULT_PUSH_PREFERENCES, type TPushState } from "@common/notifications";
import { screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { getToasts } from "@/components/ui/use-toast";
import { jsonResponse, makeUser, mockFetch, renderWithApp } from "@/test/render";
import { PushPanel } from "./push-panel";

// A VAPID public key is 65 bytes, base64url.
const PUBLIC_KEY = `B${"A".repeat(86)}`;
const ENDPOINT = "https://push.example.net/send/abc";

type TBrowser = {
  permission: NotificationPermission;
  answer: NotificationPermission;
  subscription: { endpoint: string; unsubscribe: ReturnType<typeof vi.fn>; toJSON: () => unknown } | null;
};

/** Just enough of the browser's push machinery: Notification, PushManager and a registration. */
function mockBrowserPush(initial: Partial<TBrowser> = {}) {
  const browser: TBrowser = { permission: "default", answer: "granted", subscription: null, ...initial };
  const makeSubscription = () => ({
    endpoint: ENDPOINT,
    unsubscribe: vi.fn(async () => {
      browser.subscription = null;
      return true;
    }),
    toJSON: () => ({ endpoint: ENDPOINT, expirationTime: null, keys: { p256dh: "BPk3", auth: "k8Jq" } }),
  });
  if (browser.subscription) browser.subscription = makeSubscription();
  const pushManager = {
    getSubscription: vi.fn(async () => browser.subscription),
    subscribe: vi.fn(async (_options: PushSubscriptionOptionsInit) => {
      browser.subscription = makeSubscription();
      return browser.subscription;
    }),
  };
  const requestPermission = vi.fn(async () => {
    browser.permission = browser.answer;
    return browser.answer;
  });
  vi.stubGlobal("PushManager", class {});
  vi.stubGlobal("Notification", {
    get permission() {
      return browser.permission;
    },
    requestPermission,
  });
  Object.defineProperty(navigator, "serviceWorker", {
    configurable: true,
    value: { getRegistration: vi.fn(async () => ({ pushManager })) },
  });
  return { browser, pushManager, requestPermission };
}

afterEach(() => {
  Reflect.deleteProperty(navigator, "serviceWorker");
});

const state = (subscribed: boolean, preferences = DEFAULT_PUSH_PREFERENCES): TPushState => ({
  publicKey: PUBLIC_KEY,
  subscribed,
  preferences: { ...preferences },
});

const bodyOf = (fetchMock: ReturnType<typeof mockFetch>, method: string, path: string) => {
  const call = fetchMock.mock.calls.find(([url, init]) => url === path && init?.method === method);
  return call ? JSON.parse(String(call[1]?.body ?? "null")) : undefined;
};

function renderPanel() {
  return renderWithApp(<PushPanel />, { user: makeUser({ role: "CONGREGANT" }) });
}

describe("PushPanel", () => {
  it("says when the browser cannot do push, with the way to get it on an iPhone", async () => {
    const fetchMock = mockFetch({});
    renderPanel();
    expect(screen.getByText("Push notifications are not supported in this browser.")).toBeTruthy();
    expect(screen.getByText(/add this app to your Home Screen first/)).toBeTruthy();
    expect(screen.queryByRole("button", { name: "Enable Notifications" })).toBeNull();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it("enables: asks permission, subscribes with the server's key and posts the subscription (the channels choose each kind)", async () => {
    const { pushManager, requestPermission } = mockBrowserPush();
    let subscribed = false;
    const fetchMock = mockFetch({
      "/api/notifications/push": () => jsonResponse(state(subscribed)),
      "POST /api/notifications/subscribe": () => {
        subscribed = true;
        return jsonResponse({ ok: true }, 201);
      },
    });
    renderPanel();
    expect(await screen.findByText("Not enabled")).toBeTruthy();
    // Issue 29: no switches of its own; each kind's push is chosen on the channels page.
    expect(screen.queryByRole("switch")).toBeNull();
    expect(screen.getByRole("link", { name: "How notifications reach you" }).getAttribute("href")).toBe(
      "/notifications/settings",
    );

    await userEvent.click(screen.getByRole("button", { name: "Enable Notifications" }));
    await waitFor(() => expect(getToasts()[0]).toMatchObject({ title: "Notifications Enabled" }));
    expect(requestPermission).toHaveBeenCalledTimes(1);
    const options = pushManager.subscribe.mock.calls[0][0];
    expect(options.userVisibleOnly).toBe(true);
    const key = options.applicationServerKey as Uint8Array;
    expect(key).toHaveLength(65);
    expect(key[0]).toBe(4);
    expect(bodyOf(fetchMock, "POST", "/api/notifications/subscribe")).toEqual({
      subscription: { endpoint: ENDPOINT, expirationTime: null, keys: { p256dh: "BPk3", auth: "k8Jq" } },
    });
    expect(await screen.findByText("Enabled")).toBeTruthy();
    expect(screen.getByRole("button", { name: "Disable Notifications" })).toBeTruthy();
  });

  it("a refused permission toasts 'Failed to Enable Notifications' / 'Permission denied for notifications' and posts nothing", async () => {
    const { pushManager } = mockBrowserPush({ answer: "denied" });
    const fetchMock = mockFetch({ "/api/notifications/push": state(false) });
    renderPanel();
    await userEvent.click(await screen.findByRole("button", { name: "Enable Notifications" }));
    await waitFor(() =>
      expect(getToasts()[0]).toMatchObject({
        title: "Failed to Enable Notifications",
        description: "Permission denied for notifications",
        variant: "destructive",
      }),
    );
    expect(pushManager.subscribe).not.toHaveBeenCalled();
    expect(bodyOf(fetchMock, "POST", "/api/notifications/subscribe")).toBeUndefined();
    expect(await screen.findByText(/Notifications are blocked for this site/)).toBeTruthy();
  });

  it("a subscription the server refuses is ended in the browser too, with the server's words", async () => {
    const { browser } = mockBrowserPush();
    mockFetch({
      "/api/notifications/push": state(false),
      "POST /api/notifications/subscribe": () =>
        jsonResponse({ message: "The push service address is not allowed" }, 400),
    });
    renderPanel();
    await userEvent.click(await screen.findByRole("button", { name: "Enable Notifications" }));
    await waitFor(() =>
      expect(getToasts()[0]).toMatchObject({
        title: "Failed to Enable Notifications",
        description: "The push service address is not allowed",
      }),
    );
    expect(browser.subscription).toBeNull();
    expect(screen.getByText("Not enabled")).toBeTruthy();
  });

  it("enabled: links to the channels, Send Test posts, Disable unsubscribes and tells the server", async () => {
    const { browser } = mockBrowserPush({ permission: "granted", subscription: {} as TBrowser["subscription"] });
    let subscribed = true;
    const fetchMock = mockFetch({
      "/api/notifications/push": () => jsonResponse(state(subscribed)),
      "POST /api/notifications/test": () => jsonResponse({ sent: 1 }),
      "POST /api/notifications/unsubscribe": () => {
        subscribed = false;
        return new Response(null, { status: 204 });
      },
    });
    renderPanel();
    expect(await screen.findByText("Enabled")).toBeTruthy();
    // What each kind pushes is saved on the channels page (notification-channels-page.test.tsx).
    expect(screen.getByRole("link", { name: "How notifications reach you" })).toBeTruthy();
    expect(screen.queryByRole("switch")).toBeNull();

    await userEvent.click(screen.getByRole("button", { name: "Send Test" }));
    await waitFor(() => expect(getToasts()[0]).toMatchObject({ title: "Test Notification Sent" }));

    const subscription = browser.subscription;
    await userEvent.click(screen.getByRole("button", { name: "Disable Notifications" }));
    await waitFor(() => expect(getToasts()[0]).toMatchObject({ title: "Notifications Disabled" }));
    expect(subscription?.unsubscribe).toHaveBeenCalledTimes(1);
    expect(bodyOf(fetchMock, "POST", "/api/notifications/unsubscribe")).toEqual({ endpoint: ENDPOINT });
    expect(await screen.findByText("Not enabled")).toBeTruthy();
  });

  // A refused push choice going back is now the channels page's (notification-channels-page.test.tsx).
  it("a failed test toasts 'Failed to Send Test' with the server's words", async () => {
    mockBrowserPush({ permission: "granted", subscription: {} as TBrowser["subscription"] });
    mockFetch({
      "/api/notifications/push": state(true),
      "POST /api/notifications/test": () => jsonResponse({ message: "No devices to send to" }, 409),
    });
    renderPanel();
    await userEvent.click(await screen.findByRole("button", { name: "Send Test" }));
    await waitFor(() =>
      expect(getToasts()[0]).toMatchObject({ title: "Failed to Send Test", description: "No devices to send to" }),
    );
  });

  it("a subscription this browser holds for someone the server does not know is not shown as enabled", async () => {
    mockBrowserPush({ permission: "granted", subscription: {} as TBrowser["subscription"] });
    mockFetch({ "/api/notifications/push": state(false) });
    renderPanel();
    expect(await screen.findByText("Not enabled")).toBeTruthy();
    expect(screen.getByRole("button", { name: "Enable Notifications" })).toBeTruthy();
  });
});
