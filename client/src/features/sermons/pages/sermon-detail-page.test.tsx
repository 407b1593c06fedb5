import type { TSermon } from "@common/sermons";
import { act, fireEvent, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { getToasts } from "@/components/ui/use-toast";
import { makeHighlight, makeSermon } from "@/test/fixtures";
import { jsonResponse, makeUser, mockFetch, renderWithApp } from "@/test/render";
import { SermonDetailPage } from "./sermon-detail-page";

/** A stand-in for hls.js (loaded by HlsVideo only where the browser has no HLS of its own). */
const hls = vi.hoisted(() => ({
  created: [] as Array<{ source?: string; media?: unknown; isDestroyed: boolean; fail: () => void }>,
}));
vi.mock("hls.js", () => ({
  default: class {
    static isSupported = () => true;
    static Events = { ERROR: "hlsError" };
    state: (typeof hls.created)[number];
    onError: (event: string, data: { fatal: boolean }) => void = () => undefined;
    constructor() {
      this.state = { isDestroyed: false, fail: () => this.onError("hlsError", { fatal: true }) };
      hls.created.push(this.state);
    }
    on(event: string, listener: (event: string, data: { fatal: boolean }) => void) {
      if (event === "hlsError") this.onError = listener;
    }
    loadSource(source: string) {
      this.state.source = source;
    }
    attachMedia(media: unknown) {
      this.state.media = media;
    }
    destroy() {
      this.state.isDestroyed = true;
    }
  },
}));

afterEach(() => {
  hls.created.length = 0;
  vi.restoreAllMocks();
});

const HLS_URL = "https://stream.example.org/live/index.m3u8";

const NOTES = "Jesus calmed the storm.\n\nPeace be still, and know that I am God.";

function setup(
  sermon: TSermon & { scriptureUrl?: string | null } = makeSermon(),
  routes: Record<string, unknown> = {},
) {
  const fetchMock = mockFetch({
    "/api/sermons/s1": sermon,
    "/api/sermons/s1/related": [],
    "/api/sermon-highlights/s1": [],
    ...routes,
  });
  const utils = renderWithApp(<SermonDetailPage id="s1" />, { user: makeUser({ role: "CONGREGANT" }) });
  return { fetchMock, ...utils };
}

/** Selects `text` inside `el` as a member dragging over it would. */
function selectText(el: HTMLElement, text: string) {
  const node = el.firstChild as Text;
  const start = node.data.indexOf(text);
  const range = document.createRange();
  range.setStart(node, start);
  range.setEnd(node, start + text.length);
  const sel = document.getSelection() as Selection;
  sel.removeAllRanges();
  sel.addRange(range);
  act(() => {
    document.dispatchEvent(new Event("selectionchange"));
    fireEvent.mouseUp(el);
  });
}

describe("SermonDetailPage", () => {
  it("shows the details: long date, hours and minutes, views, series, topics, description fallback", async () => {
    setup(makeSermon({ duration: 65, viewCount: 1234, series: "Psalms", tags: ["peace", "faith"] }));
    expect(await screen.findByRole("heading", { name: "Hope in the Storm" })).toBeTruthy();
    expect(screen.getByText("January 5, 2025")).toBeTruthy();
    expect(screen.getByText("1h 5m")).toBeTruthy();
    expect(screen.getByText("1,234 views")).toBeTruthy();
    expect(screen.getByText("Psalms")).toBeTruthy();
    expect(screen.getByText("No description available for this sermon.")).toBeTruthy();
    expect(screen.getByRole("heading", { name: "Topics Covered" })).toBeTruthy();
    expect(screen.getByText("peace")).toBeTruthy();
  });

  it("links the series to its page and the scripture to the church's Bible reader (issue 24)", async () => {
    const reader = "https://www.biblegateway.com/passage/?search=John%203&version=NIV";
    setup({ ...makeSermon({ series: "Romans Road", scripture: "John 3:16-21" }), scriptureUrl: reader });
    const scripture = await screen.findByRole("link", { name: /John 3:16-21/ });
    expect(scripture.getAttribute("href")).toBe(reader);
    expect(scripture.getAttribute("target")).toBe("_blank");
    expect(screen.getByRole("link", { name: "Series: Romans Road" }).getAttribute("href")).toBe(
      "/sermons/series/Romans%20Road",
    );
  });

  it("shows a scripture reference the server could not read as plain text", async () => {
    setup({ ...makeSermon({ scripture: "The Beatitudes" }), scriptureUrl: null });
    expect(await screen.findByText("The Beatitudes")).toBeTruthy();
    expect(screen.queryByRole("link", { name: /Beatitudes/ })).toBeNull();
  });

  it("formats a duration under an hour as minutes", async () => {
    setup(makeSermon({ duration: 45 }));
    expect(await screen.findByText("45m")).toBeTruthy();
  });

  it("says 'Sermon Not Found' with a way back when the sermon is missing", async () => {
    mockFetch({ "/api/sermons/s1": () => jsonResponse({ message: "Sermon not found" }, 404) });
    renderWithApp(<SermonDetailPage id="s1" />, { user: makeUser() });
    expect(await screen.findByRole("heading", { name: "Sermon Not Found" })).toBeTruthy();
    expect(screen.getByRole("link", { name: "Back to Sermons" }).getAttribute("href")).toBe("/sermons");
  });

  it("plays YouTube through the privacy-enhanced embed, and opens notes in a new tab", async () => {
    setup(makeSermon({ videoUrl: "https://www.youtube.com/watch?v=dQw4w9WgXcQ", notesUrl: "https://x.org/n.pdf" }));
    const frame = await screen.findByTitle("Hope in the Storm (video)");
    expect(frame.getAttribute("src")).toMatch(
      /^https:\/\/www\.youtube-nocookie\.com\/embed\/dQw4w9WgXcQ\?enablejsapi=1/,
    );
    const notes = screen.getByRole("link", { name: /Sermon Notes/ });
    expect(notes.getAttribute("href")).toBe("https://x.org/n.pdf");
    expect(notes.getAttribute("target")).toBe("_blank");
  });

  it("plays Vimeo and audio files in their players", async () => {
    setup(makeSermon({ videoUrl: "https://vimeo.com/76979871", audioUrl: "https://x.org/a.mp3" }));
    const frame = await screen.findByTitle("Hope in the Storm (video)");
    expect(frame.getAttribute("src")).toBe("https://player.vimeo.com/video/76979871");
    await userEvent.click(screen.getByRole("tab", { name: "Audio" }));
    expect(screen.getByLabelText("Hope in the Storm (audio)").getAttribute("src")).toBe("https://x.org/a.mp3");
  });

  it("plays a Facebook recording in Facebook's embed", async () => {
    const facebook = "https://www.facebook.com/grace/videos/1234567890/";
    setup(makeSermon({ videoUrl: facebook }));
    const frame = await screen.findByTitle("Hope in the Storm (video)");
    expect(frame.getAttribute("src")).toBe(
      `https://www.facebook.com/plugins/video.php?href=${encodeURIComponent(facebook)}&show_text=false`,
    );
  });

  it("plays a recorded stream (HLS) through hls.js where the browser has no HLS of its own, and seeks it", async () => {
    const { unmount } = setup(makeSermon({ videoUrl: HLS_URL }), { "/api/sermon-highlights/s1": [makeHighlight()] });
    const video = (await screen.findByLabelText("Hope in the Storm (video)")) as HTMLVideoElement;
    expect(video).toBe(screen.getByTestId("hls-video"));
    await waitFor(() => expect(hls.created).toHaveLength(1));
    // (toBe: a deep match would walk the whole DOM behind the element)
    expect(hls.created[0].media).toBe(video);
    expect(hls.created[0]).toMatchObject({ source: HLS_URL, isDestroyed: false });
    // A highlight plays from its time in the HLS video too.
    video.play = vi.fn(async () => undefined);
    await userEvent.click(await screen.findByRole("button", { name: "Play from 1:15" }));
    expect(video.currentTime).toBe(75);
    expect(video.play).toHaveBeenCalled();
    unmount();
    expect(hls.created[0].isDestroyed).toBe(true);
  });

  it("says when a recorded stream cannot be loaded, and Try again starts it over", async () => {
    setup(makeSermon({ videoUrl: HLS_URL }));
    const video = await screen.findByLabelText("Hope in the Storm (video)");
    await waitFor(() => expect(hls.created).toHaveLength(1));
    act(() => hls.created[0].fail());
    const message = await screen.findByRole("status");
    expect(message.textContent).toContain("This video could not be loaded.");
    expect(video.hidden).toBe(true);
    await userEvent.click(within(message).getByRole("button", { name: "Try again" }));
    await waitFor(() => expect(hls.created).toHaveLength(2));
    expect(hls.created[0].isDestroyed).toBe(true);
    expect(hls.created[1].media).toBe(video);
    expect(hls.created[1]).toMatchObject({ source: HLS_URL, isDestroyed: false });
    expect(screen.queryByRole("status")).toBeNull();
    expect(video.hidden).toBe(false);
  });

  it("plays a recorded stream in the browser's own player where it has HLS (Safari), without hls.js", async () => {
    vi.spyOn(HTMLMediaElement.prototype, "canPlayType").mockImplementation((type) =>
      type === "application/vnd.apple.mpegurl" ? "maybe" : "",
    );
    setup(makeSermon({ videoUrl: HLS_URL }));
    const video = await screen.findByLabelText("Hope in the Storm (video)");
    await waitFor(() => expect(video.getAttribute("src")).toBe(HLS_URL));
    expect(hls.created).toHaveLength(0);
  });

  it("shows an admin a draft with a note, without watching, highlights or related sermons", async () => {
    const fetchMock = mockFetch({
      "/api/sermons/s1": makeSermon({ isDraft: true, notes: NOTES }),
    });
    renderWithApp(<SermonDetailPage id="s1" />, { user: makeUser() });
    expect(await screen.findByRole("heading", { name: "Hope in the Storm" })).toBeTruthy();
    expect(screen.getByRole("status").textContent).toContain("This sermon is a draft: only admins can see it.");
    expect(screen.getByRole("link", { name: "Manage Sermons" }).getAttribute("href")).toBe("/admin/sermons");
    expect(screen.getByText(/Peace be still/)).toBeTruthy();
    expect(screen.queryByRole("button", { name: /Mark Watched/ })).toBeNull();
    expect(screen.queryByText("Your Highlights")).toBeNull();
    expect(screen.queryByRole("button", { name: /Highlight/ })).toBeNull();
    // Nothing is asked that the server answers 404 on a draft.
    expect(fetchMock.mock.calls.map(([u]) => String(u))).toEqual(["/api/sermons/s1"]);
  });

  it("keeps Highlight disabled until text in the notes is selected, then saves it at the player's time", async () => {
    const { fetchMock } = setup(makeSermon({ notes: NOTES, audioUrl: "https://x.org/a.mp3" }), {
      "POST /api/sermon-highlights": () =>
        jsonResponse(makeHighlight({ text: "Peace be still", timestamp: 83, note: "So good" }), 201),
    });
    const button = (await screen.findByRole("button", { name: "Highlight" })) as HTMLButtonElement;
    expect(button.disabled).toBe(true);
    const audio = screen.getByLabelText("Hope in the Storm (audio)") as HTMLAudioElement;
    Object.defineProperty(audio, "currentTime", { value: 83.6, configurable: true });

    selectText(screen.getByRole("region", { name: "Sermon notes" }), "Peace be still");
    await waitFor(() => expect(button.disabled).toBe(false));
    await userEvent.click(button);
    const dialog = await screen.findByRole("dialog");
    expect(within(dialog).getByText(/At 1:23 in the recording/)).toBeTruthy();
    await userEvent.type(within(dialog).getByLabelText("Note (optional)"), "So good");
    await userEvent.click(within(dialog).getByRole("button", { name: "Save Highlight" }));
    await waitFor(() =>
      expect(getToasts()[0]).toMatchObject({
        title: "Highlight Created",
        description: "Your sermon highlight has been saved.",
      }),
    );
    const post = fetchMock.mock.calls.find(([, init]) => init?.method === "POST");
    expect(JSON.parse(String(post?.[1]?.body))).toEqual({
      sermonId: "s1",
      timestamp: 83,
      text: "Peace be still",
      note: "So good",
    });
  });

  it("keeps only the part inside the notes when a selection runs past them", async () => {
    const { fetchMock } = setup(makeSermon({ notes: NOTES }), {
      "POST /api/sermon-highlights": () => jsonResponse(makeHighlight(), 201),
    });
    const region = await screen.findByRole("region", { name: "Sermon notes" });
    const node = region.firstChild as Text;
    const range = document.createRange();
    range.setStart(node, node.data.indexOf("know that"));
    range.setEnd(screen.getByRole("button", { name: "Highlight" }), 0);
    const sel = document.getSelection() as Selection;
    sel.removeAllRanges();
    sel.addRange(range);
    act(() => {
      document.dispatchEvent(new Event("selectionchange"));
    });
    await userEvent.click(screen.getByRole("button", { name: "Highlight" }));
    await userEvent.click(within(await screen.findByRole("dialog")).getByRole("button", { name: "Save Highlight" }));
    await waitFor(() => expect(fetchMock.mock.calls.some(([, i]) => i?.method === "POST")).toBe(true));
    const post = fetchMock.mock.calls.find(([, init]) => init?.method === "POST");
    expect(JSON.parse(String(post?.[1]?.body)).text).toBe("know that I am God.");
  });

  it("highlights from the description when there are no notes; a failed save says so", async () => {
    setup(makeSermon({ description: "A word of comfort for anxious hearts." }), {
      "POST /api/sermon-highlights": () => jsonResponse({ message: "boom" }, 500),
    });
    const region = await screen.findByRole("region", { name: "Sermon description" });
    selectText(region, "comfort");
    await userEvent.click(screen.getByRole("button", { name: "Highlight" }));
    await userEvent.click(within(await screen.findByRole("dialog")).getByRole("button", { name: "Save Highlight" }));
    await waitFor(() =>
      expect(getToasts()[0]).toMatchObject({ description: "Failed to create highlight.", variant: "destructive" }),
    );
  });

  it("lists my highlights (m:ss, share, copy) and the community's shared ones", async () => {
    const writeText = vi.fn(async () => undefined);
    Object.defineProperty(navigator, "clipboard", { value: { writeText }, configurable: true });
    const { fetchMock } = setup(makeSermon(), {
      "/api/sermon-highlights/s1": [
        makeHighlight({ id: "h1", timestamp: 75, text: "Peace be still", note: "Remember this" }),
        makeHighlight({ id: "h2", timestamp: 5, text: "Mine shared", isShared: true, shareCount: 3 }),
        makeHighlight({
          id: "h3",
          timestamp: 200,
          isMine: false,
          isShared: true,
          shareCount: 2,
          userName: "Bob Stone",
          text: "Theirs",
        }),
        makeHighlight({ id: "h4", isMine: false, isShared: false, text: "Private of someone" }),
      ],
      "PATCH /api/sermon-highlights/h1/share": () =>
        jsonResponse(makeHighlight({ id: "h1", isShared: true, shareCount: 1 })),
    });
    expect(await screen.findByText("1:15")).toBeTruthy();
    expect(screen.getByText("0:05")).toBeTruthy();
    expect(screen.getByText("Remember this")).toBeTruthy();
    expect(screen.getByText("Shared, 3 shares")).toBeTruthy();
    expect(screen.queryByText("Private of someone")).toBeNull();
    const community = screen
      .getByRole("heading", { name: "Shared by the community" })
      .closest("section") as HTMLElement;
    expect(within(community).getByText("Bob Stone")).toBeTruthy();
    expect(within(community).getByText("2 shares")).toBeTruthy();

    const mine = screen.getByText("Peace be still").closest("li") as HTMLElement;
    await userEvent.click(within(mine).getByRole("button", { name: "Share" }));
    await waitFor(() =>
      expect(getToasts()[0]).toMatchObject({
        title: "Highlight Shared",
        description: "Your highlight has been shared with the community.",
      }),
    );
    expect(
      fetchMock.mock.calls.some(([u, i]) => u === "/api/sermon-highlights/h1/share" && i?.method === "PATCH"),
    ).toBe(true);
    await userEvent.click(within(mine).getByRole("button", { name: "Copy" }));
    await waitFor(() =>
      expect(getToasts()[0]).toMatchObject({ title: "Copied", description: "Highlight copied to clipboard." }),
    );
    expect(writeText).toHaveBeenCalledWith(expect.stringContaining("Peace be still"));
  });

  it("reports a failed share", async () => {
    setup(makeSermon(), {
      "/api/sermon-highlights/s1": [makeHighlight()],
      "PATCH /api/sermon-highlights/h1/share": () => jsonResponse({ message: "no" }, 500),
    });
    await userEvent.click(await screen.findByRole("button", { name: "Share" }));
    await waitFor(() => expect(getToasts()[0]).toMatchObject({ description: "Failed to share highlight." }));
  });

  it("seeks the player from a highlight's timestamp", async () => {
    setup(makeSermon({ audioUrl: "https://x.org/a.mp3" }), { "/api/sermon-highlights/s1": [makeHighlight()] });
    const audio = (await screen.findByLabelText("Hope in the Storm (audio)")) as HTMLAudioElement;
    audio.play = vi.fn(async () => undefined);
    await userEvent.click(await screen.findByRole("button", { name: "Play from 1:15" }));
    expect(audio.currentTime).toBe(75);
    expect(audio.play).toHaveBeenCalled();
  });

  it("shows related sermons, and hides the section when there are none", async () => {
    setup(makeSermon(), {
      "/api/sermons/s1/related": [makeSermon({ id: "s2", title: "Still Waters", series: "Psalms" })],
    });
    const link = await screen.findByRole("link", { name: /Still Waters/ });
    expect(link.getAttribute("href")).toBe("/sermons/s2");
    expect(screen.getByRole("heading", { name: "Related Sermons" })).toBeTruthy();
  });

  it("has no related section when the list is empty", async () => {
    setup();
    await screen.findByRole("heading", { name: "Hope in the Storm" });
    await screen.findByText("Your Highlights");
    expect(screen.queryByRole("heading", { name: "Related Sermons" })).toBeNull();
  });
});
