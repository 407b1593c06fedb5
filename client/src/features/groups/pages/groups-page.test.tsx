import { GROUPS_PAGE_SIZE } from "@common/groups";
import type { TMember } from "@common/members";
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it } from "vitest";
import { getToasts } from "@/components/ui/use-toast";
import { activateLanguage } from "@/lib/i18n";
import { jsonResponse, makeUser, mockFetch, renderWithApp } from "@/test/render";
import { GROUPS_PAGE_LIMIT } from "../api";
import { BEN, makeGroup, RUTH } from "../test-fixtures";
import { GroupsPage } from "./groups-page";

const calls = (fetchMock: ReturnType<typeof mockFetch>, method: string, url: string) =>
  fetchMock.mock.calls
    .filter(([u, init]) => u === url && (init?.method ?? "GET") === method)
    .map(([, init]) => (init?.body ? JSON.parse(String(init.body)) : undefined));

function setup(routes: Record<string, unknown>, role: "CONGREGANT" | "ADMIN" = "CONGREGANT") {
  const fetchMock = mockFetch(routes);
  renderWithApp(<GroupsPage />, { user: makeUser({ role }), path: "/groups" });
  return fetchMock;
}

function deferred() {
  let resolve: (r: Response) => void = () => {};
  const promise = new Promise<Response>((r) => {
    resolve = r;
  });
  return { promise, resolve };
}

const member = (id: string, firstName: string, lastName: string): TMember =>
  ({ id, firstName, lastName, email: `${firstName.toLowerCase()}@example.org`, role: "CONGREGANT" }) as TMember;

describe("GroupsPage", () => {
  it("shows a skeleton, then each group: kind, meeting in words, place, places, leaders and the caller's badge", async () => {
    const list = deferred();
    setup({ "/api/groups?limit=50": () => list.promise });
    expect(screen.getByRole("heading", { name: "Groups", level: 1 })).toBeTruthy();
    expect(screen.getByRole("list", { name: "Loading groups" })).toBeTruthy();
    list.resolve(
      jsonResponse([
        makeGroup(),
        makeGroup({
          id: "g2",
          name: "Youth Night",
          kind: "youth",
          joinPolicy: "request",
          capacity: null,
          memberCount: 1,
          meetingDay: 5,
          meetingTime: null,
          location: "https://meet.example.org/youth",
          membership: "member",
        }),
        makeGroup({ id: "g3", name: "Elders' Circle", kind: "prayer", joinPolicy: "invite", leaders: [] }),
        makeGroup({
          id: "g4",
          name: "Coffee Team",
          kind: "serving",
          capacity: 3,
          memberCount: 3,
          meetingDay: null,
          meetingTime: null,
        }),
      ]),
    );
    const study = await screen.findByRole("article", { name: "Tuesday Bible Study" });
    expect(within(study).getByText("Bible study")).toBeTruthy();
    expect(within(study).getByText("Tuesday at 7:30 PM")).toBeTruthy();
    expect(within(study).getByText("Room 4")).toBeTruthy();
    expect(within(study).getByText("3 of 10 members")).toBeTruthy();
    expect(within(study).getByText("Led by Ruth Park")).toBeTruthy();
    expect(within(study).getByRole("link", { name: "Tuesday Bible Study" }).getAttribute("href")).toBe(
      "/groups/00000000-0000-4000-8000-0000000000a1",
    );
    expect(within(study).getByRole("button", { name: "Join Tuesday Bible Study" })).toBeTruthy();

    const youth = screen.getByRole("article", { name: "Youth Night" });
    expect(within(youth).getByText("Member")).toBeTruthy();
    expect(within(youth).getByText("Friday")).toBeTruthy();
    expect(within(youth).getByText("1 member")).toBeTruthy();
    expect(within(youth).getByRole("link", { name: "https://meet.example.org/youth" })).toBeTruthy();
    // A member joins nothing more here.
    expect(within(youth).queryByRole("button")).toBeNull();

    const circle = screen.getByRole("article", { name: "Elders' Circle" });
    expect(within(circle).getByText("By invitation only: a leader adds members.")).toBeTruthy();
    expect(within(circle).queryByRole("button")).toBeNull();

    const full = screen.getByRole("article", { name: "Coffee Team" });
    expect(within(full).getByText("Full")).toBeTruthy();
    expect(within(full).getByText("No set meeting time")).toBeTruthy();
    expect(within(full).getByText("This group is full.")).toBeTruthy();
    // Only admins start groups.
    expect(screen.queryByRole("button", { name: "New group" })).toBeNull();
  });

  it("sends the search, kind, day and 'has space' to the server as query parameters", async () => {
    const fetchMock = setup({
      "/api/groups?limit=50": [makeGroup()],
      "/api/groups?q=romans&limit=50": [makeGroup()],
      "/api/groups?q=romans&kind=youth&limit=50": [],
      "/api/groups?q=romans&kind=youth&day=2&limit=50": [],
      "/api/groups?q=romans&kind=youth&day=2&hasSpace=true&limit=50": [],
      "/api/groups?hasSpace=true&limit=50": [makeGroup({ name: "Still Room" })],
    });
    await screen.findByRole("article", { name: "Tuesday Bible Study" });
    await userEvent.type(screen.getByRole("searchbox", { name: "Search groups" }), "romans");
    await waitFor(() => expect(calls(fetchMock, "GET", "/api/groups?q=romans&limit=50")).toHaveLength(1));
    await userEvent.selectOptions(screen.getByRole("combobox", { name: "Kind of group" }), "Youth");
    await userEvent.selectOptions(screen.getByRole("combobox", { name: "Meeting day" }), "Tuesday");
    await userEvent.click(screen.getByRole("switch", { name: "Has space" }));
    await waitFor(() =>
      expect(calls(fetchMock, "GET", "/api/groups?q=romans&kind=youth&day=2&hasSpace=true&limit=50")).toHaveLength(1),
    );
    expect(await screen.findByText("No groups match")).toBeTruthy();
    await userEvent.click(screen.getByRole("button", { name: "Clear filters" }));
    await userEvent.click(screen.getByRole("switch", { name: "Has space" }));
    expect(await screen.findByRole("article", { name: "Still Room" })).toBeTruthy();
  });

  it("joins an open group at once and asks to join one by request, with a toast each", async () => {
    let joined = false;
    const fetchMock = setup({
      "/api/groups?limit=50": () =>
        jsonResponse([
          makeGroup({ membership: joined ? "member" : null, memberCount: joined ? 4 : 3 }),
          makeGroup({ id: "g2", name: "Youth Night", joinPolicy: "request" }),
        ]),
      "POST /api/groups/00000000-0000-4000-8000-0000000000a1/join": () => {
        joined = true;
        return jsonResponse({ membership: "member" });
      },
      "POST /api/groups/g2/join": { membership: "requested" },
    });
    await userEvent.click(await screen.findByRole("button", { name: "Join Tuesday Bible Study" }));
    await waitFor(() => expect(getToasts()[0]).toMatchObject({ title: "You joined Tuesday Bible Study" }));
    const study = screen.getByRole("article", { name: "Tuesday Bible Study" });
    expect(await within(study).findByText("4 of 10 members")).toBeTruthy();
    expect(within(study).getByText("Member")).toBeTruthy();
    await userEvent.click(screen.getByRole("button", { name: "Ask to join Youth Night" }));
    await waitFor(() =>
      expect(getToasts()[0]).toMatchObject({
        title: "Your request to join Youth Night was sent",
        description: "A leader of the group will answer it.",
      }),
    );
    expect(calls(fetchMock, "POST", "/api/groups/g2/join")).toHaveLength(1);
  });

  it("says the server's own words when the group filled up meanwhile (409)", async () => {
    setup({
      "/api/groups?limit=50": [makeGroup()],
      "POST /api/groups/00000000-0000-4000-8000-0000000000a1/join": () =>
        jsonResponse({ message: "This group is full" }, 409),
    });
    await userEvent.click(await screen.findByRole("button", { name: "Join Tuesday Bible Study" }));
    await waitFor(() => expect(getToasts()[0]).toMatchObject({ description: "This group is full" }));
  });

  it("shows an empty state, and an error with Try again", async () => {
    let fail = true;
    setup({ "/api/groups?limit=50": () => (fail ? jsonResponse({ message: "Oops" }, 500) : jsonResponse([])) });
    expect(await screen.findByRole("alert")).toBeTruthy();
    fail = false;
    await userEvent.click(screen.getByRole("button", { name: "Try again" }));
    expect(await screen.findByText("No groups yet")).toBeTruthy();
    expect(screen.getByText("When your church starts groups, they show here.")).toBeTruthy();
  });

  it("lets an admin create a group by keyboard: every control labelled, numbers and leaders sent as the contract says", async () => {
    let created = false;
    const fetchMock = setup(
      {
        "/api/groups?limit=50": () => jsonResponse(created ? [makeGroup({ name: "Young Adults", kind: "youth" })] : []),
        "/api/admin/members": [member(RUTH, "Ruth", "Park"), member(BEN, "Ben", "Cole")],
        "POST /api/groups": () => {
          created = true;
          return jsonResponse(makeGroup({ name: "Young Adults" }), 201);
        },
      },
      "ADMIN",
    );
    const open = (await screen.findAllByRole("button", { name: "New group" }))[0];
    open.focus();
    await userEvent.keyboard("{Enter}");
    const dialog = await screen.findByRole("dialog", { name: "New group" });
    const name = within(dialog).getByLabelText("Name");
    await waitFor(() => expect(document.activeElement).toBe(name));
    // Sent empty: the contract's sentence under the field, nothing sent.
    await userEvent.click(within(dialog).getByRole("button", { name: "Create group" }));
    await waitFor(() => expect(within(dialog).getByText("Name is required")).toBeTruthy());
    expect(calls(fetchMock, "POST", "/api/groups")).toEqual([]);

    name.focus();
    await userEvent.keyboard("  Young Adults ");
    await userEvent.tab();
    expect(document.activeElement).toBe(within(dialog).getByLabelText("Description (optional)"));
    await userEvent.keyboard("Faith and friends in their twenties.");
    await userEvent.tab();
    expect(document.activeElement).toBe(within(dialog).getByLabelText("Kind"));
    await userEvent.selectOptions(document.activeElement as HTMLElement, "Youth");
    await userEvent.tab();
    expect(document.activeElement).toBe(within(dialog).getByLabelText("Meeting day (optional)"));
    await userEvent.selectOptions(document.activeElement as HTMLElement, "Thursday");
    await userEvent.tab();
    expect(document.activeElement).toBe(within(dialog).getByLabelText("Time (optional)"));
    await userEvent.keyboard("19:00");
    await userEvent.tab();
    expect(document.activeElement).toBe(within(dialog).getByLabelText("Capacity (optional)"));
    await userEvent.keyboard("12");
    await userEvent.tab();
    expect(document.activeElement).toBe(within(dialog).getByLabelText("Place or online link (optional)"));
    await userEvent.keyboard("Café on Main");
    await userEvent.tab();
    expect(document.activeElement).toBe(within(dialog).getByLabelText("How people join"));
    await userEvent.selectOptions(document.activeElement as HTMLElement, "Join by request");
    await userEvent.tab();
    expect(document.activeElement).toBe(within(dialog).getByLabelText("Visibility"));
    await userEvent.tab();
    expect(document.activeElement).toBe(within(dialog).getByRole("searchbox", { name: "Find a member" }));
    await userEvent.keyboard("ben");
    const leaders = within(dialog).getByRole("group", { name: "Leaders" });
    await waitFor(() => expect(within(leaders).getAllByRole("checkbox")).toHaveLength(1));
    await userEvent.tab();
    expect(document.activeElement).toBe(within(leaders).getByRole("checkbox", { name: "Ben Cole" }));
    await userEvent.keyboard(" ");
    expect(within(leaders).getByText("1 leader chosen")).toBeTruthy();
    await userEvent.tab();
    expect(document.activeElement).toBe(within(dialog).getByRole("button", { name: "Cancel" }));
    await userEvent.tab();
    expect(document.activeElement).toBe(within(dialog).getByRole("button", { name: "Create group" }));
    await userEvent.keyboard("{Enter}");
    await waitFor(() => expect(getToasts()[0]).toMatchObject({ title: "Young Adults was created" }));
    expect(calls(fetchMock, "POST", "/api/groups")).toEqual([
      {
        name: "Young Adults",
        description: "Faith and friends in their twenties.",
        kind: "youth",
        meetingDay: 4,
        meetingTime: "19:00",
        location: "Café on Main",
        capacity: 12,
        joinPolicy: "request",
        visibility: "listed",
        leaderIds: [BEN],
      },
    ]);
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
    await waitFor(() => expect(document.activeElement).toBe(open));
    expect(await screen.findByRole("article", { name: "Young Adults" })).toBeTruthy();
  });

  it("puts the contract's capacity sentence under the field", async () => {
    const fetchMock = setup({ "/api/groups?limit=50": [], "/api/admin/members": [] }, "ADMIN");
    await userEvent.click((await screen.findAllByRole("button", { name: "New group" }))[0]);
    const dialog = await screen.findByRole("dialog", { name: "New group" });
    await userEvent.type(within(dialog).getByLabelText("Name"), "Choir");
    await userEvent.selectOptions(within(dialog).getByLabelText("Kind"), "Serving");
    await userEvent.type(within(dialog).getByLabelText("Capacity (optional)"), "0");
    await userEvent.click(within(dialog).getByRole("button", { name: "Create group" }));
    expect(await within(dialog).findByText("capacity must be at least 1")).toBeTruthy();
    expect(calls(fetchMock, "POST", "/api/groups")).toEqual([]);
  });
});

describe("GroupsPage in other languages", () => {
  afterEach(async () => {
    await activateLanguage("en");
  });

  it("speaks Spanish: kinds, the meeting day and time, places and Join", async () => {
    await activateLanguage("es");
    setup({
      "/api/groups?limit=50": [
        makeGroup(),
        makeGroup({
          id: "g2",
          name: "Jóvenes",
          joinPolicy: "request",
          leaders: [
            { id: RUTH, firstName: "Ruth", lastName: "Park" },
            { id: BEN, firstName: "Ben", lastName: "Cole" },
          ],
        }),
      ],
    });
    const study = await screen.findByRole("article", { name: "Tuesday Bible Study" });
    expect(screen.getByRole("heading", { name: "Grupos", level: 1 })).toBeTruthy();
    expect(within(study).getByText("Estudio bíblico")).toBeTruthy();
    expect(within(study).getByText("martes a las 19:30")).toBeTruthy();
    expect(within(study).getByText("3 de 10 miembros")).toBeTruthy();
    expect(within(study).getByText("Lo dirige Ruth Park")).toBeTruthy();
    expect(within(study).getByRole("button", { name: "Unirme a Tuesday Bible Study" })).toBeTruthy();
    expect(screen.getByRole("button", { name: "Pedir unirme a Jóvenes" })).toBeTruthy();
    expect(screen.getByText("Lo dirige Ruth Park y Ben Cole")).toBeTruthy();
    expect(screen.getByRole("switch", { name: "Con lugar disponible" })).toBeTruthy();
  });

  it("renders right to left in Arabic", async () => {
    await activateLanguage("ar");
    setup({ "/api/groups?limit=50": [makeGroup()] });
    const study = await screen.findByRole("article", { name: "Tuesday Bible Study" });
    expect(screen.getByRole("heading", { name: "المجموعات", level: 1 })).toBeTruthy();
    expect(within(study).getByText("دراسة الكتاب المقدس")).toBeTruthy();
    expect(document.documentElement.dir).toBe("rtl");
  });

  it("pages through the server's list: 'Load more' asks after the 50th group, and goes once a short page ends it", async () => {
    expect(GROUPS_PAGE_LIMIT).toBe(GROUPS_PAGE_SIZE);
    const id = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, "0")}`;
    const first = Array.from({ length: 50 }, (_, i) => makeGroup({ id: id(i + 1), name: `Group ${i + 1}` }));
    const second = Array.from({ length: 3 }, (_, i) => makeGroup({ id: id(i + 51), name: `Group ${i + 51}` }));
    const fetchMock = setup({
      "/api/groups?limit=50": first,
      [`/api/groups?limit=50&after=${id(50)}`]: second,
    });
    const list = await screen.findByRole("list", { name: "Groups" });
    expect(within(list).getAllByRole("article")).toHaveLength(50);
    expect(screen.queryByRole("article", { name: "Group 51" })).toBeNull();
    await userEvent.click(screen.getByRole("button", { name: "Load more" }));
    expect(await screen.findByRole("article", { name: "Group 53" })).toBeTruthy();
    expect(within(list).getAllByRole("article")).toHaveLength(53);
    expect(calls(fetchMock, "GET", `/api/groups?limit=50&after=${id(50)}`)).toHaveLength(1);
    // Three is fewer than a page: the list has ended.
    await waitFor(() => expect(screen.queryByRole("button", { name: "Load more" })).toBeNull());
  });
});
