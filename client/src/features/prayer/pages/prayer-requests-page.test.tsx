import type { TPrayerRequest } from "@common/prayer";
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it } from "vitest";
import { getToasts } from "@/components/ui/use-toast";
import { activateLanguage } from "@/lib/i18n";
import { jsonResponse, makeUser, mockFetch, renderWithApp } from "@/test/render";
import { PRAYER_PAGE_LIMIT } from "../api";
import { PrayerRequestsPage } from "./prayer-requests-page";

const LIST = `/api/prayer-requests?limit=${PRAYER_PAGE_LIMIT}`;

function makeRequest(over: Partial<TPrayerRequest> = {}): TPrayerRequest {
  return {
    id: "r1",
    title: "Healing for my mother",
    description: "She has surgery on Monday.",
    isAnonymous: false,
    visibility: "church",
    isAnswered: false,
    answerNote: null,
    answeredAt: null,
    userName: "Ann Lee",
    userImageUrl: null,
    isMine: false,
    canAnswer: false,
    isHidden: false,
    prayedCount: 0,
    prayedToday: false,
    createdAt: new Date(Date.now() - 2 * 3_600_000).toISOString(),
    ...over,
  };
}

const sent = (fetchMock: ReturnType<typeof mockFetch>, method: string, url: string) =>
  fetchMock.mock.calls
    .filter(([u, init]) => u === url && (init?.method ?? "GET") === method)
    .map(([, init]) => (init?.body ? JSON.parse(String(init.body)) : undefined));

function setup(routes: Record<string, unknown>, role: "CONGREGANT" | "ADMIN" = "CONGREGANT") {
  const fetchMock = mockFetch(routes);
  renderWithApp(<PrayerRequestsPage />, { user: makeUser({ role }) });
  return fetchMock;
}

describe("PrayerRequestsPage", () => {
  it("says so when there are no requests", async () => {
    setup({ [LIST]: [] });
    expect(await screen.findByText("No prayer requests yet. Be the first to share!")).toBeTruthy();
    expect(screen.getByRole("heading", { name: "Prayer Requests", level: 1 })).toBeTruthy();
  });

  it("refuses empty fields with 'Please fill in all fields' and sends nothing", async () => {
    const fetchMock = setup({ [LIST]: [] });
    const toggle = await screen.findByRole("button", { name: "New Request" });
    expect(toggle.getAttribute("aria-expanded")).toBe("false");
    await userEvent.click(toggle);
    expect(toggle.getAttribute("aria-expanded")).toBe("true");
    await userEvent.type(screen.getByLabelText("Title"), "   ");
    await userEvent.type(screen.getByLabelText("Details"), "Something");
    await userEvent.click(screen.getByRole("button", { name: "Submit Request" }));
    expect(getToasts()[0]).toMatchObject({
      title: "Error",
      description: "Please fill in all fields",
      variant: "destructive",
    });
    expect(sent(fetchMock, "POST", "/api/prayer-requests")).toEqual([]);
    // Cancel closes the form and gives the focus back to the button that opened it.
    await userEvent.click(screen.getByRole("button", { name: "Cancel" }));
    expect(screen.queryByLabelText("Title")).toBeNull();
    expect(document.activeElement).toBe(toggle);
  });

  it("sends an anonymous request trimmed, with isAnonymous true, then shows the refreshed list", async () => {
    let created = false;
    const mine = makeRequest({ id: "r9", title: "Work", description: "A new job", isAnonymous: true, isMine: true });
    const fetchMock = setup({
      [LIST]: () => jsonResponse(created ? [{ ...mine, userName: "Anonymous" }] : []),
      "POST /api/prayer-requests": () => {
        created = true;
        return jsonResponse(mine, 201);
      },
    });
    await userEvent.click(await screen.findByRole("button", { name: "New Request" }));
    expect(screen.getByText(/not even to church leaders/)).toBeTruthy();
    await userEvent.type(screen.getByLabelText("Title"), "  Work  ");
    await userEvent.type(screen.getByLabelText("Details"), "\n A new job \n");
    await userEvent.click(screen.getByRole("switch", { name: "Submit anonymously" }));
    await userEvent.click(screen.getByRole("button", { name: "Submit Request" }));
    await waitFor(() => expect(sent(fetchMock, "POST", "/api/prayer-requests")).toHaveLength(1));
    expect(sent(fetchMock, "POST", "/api/prayer-requests")[0]).toEqual({
      title: "Work",
      description: "A new job",
      isAnonymous: true,
      visibility: "church",
    });
    const card = await screen.findByRole("article", { name: "Work" });
    expect(within(card).getByText("Anonymous")).toBeTruthy();
    expect(within(card).getByText("Yours")).toBeTruthy();
    // The form closed after sending.
    expect(screen.queryByLabelText("Title")).toBeNull();
  });

  it("toasts 'Failed to submit prayer request' when the server fails", async () => {
    setup({
      [LIST]: [],
      "POST /api/prayer-requests": () => jsonResponse({ message: "Internal Server Error" }, 500),
    });
    await userEvent.click(await screen.findByRole("button", { name: "New Request" }));
    await userEvent.type(screen.getByLabelText("Title"), "Peace");
    await userEvent.type(screen.getByLabelText("Details"), "For our city");
    await userEvent.click(screen.getByRole("button", { name: "Submit Request" }));
    await waitFor(() =>
      expect(getToasts()[0]).toMatchObject({ title: "Error", description: "Failed to submit prayer request" }),
    );
  });

  it("shows 'Anonymous' without a name, the Answered badge with its praise, line breaks kept as text", async () => {
    setup({
      [LIST]: [
        makeRequest({ id: "a", title: "Anon", isAnonymous: true, userName: "Anonymous" }),
        makeRequest({
          id: "b",
          title: "Job",
          description: "Line one\nLine two <b>not bold</b>",
          isAnswered: true,
          answerNote: "I start on Monday!",
        }),
      ],
    });
    const anon = await screen.findByRole("article", { name: "Anon" });
    expect(within(anon).getByText("Anonymous")).toBeTruthy();
    expect(within(anon).queryByText("Ann Lee")).toBeNull();
    expect(within(anon).getByText("2 hours ago")).toBeTruthy();
    const answered = screen.getByRole("article", { name: "Job" });
    expect(within(answered).getByText("Answered")).toBeTruthy();
    expect(within(answered).getByText("Praise report")).toBeTruthy();
    expect(within(answered).getByText("I start on Monday!")).toBeTruthy();
    expect(within(answered).queryByRole("button", { name: /Mark as Answered/ })).toBeNull();
    // An answered prayer keeps its count, without "I prayed".
    expect(within(answered).getByText("0 people prayed")).toBeTruthy();
    expect(within(answered).queryByRole("button", { name: /prayed/ })).toBeNull();
    const text = within(answered).getByText(/Line one/);
    expect(text.textContent).toBe("Line one\nLine two <b>not bold</b>");
    expect(text.querySelector("b")).toBeNull();
  });

  it("'I prayed' counts once: the button shows the count and turns to 'Prayed'", async () => {
    const fetchMock = setup({
      [LIST]: [makeRequest({ prayedCount: 2 })],
      "POST /api/prayer-requests/r1/pray": { counted: true, prayedCount: 3, prayedToday: true },
    });
    const button = await screen.findByRole("button", { name: "I prayed 2 prayers" });
    await userEvent.click(button);
    const done = await screen.findByRole("button", { name: "Prayed 3 prayers" });
    expect((done as HTMLButtonElement).disabled).toBe(true);
    expect(sent(fetchMock, "POST", "/api/prayer-requests/r1/pray")).toHaveLength(1);
  });

  it("the author marks a request answered with a note from the dialog: 'Praise God!' and the praise shows", async () => {
    const fetchMock = setup({
      [LIST]: [makeRequest({ isMine: true, canAnswer: true })],
      "PATCH /api/prayer-requests/r1/answered": () =>
        jsonResponse(
          makeRequest({ isMine: true, isAnswered: true, answerNote: "She is home and well.", canAnswer: false }),
        ),
    });
    // By keyboard: the button opens the dialog, the focus lands in the note, Escape closes it and the
    // focus returns to the button; Tab reaches Cancel and the dialog's own "Mark as Answered".
    const open = await screen.findByRole("button", { name: /^Mark as Answered “/ });
    open.focus();
    await userEvent.keyboard("{Enter}");
    let dialog = await screen.findByRole("dialog", { name: "Mark as Answered" });
    const note = within(dialog).getByLabelText("How was it answered? (optional)");
    await waitFor(() => expect(document.activeElement).toBe(note));
    await userEvent.keyboard("{Escape}");
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
    await waitFor(() => expect(document.activeElement).toBe(open));
    await userEvent.keyboard("{Enter}");
    dialog = await screen.findByRole("dialog", { name: "Mark as Answered" });
    await userEvent.type(within(dialog).getByLabelText("How was it answered? (optional)"), " She is home and well. ");
    await userEvent.tab();
    expect(document.activeElement).toBe(within(dialog).getByRole("button", { name: "Cancel" }));
    await userEvent.tab();
    expect(document.activeElement).toBe(within(dialog).getByRole("button", { name: "Mark as Answered" }));
    await userEvent.keyboard("{Enter}");
    await waitFor(() =>
      expect(getToasts()[0]).toMatchObject({ title: "Praise God!", description: "Prayer request marked as answered." }),
    );
    expect(sent(fetchMock, "PATCH", "/api/prayer-requests/r1/answered")).toEqual([
      { answerNote: "She is home and well." },
    ]);
    expect(await screen.findByText("She is home and well.")).toBeTruthy();
    expect(screen.queryByRole("dialog")).toBeNull();
    expect(screen.queryByRole("button", { name: /^Mark as Answered “/ })).toBeNull();
    // Its button is gone: the focus waits on the request's title.
    await waitFor(() =>
      expect(document.activeElement).toBe(screen.getByRole("heading", { name: "Healing for my mother" })),
    );
  });

  it("marks answered without a body when the note is left empty; a failure toasts 'Failed to update prayer request'", async () => {
    const fetchMock = setup({
      [LIST]: [makeRequest({ canAnswer: true })],
      "PATCH /api/prayer-requests/r1/answered": () => jsonResponse({ message: "Boom" }, 500),
    });
    await userEvent.click(await screen.findByRole("button", { name: /^Mark as Answered “/ }));
    const dialog = await screen.findByRole("dialog");
    await userEvent.click(within(dialog).getByRole("button", { name: "Mark as Answered" }));
    await waitFor(() =>
      expect(getToasts()[0]).toMatchObject({ title: "Error", description: "Failed to update prayer request" }),
    );
    expect(sent(fetchMock, "PATCH", "/api/prayer-requests/r1/answered")).toEqual([undefined]);
  });

  it("an admin hides a request and can show it again; the author of a hidden one is told", async () => {
    const fetchMock = setup(
      {
        [LIST]: [makeRequest({ title: "Private matter" })],
        "PATCH /api/prayer-requests/r1/hidden": (init?: RequestInit) =>
          jsonResponse(makeRequest({ title: "Private matter", isHidden: JSON.parse(String(init?.body)).hidden })),
      },
      "ADMIN",
    );
    await userEvent.click(await screen.findByRole("button", { name: "Hide “Private matter”" }));
    const card = await screen.findByRole("article", { name: "Private matter" });
    await waitFor(() => expect(within(card).getByText("Hidden")).toBeTruthy());
    expect(within(card).getByText(/Hidden from members/)).toBeTruthy();
    await userEvent.click(within(card).getByRole("button", { name: "Show again “Private matter”" }));
    await waitFor(() => expect(within(card).queryByText("Hidden")).toBeNull());
    expect(sent(fetchMock, "PATCH", "/api/prayer-requests/r1/hidden")).toEqual([{ hidden: true }, { hidden: false }]);
  });

  it("members see no Hide button; an author sees that leaders hid their request", async () => {
    setup({ [LIST]: [makeRequest({ isMine: true, isHidden: true })] });
    expect(await screen.findByText(/Church leaders have hidden this request/)).toBeTruthy();
    expect(screen.queryByRole("button", { name: /Hide|Show again/ })).toBeNull();
  });

  it("'Load more' asks for the requests before the last one shown, and is gone after a short page", async () => {
    const first = Array.from({ length: PRAYER_PAGE_LIMIT }, (_, i) =>
      makeRequest({ id: `00000000-0000-4000-8000-${String(i).padStart(12, "0")}`, title: `Request ${i}` }),
    );
    const lastId = first.at(-1)?.id ?? "";
    setup({
      [LIST]: first,
      [`${LIST}&before=${lastId}`]: [makeRequest({ id: "older", title: "The oldest" })],
    });
    await userEvent.click(await screen.findByRole("button", { name: "Load more" }));
    expect(await screen.findByRole("article", { name: "The oldest" })).toBeTruthy();
    expect(screen.getAllByRole("article")).toHaveLength(PRAYER_PAGE_LIMIT + 1);
    expect(screen.queryByRole("button", { name: "Load more" })).toBeNull();
  });

  it("opens with the focus in its title, closes on Escape, and shares a request with the leaders only", async () => {
    let created = false;
    const mine = makeRequest({ id: "r5", title: "Marriage", visibility: "leaders", isMine: true });
    const fetchMock = setup({
      [LIST]: () => jsonResponse(created ? [mine] : []),
      "POST /api/prayer-requests": () => {
        created = true;
        return jsonResponse(mine, 201);
      },
    });
    const toggle = await screen.findByRole("button", { name: "New Request" });
    await userEvent.click(toggle);
    expect(document.activeElement).toBe(screen.getByLabelText("Title"));
    await userEvent.keyboard("{Escape}");
    expect(screen.queryByLabelText("Title")).toBeNull();
    expect(document.activeElement).toBe(toggle);

    await userEvent.click(toggle);
    const group = screen.getByRole("radiogroup", { name: "Who can see it" });
    expect(
      within(group)
        .getByRole("radio", { name: /Everyone in the church/ })
        .getAttribute("aria-checked"),
    ).toBe("true");
    await userEvent.type(screen.getByLabelText("Title"), "Marriage");
    await userEvent.type(screen.getByLabelText("Details"), "Please pray");
    await userEvent.click(within(group).getByRole("radio", { name: /Pastors and leaders only/ }));
    await userEvent.click(screen.getByRole("button", { name: "Submit Request" }));
    await waitFor(() => expect(sent(fetchMock, "POST", "/api/prayer-requests")).toHaveLength(1));
    expect(sent(fetchMock, "POST", "/api/prayer-requests")[0]).toEqual({
      title: "Marriage",
      description: "Please pray",
      isAnonymous: false,
      visibility: "leaders",
    });
    const card = await screen.findByRole("article", { name: "Marriage" });
    expect(within(card).getByText("Leaders only")).toBeTruthy();
    expect(getToasts()[0]).toMatchObject({
      description: "Your prayer request has been shared with the pastors and leaders.",
    });
  });

  it("shows no Leaders only badge on a request for the whole church", async () => {
    setup({ [LIST]: [makeRequest({ id: "c", title: "Open" })] });
    const card = await screen.findByRole("article", { name: "Open" });
    expect(within(card).queryByText("Leaders only")).toBeNull();
  });
});

describe("PrayerRequestsPage in other languages", () => {
  afterEach(async () => {
    await activateLanguage("en");
  });

  it("speaks Spanish: the page, the badges, the count as a plural and the author's time", async () => {
    await activateLanguage("es");
    setup({
      [LIST]: [
        makeRequest({ id: "a", title: "Anon", isAnonymous: true, userName: "Anonymous", prayedCount: 1 }),
        makeRequest({ id: "b", title: "Trabajo", isAnswered: true, answerNote: "¡Empiezo el lunes!", prayedCount: 3 }),
      ],
    });
    expect(await screen.findByRole("heading", { name: "Peticiones de oración", level: 1 })).toBeTruthy();
    expect(screen.getByRole("button", { name: "Nueva petición" })).toBeTruthy();
    const anon = await screen.findByRole("article", { name: "Anon" });
    expect(within(anon).getByText("Anónimo")).toBeTruthy();
    expect(within(anon).getByText("hace 2 h")).toBeTruthy();
    expect(within(anon).getByRole("button", { name: "Oré 1 oración" })).toBeTruthy();
    const answered = screen.getByRole("article", { name: "Trabajo" });
    expect(within(answered).getByText("Respondida")).toBeTruthy();
    expect(within(answered).getByText("Testimonio de gratitud")).toBeTruthy();
    expect(within(answered).getByText("3 personas oraron")).toBeTruthy();
    expect(document.title).toBe("Peticiones de oración · Fellowship");
  });

  it("renders right to left in Arabic", async () => {
    await activateLanguage("ar");
    setup({ [LIST]: [makeRequest({ prayedCount: 2, isAnswered: true })] });
    expect(await screen.findByRole("heading", { name: "طلبات الصلاة", level: 1 })).toBeTruthy();
    expect(document.documentElement.dir).toBe("rtl");
    expect(document.documentElement.lang).toBe("ar");
    expect(await screen.findByText("صلّى شخصان")).toBeTruthy();
  });
});
