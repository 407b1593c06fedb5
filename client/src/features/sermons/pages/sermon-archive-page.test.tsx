import type { TSermon } from "@common/sermons";
import { act, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it, vi } from "vitest";
import { getToasts } from "@/components/ui/use-toast";
import { makeSermon } from "@/test/fixtures";
import { jsonResponse, makeUser, mockFetch, renderWithApp } from "@/test/render";
import { SermonArchivePage } from "./sermon-archive-page";

function page(sermons: TSermon[], total = sermons.length) {
  return () =>
    new Response(JSON.stringify(sermons), {
      status: 200,
      headers: { "Content-Type": "application/json", "X-Total-Count": String(total) },
    });
}

const FIRST = "/api/sermons?limit=24&offset=0";

function setup(routes: Record<string, unknown>) {
  const fetchMock = mockFetch({ "/api/sermons/speakers": ["Pastor Ruth", "Pastor Sam"], ...routes });
  renderWithApp(<SermonArchivePage />, { user: makeUser({ role: "CONGREGANT" }), path: "/sermons" });
  return fetchMock;
}

const gets = (fetchMock: ReturnType<typeof mockFetch>) =>
  fetchMock.mock.calls.filter(([, init]) => !init?.method || init.method === "GET").map(([url]) => String(url));

describe("SermonArchivePage", () => {
  it("shows skeleton cards while loading", () => {
    setup({ [FIRST]: () => new Promise<Response>(() => undefined) });
    expect(screen.getAllByTestId("sermon-skeleton").length).toBeGreaterThan(0);
    expect(screen.getByPlaceholderText("Search sermons...")).toBeTruthy();
  });

  it("says 'No sermons available' for an empty library", async () => {
    setup({ [FIRST]: page([]) });
    expect(await screen.findByText("No sermons available")).toBeTruthy();
    expect(screen.getByText("Check back later for new content")).toBeTruthy();
  });

  it("searches after a 250 ms pause and says when nothing matches", async () => {
    const fetchMock = setup({
      [FIRST]: page([makeSermon()]),
      "/api/sermons?limit=24&offset=0&search=zzz": page([]),
    });
    await screen.findByText("Hope in the Storm");
    await userEvent.type(screen.getByLabelText("Search sermons"), "zzz");
    expect(await screen.findByText("No sermons match your search criteria")).toBeTruthy();
    expect(screen.getByText("Try adjusting your filters")).toBeTruthy();
    // One request for the finished word, none for "z" or "zz".
    expect(gets(fetchMock).filter((u) => u.includes("search="))).toEqual(["/api/sermons?limit=24&offset=0&search=zzz"]);
  });

  it("filters by speaker with 'All Speakers' plus each speaker", async () => {
    const fetchMock = setup({
      [FIRST]: page([makeSermon()]),
      "/api/sermons?limit=24&offset=0&speaker=Pastor+Sam": page([makeSermon({ id: "s2", title: "Sam's Sermon" })]),
    });
    await screen.findByText("Hope in the Storm");
    const select = screen.getByRole("combobox", { name: "Filter by speaker" });
    expect((select as HTMLSelectElement).selectedOptions[0]?.textContent).toBe("All Speakers");
    await userEvent.selectOptions(select, "Pastor Sam");
    expect(await screen.findByText("Sam's Sermon")).toBeTruthy();
    expect(gets(fetchMock)).toContain("/api/sermons?limit=24&offset=0&speaker=Pastor+Sam");
  });

  it("shows cards with Video badge, Audio label, details and a link to the sermon", async () => {
    setup({
      [FIRST]: page([
        makeSermon({
          videoUrl: "https://youtu.be/abc",
          thumbnailUrl: "https://i.ytimg.com/vi/abc/hqdefault.jpg",
          audioUrl: "https://x.org/a.mp3",
          series: "Psalms",
          duration: 65,
        }),
        makeSermon({ id: "s2", title: "Audio Only", series: "Psalms" }),
      ]),
    });
    const link = await screen.findByRole("link", { name: "Hope in the Storm" });
    expect(link.getAttribute("href")).toBe("/sermons/s1");
    const card = link.closest("li") as HTMLElement;
    for (const text of ["Video", "Audio", "Psalms", "Pastor Ruth", "Jan 5, 2025", "1h 5m"])
      expect(within(card).getByText(text)).toBeTruthy();
    // Issue 24: the video's thumbnail, and the church-colored placeholder for a sermon without one.
    expect(card.querySelector("img")?.getAttribute("src")).toBe("https://i.ytimg.com/vi/abc/hqdefault.jpg");
    const other = (await screen.findByRole("link", { name: "Audio Only" })).closest("li") as HTMLElement;
    expect(other.querySelector("img")).toBeNull();
    expect(within(other).getByTestId("sermon-placeholder").textContent).toBe("Psalms");
  });

  it("Mark Watched → Marking... → Watched (disabled), with the points toast", async () => {
    let answer: (r: Response) => void = () => undefined;
    const fetchMock = setup({
      [FIRST]: page([makeSermon()]),
      "POST /api/sermons/s1/watch": () => new Promise<Response>((r) => (answer = r)),
    });
    await userEvent.click(await screen.findByRole("button", { name: /Mark Watched/ }));
    const pending = await screen.findByRole("button", { name: /Marking\.\.\./ });
    expect(pending.textContent).toContain("Marking...");
    expect((pending as HTMLButtonElement).disabled).toBe(true);
    answer(jsonResponse({ pointsAwarded: 10, points: 130, isWatched: true }));
    const done = await screen.findByRole("button", { name: /^Watched/ });
    expect((done as HTMLButtonElement).disabled).toBe(true);
    expect(getToasts()[0]).toMatchObject({
      title: "Success!",
      description: "Sermon marked as watched! +10 points earned",
    });
    expect(fetchMock.mock.calls.some(([u, i]) => u === "/api/sermons/s1/watch" && i?.method === "POST")).toBe(true);
  });

  it("does not claim points when none were awarded", async () => {
    setup({
      [FIRST]: page([makeSermon()]),
      "POST /api/sermons/s1/watch": jsonResponse({ pointsAwarded: 0, points: 120, isWatched: true }),
    });
    await userEvent.click(await screen.findByRole("button", { name: /Mark Watched/ }));
    await waitFor(() => expect(getToasts()[0]).toMatchObject({ description: "Sermon marked as watched!" }));
  });

  it("shows 'Watched' on load for a sermon the member already watched", async () => {
    setup({ [FIRST]: page([makeSermon({ isWatched: true })]) });
    const done = await screen.findByRole("button", { name: /^Watched/ });
    expect((done as HTMLButtonElement).disabled).toBe(true);
    expect(screen.queryByRole("button", { name: /Mark Watched/ })).toBeNull();
  });

  it("reports a failed watch", async () => {
    setup({
      [FIRST]: page([makeSermon()]),
      "POST /api/sermons/s1/watch": () => jsonResponse({ message: "boom" }, 500),
    });
    await userEvent.click(await screen.findByRole("button", { name: /Mark Watched/ }));
    await waitFor(() =>
      expect(getToasts()[0]).toMatchObject({
        title: "Error",
        description: "Failed to mark sermon as watched",
        variant: "destructive",
      }),
    );
    expect(screen.getByRole("button", { name: /Mark Watched/ })).toBeTruthy();
  });

  it("a 401 on watch starts the Unauthorized flow", async () => {
    setup({
      [FIRST]: page([makeSermon()]),
      "POST /api/sermons/s1/watch": () => jsonResponse({ message: "Unauthorized" }, 401),
    });
    await userEvent.click(await screen.findByRole("button", { name: /Mark Watched/ }));
    await waitFor(() =>
      expect(getToasts()[0]).toMatchObject({
        title: "Unauthorized",
        description: "You are logged out. Logging in again...",
      }),
    );
  });

  it("loads the next page of 24 with 'Load more'", async () => {
    const first = Array.from({ length: 24 }, (_, i) => makeSermon({ id: `a${i}`, title: `Sermon ${i}` }));
    const second = Array.from({ length: 6 }, (_, i) => makeSermon({ id: `b${i}`, title: `Later ${i}` }));
    const fetchMock = setup({
      [FIRST]: page(first, 30),
      "/api/sermons?limit=24&offset=24": page(second, 30),
    });
    await screen.findByText("Sermon 23");
    expect(screen.getAllByText("Showing 24 of 30 sermons").length).toBeGreaterThan(0);
    await userEvent.click(screen.getByRole("button", { name: "Load more" }));
    expect(await screen.findByText("Later 5")).toBeTruthy();
    expect(screen.getAllByRole("link")).toHaveLength(30);
    expect(screen.queryByRole("button", { name: "Load more" })).toBeNull();
    expect(gets(fetchMock).filter((u) => u.startsWith("/api/sermons?"))).toEqual([
      FIRST,
      "/api/sermons?limit=24&offset=24",
    ]);
  });

  it("loads the next page when the end of the list scrolls into view", async () => {
    type OnIntersect = (entries: Array<{ isIntersecting: boolean }>) => void;
    let onIntersect: OnIntersect | undefined;
    vi.stubGlobal(
      "IntersectionObserver",
      class {
        constructor(private readonly cb: OnIntersect) {}
        // The sentinel is watched from a passive effect, which can run after the last card shows.
        observe() {
          onIntersect = this.cb;
        }
        disconnect() {
          onIntersect = undefined;
        }
      },
    );
    const first = Array.from({ length: 24 }, (_, i) => makeSermon({ id: `a${i}`, title: `Sermon ${i}` }));
    const fetchMock = setup({
      [FIRST]: page(first, 25),
      "/api/sermons?limit=24&offset=24": page([makeSermon({ id: "z", title: "The Last One" })], 25),
    });
    await screen.findByText("Sermon 23");
    await waitFor(() => expect(onIntersect).toBeDefined());
    act(() => onIntersect?.([{ isIntersecting: true }]));
    expect(await screen.findByText("The Last One")).toBeTruthy();
    expect(gets(fetchMock)).toContain("/api/sermons?limit=24&offset=24");
  });

  it("draws the first screen's cards, then the rest of the page; only the first picture loads at once", async () => {
    let observed = 0;
    vi.stubGlobal(
      "IntersectionObserver",
      class {
        observe() {
          observed++;
        }
        disconnect() {}
      },
    );
    const first = Array.from({ length: 24 }, (_, i) =>
      makeSermon({ id: `a${i}`, title: `Sermon ${i}`, thumbnailUrl: `https://i.ytimg.com/vi/v${i}/hqdefault.jpg` }),
    );
    setup({ [FIRST]: page(first, 30) });
    await screen.findByText("Sermon 0");
    // The whole first page follows the first screen, and only then may scrolling ask for the next one.
    expect(await screen.findByText("Sermon 23")).toBeTruthy();
    await waitFor(() => expect(observed).toBeGreaterThan(0));
    const pictures = screen.getAllByTestId("sermon-thumbnail");
    expect(pictures).toHaveLength(24);
    expect(pictures[0].getAttribute("loading")).toBe("eager");
    expect(pictures[0].getAttribute("fetchpriority")).toBe("high");
    for (const img of pictures.slice(1)) {
      expect(img.getAttribute("loading")).toBe("lazy");
      expect(img.getAttribute("fetchpriority")).toBe("auto");
    }
  });
});
