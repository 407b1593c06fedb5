import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it, vi } from "vitest";
import { getToasts } from "@/components/ui/use-toast";
import { makeEvent } from "@/test/fixtures";
import { jsonResponse, makeUser, mockFetch, renderWithApp } from "@/test/render";
import { EventsPage } from "./events-page";

const DAY = 86_400_000;
const at = (ms: number) => new Date(Date.now() + ms).toISOString();
const PAST = makeEvent({
  id: "p",
  title: "Easter Breakfast",
  startTime: at(-10 * DAY),
  endTime: at(-10 * DAY + 3_600_000),
});
const SOON = makeEvent({ id: "u1", title: "Bible Study", startTime: at(2 * DAY), endTime: at(2 * DAY + 3_600_000) });
const LATER = makeEvent({ id: "u2", title: "Youth Night", startTime: at(9 * DAY), endTime: at(9 * DAY + 3_600_000) });

function setup(events = [LATER, PAST, SOON], routes: Record<string, unknown> = {}, timeZone = "UTC") {
  const fetchMock = mockFetch({ "/api/events": events, ...routes });
  // The page asks for a window of occurrences: answered with the events given, whatever the window.
  vi.stubGlobal("fetch", (input: string, init?: RequestInit) =>
    fetchMock(/^\/api\/events\?from=[^&]+&to=[^&]+$/.test(input) ? "/api/events" : input, init),
  );
  const user = makeUser({ role: "CONGREGANT" });
  renderWithApp(<EventsPage />, { user: { ...user, church: { ...user.church, timeZone } }, path: "/events" });
  return fetchMock;
}

const card = (title: string) => screen.getByRole("heading", { name: title }).closest("li") as HTMLElement;

describe("EventsPage", () => {
  it("lists what has not ended first, soonest first, and past events apart and dimmed", async () => {
    setup();
    await screen.findByRole("heading", { name: "Bible Study" });
    expect(screen.getByRole("heading", { level: 1, name: "Upcoming Events" })).toBeTruthy();
    const upcoming = screen.getByRole("list", { name: "Upcoming events" });
    expect(
      within(upcoming)
        .getAllByRole("heading", { level: 2 })
        .map((h) => h.textContent),
    ).toEqual(["Bible Study", "Youth Night"]);
    const pastSection = screen.getByRole("region", { name: "Past Events" });
    expect(
      within(pastSection)
        .getAllByRole("heading", { level: 3 })
        .map((h) => h.textContent),
    ).toEqual(["Easter Breakfast"]);
    expect(within(card("Easter Breakfast")).getByText("Past")).toBeTruthy();
    expect(card("Easter Breakfast").dataset.status).toBe("Past");
    expect(card("Easter Breakfast").className).toContain("bg-stone-100");
    expect(within(card("Bible Study")).getByText("Upcoming")).toBeTruthy();
    expect(card("Bible Study").className).not.toContain("bg-stone-100");
    expect(within(card("Easter Breakfast")).queryByRole("button")).toBeNull();
  });

  it("calls an event under way 'Happening now', first in the list, never Past", async () => {
    const now = makeEvent({ id: "n", title: "Prayer Meeting", startTime: at(-30 * 60_000), endTime: at(30 * 60_000) });
    setup([SOON, PAST, now]);
    await screen.findByRole("heading", { name: "Prayer Meeting" });
    const upcoming = screen.getByRole("list", { name: "Upcoming events" });
    expect(
      within(upcoming)
        .getAllByRole("heading")
        .map((h) => h.textContent),
    ).toEqual(["Prayer Meeting", "Bible Study"]);
    expect(card("Prayer Meeting").dataset.status).toBe("Happening now");
    expect(within(card("Prayer Meeting")).getByText("Happening now")).toBeTruthy();
    expect(within(card("Prayer Meeting")).queryByText("Past")).toBeNull();
    expect(within(card("Prayer Meeting")).getByRole("button", { name: "I'll be there" })).toBeTruthy();
  });

  it("shows only the event's own words: no filler line, nothing where there is no description", async () => {
    setup([
      makeEvent({ id: "d", title: "Quiet Evening", description: "", startTime: at(DAY), endTime: at(DAY + 3_600_000) }),
    ]);
    const c = (await screen.findByRole("heading", { name: "Quiet Evening" })).closest("li") as HTMLElement;
    expect(c.querySelector("p.whitespace-pre-line")).toBeNull();
    expect(within(c).queryByText(/Join us|No description/)).toBeNull();
  });

  it("says there is nothing upcoming above the past events, and shows past ones five at a time", async () => {
    const pasts = Array.from({ length: 7 }, (_, i) =>
      makeEvent({
        id: `p${i}`,
        title: `Gathering ${i + 1}`,
        startTime: at(-(i + 1) * DAY),
        endTime: at(-(i + 1) * DAY + 3_600_000),
      }),
    );
    setup(pasts);
    expect(await screen.findByText("No upcoming events")).toBeTruthy();
    const pastSection = screen.getByRole("region", { name: "Past Events" });
    expect(within(pastSection).getAllByRole("heading", { level: 3 })).toHaveLength(5);
    expect(within(pastSection).getAllByRole("heading", { level: 3 })[0].textContent).toBe("Gathering 1");
    await userEvent.click(screen.getByRole("button", { name: "Show all 7 past events" }));
    expect(within(pastSection).getAllByRole("heading", { level: 3 })).toHaveLength(7);
  });

  it("shows the date and start-end time in the church's time zone, and the location", async () => {
    setup(
      [makeEvent({ startTime: "2030-06-02T14:00:00.000Z", endTime: "2030-06-02T15:30:00.000Z" })],
      {},
      "America/New_York",
    );
    const c = (await screen.findByRole("heading", { name: "Sunday Service" })).closest("li") as HTMLElement;
    expect(within(c).getByText("Sun, Jun 2, 2030")).toBeTruthy();
    expect(within(c).getByText("10:00 AM – 11:30 AM")).toBeTruthy();
    expect(within(c).getByText("Main Hall")).toBeTruthy();
    expect(within(c).getByText("Worship together")).toBeTruthy();
  });

  it("says 'No events scheduled' when there are none", async () => {
    setup([]);
    expect(await screen.findByText("No events scheduled")).toBeTruthy();
  });

  it("toggles the RSVP: I'll be there ↔ Going ✓ with the count", async () => {
    const fetchMock = setup([SOON], {
      "POST /api/events/u1/rsvp": () => jsonResponse({ ...SOON, isGoing: true, rsvpCount: 5 }),
      "DELETE /api/events/u1/rsvp": () => jsonResponse({ ...SOON, isGoing: false, rsvpCount: 4 }),
    });
    await userEvent.click(await screen.findByRole("button", { name: "I'll be there" }));
    const going = await screen.findByRole("button", { name: "Going ✓" });
    expect(going.getAttribute("aria-pressed")).toBe("true");
    expect(screen.getByText("5 going")).toBeTruthy();
    await userEvent.click(going);
    expect(await screen.findByRole("button", { name: "I'll be there" })).toBeTruthy();
    expect(screen.getByText("4 going")).toBeTruthy();
    expect(fetchMock.mock.calls.filter(([u]) => u === "/api/events/u1/rsvp").map(([, i]) => i?.method)).toEqual([
      "POST",
      "DELETE",
    ]);
  });

  it("offers 'Check in' only while check-in is open, then shows 'Checked in'", async () => {
    const now = makeEvent({ id: "n", title: "Prayer Meeting", startTime: at(10 * 60_000), endTime: at(70 * 60_000) });
    setup([now, LATER], { "POST /api/events/n/check-in": () => jsonResponse({ ...now, isCheckedIn: true }) });
    await screen.findByRole("heading", { name: "Prayer Meeting" });
    expect(within(card("Youth Night")).queryByRole("button", { name: "Check in" })).toBeNull();
    await userEvent.click(within(card("Prayer Meeting")).getByRole("button", { name: "Check in" }));
    const done = await within(card("Prayer Meeting")).findByRole("button", { name: "Checked in" });
    expect((done as HTMLButtonElement).disabled).toBe(true);
    expect(getToasts()[0]).toMatchObject({ title: "Checked In" });
  });

  it("shows the server's reason when check-in is refused", async () => {
    const now = makeEvent({ id: "n", startTime: at(10 * 60_000), endTime: at(70 * 60_000) });
    setup([now], {
      "POST /api/events/n/check-in": () => jsonResponse({ message: "Check-in is not open for this event" }, 409),
    });
    await userEvent.click(await screen.findByRole("button", { name: "Check in" }));
    await waitFor(() =>
      expect(getToasts()[0]).toMatchObject({
        description: "Check-in is not open for this event",
        variant: "destructive",
      }),
    );
  });

  it("shows each occurrence of a repeating event as its own card, link and RSVP", async () => {
    const first = at(2 * DAY);
    const second = at(9 * DAY);
    const weekly = (start: string) =>
      makeEvent({
        id: "w",
        title: "Sunday Service",
        startTime: start,
        endTime: new Date(Date.parse(start) + 3_600_000).toISOString(),
        occurrenceStart: start,
        recurrence: "FREQ=WEEKLY",
      });
    const q = `?occurrenceStart=${encodeURIComponent(second)}`;
    const fetchMock = setup([weekly(first), weekly(second)], {
      [`POST /api/events/w/rsvp${q}`]: () => jsonResponse({ ...weekly(second), isGoing: true, rsvpCount: 1 }),
    });
    const links = await screen.findAllByRole("link", { name: "Sunday Service" });
    expect(links.map((l) => l.getAttribute("href"))).toEqual([
      `/events/w?occurrence=${encodeURIComponent(first)}`,
      `/events/w?occurrence=${encodeURIComponent(second)}`,
    ]);
    const cards = links.map((l) => l.closest("li") as HTMLElement);
    await userEvent.click(within(cards[1]).getByRole("button", { name: "I'll be there" }));
    expect(await within(cards[1]).findByRole("button", { name: "Going ✓" })).toBeTruthy();
    // The first occurrence keeps its own answer.
    expect(within(cards[0]).getByRole("button", { name: "I'll be there" })).toBeTruthy();
    expect(within(cards[0]).getByText("0 going")).toBeTruthy();
    expect(fetchMock.mock.calls.filter(([u]) => String(u).includes("/rsvp")).map(([u]) => u)).toEqual([
      `/api/events/w/rsvp${q}`,
    ]);
  });

  it("shows the next four dates of a repeating event among the upcoming ones", async () => {
    const dates = [1, 8, 15, 22, 29, 36].map((d) => at(d * DAY));
    setup(
      dates.map((start) =>
        makeEvent({
          id: "w",
          title: "Sunday Service",
          startTime: start,
          endTime: new Date(Date.parse(start) + 3_600_000).toISOString(),
          occurrenceStart: start,
          recurrence: "FREQ=WEEKLY",
        }),
      ),
    );
    await screen.findAllByRole("link", { name: "Sunday Service" });
    expect(screen.getAllByRole("link", { name: "Sunday Service" })).toHaveLength(4);
  });
});
