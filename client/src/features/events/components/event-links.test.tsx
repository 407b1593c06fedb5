import { screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { makeEvent } from "@/test/fixtures";
import { makeUser, renderWithApp } from "@/test/render";
import { eventFormatter } from "../format";
import { EventCard } from "./event-card";
import { UpcomingEventList } from "./upcoming-event-list";

const format = eventFormatter("UTC");
const now = new Date();

describe("links to the event page (issue 24)", () => {
  it("an events list card's title opens /events/{id}", () => {
    renderWithApp(
      <ul>
        <EventCard event={makeEvent({ id: "e7", title: "Men's Breakfast" })} now={now} format={format} />
      </ul>,
      { user: makeUser({ role: "CONGREGANT" }) },
    );
    expect(screen.getByRole("link", { name: "Men's Breakfast" }).getAttribute("href")).toBe("/events/e7");
  });

  it("a dashboard's upcoming event opens its page unless the list is given another address", () => {
    const events = [makeEvent({ id: "e8", title: "Youth Night" })];
    const { unmount } = renderWithApp(<UpcomingEventList events={events} format={format} now={now} />);
    expect(screen.getByRole("link", { name: /Youth Night/ }).getAttribute("href")).toBe("/events/e8");
    unmount();
    renderWithApp(<UpcomingEventList events={events} format={format} now={now} href="/admin/events" />);
    expect(screen.getByRole("link", { name: /Youth Night/ }).getAttribute("href")).toBe("/admin/events");
  });
});
