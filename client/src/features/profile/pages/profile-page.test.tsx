import type { TAuthUser } from "@common/auth";
import type { TPreferences } from "@common/profile";
import { DEFAULT_PRAYER_TOPICS } from "@common/profile-helpers";
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { getToasts } from "@/components/ui/use-toast";
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
});
