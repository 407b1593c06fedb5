import type { TAuthUser } from "@common/auth";
import type { TPrivacySettings } from "@common/directory";
import type { TPreferences } from "@common/profile";
import { DEFAULT_PRAYER_TOPICS } from "@common/profile-helpers";
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { getToasts } from "@/components/ui/use-toast";
import { activateLanguage } from "@/lib/i18n";
import { AUTH_USER_KEY } from "@/lib/query-keys";
import { jsonResponse, makeUser, mockFetch, renderWithApp } from "@/test/render";
import { ProfilePage } from "./profile-page";

const PREFS: TPreferences = {
  emailNotifications: true,
  prayerReminders: true,
  sermonNotifications: true,
  eventNotifications: true,
  prayerTopics: DEFAULT_PRAYER_TOPICS,
  language: null,
};

const PRIVACY: TPrivacySettings = {
  hidden: false,
  fields: { email: "leaders", phone: "leaders", birthday: "leaders", address: "leaders", bio: "leaders" },
};

function setup(routes: Record<string, unknown> = {}, user = makeUser({ role: "CONGREGANT" })) {
  const fetchMock = mockFetch({
    "/api/auth/user": user,
    "/api/user/stats": { points: 45, sermonsWatched: 2, eventsAttended: 1, streaks: { dailyReading: 3 } },
    "/api/user/badges": [],
    "/api/user/activity?limit=5": [
      { id: "a1", kind: "sermon_watch", points: 10, at: new Date().toISOString(), label: "Watched “Grace”" },
    ],
    "/api/user/preferences": PREFS,
    "/api/user/account": { hasPassword: true, otherSessions: 1 },
    "/api/user/privacy": PRIVACY,
    ...routes,
  });
  const utils = renderWithApp(<ProfilePage />, { user, path: "/profile" });
  return { fetchMock, ...utils };
}

const calls = (fetchMock: ReturnType<typeof mockFetch>, method: string, url: string) =>
  fetchMock.mock.calls.filter(([u, init]) => u === url && (init?.method ?? "GET") === method);

describe("ProfilePage", () => {
  it("shows who the member is, their figures, activity and the empty achievements", async () => {
    setup();
    expect(screen.getByRole("heading", { level: 1, name: "Ann Lee" })).toBeTruthy();
    expect(screen.getByText("Grace Church")).toBeTruthy();
    expect(screen.getByText("Church Member")).toBeTruthy();
    expect(screen.queryByText("Congregant")).toBeNull();
    expect(screen.getByText("Active Member")).toBeTruthy();
    expect(await screen.findByText("Watched “Grace”")).toBeTruthy();
    expect(await screen.findByText("No achievements yet")).toBeTruthy();
    expect(await screen.findByText("45")).toBeTruthy();
    expect(screen.getByText("+10 pts")).toBeTruthy();
    expect(await screen.findByText("You are also signed in on 1 other device.")).toBeTruthy();
  });

  it("edits the profile: requires a first name, then PATCHes and refreshes the current user", async () => {
    const { fetchMock, queryClient } = setup({
      "PATCH /api/user/profile": (init?: RequestInit) =>
        jsonResponse({ ...makeUser({ role: "CONGREGANT" }), ...JSON.parse(String(init?.body)) }),
    });
    await userEvent.click(screen.getByRole("button", { name: "Edit Profile" }));
    const dialog = await screen.findByRole("dialog");
    const first = within(dialog).getByLabelText("First name");
    await userEvent.clear(first);
    await userEvent.click(within(dialog).getByRole("button", { name: "Save Changes" }));
    expect(await within(dialog).findByText("First name is required")).toBeTruthy();
    expect(calls(fetchMock, "PATCH", "/api/user/profile")).toHaveLength(0);

    await userEvent.type(first, "Hannah");
    await userEvent.type(within(dialog).getByLabelText("About you"), "I love <b>singing</b>");
    await userEvent.click(within(dialog).getByRole("button", { name: "Save Changes" }));
    await waitFor(() => expect(calls(fetchMock, "PATCH", "/api/user/profile")).toHaveLength(1));
    const [, init] = calls(fetchMock, "PATCH", "/api/user/profile")[0];
    expect(JSON.parse(String(init?.body))).toEqual({
      firstName: "Hannah",
      lastName: "Lee",
      bio: "I love <b>singing</b>",
      phone: null,
      birthday: null,
      address: null,
    });
    await waitFor(() =>
      expect(getToasts()[0]).toMatchObject({
        title: "Profile Updated",
        description: "Your profile has been updated successfully.",
      }),
    );
    expect(queryClient.getQueryData<TAuthUser>(AUTH_USER_KEY)?.firstName).toBe("Hannah");
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
  });

  it("shows the server's field message when a save is refused", async () => {
    setup({
      "PATCH /api/user/profile": () =>
        jsonResponse(
          {
            message: "Bio must be at most 500 characters",
            errors: [{ path: "bio", message: "Bio must be at most 500 characters" }],
          },
          400,
        ),
    });
    await userEvent.click(screen.getByRole("button", { name: "Edit Profile" }));
    const dialog = await screen.findByRole("dialog");
    await userEvent.type(within(dialog).getByLabelText("About you"), "Hello");
    await userEvent.click(within(dialog).getByRole("button", { name: "Save Changes" }));
    expect(await within(dialog).findByText("Bio must be at most 500 characters")).toBeTruthy();
  });

  it("saves a prayer topic switch with PATCH and toasts 'Preferences Updated'", async () => {
    const { fetchMock } = setup({
      "PATCH /api/user/preferences": (init?: RequestInit) => {
        const body = JSON.parse(String(init?.body));
        return jsonResponse({ ...PREFS, prayerTopics: { ...PREFS.prayerTopics, ...body.prayerTopics } });
      },
    });
    const family = await screen.findByRole("switch", { name: "Family" });
    expect(family.getAttribute("aria-checked")).toBe("false");
    await userEvent.click(family);
    await waitFor(() => expect(calls(fetchMock, "PATCH", "/api/user/preferences")).toHaveLength(1));
    const [, init] = calls(fetchMock, "PATCH", "/api/user/preferences")[0];
    expect(JSON.parse(String(init?.body))).toEqual({ prayerTopics: { family: true } });
    await waitFor(() => expect(getToasts()[0]).toMatchObject({ title: "Preferences Updated" }));
    expect(family.getAttribute("aria-checked")).toBe("true");
  });

  it("offers only the notifications something sends: no switch for news by email, which nothing sends", async () => {
    setup();
    expect(await screen.findByRole("switch", { name: "Sermon notifications" })).toBeTruthy();
    expect(screen.getByRole("switch", { name: "Event notifications" })).toBeTruthy();
    expect(screen.getByRole("switch", { name: "Prayer reminders" })).toBeTruthy();
    expect(screen.queryByRole("switch", { name: /email/i })).toBeNull();
  });

  it("edits phone, birthday (month and day, the year optional) and address; an incomplete birthday is refused", async () => {
    const user = makeUser({ role: "CONGREGANT", phone: "555 0100", birthday: "1980-04-12", address: null });
    const { fetchMock } = setup(
      {
        "PATCH /api/user/profile": (init?: RequestInit) => jsonResponse({ ...user, ...JSON.parse(String(init?.body)) }),
      },
      user,
    );
    await userEvent.click(screen.getByRole("button", { name: "Edit Profile" }));
    const dialog = await screen.findByRole("dialog");
    expect((within(dialog).getByLabelText("Phone") as HTMLInputElement).value).toBe("555 0100");
    const month = within(dialog).getByLabelText("Month") as HTMLSelectElement;
    const day = within(dialog).getByLabelText("Day") as HTMLSelectElement;
    const year = within(dialog).getByLabelText("Year (optional)") as HTMLInputElement;
    expect([month.value, day.value, year.value]).toEqual(["04", "12", "1980"]);

    // A month without a day is not a birthday: the dialog says so and sends nothing.
    await userEvent.selectOptions(day, "");
    await userEvent.click(within(dialog).getByRole("button", { name: "Save Changes" }));
    expect(await within(dialog).findByText(/Choose a month and a day that exist together/)).toBeTruthy();
    expect(calls(fetchMock, "PATCH", "/api/user/profile")).toHaveLength(0);

    await userEvent.selectOptions(month, "February");
    await userEvent.selectOptions(day, "29");
    await userEvent.clear(year);
    await userEvent.clear(within(dialog).getByLabelText("Phone"));
    await userEvent.type(within(dialog).getByLabelText("Phone"), "+44 20 7946 0958");
    await userEvent.type(within(dialog).getByLabelText("Address"), "1 Church Lane");
    await userEvent.click(within(dialog).getByRole("button", { name: "Save Changes" }));
    await waitFor(() => expect(calls(fetchMock, "PATCH", "/api/user/profile")).toHaveLength(1));
    const [, init] = calls(fetchMock, "PATCH", "/api/user/profile")[0];
    expect(JSON.parse(String(init?.body))).toMatchObject({
      phone: "+44 20 7946 0958",
      birthday: "02-29",
      address: "1 Church Lane",
    });
  });

  it("refuses a phone number with letters before sending it", async () => {
    const { fetchMock } = setup();
    await userEvent.click(screen.getByRole("button", { name: "Edit Profile" }));
    const dialog = await screen.findByRole("dialog");
    await userEvent.type(within(dialog).getByLabelText("Phone"), "call me");
    await userEvent.click(within(dialog).getByRole("button", { name: "Save Changes" }));
    expect(await within(dialog).findByText("Phone may hold only digits, spaces and + ( ) - .")).toBeTruthy();
    expect(calls(fetchMock, "PATCH", "/api/user/profile")).toHaveLength(0);
  });

  it("Privacy: the hidden switch and each field's audience are saved whole with PUT", async () => {
    const { fetchMock } = setup({
      "PUT /api/user/privacy": (init?: RequestInit) => jsonResponse(JSON.parse(String(init?.body))),
    });
    const phone = (await screen.findByLabelText("Phone")) as HTMLSelectElement;
    expect(phone.value).toBe("leaders");
    expect(
      within(phone)
        .getAllByRole("option")
        .map((o) => o.textContent),
    ).toEqual(["Everyone in my church", "People in my groups", "Leaders and admins", "Only me"]);
    await userEvent.selectOptions(phone, "Only me");
    await waitFor(() => expect(calls(fetchMock, "PUT", "/api/user/privacy")).toHaveLength(1));
    expect(JSON.parse(String(calls(fetchMock, "PUT", "/api/user/privacy")[0][1]?.body))).toEqual({
      hidden: false,
      fields: { ...PRIVACY.fields, phone: "nobody" },
    });
    await waitFor(() => expect(getToasts()[0]).toMatchObject({ title: "Privacy Updated" }));

    await userEvent.click(screen.getByRole("switch", { name: "Hide me from the directory" }));
    await waitFor(() => expect(calls(fetchMock, "PUT", "/api/user/privacy")).toHaveLength(2));
    expect(JSON.parse(String(calls(fetchMock, "PUT", "/api/user/privacy")[1][1]?.body))).toEqual({
      hidden: true,
      fields: { ...PRIVACY.fields, phone: "nobody" },
    });
  });

  it("Privacy: puts the choice back and says so when the server refuses", async () => {
    setup({ "PUT /api/user/privacy": () => jsonResponse({ message: "Nope" }, 400) });
    const bio = (await screen.findByLabelText("About me")) as HTMLSelectElement;
    await userEvent.selectOptions(bio, "Everyone in my church");
    await waitFor(() => expect(getToasts()[0]).toMatchObject({ title: "Update Failed" }));
    await waitFor(() => expect(bio.value).toBe("leaders"));
  });

  it("speaks Spanish: the Privacy card's choices and the dialog's phone message", async () => {
    await activateLanguage("es");
    try {
      setup();
      const phone = (await screen.findByLabelText("Teléfono")) as HTMLSelectElement;
      expect(screen.getByRole("heading", { name: "Privacidad" })).toBeTruthy();
      expect(
        within(phone)
          .getAllByRole("option")
          .map((o) => o.textContent),
      ).toEqual(["Toda mi iglesia", "Las personas de mis grupos", "Líderes y administradores", "Solo yo"]);
      expect(screen.getByRole("switch", { name: "Ocultarme del directorio" })).toBeTruthy();
      await userEvent.click(screen.getByRole("button", { name: /Editar perfil/i }));
      const dialog = await screen.findByRole("dialog");
      await userEvent.type(within(dialog).getByLabelText("Teléfono"), "llámame");
      await userEvent.click(within(dialog).getByRole("button", { name: /Guardar/i }));
      expect(
        await within(dialog).findByText("El teléfono solo puede contener dígitos, espacios y + ( ) - ."),
      ).toBeTruthy();
      expect(within(dialog).getByLabelText("Mes")).toBeTruthy();
      expect(within(dialog).getByRole("option", { name: "abril" })).toBeTruthy();
    } finally {
      await activateLanguage("en");
    }
  });
});
