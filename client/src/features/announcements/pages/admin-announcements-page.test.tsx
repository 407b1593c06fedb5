import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it } from "vitest";
import { dismissToast, getToasts } from "@/components/ui/use-toast";
import { jsonResponse, makeUser, mockFetch, renderWithApp } from "@/test/render";
import { ANNOUNCEMENT_PAGE_LIMIT } from "../api";
import { GROUP, makeAnnouncement } from "../test-fixtures";
import { AdminAnnouncementsPage } from "./admin-announcements-page";

const LIST = `/api/announcements?limit=${ANNOUNCEMENT_PAGE_LIMIT}`;
const SERMON = "00000000-0000-4000-8000-0000000000c1";

const sent = (fetchMock: ReturnType<typeof mockFetch>, method: string, url: string) =>
  fetchMock.mock.calls
    .filter(([u, init]) => u === url && (init?.method ?? "GET") === method)
    .map(([, init]) => (init?.body ? JSON.parse(String(init.body)) : undefined));

function setup(routes: Record<string, unknown>, timeZone = "America/Chicago") {
  const fetchMock = mockFetch({
    "/api/groups?limit=100": [{ id: GROUP, name: "Youth" }],
    "/api/sermons?limit=20": [{ id: SERMON, title: "Grace upon grace", date: "2030-01-05" }],
    ...routes,
  });
  renderWithApp(<AdminAnnouncementsPage />, {
    user: makeUser({
      role: "ADMIN",
      church: { name: "Grace Church", logoUrl: null, brandColor: "#6366F1", timeZone },
    } as never),
  });
  return fetchMock;
}

async function openComposer() {
  await userEvent.click((await screen.findAllByRole("button", { name: "New announcement" }))[0]);
  return screen.findByRole("dialog", { name: "New announcement" });
}

afterEach(() => dismissToast());

describe("AdminAnnouncementsPage", () => {
  it("lists every announcement with its status, its time in the church's zone and, once sent, how it went", async () => {
    setup({
      [LIST]: [
        makeAnnouncement({
          id: "00000000-0000-4000-8000-000000000001",
          title: "Choir practice",
          status: "scheduled",
          sendAt: "2030-11-04T23:00:00.000Z",
          sentAt: null,
          audience: { groupIds: [GROUP] },
          groups: [{ id: GROUP, name: "Youth" }],
          canEdit: true,
        }),
        makeAnnouncement({ title: "Picnic", recipients: 120, opened: 80, emailed: 12, emailOpened: 5 }),
        makeAnnouncement({
          id: "00000000-0000-4000-8000-000000000003",
          title: "Draft idea",
          status: "draft",
          sendAt: null,
          sentAt: null,
          audience: { roles: ["GROUP_LEADER"] },
          canEdit: true,
        }),
      ],
    });
    const scheduled = await screen.findByRole("article", { name: "Choir practice" });
    expect(within(scheduled).getByText("Scheduled")).toBeTruthy();
    // 23:00 UTC on Nov 4, 2030 is 5:00 PM in Chicago (after the clocks went back).
    expect(within(scheduled).getByText("Goes Monday, Nov 4, 5:00 PM")).toBeTruthy();
    expect(within(scheduled).getByText(/To Youth/)).toBeTruthy();
    expect(within(scheduled).getByRole("button", { name: "Edit" })).toBeTruthy();
    const sentRow = screen.getByRole("article", { name: "Picnic" });
    expect(within(sentRow).getByText("Sent")).toBeTruthy();
    expect(
      within(sentRow)
        .getAllByRole("definition")
        .map((d) => d.textContent),
    ).toEqual(["120", "80", "12", "5"]);
    expect(within(sentRow).queryByRole("button", { name: "Edit" })).toBeNull();
    const draft = screen.getByRole("article", { name: "Draft idea" });
    expect(within(draft).getByText("Draft")).toBeTruthy();
    expect(within(draft).getByText("Not scheduled")).toBeTruthy();
    expect(within(draft).getByText(/To Group Leader/)).toBeTruthy();
  });

  it("schedules one for a group at a time read in the church's zone, across the daylight-saving change", async () => {
    let created = false;
    const saved = makeAnnouncement({ status: "scheduled", sendAt: "2030-11-04T23:00:00.000Z", sentAt: null });
    const fetchMock = setup({
      [LIST]: () => jsonResponse(created ? [saved] : []),
      "POST /api/announcements": () => {
        created = true;
        return jsonResponse(saved, 201);
      },
    });
    expect(await screen.findByText("No announcements yet")).toBeTruthy();
    const dialog = await openComposer();
    await userEvent.type(within(dialog).getByLabelText("Title"), "Choir practice");
    await userEvent.type(within(dialog).getByLabelText("Message"), "In the chapel.");
    await userEvent.selectOptions(within(dialog).getByLabelText("Link"), "A sermon");
    const pick = within(dialog).getByLabelText("Which one");
    await waitFor(() => expect(within(pick).getAllByRole("option")).toHaveLength(2));
    await userEvent.selectOptions(pick, SERMON);
    await userEvent.click(within(dialog).getByRole("radio", { name: "One or more groups" }));
    await userEvent.click(await within(dialog).findByRole("checkbox", { name: "Youth" }));
    await userEvent.click(within(dialog).getByRole("radio", { name: "At a date and time" }));
    const at = within(dialog).getByLabelText("Date and time (Chicago time)");
    fireEvent.change(at, { target: { value: "2030-11-04T17:00" } });
    expect(await within(dialog).findByText("Monday, Nov 4, 5:00 PM, Chicago time")).toBeTruthy();
    expect(
      within(dialog).getByText("Urgent announcements also go by e-mail to everyone who has not turned e-mail off."),
    ).toBeTruthy();
    await userEvent.click(within(dialog).getByRole("button", { name: "Schedule" }));
    await waitFor(() => expect(sent(fetchMock, "POST", "/api/announcements")).toHaveLength(1));
    expect(sent(fetchMock, "POST", "/api/announcements")[0]).toEqual({
      title: "Choir practice",
      message: "In the chapel.",
      link: `/sermons/${SERMON}`,
      audience: { groupIds: [GROUP] },
      // Two days earlier (daylight time) 17:00 would be 22:00 UTC; after the change it is 23:00.
      sendAt: "2030-11-04T23:00:00.000Z",
      urgent: false,
      draft: false,
    });
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
    expect(await screen.findByRole("article", { name: "Picnic on Sunday" })).toBeTruthy();
  });

  it("reads the time in another church's zone (Seoul)", async () => {
    const fetchMock = setup(
      {
        [LIST]: [],
        "POST /api/announcements": () => jsonResponse(makeAnnouncement({ status: "draft" }), 201),
      },
      "Asia/Seoul",
    );
    const dialog = await openComposer();
    await userEvent.type(within(dialog).getByLabelText("Title"), "Retreat");
    await userEvent.type(within(dialog).getByLabelText("Message"), "Sign up soon.");
    await userEvent.click(within(dialog).getByRole("radio", { name: "At a date and time" }));
    fireEvent.change(within(dialog).getByLabelText("Date and time (Seoul time)"), {
      target: { value: "2030-11-04T17:00" },
    });
    await userEvent.click(within(dialog).getByRole("button", { name: "Save draft" }));
    await waitFor(() => expect(sent(fetchMock, "POST", "/api/announcements")).toHaveLength(1));
    expect(sent(fetchMock, "POST", "/api/announcements")[0]).toMatchObject({
      sendAt: "2030-11-04T08:00:00.000Z",
      audience: { all: true },
      link: null,
      draft: true,
    });
  });

  it("Send now asks first, naming the audience, then sends at once", async () => {
    const fetchMock = setup({
      [LIST]: [],
      "POST /api/announcements": () => jsonResponse(makeAnnouncement(), 201),
    });
    const dialog = await openComposer();
    await userEvent.type(within(dialog).getByLabelText("Title"), "Storm");
    await userEvent.type(within(dialog).getByLabelText("Message"), "No service today.");
    await userEvent.click(within(dialog).getByLabelText("Urgent"));
    await userEvent.click(within(dialog).getByRole("button", { name: "Send now" }));
    const confirm = await screen.findByRole("alertdialog", { name: "Send now?" });
    expect(confirm.textContent).toContain("“Storm” goes at once to the whole church.");
    expect(sent(fetchMock, "POST", "/api/announcements")).toEqual([]);
    await userEvent.click(within(confirm).getByRole("button", { name: "Send now" }));
    await waitFor(() => expect(sent(fetchMock, "POST", "/api/announcements")).toHaveLength(1));
    expect(sent(fetchMock, "POST", "/api/announcements")[0]).toMatchObject({
      title: "Storm",
      sendAt: null,
      urgent: true,
      audience: { all: true },
      draft: false,
    });
    await waitFor(() => expect(getToasts().some((t) => t.title === "Announcement sent")).toBe(true));
  });

  it("checks the fields with the contract and shows the server's errors under them", async () => {
    const fetchMock = setup({
      [LIST]: [],
      "POST /api/announcements": () =>
        jsonResponse(
          { message: "Title is too loud", errors: [{ path: ["title"], message: "Title is too loud" }] },
          400,
        ),
    });
    const dialog = await openComposer();
    await userEvent.click(within(dialog).getByRole("radio", { name: "At a date and time" }));
    await userEvent.click(within(dialog).getByRole("button", { name: "Schedule" }));
    const errorOf = (label: string | RegExp) => {
      const control = within(dialog).getByLabelText(label);
      expect(control.getAttribute("aria-invalid")).toBe("true");
      return document.getElementById(control.getAttribute("aria-describedby")?.split(" ")[0] ?? "")?.textContent;
    };
    await waitFor(() => expect(errorOf("Date and time (Chicago time)")).toBe("Choose a date and time"));
    fireEvent.change(within(dialog).getByLabelText("Date and time (Chicago time)"), {
      target: { value: "2020-01-01T09:00" },
    });
    await userEvent.click(within(dialog).getByRole("button", { name: "Schedule" }));
    await waitFor(() => expect(errorOf("Date and time (Chicago time)")).toBe("Choose a time in the future"));
    await userEvent.click(within(dialog).getByRole("radio", { name: "Now" }));
    await userEvent.click(within(dialog).getByRole("button", { name: "Send now" }));
    await waitFor(() => expect(errorOf("Title")).toBe("Title is required"));
    expect(errorOf("Message")).toBe("Message is required");
    expect(sent(fetchMock, "POST", "/api/announcements")).toEqual([]);

    await userEvent.type(within(dialog).getByLabelText("Title"), "Hello");
    await userEvent.type(within(dialog).getByLabelText("Message"), "World");
    await userEvent.click(within(dialog).getByRole("button", { name: "Save draft" }));
    await waitFor(() => expect(errorOf("Title")).toBe("Title is too loud"));
  });

  it("cancels a scheduled one after asking", async () => {
    const id = "00000000-0000-4000-8000-000000000001";
    const fetchMock = setup({
      [LIST]: [makeAnnouncement({ id, title: "Choir practice", status: "scheduled", sentAt: null, canEdit: true })],
      [`DELETE /api/announcements/${id}`]: () => new Response(null, { status: 204 }),
    });
    const row = await screen.findByRole("article", { name: "Choir practice" });
    await userEvent.click(within(row).getByRole("button", { name: "Cancel announcement" }));
    const ask = await screen.findByRole("alertdialog", { name: "Cancel “Choir practice”?" });
    await userEvent.click(within(ask).getByRole("button", { name: "Cancel announcement" }));
    await waitFor(() => expect(sent(fetchMock, "DELETE", `/api/announcements/${id}`)).toHaveLength(1));
  });
});
