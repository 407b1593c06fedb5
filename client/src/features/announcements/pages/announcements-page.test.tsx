import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { jsonResponse, makeUser, mockFetch, renderWithApp } from "@/test/render";
import { ANNOUNCEMENT_PAGE_LIMIT } from "../api";
import { makeAnnouncement } from "../test-fixtures";
import { AnnouncementsPage } from "./announcements-page";

const id = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, "0")}`;
const firstPage = `/api/announcements?limit=${ANNOUNCEMENT_PAGE_LIMIT}`;

describe("AnnouncementsPage", () => {
  it("shows a skeleton, then an empty state", async () => {
    let answer: (r: Response) => void = () => {};
    mockFetch({ [firstPage]: () => new Promise<Response>((r) => (answer = r)) });
    renderWithApp(<AnnouncementsPage />, { user: makeUser({ role: "CONGREGANT" }) });
    expect(screen.getByRole("heading", { name: "Announcements", level: 1 })).toBeTruthy();
    expect(screen.getByRole("list", { name: "Loading announcements" })).toBeTruthy();
    answer(jsonResponse([]));
    expect(await screen.findByText("No announcements yet")).toBeTruthy();
  });

  it("lists them newest first: urgent marked, New until opened, the title opens its page, links as buttons", async () => {
    mockFetch({
      [firstPage]: [
        makeAnnouncement({
          id: id(1),
          title: "Storm: service cancelled",
          urgent: true,
          link: "https://weather.example.org/today",
        }),
        makeAnnouncement({ id: id(2), title: "Picnic", isRead: true, link: `/events/${id(9)}` }),
      ],
    });
    renderWithApp(<AnnouncementsPage />, { user: makeUser({ role: "CONGREGANT" }) });
    const list = await screen.findByRole("list", { name: "Announcements" });
    const cards = within(list).getAllByRole("article");
    expect(cards.map((c) => within(c).getByRole("heading").textContent)).toEqual([
      "Storm: service cancelled",
      "Picnic",
    ]);
    const urgent = cards[0];
    expect(within(urgent).getByText("Urgent")).toBeTruthy();
    expect(within(urgent).getByText("New")).toBeTruthy();
    expect(within(urgent).getByRole("link", { name: "Storm: service cancelled" }).getAttribute("href")).toBe(
      `/announcements/${id(1)}`,
    );
    const outside = within(urgent).getByRole("link", { name: /Open weather\.example\.org/ });
    expect(outside.getAttribute("target")).toBe("_blank");
    expect(outside.getAttribute("rel")).toContain("noopener");
    expect(outside.textContent).toContain("(opens in a new tab)");
    const read = cards[1];
    expect(within(read).queryByText("New")).toBeNull();
    expect(within(read).queryByText("Urgent")).toBeNull();
    const inApp = within(read).getByRole("link", { name: "See the event" });
    expect(inApp.getAttribute("href")).toBe(`/events/${id(9)}`);
    expect(inApp.getAttribute("target")).toBeNull();
    expect(within(read).getByText("From Pastor Ruth")).toBeTruthy();
  });

  it("loads more with before= the last one shown, and stops at a short page", async () => {
    const page1 = Array.from({ length: ANNOUNCEMENT_PAGE_LIMIT }, (_, i) =>
      makeAnnouncement({ id: id(i + 1), title: `News ${i + 1}` }),
    );
    const fetchMock = mockFetch({
      [firstPage]: page1,
      [`${firstPage}&before=${id(ANNOUNCEMENT_PAGE_LIMIT)}`]: [makeAnnouncement({ id: id(100), title: "Older news" })],
    });
    renderWithApp(<AnnouncementsPage />, { user: makeUser({ role: "CONGREGANT" }) });
    await screen.findByRole("article", { name: "News 1" });
    await userEvent.click(screen.getByRole("button", { name: "Load more" }));
    expect(await screen.findByRole("article", { name: "Older news" })).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole("button", { name: "Load more" })).toBeNull());
    expect(fetchMock.mock.calls.map(([u]) => u)).toContain(`${firstPage}&before=${id(ANNOUNCEMENT_PAGE_LIMIT)}`);
  });

  it("shows an error with Try again when the list fails", async () => {
    mockFetch({ [firstPage]: () => jsonResponse({ message: "Boom" }, 500) });
    renderWithApp(<AnnouncementsPage />, { user: makeUser({ role: "CONGREGANT" }) });
    expect((await screen.findByRole("alert")).textContent).toContain("The announcements could not be loaded");
  });
});
