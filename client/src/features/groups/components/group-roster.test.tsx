import type { TDirectoryEntry } from "@common/directory";
import type { TGroupMember } from "@common/groups";
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { getToasts } from "@/components/ui/use-toast";
import { jsonResponse, makeUser, mockFetch, renderWithApp } from "@/test/render";
import { BEN, GROUP_ID, RUTH } from "../test-fixtures";
import { GroupRoster } from "./group-roster";

const G = `/api/groups/${GROUP_ID}`;
const CARA = "00000000-0000-4000-8000-000000000013";

const ROSTER: TGroupMember[] = [
  { id: BEN, firstName: "Ben", lastName: "Cole", profileImageUrl: null, role: "member" },
  { id: RUTH, firstName: "Ruth", lastName: "Park", profileImageUrl: null, role: "leader" },
];
const person = (id: string, firstName: string, lastName: string): TDirectoryEntry => ({
  id,
  firstName,
  lastName,
  profileImageUrl: null,
});
const DIRECTORY = [person(BEN, "Ben", "Cole"), person(CARA, "Cara", "Diaz"), person(RUTH, "Ruth", "Park")];

const posts = (fetchMock: ReturnType<typeof mockFetch>) =>
  fetchMock.mock.calls
    .filter(([u, init]) => u === `${G}/members` && init?.method === "POST")
    .map(([, init]) => JSON.parse(String(init?.body)));

function setup(routes: Record<string, unknown>, canLead: boolean) {
  const fetchMock = mockFetch({ [`${G}/members`]: ROSTER, ...routes });
  renderWithApp(<GroupRoster groupId={GROUP_ID} groupName="Tuesday Bible Study" canLead={canLead} />, {
    user: makeUser({ role: "GROUP_LEADER" }),
  });
  return fetchMock;
}

describe("GroupRoster: Add member", () => {
  it("is not offered to a member", async () => {
    setup({}, false);
    expect(await screen.findByRole("list", { name: "Members of Tuesday Bible Study" })).toBeTruthy();
    expect(screen.queryByRole("button", { name: "Add member" })).toBeNull();
  });

  it("lets a leader find a member who is not in the group and add them", async () => {
    const fetchMock = setup(
      {
        "/api/directory?limit=20": DIRECTORY,
        "/api/directory?limit=20&q=cara": [person(CARA, "Cara", "Diaz")],
        [`POST ${G}/members`]: () =>
          jsonResponse({ id: CARA, firstName: "Cara", lastName: "Diaz", profileImageUrl: null, role: "member" }, 201),
      },
      true,
    );
    await userEvent.click(await screen.findByRole("button", { name: "Add member" }));
    const dialog = await screen.findByRole("dialog", { name: "Add someone to Tuesday Bible Study" });
    const results = await within(dialog).findByRole("list", { name: "Members you can add" });
    // Ben and Ruth are in the group already. (The avatar's initials come on Radix's 0 ms timer: not read here.)
    const items = within(results).getAllByRole("listitem");
    expect(items).toHaveLength(1);
    expect(within(items[0]).getByText("Cara Diaz")).toBeTruthy();
    expect(within(items[0]).getByRole("button", { name: /Add/ })).toBeTruthy();
    await userEvent.type(within(dialog).getByRole("searchbox", { name: "Find a member" }), "cara");
    await waitFor(() => expect(fetchMock.mock.calls.some(([u]) => u === "/api/directory?limit=20&q=cara")).toBe(true));
    await userEvent.click(within(dialog).getByRole("button", { name: "Add Cara Diaz" }));
    await waitFor(() => expect(getToasts()[0]).toMatchObject({ title: "Cara Diaz is now in Tuesday Bible Study" }));
    expect(posts(fetchMock)).toEqual([{ userId: CARA }]);
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
  });

  it("says why when the server refuses (a full group)", async () => {
    setup(
      {
        "/api/directory?limit=20": DIRECTORY,
        [`POST ${G}/members`]: () => jsonResponse({ message: "This group is full" }, 409),
      },
      true,
    );
    await userEvent.click(await screen.findByRole("button", { name: "Add member" }));
    const dialog = await screen.findByRole("dialog");
    await userEvent.click(await within(dialog).findByRole("button", { name: "Add Cara Diaz" }));
    await waitFor(() => expect(getToasts()[0]).toMatchObject({ description: "This group is full" }));
    expect(screen.getByRole("dialog")).toBeTruthy();
  });
});
