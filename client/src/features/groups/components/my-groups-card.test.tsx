import type { TMyGroup } from "@common/group-meetings";
import { screen, within } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { activateLanguage } from "@/lib/i18n";
import { jsonResponse, makeUser, mockFetch, renderWithApp } from "@/test/render";
import { GROUP_ID } from "../test-fixtures";
import { MyGroupsCard } from "./my-groups-card";

const MINE = "/api/groups/mine";
// Tuesday 1 December 2026, 19:30 in the church's zone (UTC in the test user's church).
const NEXT = "2026-12-01T19:30:00.000Z";

const mineOf = (over: Partial<TMyGroup> = {}): TMyGroup => ({
  id: GROUP_ID,
  name: "Tuesday Bible Study",
  kind: "bible_study",
  location: "Room 4",
  membership: "member",
  nextMeetingAt: NEXT,
  pendingRequests: null,
  ...over,
});

function setup(body: unknown) {
  const fetchMock = mockFetch({ [MINE]: body });
  renderWithApp(<MyGroupsCard />, { user: makeUser({ role: "CONGREGANT" }) });
  return fetchMock;
}

describe("MyGroupsCard", () => {
  afterEach(async () => {
    await activateLanguage("en");
  });

  it("invites a member in no group to find one", async () => {
    const fetchMock = setup([]);
    expect(await screen.findByText("You are not in a group yet")).toBeTruthy();
    expect(screen.getByRole("link", { name: "Find a group" }).getAttribute("href")).toBe("/groups");
    expect(screen.queryByRole("link", { name: "All groups" })).toBeNull();
    expect(fetchMock.mock.calls.map(([url]) => String(url))).toEqual([MINE]);
  });

  it("lists a member's group (its link, next meeting in words, kind) and says when none is planned", async () => {
    setup([mineOf(), mineOf({ id: "g2", name: "Serving Team", kind: "serving", nextMeetingAt: null })]);
    const link = await screen.findByRole("link", { name: "Tuesday Bible Study" });
    expect(link.getAttribute("href")).toBe(`/groups/${GROUP_ID}`);
    const row = link.closest("li") as HTMLElement;
    expect(within(row).getByText("Next: Tuesday, December 1 at 7:30 PM")).toBeTruthy();
    expect(within(row).getByText("Bible study")).toBeTruthy();
    expect(within(row).queryByText("Leader")).toBeNull();
    expect(within(row).queryByText(/waiting to join/)).toBeNull();
    const other = screen.getByRole("link", { name: "Serving Team" }).closest("li") as HTMLElement;
    expect(within(other).getByText("No meeting planned")).toBeTruthy();
    expect(screen.getByRole("link", { name: "All groups" }).getAttribute("href")).toBe("/groups");
  });

  it("shows a leader the requests waiting, linking to the group's Requests tab (none: no link)", async () => {
    setup([
      mineOf({ membership: "leader", pendingRequests: 2 }),
      mineOf({ id: "g2", name: "Youth", kind: "youth", membership: "leader", pendingRequests: 0 }),
    ]);
    const waiting = await screen.findByRole("link", { name: "2 waiting to join" });
    expect(waiting.getAttribute("href")).toBe(`/groups/${GROUP_ID}?tab=requests`);
    expect(screen.getAllByText("Leader")).toHaveLength(2);
    const youth = screen.getByRole("link", { name: "Youth" }).closest("li") as HTMLElement;
    expect(within(youth).queryByText(/waiting/)).toBeNull();
  });

  it("shows a skeleton while loading, and an error with a retry", async () => {
    mockFetch({ [MINE]: () => jsonResponse({ message: "Boom" }, 500) });
    renderWithApp(<MyGroupsCard />, { user: makeUser() });
    expect(screen.getByRole("list", { name: "Loading your groups" })).toBeTruthy();
    expect(await screen.findByText(/Your groups could not be loaded/)).toBeTruthy();
  });

  it("speaks Spanish", async () => {
    await activateLanguage("es");
    setup([mineOf({ membership: "leader", pendingRequests: 1 })]);
    expect(await screen.findByText("Mis grupos")).toBeTruthy();
    expect(await screen.findByText("Próxima reunión: martes, 1 de diciembre, 19:30")).toBeTruthy();
    expect(screen.getByRole("link", { name: "1 persona espera unirse" })).toBeTruthy();
  });

  it("renders right to left in Arabic", async () => {
    await activateLanguage("ar");
    setup([]);
    expect(document.documentElement.dir).toBe("rtl");
    expect(await screen.findByText("لست في أي مجموعة بعد")).toBeTruthy();
    expect(screen.getByRole("link", { name: "ابحث عن مجموعة" })).toBeTruthy();
  });
});
