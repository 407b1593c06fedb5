import type { TGroupPrayer } from "@common/group-prayers";
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it } from "vitest";
import { getToasts } from "@/components/ui/use-toast";
import { activateLanguage } from "@/lib/i18n";
import { jsonResponse, makeUser, mockFetch, renderWithApp } from "@/test/render";
import { GROUP_PRAYERS_LIMIT } from "../life-api";
import { GroupPrayers } from "./group-prayers";

const GROUP = "g1";
const LIST = `/api/groups/${GROUP}/prayers?limit=${GROUP_PRAYERS_LIMIT}`;

function makePrayer(over: Partial<TGroupPrayer> = {}): TGroupPrayer {
  return {
    id: "r1",
    groupId: GROUP,
    title: "My exams",
    description: "Finals next week.",
    isAnonymous: false,
    userId: "u2",
    userName: "Ben Cho",
    userImageUrl: null,
    isMine: false,
    isAnswered: false,
    answeredAt: null,
    canAnswer: false,
    prayedCount: 2,
    prayedToday: false,
    createdAt: new Date(Date.now() - 2 * 3_600_000).toISOString(),
    ...over,
  };
}

const sent = (fetchMock: ReturnType<typeof mockFetch>, method: string, url: string) =>
  fetchMock.mock.calls
    .filter(([u, init]) => u === url && (init?.method ?? "GET") === method)
    .map(([, init]) => (init?.body ? JSON.parse(String(init.body)) : undefined));

function setup(routes: Record<string, unknown>) {
  const fetchMock = mockFetch(routes);
  renderWithApp(<GroupPrayers groupId={GROUP} />, { user: makeUser({ id: "u1", role: "CONGREGANT" }) });
  return fetchMock;
}

afterEach(async () => {
  await activateLanguage("en");
});

describe("GroupPrayers", () => {
  it("shows a skeleton, then the empty state", async () => {
    setup({ [LIST]: [] });
    expect(screen.getByRole("status", { name: "Loading prayer requests" })).toBeTruthy();
    expect(await screen.findByText("No prayer requests yet")).toBeTruthy();
  });

  it("names nobody for an anonymous request, counts 'I prayed' and marks one's own answered", async () => {
    const fetchMock = setup({
      [LIST]: [
        makePrayer({ id: "a", title: "Anon", isAnonymous: true, userId: null, userName: "Anonymous" }),
        makePrayer({ id: "b", title: "Job", isMine: true, canAnswer: true, userName: "Ann Lee", userId: "u1" }),
        makePrayer({ id: "c", title: "Healed", isAnswered: true, prayedCount: 5 }),
      ],
      [`POST /api/groups/${GROUP}/prayers/a/prayed`]: { counted: true, prayedCount: 3, prayedToday: true },
      [`PATCH /api/groups/${GROUP}/prayers/b/answered`]: () =>
        jsonResponse(makePrayer({ id: "b", title: "Job", isMine: true, isAnswered: true, userName: "Ann Lee" })),
    });
    const anon = await screen.findByRole("article", { name: "Anon" });
    expect(within(anon).getByText("Anonymous")).toBeTruthy();
    expect(within(anon).queryByText("Ben Cho")).toBeNull();
    await userEvent.click(within(anon).getByRole("button", { name: "I prayed 2 prayers" }));
    expect(await within(anon).findByRole("button", { name: "Prayed 3 prayers" })).toBeTruthy();
    expect(sent(fetchMock, "POST", `/api/groups/${GROUP}/prayers/a/prayed`)).toHaveLength(1);

    const answered = screen.getByRole("article", { name: "Healed" });
    expect(within(answered).getByText("Answered")).toBeTruthy();
    expect(within(answered).getByText("5 people prayed")).toBeTruthy();
    expect(within(answered).queryByRole("button", { name: /I prayed/ })).toBeNull();

    const mine = screen.getByRole("article", { name: "Job" });
    expect(within(mine).getByText("Yours")).toBeTruthy();
    expect(within(anon).queryByRole("button", { name: /Mark as answered/ })).toBeNull();
    await userEvent.click(within(mine).getByRole("button", { name: "Mark as answered “Job”" }));
    expect(await within(mine).findByText("Answered")).toBeTruthy();
  });

  it("shares a request anonymously, trimmed, and shows it at the top", async () => {
    const created = makePrayer({ id: "n", title: "Peace", description: "At home", isAnonymous: true, isMine: true });
    const fetchMock = setup({
      [LIST]: [makePrayer()],
      [`POST /api/groups/${GROUP}/prayers`]: () => jsonResponse(created, 201),
    });
    await screen.findByRole("article", { name: "My exams" });
    await userEvent.click(screen.getByRole("button", { name: "Share a request" }));
    await userEvent.click(screen.getByRole("button", { name: "Share" }));
    expect(getToasts()[0]).toMatchObject({ description: "Please fill in the title and the details" });
    await userEvent.type(screen.getByLabelText("Title"), "  Peace ");
    await userEvent.type(screen.getByLabelText("Details"), " At home ");
    expect(screen.getByText(/not even to the group's leaders/)).toBeTruthy();
    await userEvent.click(screen.getByRole("switch", { name: "Share anonymously" }));
    await userEvent.click(screen.getByRole("button", { name: "Share" }));
    await waitFor(() =>
      expect(sent(fetchMock, "POST", `/api/groups/${GROUP}/prayers`)).toEqual([
        { title: "Peace", description: "At home", isAnonymous: true },
      ]),
    );
    const list = await screen.findByRole("list", { name: "The group's prayer requests" });
    await waitFor(() => expect(within(list).getAllByRole("article")[0].textContent).toContain("Peace"));
    expect(screen.queryByLabelText("Title")).toBeNull();
  });

  it("speaks Spanish", async () => {
    await activateLanguage("es");
    setup({ [LIST]: [makePrayer({ id: "a", title: "Anon", isAnonymous: true, userName: "Anonymous" })] });
    const anon = await screen.findByRole("article", { name: "Anon" });
    expect(screen.getByRole("heading", { name: "Peticiones de oración" })).toBeTruthy();
    expect(within(anon).getByText("Anónimo")).toBeTruthy();
    expect(within(anon).getByRole("button", { name: "Oré 2 oraciones" })).toBeTruthy();
    expect(screen.getByRole("button", { name: "Compartir una petición" })).toBeTruthy();
  });
});
