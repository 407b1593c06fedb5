import type { TChannels } from "@common/notification-channels";
import { DEFAULT_CHANNELS, DEFAULT_QUIET_HOURS } from "@common/notification-channels-helpers";
import { fireEvent, screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it } from "vitest";
import { getToasts } from "@/components/ui/use-toast";
import { activateLanguage } from "@/lib/i18n";
import { jsonResponse, makeUser, mockFetch, renderWithApp } from "@/test/render";
import { applyChannels } from "../channels-api";
import { NotificationChannelsPage } from "./notification-channels-page";

const PATH = "/api/notifications/channels";
const CHANNELS: TChannels = { ...DEFAULT_CHANNELS, quietHours: { ...DEFAULT_QUIET_HOURS }, digest: true };

/** The bodies of the page's PUTs, in order. */
const puts = (fetchMock: ReturnType<typeof mockFetch>) =>
  fetchMock.mock.calls
    .filter(([url, init]) => url === PATH && init?.method === "PUT")
    .map(([, init]) => JSON.parse(String(init?.body)));

/** A server that keeps what it is sent, as the real one does. */
function setup(initial: TChannels = CHANNELS, put?: (init?: RequestInit) => Response) {
  let saved = structuredClone(initial);
  const fetchMock = mockFetch({
    [PATH]: () => jsonResponse(saved),
    [`PUT ${PATH}`]:
      put ??
      ((init?: RequestInit) => {
        saved = applyChannels(saved, JSON.parse(String(init?.body)));
        return jsonResponse(saved);
      }),
  });
  const user = makeUser({
    role: "CONGREGANT",
    church: { ...makeUser().church, timeZone: "America/Chicago" },
  });
  renderWithApp(<NotificationChannelsPage />, { path: "/notifications/settings", user });
  return fetchMock;
}

const push = (kind: string) => screen.getByRole("switch", { name: `Push: ${kind}` });
const email = (kind: string) => screen.getByRole("combobox", { name: `E-mail: ${kind}` }) as HTMLSelectElement;

describe("NotificationChannelsPage", () => {
  afterEach(async () => {
    await activateLanguage("en");
  });

  it("shows a skeleton, then each kind: in the app always, push and e-mail as saved", async () => {
    setup({ ...CHANNELS, prayer: { push: false, email: "always" } });
    expect(screen.getByRole("status", { name: "Loading your notification settings" })).toBeTruthy();
    expect(screen.getByRole("heading", { level: 1, name: "How notifications reach you" })).toBeTruthy();
    await screen.findByRole("heading", { level: 3, name: "Sermons" });
    const kinds = ["Announcements", "Events", "Sermons", "Prayer", "Groups", "Kudos", "Badges"];
    expect(screen.getAllByRole("heading", { level: 3 }).map((h) => h.textContent)).toEqual(kinds);
    // In the app is not a choice.
    expect(screen.getAllByText("Always", { selector: "span" })).toHaveLength(7);
    expect(push("Sermons").getAttribute("aria-checked")).toBe("false");
    expect(push("Events").getAttribute("aria-checked")).toBe("true");
    expect(push("Prayer").getAttribute("aria-checked")).toBe("false");
    expect(email("Prayer").value).toBe("always");
    expect(email("Kudos").value).toBe("never");
    expect([...email("Events").options].map((o) => o.text)).toEqual(["Never", "Only if I have not seen it", "Always"]);
    expect((screen.getByLabelText("From") as HTMLInputElement).value).toBe("21:00");
    expect((screen.getByLabelText("To") as HTMLInputElement).value).toBe("08:00");
    expect(
      screen.getByText("In your church's time zone (America/Chicago): such e-mails wait until 08:00."),
    ).toBeTruthy();
    expect(screen.getByRole("switch", { name: "Send me the weekly digest" }).getAttribute("aria-checked")).toBe("true");
    // This browser has no push: the note links to the Mobile App page.
    const mobile = await screen.findByRole("link", { name: "Turn it on in the Mobile App settings" });
    expect(mobile.getAttribute("href")).toBe("/mobile-settings");
  });

  it("sends each change alone, shows it at once and toasts", async () => {
    const fetchMock = setup();
    const user = userEvent.setup();
    await screen.findByRole("heading", { level: 3, name: "Sermons" });
    await user.selectOptions(email("Sermons"), "Always");
    expect(email("Sermons").value).toBe("always");
    await waitFor(() => expect(getToasts()[0]).toMatchObject({ title: "Settings saved" }));
    await user.click(push("Groups"));
    expect(push("Groups").getAttribute("aria-checked")).toBe("false");
    await user.click(screen.getByRole("switch", { name: "Send me the weekly digest" }));
    const from = screen.getByLabelText("From");
    fireEvent.change(from, { target: { value: "22:30" } });
    fireEvent.blur(from);
    // A time left as it was sends nothing.
    fireEvent.blur(screen.getByLabelText("To"));
    await waitFor(() => expect(puts(fetchMock)).toHaveLength(4));
    expect(puts(fetchMock)).toEqual([
      { sermons: { email: "always" } },
      { groups: { push: false } },
      { digest: false },
      { quietHours: { from: "22:30", to: "08:00" } },
    ]);
    expect(
      screen.getByText("In your church's time zone (America/Chicago): such e-mails wait until 08:00."),
    ).toBeTruthy();
  });

  it("an incomplete time is not sent; a refused change goes back with the server's words", async () => {
    const fetchMock = setup(CHANNELS, () =>
      jsonResponse({ message: "Times must be written as HH:MM, from 00:00 to 23:59" }, 400),
    );
    await screen.findByRole("heading", { level: 3, name: "Sermons" });
    const to = screen.getByLabelText("To");
    fireEvent.change(to, { target: { value: "" } });
    fireEvent.blur(to);
    expect(screen.getByText("Enter both times, such as 21:00 and 08:00.")).toBeTruthy();
    expect(puts(fetchMock)).toEqual([]);

    await userEvent.click(push("Announcements"));
    await waitFor(() =>
      expect(getToasts()[0]).toMatchObject({
        title: "Could not save",
        description: "Times must be written as HH:MM, from 00:00 to 23:59",
      }),
    );
    await waitFor(() => expect(push("Announcements").getAttribute("aria-checked")).toBe("true"));
  });

  it("says when the settings cannot be loaded, and speaks the member's language", async () => {
    mockFetch({ [PATH]: () => jsonResponse({ message: "Server trouble" }, 500) });
    const { unmount } = renderWithApp(<NotificationChannelsPage />, { user: makeUser() });
    expect(await screen.findByText(/Your notification settings could not be loaded/)).toBeTruthy();
    unmount();

    await activateLanguage("es");
    setup();
    expect(await screen.findByRole("heading", { level: 3, name: "Prédicas" })).toBeTruthy();
    expect(screen.getByRole("heading", { level: 1, name: "Cómo te llegan las notificaciones" })).toBeTruthy();
    expect(screen.getByRole("combobox", { name: "Correo: Prédicas" })).toBeTruthy();
    expect(screen.getAllByRole("option", { name: "Solo si no la he visto" })).toHaveLength(7);
  });
});

describe("applyChannels", () => {
  it("lays a partial change over the channels, keeping the rest", () => {
    const next = applyChannels(CHANNELS, { sermons: { email: "always" }, quietHours: null, digest: false });
    expect(next.sermons).toEqual({ push: false, email: "always" });
    expect(next.events).toEqual(CHANNELS.events);
    expect(next.quietHours).toEqual(CHANNELS.quietHours);
    expect(next.digest).toBe(false);
  });
});
