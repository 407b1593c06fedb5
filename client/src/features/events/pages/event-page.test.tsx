import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { makeEvent } from "@/test/fixtures";
import { jsonResponse, makeUser, mockFetch, renderWithApp } from "@/test/render";
import { EventPage } from "./event-page";

afterEach(() => vi.restoreAllMocks());

const denver = makeUser({
  role: "CONGREGANT",
  church: { name: "Grace Church", logoUrl: null, brandColor: "#6366F1", timeZone: "America/Denver" },
} as never);

// 10:00-11:30 on a December Sunday in Denver.
const EVENT = makeEvent({
  id: "e1",
  title: "Carols by Candlelight",
  description: "Bring a friend.",
  location: "Hall 2, 100 Main St",
  startTime: "2099-12-06T17:00:00.000Z",
  endTime: "2099-12-06T18:30:00.000Z",
  streamUrl: "https://stream.example.org/live",
});

describe("EventPage", () => {
  it("shows the time in the church's zone, the place with a map link, the stream, and who's coming", async () => {
    mockFetch({
      "/api/events/e1": EVENT,
      "/api/events/e1/attendees": [{ id: "u2", name: "Ruth B.", isYou: false }],
    });
    renderWithApp(<EventPage id="e1" />, { user: denver });
    expect(screen.getByRole("status", { name: "Loading event" })).toBeTruthy();
    expect(await screen.findByRole("heading", { level: 1, name: "Carols by Candlelight" })).toBeTruthy();
    expect(screen.getByText("Upcoming")).toBeTruthy();
    expect(screen.getByText("Sun, Dec 6, 2099")).toBeTruthy();
    expect(screen.getByText(/10:00 AM – 11:30 AM/)).toBeTruthy();
    expect(screen.getByText("(MST)")).toBeTruthy();
    expect(screen.getByRole("link", { name: /Open in a map/ }).getAttribute("href")).toBe(
      "https://www.openstreetmap.org/search?query=Hall%202%2C%20100%20Main%20St",
    );
    expect(screen.getByRole("link", { name: /Watch the live stream/ }).getAttribute("href")).toBe(
      "https://stream.example.org/live",
    );
    expect(screen.getByRole("link", { name: "Add to my calendar" }).getAttribute("href")).toBe(
      "/api/events/e1/calendar.ics",
    );
    expect(screen.getByText("Bring a friend.")).toBeTruthy();
    const coming = screen.getByRole("region", { name: "Who's coming" });
    expect(await within(coming).findByText("Ruth B.")).toBeTruthy();
  });

  it("RSVP marks the member going and lists them among who's coming", async () => {
    let going = false;
    const fetchMock = mockFetch({
      "/api/events/e1": EVENT,
      "/api/events/e1/attendees": () => jsonResponse(going ? [{ id: "u1", name: "Ann L.", isYou: true }] : []),
      "POST /api/events/e1/rsvp": () => {
        going = true;
        return jsonResponse({ ...EVENT, isGoing: true, rsvpCount: 1 });
      },
    });
    renderWithApp(<EventPage id="e1" />, { user: denver });
    expect(await screen.findByText("No one has said they're coming yet.")).toBeTruthy();
    await userEvent.click(screen.getByRole("button", { name: "I'll be there" }));
    expect((await screen.findByRole("button", { name: "Going ✓" })).getAttribute("aria-pressed")).toBe("true");
    expect(await screen.findByText("Ann L.")).toBeTruthy();
    expect(screen.getByText("(you)")).toBeTruthy();
    expect(fetchMock).toHaveBeenCalledWith("/api/events/e1/rsvp", expect.objectContaining({ method: "POST" }));
  });

  it("shows no description section when there is none, and no RSVP once the event is past", async () => {
    mockFetch({
      "/api/events/e1": {
        ...EVENT,
        description: "",
        startTime: "2020-01-05T17:00:00.000Z",
        endTime: "2020-01-05T18:00:00.000Z",
      },
      "/api/events/e1/attendees": [],
    });
    renderWithApp(<EventPage id="e1" />, { user: denver });
    expect(await screen.findByText("Past")).toBeTruthy();
    expect(screen.queryByRole("heading", { name: "About this event" })).toBeNull();
    expect(screen.queryByRole("button", { name: "I'll be there" })).toBeNull();
    expect(screen.getByRole("link", { name: "Add to my calendar" })).toBeTruthy();
  });

  it("an unknown or other church's event (404) shows the not-found state with a way back", async () => {
    mockFetch({});
    renderWithApp(<EventPage id="nope" />, { user: denver });
    expect(await screen.findByRole("heading", { name: "Event Not Found" })).toBeTruthy();
    expect(screen.getByRole("link", { name: "Back to Events" }).getAttribute("href")).toBe("/events");
  });

  it("another error offers a retry", async () => {
    mockFetch({ "/api/events/e1": () => jsonResponse({ message: "Boom" }, 500) });
    renderWithApp(<EventPage id="e1" />, { user: denver });
    await waitFor(() => expect(screen.getByRole("button", { name: /retry|try again/i })).toBeTruthy());
  });

  it("shows one occurrence of a repeating event: its date, 'Repeats every Sunday', its own RSVP and attendees", async () => {
    const occurrence = "2099-12-13T17:00:00.000Z";
    const WEEKLY = makeEvent({
      ...EVENT,
      startTime: occurrence,
      endTime: "2099-12-13T18:30:00.000Z",
      occurrenceStart: occurrence,
      recurrence: "FREQ=WEEKLY;BYDAY=SU",
    });
    const q = `?occurrenceStart=${encodeURIComponent(occurrence)}`;
    const fetchMock = mockFetch({
      [`/api/events/e1${q}`]: WEEKLY,
      [`/api/events/e1/attendees${q}`]: [],
      [`POST /api/events/e1/rsvp${q}`]: () => jsonResponse({ ...WEEKLY, isGoing: true, rsvpCount: 1 }),
    });
    renderWithApp(<EventPage id="e1" />, {
      user: denver,
      path: `/events/e1?occurrence=${encodeURIComponent(occurrence)}`,
    });
    expect(await screen.findByText("Sun, Dec 13, 2099")).toBeTruthy();
    expect(screen.getByText("Repeats every Sunday")).toBeTruthy();
    await userEvent.click(screen.getByRole("button", { name: "I'll be there" }));
    expect(await screen.findByRole("button", { name: "Going ✓" })).toBeTruthy();
    expect(fetchMock.mock.calls.some(([u, i]) => u === `/api/events/e1/rsvp${q}` && i?.method === "POST")).toBe(true);
  });
});
