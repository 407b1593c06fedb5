import { KUDOS_MESSAGE_MAX, type TKudos, type TKudosRecipient } from "@common/kudos";
import { act, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it } from "vitest";
import { dismissToast, getToasts } from "@/components/ui/use-toast";
import { activateLanguage } from "@/lib/i18n";
import { jsonResponse, makeUser, mockFetch, renderWithApp } from "@/test/render";
import { MESSAGE_MAX } from "../components/give-kudos-dialog";
import { KudosPage } from "./kudos-page";

const SELF = "00000000-0000-4000-8000-000000000001";
const BEN = "00000000-0000-4000-8000-000000000002";
const CARA = "00000000-0000-4000-8000-000000000003";

function makeKudos(over: Partial<TKudos> = {}): TKudos {
  return {
    id: "k1",
    toUserId: BEN,
    type: "volunteer_appreciation",
    title: "Thank you for the coffee team",
    message: "Every Sunday, without fail.",
    category: "service",
    createdAt: new Date(Date.now() - 2 * 3_600_000).toISOString(),
    fromUser: { firstName: "Cara", lastName: "Diaz", profileImageUrl: null },
    toUser: { firstName: "Ben", lastName: "Cole", profileImageUrl: null },
    status: "approved",
    isMine: false,
    rejectionReason: null,
    reactions: { heart: 2, thumbs_up: 0, celebrate: 1, star: 0 },
    myReactions: ["celebrate"],
    ...over,
  };
}

/** The server leaves out the caller. */
const RECIPIENTS: TKudosRecipient[] = [
  { id: BEN, firstName: "Ben", lastName: "Cole", profileImageUrl: null },
  { id: CARA, firstName: "Cara", lastName: "Diaz", profileImageUrl: null },
];

const sent = (fetchMock: ReturnType<typeof mockFetch>, method: string, url: string) =>
  fetchMock.mock.calls
    .filter(([u, init]) => u === url && (init?.method ?? "GET") === method)
    .map(([, init]) => (init?.body ? JSON.parse(String(init.body)) : undefined));

function setup(routes: Record<string, unknown>, role: "CONGREGANT" | "ADMIN" = "CONGREGANT") {
  const fetchMock = mockFetch({ "/api/kudos/recipients": RECIPIENTS, ...routes });
  const { queryClient } = renderWithApp(<KudosPage />, { user: makeUser({ id: SELF, role }) });
  return Object.assign(fetchMock, { queryClient });
}

/** A response the test lets through when it chooses. */
function deferred() {
  let resolve: (r: Response) => void = () => {};
  const promise = new Promise<Response>((r) => {
    resolve = r;
  });
  return { promise, resolve };
}

describe("KudosPage", () => {
  it("shows skeletons while loading, then an empty state whose Give Kudos opens the dialog", async () => {
    const list = deferred();
    setup({ "/api/kudos": () => list.promise });
    expect(screen.getByRole("heading", { name: "Member Recognition", level: 1 })).toBeTruthy();
    expect(screen.getByRole("list", { name: "Loading recognitions" })).toBeTruthy();
    list.resolve(jsonResponse([]));
    expect(await screen.findByText("No recognitions yet")).toBeTruthy();
    const buttons = screen.getAllByRole("button", { name: "Give Kudos" });
    expect(buttons).toHaveLength(2);
    await userEvent.click(buttons[1]);
    expect(await screen.findByRole("dialog", { name: "Give Kudos" })).toBeTruthy();
  });

  it("shows each kudos: readable type, relative time, title, message as text, who gave it, reactions", async () => {
    setup({
      "/api/kudos": [
        makeKudos({ message: "Line one\n<b>not bold</b>" }),
        makeKudos({
          id: "k2",
          title: "For you",
          toUserId: SELF,
          type: "prayer_warrior",
          category: "prayer",
          fromUser: null,
          createdAt: new Date(Date.now() - 20_000).toISOString(),
        }),
      ],
    });
    const card = await screen.findByRole("article", { name: "Thank you for the coffee team" });
    expect(within(card).getByText("Volunteer Appreciation")).toBeTruthy();
    expect(within(card).getByText("Service")).toBeTruthy();
    expect(within(card).getByText("2 hours ago")).toBeTruthy();
    const message = within(card).getByText(/Line one/);
    expect(message.textContent).toBe("Line one\n<b>not bold</b>");
    expect(message.querySelector("b")).toBeNull();
    expect(card.textContent).toContain("Cara Diaz recognized Ben Cole");
    // Initials stand in for a missing photo.
    // Radix shows the fallback a tick after the card (a timer of 0 ms): wait for it.
    expect(await within(card).findByText("CD")).toBeTruthy();
    const reactions = within(card).getByRole("group", { name: "Reactions to “Thank you for the coffee team”" });
    const buttons = within(reactions).getAllByRole("button");
    expect(buttons.map((b) => [b.textContent, b.getAttribute("aria-pressed")])).toEqual([
      ["Heart2", "false"],
      ["Thumbs up0", "false"],
      ["Celebrate1", "true"],
      ["Star0", "false"],
    ]);
    const mine = screen.getByRole("article", { name: "For you" });
    expect(within(mine).getByText("Prayer Warrior")).toBeTruthy();
    expect(within(mine).getByText("Just now")).toBeTruthy();
    // A deleted sender's kudos stays, from "A church member"; the recipient reads "you".
    expect(mine.textContent).toContain("A church member recognized you");
  });

  it("marks the sender's own kudos 'Pending approval' and 'Not approved' (without reactions)", async () => {
    setup({
      "/api/kudos": [
        makeKudos({
          id: "p",
          title: "Waiting",
          status: "pending",
          isMine: true,
          fromUser: { firstName: "Ann", lastName: "Lee", profileImageUrl: null },
        }),
        makeKudos({ id: "r", title: "Refused", status: "rejected", isMine: true, rejectionReason: "Too <i>vague</i>" }),
        makeKudos({ id: "n", title: "Refused quietly", status: "rejected", isMine: true }),
      ],
    });
    const waiting = await screen.findByRole("article", { name: "Waiting" });
    expect(within(waiting).getByText("Pending approval")).toBeTruthy();
    expect(within(waiting).getByText(/Only you can see this until a church leader approves it/)).toBeTruthy();
    expect(waiting.textContent).toContain("You recognized Ben Cole");
    // The sender's own initials, not "Y" for "You".
    expect(await within(waiting).findByText("AL")).toBeTruthy();
    // Its sender may react while it waits.
    expect(within(waiting).getByRole("group", { name: /Reactions/ })).toBeTruthy();
    const refused = screen.getByRole("article", { name: "Refused" });
    expect(within(refused).getByText("Not approved")).toBeTruthy();
    expect(within(refused).getByText(/did not approve this recognition/)).toBeTruthy();
    const reason = within(refused).getByText(/Too/);
    expect(reason.textContent).toBe("Reason: Too <i>vague</i>");
    expect(reason.querySelector("i")).toBeNull();
    expect(within(refused).queryByRole("group", { name: /Reactions/ })).toBeNull();
    const quiet = screen.getByRole("article", { name: "Refused quietly" });
    expect(within(quiet).getByText("Not approved")).toBeTruthy();
    expect(within(quiet).queryByText(/Reason/)).toBeNull();
  });

  it("an admin's own pending kudos points to Kudos Approvals", async () => {
    setup({ "/api/kudos": [makeKudos({ title: "Waiting", status: "pending", isMine: true })] }, "ADMIN");
    const card = await screen.findByRole("article", { name: "Waiting" });
    expect(within(card).getByText("Pending approval")).toBeTruthy();
    expect(within(card).getByRole("link", { name: "Kudos Approvals" }).getAttribute("href")).toBe("/admin/kudos");
  });

  it("toggles a reaction at once, then shows the server's counts", async () => {
    const answer = deferred();
    const fetchMock = setup({
      "/api/kudos": [makeKudos()],
      "POST /api/kudos/k1/reaction": () => answer.promise,
    });
    const heart = await screen.findByRole("button", { name: "Heart 2", pressed: false });
    await userEvent.click(heart);
    // Before the server answers: pressed, and counted.
    expect(heart.getAttribute("aria-pressed")).toBe("true");
    expect(heart.textContent).toBe("Heart3");
    expect(sent(fetchMock, "POST", "/api/kudos/k1/reaction")).toEqual([{ reaction: "heart" }]);
    // Someone else reacted meanwhile: the answer's counts win.
    answer.resolve(
      jsonResponse({
        reaction: "heart",
        reacted: true,
        reactions: { heart: 4, thumbs_up: 1, celebrate: 1, star: 0 },
        myReactions: ["heart", "celebrate"],
      }),
    );
    await waitFor(() => expect(heart.textContent).toBe("Heart4"));
    expect(screen.getByRole("button", { name: "Thumbs up 1", pressed: false })).toBeTruthy();
    expect(screen.getByRole("button", { name: "Celebrate 1", pressed: true })).toBeTruthy();
  });

  it("a quick double tap ends where it started: an older answer does not flip the button back", async () => {
    const answers = [deferred(), deferred()];
    let calls = 0;
    const { queryClient } = setup({
      "/api/kudos": [makeKudos()],
      "POST /api/kudos/k1/reaction": () => answers[calls++].promise,
    });
    const star = await screen.findByRole("button", { name: "Star 0", pressed: false });
    await userEvent.click(star);
    await userEvent.click(star);
    expect(star.getAttribute("aria-pressed")).toBe("false");
    expect(star.textContent).toBe("Star0");
    const counts = (star: number) => ({ heart: 2, thumbs_up: 0, celebrate: 1, star });
    answers[0].resolve(
      jsonResponse({ reaction: "star", reacted: true, reactions: counts(1), myReactions: ["celebrate", "star"] }),
    );
    // The first answer arrives while the second toggle is on its way: the button keeps the latest state.
    await waitFor(() => expect(queryClient.isMutating()).toBe(1));
    expect(star.getAttribute("aria-pressed")).toBe("false");
    answers[1].resolve(
      jsonResponse({ reaction: "star", reacted: false, reactions: counts(0), myReactions: ["celebrate"] }),
    );
    await waitFor(() => expect(screen.queryAllByRole("button", { name: "Star 0", pressed: false })).toHaveLength(1));
    expect(star.getAttribute("aria-pressed")).toBe("false");
  });

  it("takes a reaction back, and restores it with a toast when the server fails", async () => {
    const fetchMock = setup({
      "/api/kudos": [makeKudos()],
      "POST /api/kudos/k1/reaction": () => jsonResponse({ message: "Boom" }, 500),
    });
    const celebrate = await screen.findByRole("button", { name: "Celebrate 1", pressed: true });
    await userEvent.click(celebrate);
    await waitFor(() =>
      expect(getToasts()[0]).toMatchObject({
        title: "Error",
        description: "Failed to update reaction. Please try again.",
        variant: "destructive",
      }),
    );
    expect(sent(fetchMock, "POST", "/api/kudos/k1/reaction")).toEqual([{ reaction: "celebrate" }]);
    await waitFor(() => expect(screen.getByRole("button", { name: "Celebrate 1", pressed: true })).toBeTruthy());
  });

  it("Give Kudos checks every field with the server's contract, under each field, and sends nothing", async () => {
    const fetchMock = setup({ "/api/kudos": [] });
    const open = (await screen.findAllByRole("button", { name: "Give Kudos" }))[0];
    await userEvent.click(open);
    const dialog = await screen.findByRole("dialog", { name: "Give Kudos" });
    // The members the server offers (everyone but oneself).
    const recipient = within(dialog).getByLabelText("Recognize");
    await waitFor(() => expect(within(recipient).getAllByRole("option")).toHaveLength(3));
    expect(
      within(recipient)
        .getAllByRole("option")
        .map((o) => o.textContent),
    ).toEqual(["Choose a member", "Ben Cole", "Cara Diaz"]);
    await userEvent.type(within(dialog).getByLabelText("Title"), "   ");
    await userEvent.click(within(dialog).getByRole("button", { name: "Send Kudos" }));
    const errorOf = (label: string) => {
      const control = within(dialog).getByLabelText(label);
      expect(control.getAttribute("aria-invalid")).toBe("true");
      return document.getElementById(control.getAttribute("aria-describedby") ?? "")?.textContent;
    };
    await waitFor(() => expect(errorOf("Recognize")).toBe("Choose a member to recognize"));
    expect(errorOf("Recognition Type")).toBe("Choose a recognition type");
    expect(errorOf("Category")).toBe("Choose a category");
    expect(errorOf("Title")).toBe("Title is required");
    expect(errorOf("Message")).toBe("Message is required");
    // The first field in error takes the focus.
    expect(document.activeElement).toBe(recipient);
    await userEvent.click(within(dialog).getByLabelText("Message"));
    await userEvent.paste("x".repeat(MESSAGE_MAX + 1));
    await userEvent.click(within(dialog).getByRole("button", { name: "Send Kudos" }));
    await waitFor(() => expect(errorOf("Message")).toBe(`Message must be at most ${MESSAGE_MAX} characters`));
    expect(sent(fetchMock, "POST", "/api/kudos")).toEqual([]);
  });

  it("sends the kudos trimmed, toasts 'Kudos Sent!', closes, returns the focus and shows it pending", async () => {
    let created = false;
    const mine = makeKudos({ id: "new", title: "Faithful", status: "pending", isMine: true, myReactions: [] });
    const fetchMock = setup({
      "/api/kudos": () => jsonResponse(created ? [mine] : []),
      "POST /api/kudos": () => {
        created = true;
        return jsonResponse(mine, 201);
      },
    });
    // By keyboard: the button opens the dialog and the focus lands in the first field.
    const open = (await screen.findAllByRole("button", { name: "Give Kudos" }))[0];
    open.focus();
    await userEvent.keyboard("{Enter}");
    const dialog = await screen.findByRole("dialog", { name: "Give Kudos" });
    const recipient = within(dialog).getByLabelText("Recognize");
    await waitFor(() => expect(document.activeElement).toBe(recipient));
    await waitFor(() => expect(within(recipient).getAllByRole("option")).toHaveLength(3));
    await userEvent.selectOptions(recipient, "Cara Diaz");
    await userEvent.tab();
    await userEvent.selectOptions(document.activeElement as HTMLElement, "Servant Heart");
    await userEvent.tab();
    await userEvent.selectOptions(document.activeElement as HTMLElement, "Leadership");
    await userEvent.tab();
    await userEvent.keyboard("  Faithful  ");
    await userEvent.tab();
    await userEvent.keyboard(" She leads the youth group with joy. ");
    await userEvent.tab();
    expect(document.activeElement).toBe(within(dialog).getByRole("button", { name: "Cancel" }));
    await userEvent.tab();
    expect(document.activeElement).toBe(within(dialog).getByRole("button", { name: "Send Kudos" }));
    await userEvent.keyboard("{Enter}");
    await waitFor(() =>
      expect(getToasts()[0]).toMatchObject({
        title: "Kudos Sent!",
        description: "Your recognition has been submitted for approval.",
      }),
    );
    expect(sent(fetchMock, "POST", "/api/kudos")).toEqual([
      {
        toUserId: CARA,
        type: "servant_heart",
        category: "leadership",
        title: "Faithful",
        message: "She leads the youth group with joy.",
      },
    ]);
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
    await waitFor(() => expect(document.activeElement).toBe(open));
    const card = await screen.findByRole("article", { name: "Faithful" });
    expect(within(card).getByText("Pending approval")).toBeTruthy();
    // Opened again (the toast closed: while it shows, Escape dismisses it first), the form is empty.
    act(() => dismissToast());
    await waitFor(() => expect(screen.queryByText("Kudos Sent!")).toBeNull());
    await userEvent.click(open);
    const again = await screen.findByRole("dialog", { name: "Give Kudos" });
    expect((within(again).getByLabelText("Title") as HTMLInputElement).value).toBe("");
    await userEvent.keyboard("{Escape}");
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
    await waitFor(() => expect(document.activeElement).toBe(open));
  });

  it("puts a refused field under it, and toasts 'Failed to send kudos. Please try again.' otherwise", async () => {
    let answer = jsonResponse(
      {
        message: "Choose a member of your church",
        errors: [{ path: ["toUserId"], message: "Choose a member of your church" }],
      },
      400,
    );
    setup({ "/api/kudos": [], "POST /api/kudos": () => answer });
    await userEvent.click((await screen.findAllByRole("button", { name: "Give Kudos" }))[0]);
    const dialog = await screen.findByRole("dialog", { name: "Give Kudos" });
    const recipient = within(dialog).getByLabelText("Recognize");
    await waitFor(() => expect(within(recipient).getAllByRole("option")).toHaveLength(3));
    await userEvent.selectOptions(recipient, "Ben Cole");
    await userEvent.selectOptions(within(dialog).getByLabelText("Recognition Type"), "Encourager");
    await userEvent.selectOptions(within(dialog).getByLabelText("Category"), "Encouragement");
    await userEvent.type(within(dialog).getByLabelText("Title"), "Thanks");
    await userEvent.type(within(dialog).getByLabelText("Message"), "For the kind words.");
    await userEvent.click(within(dialog).getByRole("button", { name: "Send Kudos" }));
    expect(await within(dialog).findByText("Choose a member of your church")).toBeTruthy();
    expect(getToasts()).toHaveLength(0);
    answer = jsonResponse({ message: "Internal Server Error" }, 500);
    await userEvent.click(within(dialog).getByRole("button", { name: "Send Kudos" }));
    await waitFor(() =>
      expect(getToasts()[0]).toMatchObject({
        title: "Error",
        description: "Failed to send kudos. Please try again.",
        variant: "destructive",
      }),
    );
    // The dialog stays open with what was typed.
    expect((within(dialog).getByLabelText("Title") as HTMLInputElement).value).toBe("Thanks");
  });

  it("keeps the dialog's message limit equal to the contract's", () => {
    expect(MESSAGE_MAX).toBe(KUDOS_MESSAGE_MAX);
  });
});

describe("KudosPage in other languages", () => {
  afterEach(async () => {
    await activateLanguage("en");
  });

  it("speaks Spanish: the page, the type and category, who recognized whom, the reactions and the dialog", async () => {
    await activateLanguage("es");
    setup({
      "/api/kudos": [
        makeKudos(),
        makeKudos({ id: "k2", title: "For you", toUserId: SELF, fromUser: null }),
        makeKudos({ id: "k3", title: "Mine", isMine: true, status: "pending" }),
      ],
    });
    const card = await screen.findByRole("article", { name: "Thank you for the coffee team" });
    expect(screen.getByRole("heading", { name: "Reconocimientos", level: 1 })).toBeTruthy();
    expect(within(card).getByText("Gratitud por su servicio voluntario")).toBeTruthy();
    expect(within(card).getByText("Servicio")).toBeTruthy();
    expect(within(card).getByText("hace 2 h")).toBeTruthy();
    expect(card.textContent).toContain("Cara Diaz reconoció a Ben Cole");
    expect(within(card).getByRole("group", { name: "Reacciones a «Thank you for the coffee team»" })).toBeTruthy();
    expect(within(card).getByRole("button", { name: "Corazón 2" })).toBeTruthy();
    expect(screen.getByRole("article", { name: "For you" }).textContent).toContain(
      "Un miembro de la iglesia te dio un reconocimiento",
    );
    const mine = screen.getByRole("article", { name: "Mine" });
    expect(within(mine).getByText("Pendiente de aprobación")).toBeTruthy();
    expect(mine.textContent).toContain("Tú reconociste a Ben Cole");
    await userEvent.click(screen.getByRole("button", { name: "Dar un reconocimiento" }));
    const dialog = await screen.findByRole("dialog", { name: "Dar un reconocimiento" });
    expect(within(dialog).getByRole("option", { name: "Guerrero de oración" })).toBeTruthy();
    expect(
      within(dialog).getByText(
        `0/${MESSAGE_MAX.toLocaleString("es")} caracteres. Cuenta lo que hizo y por qué fue importante.`,
      ),
    ).toBeTruthy();
  });

  it("renders right to left in Arabic", async () => {
    await activateLanguage("ar");
    setup({ "/api/kudos": [makeKudos()] });
    const card = await screen.findByRole("article", { name: "Thank you for the coffee team" });
    expect(screen.getByRole("heading", { name: "تقدير الأعضاء", level: 1 })).toBeTruthy();
    expect(within(card).getByText("تقدير للخدمة التطوعية")).toBeTruthy();
    expect(document.documentElement.dir).toBe("rtl");
  });
});
