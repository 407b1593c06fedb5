import type { TSermon } from "@common/sermons";
import { screen, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { makeSermon } from "@/test/fixtures";
import { jsonResponse, makeUser, mockFetch, renderWithApp } from "@/test/render";
import { SermonSeriesPage } from "./sermon-series-page";

const LIST = "/api/sermons?limit=24&offset=0&series=Romans+Road";
const HEADING = "/api/sermons/series?name=Romans+Road";

const page =
  (sermons: TSermon[], total = sermons.length) =>
  () =>
    new Response(JSON.stringify(sermons), {
      status: 200,
      headers: { "Content-Type": "application/json", "X-Total-Count": String(total) },
    });

function setup(routes: Record<string, unknown>) {
  const fetchMock = mockFetch(routes);
  renderWithApp(<SermonSeriesPage name="Romans Road" />, {
    user: makeUser({ role: "CONGREGANT" }),
    path: "/sermons/series/Romans%20Road",
  });
  return fetchMock;
}

describe("SermonSeriesPage", () => {
  it("shows the series' name, count and dates, and its sermons in the order the server gives", async () => {
    const fetchMock = setup({
      [HEADING]: {
        name: "Romans Road",
        count: 2,
        firstDate: "2026-03-01T00:00:00.000Z",
        lastDate: "2026-03-22T00:00:00.000Z",
      },
      [LIST]: page([
        makeSermon({ id: "a", title: "Part 1", series: "Romans Road" }),
        makeSermon({ id: "b", title: "Part 2", series: "Romans Road" }),
      ]),
    });
    expect(await screen.findByRole("heading", { name: "Romans Road" })).toBeTruthy();
    expect(await screen.findByText(/^2 sermons · Mar 1 – 22, 2026$/)).toBeTruthy();
    const list = await screen.findByRole("list", { name: "Sermons in Romans Road, in order" });
    expect(
      within(list)
        .getAllByRole("heading")
        .map((h) => h.textContent),
    ).toEqual(["Part 1", "Part 2"]);
    // Cards here do not link back to the page they are on.
    expect(screen.queryByRole("link", { name: /Series:/ })).toBeNull();
    expect(screen.getByRole("link", { name: "All Sermons" }).getAttribute("href")).toBe("/sermons");
    // Only what the page shows: the heading and one page of the series.
    expect(fetchMock.mock.calls.map(([url]) => String(url)).sort()).toEqual([HEADING, LIST].sort());
  });

  it("says the series is not found, with a way back, when it has no sermons", async () => {
    setup({
      [HEADING]: () => jsonResponse({ message: "Series Not Found" }, 404),
      [LIST]: page([]),
    });
    expect(await screen.findByText("Series not found")).toBeTruthy();
    expect(screen.getByRole("link", { name: "Browse all sermons" }).getAttribute("href")).toBe("/sermons");
  });
});
