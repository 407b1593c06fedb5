import type { TGroupJoinRequest, TGroupMember } from "@common/groups";
import type { TMember } from "@common/members";
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it } from "vitest";
import { getToasts } from "@/components/ui/use-toast";
import { activateLanguage } from "@/lib/i18n";
import { jsonResponse, makeUser, mockFetch, renderWithApp } from "@/test/render";
import { BEN, GROUP_ID, makeGroup, RUTH } from "../test-fixtures";
import { GroupPage } from "./group-page";

const G = `/api/groups/${GROUP_ID}`;

const calls = (fetchMock: ReturnType<typeof mockFetch>, method: string, url: string) =>
  fetchMock.mock.calls
    .filter(([u, init]) => u === url && (init?.method ?? "GET") === method)
    .map(([, init]) => (init?.body ? JSON.parse(String(init.body)) : undefined));

const ROSTER: TGroupMember[] = [
  { id: BEN, firstName: "Ben", lastName: "Cole", profileImageUrl: null, role: "member" },
  {
    id: RUTH,
    firstName: "Ruth",
    lastName: "Park",
    profileImageUrl: null,
    role: "leader",
    email: "ruth@example.org",
    phone: "+1 (555) 010-2000",
    birthday: "03-04",
    address: "12 Hill Road",
  },
];

const REQUESTS: TGroupJoinRequest[] = [
  {
    userId: "u-cara",
    firstName: "Cara",
    lastName: "Diaz",
    requestedAt: new Date(Date.now() - 2 * 3_600_000).toISOString(),
  },
  { userId: "u-dan", firstName: "Dan", lastName: "Ho", requestedAt: new Date(Date.now() - 60_000).toISOString() },
];

function setup(routes: Record<string, unknown>, role: "CONGREGANT" | "GROUP_LEADER" | "ADMIN" = "CONGREGANT") {
  const fetchMock = mockFetch(routes);
  const utils = renderWithApp(<GroupPage id={GROUP_ID} />, { user: makeUser({ role }), path: `/groups/${GROUP_ID}` });
  return Object.assign(fetchMock, { location: utils.location });
}

describe("GroupPage", () => {
  it("shows a member-to-be the header and About with Join, and nothing of the inside", async () => {
    const fetchMock = setup({ [G]: makeGroup() });
    expect(await screen.findByRole("heading", { name: "Tuesday Bible Study", level: 1 })).toBeTruthy();
    expect(screen.getByText("Bible study")).toBeTruthy();
    const about = screen.getByRole("heading", { name: "About" }).closest("section") as HTMLElement;
    expect(within(about).getByText("We read Romans together.")).toBeTruthy();
    expect(within(about).getByText("Tuesday at 7:30 PM")).toBeTruthy();
    expect(within(about).getByText("Room 4")).toBeTruthy();
    expect(within(about).getByText("Ruth Park")).toBeTruthy();
    expect(within(about).getByText("Anyone may join")).toBeTruthy();
    expect(within(about).getByText("3 of 10 members")).toBeTruthy();
    expect(screen.getByRole("button", { name: "Join Tuesday Bible Study" })).toBeTruthy();
    expect(screen.queryByRole("tablist")).toBeNull();
    expect(screen.queryByRole("button", { name: "Edit" })).toBeNull();
    expect(screen.queryByRole("button", { name: "Leave group" })).toBeNull();
    expect(calls(fetchMock, "GET", `${G}/members`)).toEqual([]);
    expect(screen.getByRole("link", { name: "All groups" }).getAttribute("href")).toBe("/groups");
  });

  it("shows a member the roster with what each person shares (tel: and mailto: links), and lets them leave", async () => {
    let left = false;
    const fetchMock = setup({
      [G]: () => jsonResponse(makeGroup({ membership: left ? null : "member" })),
      [`${G}/members`]: ROSTER,
      [`POST ${G}/leave`]: () => {
        left = true;
        return jsonResponse({});
      },
    });
    const tabs = await screen.findByRole("tablist", { name: "Inside the group" });
    expect(
      within(tabs)
        .getAllByRole("tab")
        .map((t) => t.textContent),
    ).toEqual(["Members"]);
    const roster = await screen.findByRole("list", { name: "Members of Tuesday Bible Study" });
    const rows = within(roster)
      .getAllByRole("listitem")
      .filter((li) => li.parentElement === roster);
    // Leaders first.
    expect(rows[0].textContent).toContain("Ruth Park");
    expect(within(rows[0]).getByText("Leader")).toBeTruthy();
    expect(within(rows[0]).getByRole("link", { name: "+1 (555) 010-2000" }).getAttribute("href")).toBe(
      "tel:+15550102000",
    );
    expect(within(rows[0]).getByRole("link", { name: "ruth@example.org" }).getAttribute("href")).toBe(
      "mailto:ruth@example.org",
    );
    expect(within(rows[0]).getByText("March 4")).toBeTruthy();
    expect(within(rows[0]).getByText("12 Hill Road")).toBeTruthy();
    // Ben shares nothing: his name only.
    expect(within(rows[1]).queryByRole("link")).toBeNull();

    await userEvent.click(screen.getByRole("button", { name: "Leave group" }));
    const confirm = await screen.findByRole("alertdialog", { name: "Leave Tuesday Bible Study?" });
    await userEvent.click(within(confirm).getByRole("button", { name: "Leave group" }));
    await waitFor(() => expect(getToasts()[0]).toMatchObject({ title: "You left Tuesday Bible Study" }));
    expect(calls(fetchMock, "POST", `${G}/leave`)).toHaveLength(1);
    expect(await screen.findByRole("button", { name: "Join Tuesday Bible Study" })).toBeTruthy();
    expect(screen.queryByRole("tablist")).toBeNull();
  });

  it("lets the group's leader approve with a message and decline without one, and edit (not choose leaders)", async () => {
    const fetchMock = setup(
      {
        [G]: makeGroup({ membership: "leader" }),
        [`${G}/members`]: ROSTER,
        [`${G}/requests`]: REQUESTS,
        [`POST ${G}/requests/u-cara/approve`]: {},
        [`POST ${G}/requests/u-dan/decline`]: {},
        [`PATCH ${G}`]: makeGroup({ membership: "leader", name: "Romans on Tuesday" }),
      },
      "GROUP_LEADER",
    );
    const tab = await screen.findByRole("tab", { name: "Requests (2)" });
    expect(screen.queryByRole("button", { name: "Archive" })).toBeNull();
    await userEvent.click(tab);
    const list = await screen.findByRole("list", { name: "Requests to join" });
    expect(within(list).getByText("Asked: 2 hours ago")).toBeTruthy();
    await userEvent.click(within(list).getByRole("button", { name: "Approve Cara Diaz" }));
    const dialog = await screen.findByRole("dialog", { name: "Approve Cara Diaz?" });
    await userEvent.type(within(dialog).getByLabelText("Message (optional)"), "Welcome, Cara!");
    await userEvent.click(within(dialog).getByRole("button", { name: "Approve" }));
    await waitFor(() => expect(getToasts()[0]).toMatchObject({ title: "Cara Diaz joined the group" }));
    expect(calls(fetchMock, "POST", `${G}/requests/u-cara/approve`)).toEqual([{ message: "Welcome, Cara!" }]);
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());

    await userEvent.click(screen.getByRole("button", { name: "Decline Dan Ho" }));
    const decline = await screen.findByRole("dialog", { name: "Decline Dan Ho?" });
    await userEvent.click(within(decline).getByRole("button", { name: "Decline" }));
    await waitFor(() => expect(getToasts()[0]).toMatchObject({ title: "You declined Dan Ho's request" }));
    expect(calls(fetchMock, "POST", `${G}/requests/u-dan/decline`)).toEqual([{}]);

    await userEvent.click(screen.getByRole("button", { name: "Edit" }));
    const edit = await screen.findByRole("dialog", { name: "Edit group" });
    const name = within(edit).getByLabelText("Name") as HTMLInputElement;
    expect(name.value).toBe("Tuesday Bible Study");
    expect((within(edit).getByLabelText("Capacity (optional)") as HTMLInputElement).value).toBe("10");
    expect(within(edit).queryByRole("group", { name: "Leaders" })).toBeNull();
    await userEvent.clear(name);
    await userEvent.type(name, "Romans on Tuesday");
    await userEvent.click(within(edit).getByRole("button", { name: "Save changes" }));
    await waitFor(() => expect(getToasts()[0]).toMatchObject({ title: "Changes saved" }));
    expect(calls(fetchMock, "PATCH", G)).toEqual([
      {
        name: "Romans on Tuesday",
        description: "We read Romans together.",
        kind: "bible_study",
        meetingDay: 2,
        meetingTime: "19:30",
        location: "Room 4",
        capacity: 10,
        joinPolicy: "open",
        visibility: "listed",
      },
    ]);
  });

  it("lets an admin see inside, change the leaders and archive the group (back to /groups)", async () => {
    const fetchMock = setup(
      {
        [G]: makeGroup(),
        [`${G}/members`]: ROSTER,
        [`${G}/requests`]: [],
        "/api/admin/members": [
          { id: RUTH, firstName: "Ruth", lastName: "Park", email: "ruth@example.org" },
          { id: BEN, firstName: "Ben", lastName: "Cole", email: "ben@example.org" },
        ] as TMember[],
        [`PATCH ${G}`]: makeGroup(),
        [`DELETE ${G}`]: () => new Response(null, { status: 204 }),
      },
      "ADMIN",
    );
    await userEvent.click(await screen.findByRole("tab", { name: "Requests" }));
    expect(await screen.findByText("No requests waiting.")).toBeTruthy();

    await userEvent.click(screen.getByRole("button", { name: "Edit" }));
    const edit = await screen.findByRole("dialog", { name: "Edit group" });
    const leaders = within(edit).getByRole("group", { name: "Leaders" });
    expect(((await within(leaders).findByRole("checkbox", { name: "Ruth Park" })) as HTMLInputElement).checked).toBe(
      true,
    );
    await userEvent.click(within(leaders).getByRole("checkbox", { name: "Ben Cole" }));
    await userEvent.click(within(edit).getByRole("button", { name: "Save changes" }));
    await waitFor(() => expect(calls(fetchMock, "PATCH", G)).toHaveLength(1));
    expect(calls(fetchMock, "PATCH", G)[0].leaderIds).toEqual([RUTH, BEN]);
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());

    await userEvent.click(screen.getByRole("button", { name: "Archive" }));
    const confirm = await screen.findByRole("alertdialog", { name: "Archive Tuesday Bible Study?" });
    await userEvent.click(within(confirm).getByRole("button", { name: "Archive" }));
    await waitFor(() => expect(getToasts()[0]).toMatchObject({ title: "Tuesday Bible Study was archived" }));
    expect(calls(fetchMock, "DELETE", G)).toHaveLength(1);
    await waitFor(() => expect(fetchMock.location.history?.at(-1)).toBe("/groups"));
  });

  it("opens on the requests for its leader at ?tab=requests (the dashboard's link), on the roster for a member", async () => {
    mockFetch({ [G]: makeGroup({ membership: "leader" }), [`${G}/members`]: ROSTER, [`${G}/requests`]: REQUESTS });
    const leader = renderWithApp(<GroupPage id={GROUP_ID} />, {
      user: makeUser({ role: "GROUP_LEADER" }),
      path: `/groups/${GROUP_ID}?tab=requests`,
    });
    expect(await screen.findByRole("list", { name: "Requests to join" })).toBeTruthy();
    // Issue 29: its leader announces to it from here (the composer, its audience fixed to the group).
    expect(screen.getByRole("link", { name: "Announce to this group" }).getAttribute("href")).toBe(
      `/groups/${GROUP_ID}/announce`,
    );
    leader.unmount();
    mockFetch({ [G]: makeGroup({ membership: "member" }), [`${G}/members`]: ROSTER });
    renderWithApp(<GroupPage id={GROUP_ID} />, {
      user: makeUser({ role: "CONGREGANT" }),
      path: `/groups/${GROUP_ID}?tab=requests`,
    });
    expect(await screen.findByText("Ben Cole")).toBeTruthy();
    expect(screen.queryByRole("tab", { name: /Requests/ })).toBeNull();
    expect(screen.queryByRole("list", { name: "Requests to join" })).toBeNull();
    expect(screen.queryByRole("link", { name: "Announce to this group" })).toBeNull();
  });

  it("says 'Group not found' for another church's or an unlisted group (404)", async () => {
    setup({ [G]: () => jsonResponse({ message: "Group not found" }, 404) });
    expect(await screen.findByRole("heading", { name: "Group not found", level: 1 })).toBeTruthy();
  });

  it("draws a tab another part adds (the thread) first, for members only, and none when not given", async () => {
    mockFetch({ [G]: makeGroup({ membership: "member" }), [`${G}/members`]: ROSTER });
    renderWithApp(
      <GroupPage
        id={GROUP_ID}
        extraTabs={[{ value: "thread", label: "Thread", render: (g, canLead) => <p>{`${g.name} ${canLead}`}</p> }]}
      />,
      { user: makeUser({ role: "CONGREGANT" }) },
    );
    const tabs = await screen.findByRole("tablist", { name: "Inside the group" });
    expect(
      within(tabs)
        .getAllByRole("tab")
        .map((t) => t.textContent),
    ).toEqual(["Thread", "Members"]);
    expect(screen.getByText("Tuesday Bible Study false")).toBeTruthy();
    await userEvent.click(within(tabs).getByRole("tab", { name: "Members" }));
    expect(await screen.findByRole("list", { name: "Members of Tuesday Bible Study" })).toBeTruthy();
  });

  it("shows a request waiting, which its member may withdraw", async () => {
    let withdrawn = false;
    const fetchMock = setup({
      [G]: () => jsonResponse(makeGroup({ membership: withdrawn ? null : "requested", joinPolicy: "request" })),
      [`POST ${G}/leave`]: () => {
        withdrawn = true;
        return new Response(null, { status: 204 });
      },
    });
    expect(await screen.findByText("Your request is waiting for a leader.")).toBeTruthy();
    expect(screen.getByText("Request sent")).toBeTruthy();
    expect(screen.queryByRole("button", { name: /join/i })).toBeNull();
    await userEvent.click(screen.getByRole("button", { name: "Withdraw request" }));
    await waitFor(() =>
      expect(getToasts()[0]).toMatchObject({ title: "Your request to join Tuesday Bible Study was withdrawn" }),
    );
    expect(calls(fetchMock, "POST", `${G}/leave`)).toHaveLength(1);
    expect(await screen.findByRole("button", { name: "Ask to join Tuesday Bible Study" })).toBeTruthy();
  });

  it("tells the last leader, in the server's words, that they may not leave (409)", async () => {
    setup(
      {
        [G]: makeGroup({ membership: "leader" }),
        [`${G}/members`]: ROSTER,
        [`${G}/requests`]: [],
        [`POST ${G}/leave`]: () => jsonResponse({ message: "A group keeps at least one leader" }, 409),
      },
      "GROUP_LEADER",
    );
    await userEvent.click(await screen.findByRole("button", { name: "Leave group" }));
    const confirm = await screen.findByRole("alertdialog", { name: "Leave Tuesday Bible Study?" });
    await userEvent.click(within(confirm).getByRole("button", { name: "Leave group" }));
    await waitFor(() => expect(getToasts()[0]).toMatchObject({ description: "A group keeps at least one leader" }));
  });
});

describe("GroupPage in other languages", () => {
  afterEach(async () => {
    await activateLanguage("en");
  });

  it("speaks Spanish: About, the tabs and the roster's birthday", async () => {
    await activateLanguage("es");
    setup({ [G]: makeGroup({ membership: "member" }), [`${G}/members`]: ROSTER });
    expect(await screen.findByRole("heading", { name: "Acerca del grupo" })).toBeTruthy();
    expect(screen.getByText("martes a las 19:30")).toBeTruthy();
    expect(screen.getByText("Cualquiera puede unirse")).toBeTruthy();
    expect(screen.getByRole("tab", { name: "Miembros" })).toBeTruthy();
    expect(await screen.findByText("4 de marzo")).toBeTruthy();
    expect(screen.getByRole("button", { name: "Salir del grupo" })).toBeTruthy();
  });

  it("renders right to left in Arabic", async () => {
    await activateLanguage("ar");
    setup({ [G]: makeGroup() });
    expect(await screen.findByRole("heading", { name: "نبذة" })).toBeTruthy();
    expect(screen.getByRole("button", { name: "الانضمام إلى Tuesday Bible Study" })).toBeTruthy();
    expect(document.documentElement.dir).toBe("rtl");
  });
});
