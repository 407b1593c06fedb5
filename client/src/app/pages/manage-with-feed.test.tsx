import { screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it, vi } from "vitest";
import { makeUser, mockFetch, renderWithApp } from "@/test/render";
import { ManageEventsWithFeedPage } from "./manage-events-with-feed";
import { ManageSermonsWithFeedPage } from "./manage-sermons-with-feed";

const FEEDS = {
  podcastUrl: "https://church.example/feeds/abc/podcast.xml",
  calendarUrl: "https://church.example/feeds/abc/events.ics",
};

describe("Manage Sermons and Manage Events with the church's feeds", () => {
  it("shares the podcast feed with a copy button", async () => {
    const writeText = vi.fn(async () => undefined);
    Object.defineProperty(navigator, "clipboard", { value: { writeText }, configurable: true });
    mockFetch({
      "/api/sermons?limit=24&offset=0": [],
      "/api/sermons/speakers": [],
      "/api/admin/feeds": FEEDS,
    });
    renderWithApp(<ManageSermonsWithFeedPage />, { user: makeUser(), path: "/admin/sermons" });
    const input = (await screen.findByLabelText("Podcast feed")) as HTMLInputElement;
    expect(input.value).toBe(FEEDS.podcastUrl);
    await userEvent.click(screen.getByRole("button", { name: "Copy podcast feed link" }));
    expect(writeText).toHaveBeenCalledWith(FEEDS.podcastUrl);
  });

  it("shows the calendar feed", async () => {
    mockFetch({ "/api/events": [], "/api/admin/feeds": FEEDS });
    renderWithApp(<ManageEventsWithFeedPage />, { user: makeUser(), path: "/admin/events" });
    expect(((await screen.findByLabelText("Calendar feed")) as HTMLInputElement).value).toBe(FEEDS.calendarUrl);
  });
});
