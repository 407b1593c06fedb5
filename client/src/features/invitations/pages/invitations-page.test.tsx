import { CONFIRM_TO_SEND_INVITATIONS } from "@common/invitation-helpers";
import type { TInvitation } from "@common/invitations";
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it, vi } from "vitest";
import { getToasts } from "@/components/ui/use-toast";
import { jsonResponse, makeUser, mockFetch, renderWithApp } from "@/test/render";
import { InvitationsPage } from "./invitations-page";

const future = new Date(Date.now() + 7 * 86_400_000).toISOString();
const past = new Date(Date.now() - 86_400_000).toISOString();
const INVITATIONS: TInvitation[] = [
  {
    id: "i1",
    email: "pending@x.org",
    role: "CONGREGANT",
    token: "tok-pending",
    isUsed: false,
    expiresAt: future,
    createdAt: "2025-05-01T00:00:00Z",
  },
  {
    id: "i2",
    email: "used@x.org",
    role: "ADMIN",
    token: "tok-used",
    isUsed: true,
    expiresAt: future,
    createdAt: "2025-04-01T00:00:00Z",
  },
  {
    id: "i3",
    email: "old@x.org",
    role: "GROUP_LEADER",
    token: "tok-old",
    isUsed: false,
    expiresAt: past,
    createdAt: "2025-03-01T00:00:00Z",
  },
];

function setup(routes: Record<string, unknown> = {}, path = "/admin/invitations") {
  const fetchMock = mockFetch({ "/api/invitations": INVITATIONS, ...routes });
  const utils = renderWithApp(<InvitationsPage />, { user: makeUser(), path });
  return { fetchMock, ...utils };
}

describe("InvitationsPage", () => {
  it("lists invitations with role and status badges; Copy Link only for pending ones", async () => {
    setup();
    await screen.findByText("pending@x.org");
    expect(screen.getByText("Church Member")).toBeTruthy();
    expect(screen.getByText("Church Leader (Admin)")).toBeTruthy();
    expect(screen.getByText("Pending")).toBeTruthy();
    expect(screen.getByText("Accepted")).toBeTruthy();
    expect(screen.getByText("Expired")).toBeTruthy();
    expect(screen.getAllByRole("button", { name: /Copy Link for/ })).toHaveLength(1);
    expect(screen.getAllByRole("button", { name: /Delete invitation/ })).toHaveLength(3);
  });

  it("copies the origin + /invite/ + token link and says so", async () => {
    const writeText = vi.fn(async () => undefined);
    Object.defineProperty(navigator, "clipboard", { value: { writeText }, configurable: true });
    setup();
    await userEvent.click(await screen.findByRole("button", { name: "Copy Link for pending@x.org" }));
    expect(writeText).toHaveBeenCalledWith(`${window.location.origin}/invite/tok-pending`);
    expect(getToasts()[0]).toMatchObject({ title: "Link Copied" });
  });

  it("reports a failed copy", async () => {
    Object.defineProperty(navigator, "clipboard", {
      value: { writeText: vi.fn(async () => Promise.reject(new Error("no"))) },
      configurable: true,
    });
    setup();
    await userEvent.click(await screen.findByRole("button", { name: "Copy Link for pending@x.org" }));
    await waitFor(() =>
      expect(getToasts()[0]).toMatchObject({
        title: "Failed to Copy",
        description: "Could not copy the invitation link. Please try again.",
      }),
    );
  });

  it("opens the dialog with the role preselected; an empty email toasts 'Email Required' and sends nothing", async () => {
    const { fetchMock } = setup();
    await userEvent.click(screen.getByRole("button", { name: "Invite Church Leader" }));
    const dialog = await screen.findByRole("dialog");
    expect(
      within(dialog)
        .getByRole("radio", { name: /Church Leader \(Admin\)/ })
        .getAttribute("aria-checked"),
    ).toBe("true");
    expect(
      within(dialog).getByText("Church leaders can manage content, events, and congregation members."),
    ).toBeTruthy();
    await userEvent.click(within(dialog).getByRole("button", { name: "Send Invitation" }));
    await waitFor(() =>
      expect(getToasts()[0]).toMatchObject({ title: "Email Required", description: "Please enter an email address." }),
    );
    expect(fetchMock.mock.calls.filter(([, init]) => init?.method === "POST")).toHaveLength(0);
  });

  it("sends {email, role}, toasts 'Invitation Sent' and closes", async () => {
    const { fetchMock } = setup({ "POST /api/invitations": () => jsonResponse(INVITATIONS[0], 201) });
    await userEvent.click(screen.getByRole("button", { name: "Invite Church Member" }));
    const dialog = await screen.findByRole("dialog");
    await userEvent.type(within(dialog).getByLabelText("Email address"), "New@X.org");
    await userEvent.click(within(dialog).getByRole("radio", { name: /Group Leader/ }));
    await userEvent.click(within(dialog).getByRole("button", { name: "Send Invitation" }));
    await waitFor(() => expect(getToasts()[0]).toMatchObject({ title: "Invitation Sent" }));
    const post = fetchMock.mock.calls.find(([, init]) => init?.method === "POST");
    expect(JSON.parse(String(post?.[1]?.body))).toEqual({ email: "new@x.org", role: "GROUP_LEADER" });
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
  });

  it("an invitation held until the admin confirms their address: says why, and sends them a confirmation link", async () => {
    const { fetchMock } = setup({
      "POST /api/invitations": () =>
        jsonResponse({ ...INVITATIONS[0], sentAt: null, notice: CONFIRM_TO_SEND_INVITATIONS }, 201),
      "POST /api/auth/verify-email/resend": () => jsonResponse({ message: "Sent" }, 202),
    });
    await userEvent.click(screen.getByRole("button", { name: "Invite Church Member" }));
    const dialog = await screen.findByRole("dialog");
    await userEvent.type(within(dialog).getByLabelText("Email address"), "new@x.org");
    await userEvent.click(within(dialog).getByRole("button", { name: "Send Invitation" }));
    await waitFor(() =>
      expect(getToasts()[0]).toMatchObject({
        title: "Invitation Waiting for Review",
        description: CONFIRM_TO_SEND_INVITATIONS,
      }),
    );
    const note = await screen.findByRole("note");
    expect(within(note).getByText(CONFIRM_TO_SEND_INVITATIONS)).toBeTruthy();
    await userEvent.click(within(note).getByRole("button", { name: "Send me a confirmation link" }));
    await waitFor(() => expect(getToasts()[0]).toMatchObject({ title: "Link sent" }));
    expect(
      fetchMock.mock.calls.filter(([u, init]) => u === "/api/auth/verify-email/resend" && init?.method === "POST"),
    ).toHaveLength(1);
  });

  it("after a reload, an unconfirmed admin with an invitation held back by hand is still told why", async () => {
    const held = (id: string, source: TInvitation["source"]): TInvitation => ({
      ...INVITATIONS[0],
      id,
      email: `${id}@x.org`,
      sentAt: null,
      source,
    });
    const render = (emailVerified: boolean, invitations: TInvitation[]) => {
      mockFetch({ "/api/invitations": invitations });
      return renderWithApp(<InvitationsPage />, { user: makeUser({ emailVerified }), path: "/admin/invitations" });
    };
    const first = render(false, [held("w1", "manual")]);
    const note = await screen.findByRole("note");
    expect(within(note).getByText(CONFIRM_TO_SEND_INVITATIONS)).toBeTruthy();
    expect(within(note).getByRole("button", { name: "Send me a confirmation link" })).toBeTruthy();
    first.unmount();

    // Confirmed, or only an import's people waiting: nothing was held back, no notice.
    for (const [emailVerified, source] of [
      [true, "manual"],
      [false, "import"],
    ] as const) {
      const other = render(emailVerified, [held("w2", source)]);
      await screen.findByText("w2@x.org");
      expect(screen.queryByRole("note")).toBeNull();
      other.unmount();
    }
  });

  it("appends the server's reason to 'Failed to Send Invitation' on a 409", async () => {
    setup({
      "POST /api/invitations": () => jsonResponse({ message: "This person is already a member of your church." }, 409),
    });
    await userEvent.click(screen.getByRole("button", { name: "Invite Church Member" }));
    const dialog = await screen.findByRole("dialog");
    await userEvent.type(within(dialog).getByLabelText("Email address"), "dup@x.org");
    await userEvent.click(within(dialog).getByRole("button", { name: "Send Invitation" }));
    await waitFor(() =>
      expect(getToasts()[0]).toMatchObject({
        title: "Failed to Send Invitation",
        description:
          "There was an error sending the invitation. Please try again. This person is already a member of your church.",
        variant: "destructive",
      }),
    );
  });

  it("opens the member dialog from ?invite=member (Add Member)", async () => {
    setup({}, "/admin/invitations?invite=member");
    const dialog = await screen.findByRole("dialog");
    expect(
      within(dialog)
        .getByRole("radio", { name: /Church Member/ })
        .getAttribute("aria-checked"),
    ).toBe("true");
  });

  it("deletes after confirmation", async () => {
    const { fetchMock } = setup({ "DELETE /api/invitations/i2": () => new Response(null, { status: 204 }) });
    await userEvent.click(await screen.findByRole("button", { name: "Delete invitation for used@x.org" }));
    const alert = await screen.findByRole("alertdialog");
    await userEvent.click(within(alert).getByRole("button", { name: "Delete" }));
    await waitFor(() => expect(getToasts()[0]).toMatchObject({ title: "Invitation Deleted" }));
    expect(fetchMock.mock.calls.some(([url, init]) => url === "/api/invitations/i2" && init?.method === "DELETE")).toBe(
      true,
    );
  });

  it("resends a pending invitation, and shows which sending limit stopped it", async () => {
    let calls = 0;
    const { fetchMock } = setup({
      "POST /api/invitations/i1/resend": () =>
        ++calls === 1
          ? jsonResponse(INVITATIONS[0])
          : jsonResponse(
              {
                message:
                  "pending@x.org has already received 3 invitation emails in the last 24 hours. You can invite them again in 5 h 2 min.",
              },
              429,
            ),
    });
    // Only pending invitations can be sent again.
    expect(await screen.findAllByRole("button", { name: /Resend invitation to/ })).toHaveLength(1);
    const resend = screen.getByRole("button", { name: "Resend invitation to pending@x.org" });
    await userEvent.click(resend);
    await waitFor(() =>
      expect(getToasts()[0]).toMatchObject({
        title: "Invitation Sent",
        description: "We emailed the link to pending@x.org again.",
      }),
    );
    await userEvent.click(resend);
    await waitFor(() =>
      expect(getToasts()[0]).toMatchObject({
        title: "Failed to Resend Invitation",
        description: expect.stringMatching(/already received 3 invitation emails.*again in 5 h 2 min/),
      }),
    );
    expect(fetchMock.mock.calls.filter(([url]) => url === "/api/invitations/i1/resend")).toHaveLength(2);
  });

  describe("waiting for review (imports and syncs)", () => {
    const waitingOne: TInvitation = {
      id: "w1",
      email: "ruth@x.org",
      role: "CONGREGANT",
      token: "tok-w1",
      isUsed: false,
      expiresAt: future,
      createdAt: "2025-05-02T00:00:00Z",
      sentAt: null,
      source: "planning_center",
      firstName: "Ruth",
      lastName: "Park",
    };
    const waitingTwo: TInvitation = {
      ...waitingOne,
      id: "w2",
      email: "sam@x.org",
      createdAt: "2025-05-03T00:00:00Z",
      source: "import",
      firstName: null,
      lastName: null,
    };

    function setupWaiting(routes: Record<string, unknown> = {}) {
      let list = [...INVITATIONS, waitingOne, waitingTwo];
      const sendOne = (id: string) => () => {
        list = list.map((i) => (i.id === id ? { ...i, sentAt: new Date().toISOString() } : i));
        return jsonResponse(list.find((i) => i.id === id));
      };
      const fetchMock = mockFetch({
        "/api/invitations": () => jsonResponse(list),
        "POST /api/admin/invitations/w1/send": sendOne("w1"),
        "POST /api/admin/invitations/send-waiting": () => {
          list = list.map((i) => (i.sentAt === null ? { ...i, sentAt: new Date().toISOString() } : i));
          return jsonResponse({ sent: 1, waiting: 0 });
        },
        ...routes,
      });
      renderWithApp(<InvitationsPage />, { user: makeUser(), path: "/admin/invitations" });
      return fetchMock;
    }

    const waitingCard = () =>
      screen.getByRole("heading", { name: /Waiting for Review/ }).closest("section") as HTMLElement;

    it("lists them apart, oldest first, with their source and names; the sent list keeps the others", async () => {
      setupWaiting();
      await screen.findByText("Ruth Park");
      const card = waitingCard();
      const items = within(within(card).getByRole("list")).getAllByRole("listitem");
      expect(items.map((li) => li.querySelector("p")?.textContent)).toEqual(["Ruth Park", "sam@x.org"]);
      expect(within(items[0]).getByText("ruth@x.org")).toBeTruthy();
      expect(within(items[0]).getByText("Planning Center")).toBeTruthy();
      expect(within(items[1]).getByText("CSV import")).toBeTruthy();
      expect(within(card).getByText("2")).toBeTruthy();
      // Not drawn again among the sent ones, and no link to copy before the admin's review.
      expect(screen.getAllByText("sam@x.org")).toHaveLength(1);
      expect(screen.queryByRole("button", { name: "Copy Link for sam@x.org" })).toBeNull();
    });

    it("sends one: the invitation leaves the waiting list and 'Invitation Sent' says to whom", async () => {
      const fetchMock = setupWaiting();
      await userEvent.click(await screen.findByRole("button", { name: "Send invitation to ruth@x.org" }));
      await waitFor(() =>
        expect(getToasts()[0]).toMatchObject({
          title: "Invitation Sent",
          description: "We emailed an invitation to ruth@x.org.",
        }),
      );
      await waitFor(() => expect(screen.queryByRole("button", { name: "Send invitation to ruth@x.org" })).toBeNull());
      expect(fetchMock.mock.calls.filter(([u]) => u === "/api/admin/invitations/w1/send")).toHaveLength(1);
    });

    it("a send over the daily limit shows the server's reason", async () => {
      setupWaiting({
        "POST /api/admin/invitations/w1/send": () =>
          jsonResponse({ message: "Your church has sent its 500 invitation emails for today." }, 429),
      });
      await userEvent.click(await screen.findByRole("button", { name: "Send invitation to ruth@x.org" }));
      await waitFor(() =>
        expect(getToasts()[0]).toMatchObject({
          title: "Failed to Send Invitation",
          description: "Your church has sent its 500 invitation emails for today.",
        }),
      );
    });

    it("'Send all waiting' asks first, then sends them and says how many", async () => {
      const fetchMock = setupWaiting();
      await userEvent.click(await screen.findByRole("button", { name: "Send all waiting" }));
      const confirm = await screen.findByRole("alertdialog");
      expect(within(confirm).getByText(/2 people will get an email/)).toBeTruthy();
      await userEvent.click(within(confirm).getByRole("button", { name: "Cancel" }));
      expect(fetchMock.mock.calls.filter(([u]) => u === "/api/admin/invitations/send-waiting")).toHaveLength(0);

      await userEvent.click(screen.getByRole("button", { name: "Send all waiting" }));
      await userEvent.click(
        within(await screen.findByRole("alertdialog")).getByRole("button", { name: "Send 2 people" }),
      );
      await waitFor(() =>
        expect(getToasts()[0]).toMatchObject({ title: "Invitations Sent", description: "1 invitation emailed." }),
      );
      await waitFor(() => expect(screen.queryByRole("heading", { name: /Waiting for Review/ })).toBeNull());
      expect(fetchMock.mock.calls.filter(([u]) => u === "/api/admin/invitations/send-waiting")).toHaveLength(1);
    });

    it("offers the CSV export and the import", async () => {
      setupWaiting();
      await screen.findByText("Ruth Park");
      expect(screen.getByRole("link", { name: "Export CSV" }).getAttribute("href")).toBe(
        "/api/admin/invitations/export.csv",
      );
      expect(screen.getByRole("link", { name: "Import from CSV" }).getAttribute("href")).toBe("/admin/members/import");
    });
  });
});
