import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it, vi } from "vitest";
import { getToasts } from "@/components/ui/use-toast";
import { jsonResponse, makeUser, mockFetch, renderWithApp } from "@/test/render";
import { GrowthSettingsPage } from "./growth-settings-page";

const LIST = "/api/weekly-action-steps?limit=12";
const LA = "America/Los_Angeles";

const step = (over: Record<string, unknown> = {}) => ({
  id: "s1",
  title: "Pray for a neighbour",
  description: "Pray by name, every day.",
  weekOf: "2026-11-01",
  points: 25,
  isCompleted: false,
  ...over,
});

function setup(routes: Record<string, unknown> = {}) {
  const fetchMock = mockFetch({ "/api/weekly-action-step": null, [LIST]: [], ...routes });
  renderWithApp(<GrowthSettingsPage />, {
    user: makeUser({
      church: { name: "Grace", logoUrl: null, brandColor: "#6366F1", timeZone: LA, defaultLanguage: null },
    }),
    path: "/admin/growth",
  });
  return fetchMock;
}

const posts = (fetchMock: ReturnType<typeof mockFetch>) =>
  fetchMock.mock.calls.filter(([, init]) => init?.method === "POST").map(([, init]) => JSON.parse(String(init?.body)));

describe("GrowthSettingsPage", () => {
  it("starts the week at this Sunday in the church's time zone and moves to the next Sunday after a save", async () => {
    // Saturday 7 November, 23:30 in Los Angeles (already Sunday the 8th in UTC).
    vi.useFakeTimers({ toFake: ["Date"], now: new Date("2026-11-08T07:30:00Z") });
    const fetchMock = setup({
      "POST /api/weekly-action-step": (init?: RequestInit) => {
        const body = JSON.parse(String(init?.body));
        return jsonResponse(step({ id: "n1", title: body.title, weekOf: "2026-11-01" }), 201);
      },
    });
    expect(await screen.findByText("No action step set for this week")).toBeTruthy();
    const week = screen.getByLabelText("Week of") as HTMLInputElement;
    expect(week.value).toBe("2026-11-01");

    await userEvent.type(screen.getByLabelText("Title"), "  Serve someone  ");
    await userEvent.type(screen.getByLabelText("Description"), "One act of kindness.");
    await userEvent.click(screen.getByRole("button", { name: "Set Action Step" }));

    await waitFor(() =>
      expect(getToasts()[0]).toMatchObject({
        title: "Success!",
        description: "Weekly action step created successfully.",
      }),
    );
    expect(posts(fetchMock)).toEqual([
      { title: "Serve someone", description: "One act of kindness.", weekOf: "2026-11-01" },
    ]);
    await waitFor(() => expect(week.value).toBe("2026-11-08"));
    expect((screen.getByLabelText("Title") as HTMLInputElement).value).toBe("");
  });

  it("asks for every field ('Please fill in all fields') and sends nothing", async () => {
    const fetchMock = setup();
    await screen.findByText("No action step set for this week");
    await userEvent.click(screen.getByRole("button", { name: "Set Action Step" }));
    await waitFor(() =>
      expect(getToasts()[0]).toMatchObject({ title: "Error", description: "Please fill in all fields" }),
    );
    expect(await screen.findByText("Title is required")).toBeTruthy();
    expect(screen.getByText("Description is required")).toBeTruthy();
    expect(posts(fetchMock)).toEqual([]);
  });

  it("shows the current step, Active for congregation, and the listed weeks with completions", async () => {
    vi.useFakeTimers({ toFake: ["Date"], now: new Date("2026-11-04T18:00:00Z") });
    setup({
      "/api/weekly-action-step": step(),
      [LIST]: [
        { id: "s2", title: "Invite a friend", description: "To Sunday lunch.", weekOf: "2026-11-08", completions: 0 },
        { id: "s1", title: "Pray for a neighbour", description: "Pray by name.", weekOf: "2026-11-01", completions: 7 },
        { id: "s0", title: "Read Psalm 23", description: "Slowly.", weekOf: "2026-10-25", completions: 12 },
      ],
    });
    const current = (await screen.findByText("Current Action Step")).closest("section") as HTMLElement;
    expect(await within(current).findByText("Pray for a neighbour")).toBeTruthy();
    expect(within(current).getByText("Active for congregation")).toBeTruthy();
    expect(within(current).getByText(/Week of November 1, 2026/)).toBeTruthy();
    expect(await within(current).findByText(/7 members have completed it/)).toBeTruthy();

    const list = (screen.getByText("Past and Scheduled Steps").closest("section") as HTMLElement).querySelector("ul");
    const rows = within(list as HTMLElement).getAllByRole("listitem");
    expect(rows.map((r) => within(r).getByText(/Scheduled|This week|Past/).textContent)).toEqual([
      "Scheduled",
      "This week",
      "Past",
    ]);
    expect(within(rows[2]).getByText("12 completed")).toBeTruthy();
    expect(within(rows[2]).queryByRole("button", { name: /Edit/ })).toBeNull();

    // Editing a scheduled week fills the form, which says saving replaces it.
    await userEvent.click(within(rows[0]).getByRole("button", { name: /Edit the step for the week of November 8/ }));
    await waitFor(() => expect((screen.getByLabelText("Title") as HTMLInputElement).value).toBe("Invite a friend"));
    expect((screen.getByLabelText("Week of") as HTMLInputElement).value).toBe("2026-11-08");
    expect(screen.getByText(/already has “Invite a friend”; saving replaces it/)).toBeTruthy();
  });
});
