import type { TPreferences } from "@common/profile";
import { DEFAULT_PRAYER_TOPICS } from "@common/profile-helpers";
import { screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it } from "vitest";
import { getToasts } from "@/components/ui/use-toast";
import { activateLanguage } from "@/lib/i18n";
import { createQueryClient } from "@/lib/query-client";
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

function setup(user = makeUser({ role: "CONGREGANT" })) {
  let language: string | null = null;
  const fetchMock = mockFetch({
    "/api/auth/user": () => jsonResponse({ ...user, language }),
    "/api/user/stats": { points: 12345, sermonsWatched: 2, eventsAttended: 1, streaks: {} },
    "/api/user/badges": [],
    "/api/user/activity?limit=5": [],
    "/api/user/preferences": PREFS,
    "/api/user/account": { hasPassword: true, otherSessions: 2 },
    "PATCH /api/user/preferences": (init?: RequestInit) => {
      language = JSON.parse(String(init?.body)).language;
      return jsonResponse({ ...PREFS, language });
    },
  });
  // The signed-in user is in the cache, as the app's router keeps it.
  const client = createQueryClient();
  client.setQueryData(AUTH_USER_KEY, user);
  renderWithApp(<ProfilePage />, { user, path: "/profile", client });
  return fetchMock;
}

const patches = (fetchMock: ReturnType<typeof mockFetch>) =>
  fetchMock.mock.calls
    .filter(([u, init]) => u === "/api/user/preferences" && init?.method === "PATCH")
    .map(([, init]) => JSON.parse(String(init?.body)));

afterEach(async () => {
  await activateLanguage("en");
});

describe("ProfilePage: the language switch (issue 26)", () => {
  it("PATCHes the chosen language, refreshes the user, and the whole screen and its toast speak Spanish", async () => {
    const fetchMock = setup(makeUser({ role: "CONGREGANT", church: { ...makeUser().church, defaultLanguage: "fr" } }));
    const select = (await screen.findByLabelText("Language")) as HTMLSelectElement;
    expect(select.value).toBe("");
    expect(screen.getByRole("option", { name: "Church default (Français)" })).toBeTruthy();

    await userEvent.selectOptions(select, "es");
    await waitFor(() => expect(patches(fetchMock)).toEqual([{ language: "es" }]));
    await waitFor(() => expect(document.documentElement.lang).toBe("es"));
    expect(fetchMock.mock.calls.some(([u]) => u === "/api/auth/user")).toBe(true);
    await waitFor(() =>
      expect(getToasts()[0]).toMatchObject({
        title: "Idioma actualizado",
        description: "Fellowship ahora te habla en Español.",
      }),
    );
    expect(await screen.findByRole("heading", { name: "Camino espiritual" })).toBeTruthy();
    expect(screen.getByText("Configuración de la cuenta")).toBeTruthy();
    expect(screen.getByText("Miembro de la iglesia")).toBeTruthy();
    expect(await screen.findByText("También tienes la sesión abierta en 2 dispositivos más.")).toBeTruthy();
    expect(screen.getByText("12.345")).toBeTruthy();
    expect(screen.queryByText("Spiritual Journey")).toBeNull();
  });

  it("goes back to no choice of its own (null), worded as the browser's when the church has none", async () => {
    await activateLanguage("es");
    const fetchMock = setup(makeUser({ role: "CONGREGANT", language: "es" }));
    const select = (await screen.findByLabelText("Idioma")) as HTMLSelectElement;
    expect(screen.getByRole("option", { name: "El de tu navegador" })).toBeTruthy();
    await userEvent.selectOptions(select, "");
    await waitFor(() => expect(patches(fetchMock)).toEqual([{ language: null }]));
  });

  it("renders right to left in Arabic", async () => {
    await activateLanguage("ar");
    setup();
    expect(await screen.findByRole("heading", { name: "المسيرة الروحية" })).toBeTruthy();
    expect(screen.getByText("تفضيلات الصلاة")).toBeTruthy();
    expect(document.documentElement.dir).toBe("rtl");
  });
});
