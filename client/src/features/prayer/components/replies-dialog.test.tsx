import type { TPrayerRequest } from "@common/prayer";
import type { TPrayerReply } from "@common/prayer-replies";
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { jsonResponse, makeUser, mockFetch, renderWithApp } from "@/test/render";
import { PRAYER_PAGE_LIMIT } from "../api";
import { PrayerRequestsPage } from "../pages/prayer-requests-page";

const LIST = `/api/prayer-requests?limit=${PRAYER_PAGE_LIMIT}`;
const THREAD = "/api/prayer-requests/r1/replies";

function makeRequest(over: Partial<TPrayerRequest> = {}): TPrayerRequest {
  return {
    id: "r1",
    title: "A quiet burden",
    description: "Please pray.",
    isAnonymous: true,
    visibility: "church",
    isAnswered: false,
    answerNote: null,
    answeredAt: null,
    userName: "Anonymous",
    userImageUrl: null,
    isMine: false,
    canAnswer: true,
    isHidden: false,
    prayedCount: 0,
    prayedToday: false,
    createdAt: new Date(Date.now() - 3_600_000).toISOString(),
    ...over,
  };
}

const pastorReply: TPrayerReply = {
  id: "p1",
  message: "We are praying with you.",
  fromAuthor: false,
  author: { id: "admin1", firstName: "Paul", lastName: "Pastor" },
  createdAt: new Date(Date.now() - 1_800_000).toISOString(),
};
const authorReply: TPrayerReply = {
  id: "a1",
  message: "Thank you so much.",
  fromAuthor: true,
  author: null,
  createdAt: new Date(Date.now() - 600_000).toISOString(),
};

const posted = (fetchMock: ReturnType<typeof mockFetch>) =>
  fetchMock.mock.calls
    .filter(([u, init]) => u === THREAD && init?.method === "POST")
    .map(([, init]) => JSON.parse(String(init?.body)));

describe("a prayer request's private replies", () => {
  it("the pastor opens 'Reply privately' on an anonymous request: 'Anonymous', 'The person who asked', their own as 'You'", async () => {
    const fetchMock = mockFetch({
      [LIST]: [makeRequest()],
      [THREAD]: [pastorReply, authorReply],
      [`POST ${THREAD}`]: () =>
        jsonResponse({ ...pastorReply, id: "p2", message: "Shall we meet?", createdAt: new Date().toISOString() }, 201),
    });
    renderWithApp(<PrayerRequestsPage />, { user: makeUser({ id: "admin1", role: "ADMIN" }) });
    const card = await screen.findByRole("article", { name: "A quiet burden" });
    await userEvent.click(within(card).getByRole("button", { name: /Reply privately/ }));
    const dialog = await screen.findByRole("dialog", { name: "Private replies" });
    expect(within(dialog).getByText("Asked by Anonymous")).toBeTruthy();
    const thread = await within(dialog).findByRole("list", { name: "Replies" });
    const items = within(thread).getAllByRole("listitem");
    expect(items[0].textContent).toContain("You");
    expect(items[1].textContent).toContain("The person who asked");
    expect(items[1].textContent).toContain("Thank you so much.");
    await userEvent.type(within(dialog).getByLabelText("Your reply"), "  Shall we meet?  ");
    await userEvent.click(within(dialog).getByRole("button", { name: "Send" }));
    await waitFor(() => expect(posted(fetchMock)).toEqual([{ message: "Shall we meet?" }]));
    expect(await within(dialog).findByText("Shall we meet?")).toBeTruthy();
  });

  it("the author, led by ?thread=, sees the pastor's name and their own reply as 'You'", async () => {
    mockFetch({
      [LIST]: [makeRequest({ isMine: true })],
      [THREAD]: [pastorReply, authorReply],
    });
    renderWithApp(<PrayerRequestsPage />, {
      user: makeUser({ id: "u1", role: "CONGREGANT" }),
      path: "/prayer-requests?thread=r1",
    });
    const dialog = await screen.findByRole("dialog", { name: "Private replies" });
    const thread = await within(dialog).findByRole("list", { name: "Replies" });
    const items = within(thread).getAllByRole("listitem");
    expect(items[0].textContent).toContain("Paul Pastor");
    expect(items[1].textContent).toContain("You");
    expect(within(dialog).queryByText(/The person who asked/)).toBeNull();
    expect(within(dialog).getByText("Only you and your church's pastors see these replies.")).toBeTruthy();
    expect(within(dialog).getByLabelText("Your reply")).toBeTruthy();
  });

  it("a member who did not ask sees no replies button; an answered request's thread is read only", async () => {
    mockFetch({
      [LIST]: [makeRequest({ id: "r2", title: "Other" }), makeRequest({ isMine: true, isAnswered: true })],
      [THREAD]: [pastorReply],
    });
    renderWithApp(<PrayerRequestsPage />, { user: makeUser({ id: "u1", role: "CONGREGANT" }) });
    const other = await screen.findByRole("article", { name: "Other" });
    expect(within(other).queryByRole("button", { name: /Replies|Reply privately/ })).toBeNull();
    const mine = screen.getByRole("article", { name: "A quiet burden" });
    await userEvent.click(within(mine).getByRole("button", { name: /Replies/ }));
    const dialog = await screen.findByRole("dialog", { name: "Private replies" });
    expect(await within(dialog).findByText("We are praying with you.")).toBeTruthy();
    expect(within(dialog).getByText("This prayer has been answered, so the conversation is closed.")).toBeTruthy();
    expect(within(dialog).queryByLabelText("Your reply")).toBeNull();
  });
});
