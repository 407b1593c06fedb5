import type { TMember } from "@common/members";
import { screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { jsonResponse, makeUser, mockFetch, renderWithApp } from "@/test/render";
import { MembersPage } from "./members-page";

/* Issue 30: Manage Members reads the list a page at a time and asks for the next on "Load more". */

const member = (n: number): TMember => ({
  id: `u${n}`,
  email: `person${n}@example.org`,
  firstName: "Person",
  lastName: `No${n}`,
  bio: null,
  role: n % 10 === 0 ? "GROUP_LEADER" : "CONGREGANT",
  churchId: "c1",
  profileImageUrl: null,
  points: 0,
  lastLogin: null,
  lastActiveAt: null,
  createdAt: "2024-01-10T00:00:00Z",
});
const FIRST = Array.from({ length: 3 }, (_, i) => member(i + 1));
const SECOND = Array.from({ length: 2 }, (_, i) => member(i + 4));
const NEXT = "/api/admin/members?after=cursor-1";

function paged(body: unknown, next?: string) {
  const res = jsonResponse(body);
  if (next) res.headers.set("Link", `<${next}>; rel="next"`);
  return res;
}

const statValue = (label: string) =>
  screen.getByText(label).closest("div")?.parentElement?.querySelector("p.text-3xl")?.textContent;

describe("MembersPage in pages", () => {
  it("shows the first page, the church's total, and loads the next page its Link header names", async () => {
    const fetchMock = mockFetch({
      "/api/admin/members": () => paged(FIRST, NEXT),
      [NEXT]: () => paged(SECOND),
      "/api/admin/stats": { totalMembers: 5, newMembersThisMonth: 0 },
    });
    renderWithApp(<MembersPage />, { user: makeUser(), path: "/admin/members" });
    expect(await screen.findByText("Person No3")).not.toBeNull();
    expect(screen.queryByText("Person No4")).toBeNull();
    // The total is the church's, not the page's.
    await waitFor(() => expect(statValue("Total Members")).toBe("5"));
    expect(screen.getByText("Members shown: 3 of 5")).not.toBeNull();

    await userEvent.click(screen.getByRole("button", { name: "Load more members" }));
    expect(await screen.findByText("Person No5")).not.toBeNull();
    expect(screen.getByText("Person No1")).not.toBeNull();
    expect(fetchMock.mock.calls.map((c) => String(c[0]))).toContain(NEXT);
    // The last page: no button, and the cards count the whole list again.
    expect(screen.queryByRole("button", { name: "Load more members" })).toBeNull();
    expect(statValue("Total Members")).toBe("5");
  });

  it("says that a search covers only the members loaded while more remain", async () => {
    mockFetch({
      "/api/admin/members": () => paged(FIRST, NEXT),
      "/api/admin/stats": { totalMembers: 5, newMembersThisMonth: 0 },
    });
    renderWithApp(<MembersPage />, { user: makeUser(), path: "/admin/members" });
    await screen.findByText("Person No3");
    expect(screen.queryByText(/The search covers/)).toBeNull();
    await userEvent.type(screen.getByRole("searchbox"), "No2");
    expect(
      await screen.findByText("The search covers the 3 members shown. Load more to search the rest."),
    ).not.toBeNull();
  });

  it("a church whose list fits one page sees no button and no stats request", async () => {
    const fetchMock = mockFetch({ "/api/admin/members": FIRST });
    renderWithApp(<MembersPage />, { user: makeUser(), path: "/admin/members" });
    await screen.findByText("Person No3");
    expect(screen.queryByRole("button", { name: "Load more members" })).toBeNull();
    expect(statValue("Total Members")).toBe("3");
    expect(fetchMock.mock.calls.map((c) => String(c[0]))).not.toContain("/api/admin/stats");
  });
});
