import { type TPendingKudos, ZKudosRejectBody } from "@common/kudos";
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it } from "vitest";
import { getToasts } from "@/components/ui/use-toast";
import { activateLanguage } from "@/lib/i18n";
import { jsonResponse, makeUser, mockFetch, renderWithApp } from "@/test/render";
import { REASON_MAX } from "../components/reject-kudos-dialog";
import { AdminKudosPage } from "./admin-kudos-page";

const QUEUE = "/api/admin/kudos/pending";

function makePending(over: Partial<TPendingKudos> = {}): TPendingKudos {
  return {
    id: "k1",
    toUserId: "u2",
    type: "community_builder",
    title: "Welcome team hero",
    message: "Greets every newcomer by name.",
    category: "community",
    createdAt: new Date(Date.now() - 3 * 86_400_000).toISOString(),
    fromUser: { firstName: "Cara", lastName: "Diaz", profileImageUrl: null },
    toUser: { firstName: "Ben", lastName: "Cole", profileImageUrl: null },
    status: "pending",
    ...over,
  };
}

const OLDEST = makePending({
  id: "a",
  title: "Oldest",
  createdAt: new Date(Date.now() - 5 * 86_400_000).toISOString(),
});
const MIDDLE = makePending({ id: "b", title: "Middle", createdAt: new Date(Date.now() - 3 * 3_600_000).toISOString() });
const NEWEST = makePending({ id: "c", title: "Newest", createdAt: new Date(Date.now() - 5 * 60_000).toISOString() });

const sent = (fetchMock: ReturnType<typeof mockFetch>, method: string, url: string) =>
  fetchMock.mock.calls
    .filter(([u, init]) => u === url && (init?.method ?? "GET") === method)
    .map(([, init]) => (init?.body ? JSON.parse(String(init.body)) : undefined));

/** A queue the server changes as the admin reviews. */
function setupQueue(initial: TPendingKudos[], extra: Record<string, unknown> = {}) {
  let queue = [...initial];
  const review = (id: string) => () => {
    const item = queue.find((k) => k.id === id);
    queue = queue.filter((k) => k.id !== id);
    return item ? jsonResponse(item) : jsonResponse({ message: "Kudos not found" }, 404);
  };
  const routes: Record<string, unknown> = { [QUEUE]: () => jsonResponse(queue), ...extra };
  for (const k of initial) {
    routes[`POST /api/admin/kudos/${k.id}/approve`] ??= review(k.id);
    routes[`POST /api/admin/kudos/${k.id}/reject`] ??= review(k.id);
  }
  const fetchMock = mockFetch(routes);
  renderWithApp(<AdminKudosPage />, { user: makeUser({ role: "ADMIN" }) });
  return fetchMock;
}

const titles = () => screen.getAllByRole("article").map((a) => within(a).getByRole("heading").textContent);

describe("AdminKudosPage", () => {
  it("says so when nothing waits", async () => {
    setupQueue([]);
    expect(screen.getByRole("heading", { name: "Kudos Approvals", level: 1 })).toBeTruthy();
    expect(await screen.findByText("No kudos waiting for approval")).toBeTruthy();
  });

  it("lists the queue oldest first, with who recognized whom, type, category and time", async () => {
    setupQueue([NEWEST, OLDEST, MIDDLE]);
    await screen.findByRole("article", { name: "Oldest" });
    expect(titles()).toEqual(["Oldest", "Middle", "Newest"]);
    const oldest = screen.getByRole("article", { name: "Oldest" });
    expect(oldest.textContent).toContain("Cara Diaz recognized Ben Cole");
    expect(within(oldest).getByText("Community Builder")).toBeTruthy();
    expect(within(oldest).getByText("Community")).toBeTruthy();
    expect(within(oldest).getByText("5 days ago")).toBeTruthy();
    expect(within(screen.getByRole("article", { name: "Newest" })).getByText("5 minutes ago")).toBeTruthy();
  });

  it("approves: the kudos leaves the queue, a toast says so and the focus moves to the next one", async () => {
    const fetchMock = setupQueue([OLDEST, MIDDLE]);
    await userEvent.click(await screen.findByRole("button", { name: "Approve “Oldest”" }));
    await waitFor(() =>
      expect(getToasts()[0]).toMatchObject({
        title: "Kudos Approved",
        description: "Ben Cole is told, and the church can now see it.",
      }),
    );
    expect(sent(fetchMock, "POST", "/api/admin/kudos/a/approve")).toEqual([undefined]);
    await waitFor(() => expect(titles()).toEqual(["Middle"]));
    await waitFor(() => expect(document.activeElement).toBe(screen.getByRole("heading", { name: "Middle" })));
  });

  it("rejects with an optional reason from a small dialog; the last one leaves the empty state", async () => {
    const fetchMock = setupQueue([OLDEST]);
    const reject = await screen.findByRole("button", { name: "Reject “Oldest”" });
    // By keyboard: Enter opens the dialog with the focus in the reason; Escape closes it, back to Reject.
    reject.focus();
    await userEvent.keyboard("{Enter}");
    let dialog = await screen.findByRole("dialog", { name: "Reject Kudos" });
    const reason = within(dialog).getByLabelText("Reason (optional)");
    await waitFor(() => expect(document.activeElement).toBe(reason));
    await userEvent.type(reason, "Not this one");
    await userEvent.keyboard("{Escape}");
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
    await waitFor(() => expect(document.activeElement).toBe(reject));
    expect(sent(fetchMock, "POST", "/api/admin/kudos/a/reject")).toEqual([]);
    // Opened again, the reason starts empty.
    await userEvent.keyboard("{Enter}");
    dialog = await screen.findByRole("dialog", { name: "Reject Kudos" });
    expect((within(dialog).getByLabelText("Reason (optional)") as HTMLTextAreaElement).value).toBe("");
    await userEvent.type(within(dialog).getByLabelText("Reason (optional)"), "  Please keep it about service.  ");
    await userEvent.click(within(dialog).getByRole("button", { name: "Reject" }));
    await waitFor(() =>
      expect(getToasts()[0]).toMatchObject({ title: "Kudos Rejected", description: "Its sender has been told." }),
    );
    expect(sent(fetchMock, "POST", "/api/admin/kudos/a/reject")).toEqual([{ reason: "Please keep it about service." }]);
    expect(await screen.findByText("No kudos waiting for approval")).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
    // Nothing is left to return to: the focus waits on the page's heading.
    await waitFor(() => expect(document.activeElement?.textContent).toBe("Kudos Approvals"));
  });

  it("rejects without a reason with an empty body", async () => {
    const fetchMock = setupQueue([OLDEST]);
    await userEvent.click(await screen.findByRole("button", { name: "Reject “Oldest”" }));
    const dialog = await screen.findByRole("dialog", { name: "Reject Kudos" });
    await userEvent.click(within(dialog).getByRole("button", { name: "Reject" }));
    await waitFor(() => expect(sent(fetchMock, "POST", "/api/admin/kudos/a/reject")).toEqual([{}]));
    expect(await screen.findByText("No kudos waiting for approval")).toBeTruthy();
  });

  it("another admin reviewed it first (409): the server's words, and the queue refreshes", async () => {
    let queue = [OLDEST, MIDDLE];
    mockFetch({
      [QUEUE]: () => jsonResponse(queue),
      "POST /api/admin/kudos/a/approve": () => {
        queue = [MIDDLE];
        return jsonResponse({ message: "This kudos has already been reviewed." }, 409);
      },
    });
    renderWithApp(<AdminKudosPage />, { user: makeUser({ role: "ADMIN" }) });
    await userEvent.click(await screen.findByRole("button", { name: "Approve “Oldest”" }));
    await waitFor(() =>
      expect(getToasts()[0]).toMatchObject({
        title: "Error",
        description: "This kudos has already been reviewed.",
        variant: "destructive",
      }),
    );
    await waitFor(() => expect(titles()).toEqual(["Middle"]));
  });

  it("toasts 'Failed to approve kudos. Please try again.' when the server fails, and keeps the kudos", async () => {
    setupQueue([OLDEST], { "POST /api/admin/kudos/a/approve": () => jsonResponse({ message: "Boom" }, 500) });
    await userEvent.click(await screen.findByRole("button", { name: "Approve “Oldest”" }));
    await waitFor(() =>
      expect(getToasts()[0]).toMatchObject({
        title: "Error",
        description: "Failed to approve kudos. Please try again.",
      }),
    );
    expect(screen.getByRole("article", { name: "Oldest" })).toBeTruthy();
  });

  it("keeps the dialog's reason limit equal to the contract's", () => {
    expect(ZKudosRejectBody.safeParse({ reason: "x".repeat(REASON_MAX) }).success).toBe(true);
    expect(ZKudosRejectBody.safeParse({ reason: "x".repeat(REASON_MAX + 1) }).success).toBe(false);
  });
});

describe("AdminKudosPage in other languages", () => {
  afterEach(async () => {
    await activateLanguage("en");
  });

  it("speaks French: the queue, the buttons, the reject dialog and the toast", async () => {
    await activateLanguage("fr");
    setupQueue([OLDEST, NEWEST]);
    const oldest = await screen.findByRole("article", { name: "Oldest" });
    expect(screen.getByRole("heading", { name: "Validation des encouragements", level: 1 })).toBeTruthy();
    expect(within(oldest).getByText("Bâtisseur de communauté")).toBeTruthy();
    expect(within(oldest).getByText(/^il y a 5/)).toBeTruthy();
    expect(oldest.textContent).toContain("Cara Diaz a encouragé Ben Cole");
    await userEvent.click(within(oldest).getByRole("button", { name: /^Refuser\s«\s?Oldest\s?»$/ }));
    const dialog = await screen.findByRole("dialog", { name: "Refuser l’encouragement" });
    await userEvent.click(within(dialog).getByRole("button", { name: "Refuser" }));
    await waitFor(() =>
      expect(getToasts()[0]).toMatchObject({
        title: "Encouragement refusé",
        description: "Son auteur en a été informé.",
      }),
    );
  });

  it("renders right to left in Arabic", async () => {
    await activateLanguage("ar");
    setupQueue([OLDEST]);
    const oldest = await screen.findByRole("article", { name: "Oldest" });
    expect(screen.getByRole("heading", { name: "الموافقة على التقديرات", level: 1 })).toBeTruthy();
    expect(within(oldest).getByRole("button", { name: "موافقة «Oldest»" })).toBeTruthy();
    expect(document.documentElement.dir).toBe("rtl");
  });
});
