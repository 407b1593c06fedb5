import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { jsonResponse, makeUser, mockFetch, renderWithApp } from "@/test/render";
import { A1, GROUP, makeAnnouncement } from "../test-fixtures";
import { AnnouncementPage } from "./announcement-page";
import { GroupAnnouncePage } from "./group-announce-page";

const ONE = `/api/announcements/${A1}`;
const calls = (fetchMock: ReturnType<typeof mockFetch>, method: string, url: string) =>
  fetchMock.mock.calls.filter(([u, init]) => u === url && (init?.method ?? "GET") === method);

describe("AnnouncementPage", () => {
  it("shows the announcement whole (GET marks it read on the server), with its link as a button", async () => {
    const fetchMock = mockFetch({
      [ONE]: makeAnnouncement({
        urgent: true,
        message: "Line one\n<b>not bold</b>",
        link: `/groups/${GROUP}`,
        audience: { groupIds: [GROUP] },
        groups: [{ id: GROUP, name: "Youth" }],
      }),
    });
    renderWithApp(<AnnouncementPage id={A1} />, { user: makeUser({ role: "CONGREGANT" }) });
    expect(await screen.findByRole("heading", { name: "Picnic on Sunday", level: 1 })).toBeTruthy();
    expect(screen.getByText("Urgent")).toBeTruthy();
    expect(screen.getByText("From Pastor Ruth · To Youth")).toBeTruthy();
    const message = screen.getByText(/Line one/);
    expect(message.textContent).toBe("Line one\n<b>not bold</b>");
    expect(message.querySelector("b")).toBeNull();
    expect(screen.getByRole("link", { name: "Open the group" }).getAttribute("href")).toBe(`/groups/${GROUP}`);
    expect(calls(fetchMock, "GET", ONE)).toHaveLength(1);
    // A member sees no counts and no Edit.
    expect(screen.queryByRole("button", { name: "Edit" })).toBeNull();
    expect(screen.queryByText("Recipients")).toBeNull();
  });

  it("says not found for a 404 (cancelled, or not sent to this member) and for an address that is no id", async () => {
    mockFetch({ [ONE]: () => jsonResponse({ message: "Announcement not found" }, 404) });
    const { unmount } = renderWithApp(<AnnouncementPage id={A1} />, { user: makeUser({ role: "CONGREGANT" }) });
    expect(await screen.findByRole("heading", { name: "Announcement not found" })).toBeTruthy();
    unmount();
    const fetchMock = mockFetch({});
    renderWithApp(<AnnouncementPage id="not-an-id" />, { user: makeUser({ role: "CONGREGANT" }) });
    expect(await screen.findByRole("heading", { name: "Announcement not found" })).toBeTruthy();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it("its author sees how it went, or Edit and Cancel before it goes", async () => {
    mockFetch({
      [ONE]: makeAnnouncement({ status: "scheduled", sentAt: null, sendAt: "2030-11-04T23:00:00.000Z", canEdit: true }),
    });
    renderWithApp(<AnnouncementPage id={A1} />, { user: makeUser({ role: "GROUP_LEADER" }) });
    expect(await screen.findByText("Scheduled")).toBeTruthy();
    expect(screen.getByRole("button", { name: "Edit" })).toBeTruthy();
    await userEvent.click(screen.getByRole("button", { name: "Cancel announcement" }));
    expect(await screen.findByRole("alertdialog", { name: "Cancel “Picnic on Sunday”?" })).toBeTruthy();
  });
});

describe("GroupAnnouncePage", () => {
  it("a group's leader writes to that group only: the audience is fixed and shown", async () => {
    const fetchMock = mockFetch({
      [`/api/groups/${GROUP}`]: { id: GROUP, name: "Youth", membership: "leader" },
      "POST /api/announcements": () => jsonResponse(makeAnnouncement(), 201),
    });
    const { location } = renderWithApp(<GroupAnnouncePage groupId={GROUP} />, {
      user: makeUser({ role: "GROUP_LEADER" }),
      path: `/groups/${GROUP}/announce`,
    });
    expect(await screen.findByRole("heading", { name: "Announce to Youth", level: 1 })).toBeTruthy();
    expect(await screen.findByText("The members and leaders of Youth")).toBeTruthy();
    expect(screen.queryByRole("radio", { name: "The whole church" })).toBeNull();
    await userEvent.type(screen.getByLabelText("Title"), "Bring snacks");
    await userEvent.type(screen.getByLabelText("Message"), "Friday night.");
    await userEvent.click(screen.getByRole("button", { name: "Send now" }));
    const confirm = await screen.findByRole("alertdialog", { name: "Send now?" });
    expect(confirm.textContent).toContain("goes at once to Youth");
    await userEvent.click(within(confirm).getByRole("button", { name: "Send now" }));
    await waitFor(() => expect(calls(fetchMock, "POST", "/api/announcements")).toHaveLength(1));
    const body = JSON.parse(String(calls(fetchMock, "POST", "/api/announcements")[0][1]?.body));
    expect(body).toMatchObject({ audience: { groupIds: [GROUP] }, sendAt: null, draft: false });
    await waitFor(() => expect(location.history?.at(-1)).toBe(`/groups/${GROUP}`));
  });

  it("someone who does not lead the group is turned away", async () => {
    mockFetch({ [`/api/groups/${GROUP}`]: { id: GROUP, name: "Youth", membership: "member" } });
    renderWithApp(<GroupAnnouncePage groupId={GROUP} />, { user: makeUser({ role: "CONGREGANT" }) });
    expect(await screen.findByRole("heading", { name: "Access Denied" })).toBeTruthy();
    expect(screen.queryByLabelText("Title")).toBeNull();
  });
});
