import { screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { makeUser, mockFetch, renderWithApp } from "@/test/render";
import { GROUP_POSTS_LIMIT, GROUP_PRAYERS_LIMIT } from "../life-api";
import { GROUP_ID, makeGroup } from "../test-fixtures";
import { GroupLifePage } from "./group-life-tabs";

const G = `/api/groups/${GROUP_ID}`;

beforeEach(() => {
  // The thread opens `/ws`: a socket that never connects is enough here.
  vi.stubGlobal(
    "WebSocket",
    class {
      readyState = 0;
      send() {}
      close() {}
    },
  );
});

describe("GroupLifePage", () => {
  it("puts the thread, prayer requests and meetings inside the group, the thread first", async () => {
    mockFetch({
      [G]: makeGroup({ membership: "member" }),
      [`${G}/members`]: [],
      [`${G}/posts?limit=${GROUP_POSTS_LIMIT}`]: [],
      [`${G}/prayers?limit=${GROUP_PRAYERS_LIMIT}`]: [],
      [`${G}/meetings`]: { upcoming: [], past: [] },
    });
    renderWithApp(<GroupLifePage id={GROUP_ID} />, {
      user: makeUser({ role: "CONGREGANT" }),
      path: `/groups/${GROUP_ID}`,
    });
    const tabs = await screen.findByRole("tablist", { name: "Inside the group" });
    expect(
      within(tabs)
        .getAllByRole("tab")
        .map((tab) => tab.textContent),
    ).toEqual(["Conversation", "Prayer requests", "Meetings", "Members"]);
    expect(await screen.findByText("No posts yet")).toBeTruthy();
    await userEvent.click(within(tabs).getByRole("tab", { name: "Prayer requests" }));
    expect(await screen.findByText("No prayer requests yet")).toBeTruthy();
    await userEvent.click(within(tabs).getByRole("tab", { name: "Meetings" }));
    expect(await screen.findByText("No meetings planned yet")).toBeTruthy();
  });
});
