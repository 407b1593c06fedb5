import type { TLiveModerator, TLiveStream } from "@common/live";
import type { TMember } from "@common/members";
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { getToasts } from "@/components/ui/use-toast";
import { activateLanguage } from "@/lib/i18n";
import { jsonResponse, makeUser, mockFetch, renderWithApp } from "@/test/render";
import { ManageLiveStreamPage } from "./manage-live-stream-page";

const STATUS = "/api/live-stream/status";
const HISTORY = "/api/live-stream/history";
const MODERATORS = "/api/live-stream/moderators";

function makeStream(over: Partial<TLiveStream> = {}): TLiveStream {
  return {
    id: "s1",
    eventId: "e1",
    title: "Sunday Worship",
    description: "Morning service",
    streamUrl: "https://www.youtube.com/watch?v=abcdefghijk",
    chatEnabled: true,
    recordingEnabled: true,
    startedAt: "2025-03-09T15:00:00.000Z",
    endedAt: null,
    durationMinutes: 12,
    viewerCount: 42,
    peakViewers: 57,
    messageCount: 18,
    sermonId: null,
    ...over,
  };
}

function makeMember(over: Partial<TMember>): TMember {
  return {
    id: "m",
    email: "m@example.org",
    firstName: null,
    lastName: null,
    bio: null,
    role: "CONGREGANT",
    churchId: "c1",
    profileImageUrl: null,
    points: 0,
    lastLogin: null,
    createdAt: "2025-01-01T00:00:00.000Z",
    lastActiveAt: null,
    ...over,
  };
}

const offline = { isLive: false, stream: null };

const sent = (fetchMock: ReturnType<typeof mockFetch>, method: string, url: string) =>
  fetchMock.mock.calls
    .filter(([u, init]) => u === url && (init?.method ?? "GET") === method)
    .map(([, init]) => (init?.body ? JSON.parse(String(init.body)) : undefined));

function setup(routes: Record<string, unknown>) {
  const fetchMock = mockFetch({ [HISTORY]: [], [MODERATORS]: [], ...routes });
  renderWithApp(<ManageLiveStreamPage />, { path: "/admin/live-stream", user: makeUser({ role: "ADMIN" }) });
  return fetchMock;
}

describe("ManageLiveStreamPage", () => {
  it("offline: the Offline badge, the form with chat and recording on, a dash for viewers, no recent streams", async () => {
    setup({ [STATUS]: offline });
    expect(await screen.findByText("Offline")).toBeTruthy();
    expect(screen.getByLabelText("Title")).toBeTruthy();
    expect(screen.getByRole("switch", { name: "Enable Chat" }).getAttribute("aria-checked")).toBe("true");
    expect(screen.getByRole("switch", { name: "Record Stream" }).getAttribute("aria-checked")).toBe("true");
    expect(screen.getByText("—")).toBeTruthy();
    expect(await screen.findByText("No streams yet")).toBeTruthy();
    expect(screen.queryByRole("button", { name: "Stop Stream" })).toBeNull();
  });

  it("refuses an empty title with 'Title Required', and a foreign stream URL with the contract's words", async () => {
    const fetchMock = setup({ [STATUS]: offline });
    await userEvent.click(await screen.findByRole("button", { name: "Start Live Stream" }));
    expect(getToasts()[0]).toMatchObject({
      title: "Title Required",
      description: "Please enter a title for your live stream.",
      variant: "destructive",
    });
    await userEvent.type(screen.getByLabelText("Title"), "Sunday");
    await userEvent.type(screen.getByLabelText("Stream URL (optional)"), "https://example.org/video");
    await userEvent.click(screen.getByRole("button", { name: "Start Live Stream" }));
    expect(await screen.findByText(/Stream URL must be a YouTube, Vimeo or Facebook link/)).toBeTruthy();
    expect(sent(fetchMock, "POST", "/api/live-stream/start")).toEqual([]);
  });

  it("starts a stream with the fields trimmed and chat off: 'Stream Started', then the live view", async () => {
    let isLive = false;
    const stream = makeStream({ chatEnabled: false });
    const fetchMock = setup({
      [STATUS]: () => jsonResponse(isLive ? { isLive, stream } : offline),
      "POST /api/live-stream/start": () => {
        isLive = true;
        return jsonResponse(stream, 201);
      },
    });
    await userEvent.type(await screen.findByLabelText("Title"), "  Sunday Worship  ");
    await userEvent.type(screen.getByLabelText("Description (optional)"), " Morning service ");
    await userEvent.type(screen.getByLabelText("Stream URL (optional)"), "https://www.youtube.com/watch?v=abcdefghijk");
    await userEvent.click(screen.getByRole("switch", { name: "Enable Chat" }));
    await userEvent.click(screen.getByRole("button", { name: "Start Live Stream" }));
    await waitFor(() =>
      expect(sent(fetchMock, "POST", "/api/live-stream/start")).toEqual([
        {
          title: "Sunday Worship",
          description: "Morning service",
          streamUrl: "https://www.youtube.com/watch?v=abcdefghijk",
          chatEnabled: false,
          recordingEnabled: true,
        },
      ]),
    );
    await waitFor(() => expect(getToasts()[0]).toMatchObject({ title: "Stream Started" }));
    expect(await screen.findByRole("button", { name: "Stop Stream" })).toBeTruthy();
    expect(screen.getByText("Live")).toBeTruthy();
    expect(screen.getByText("Chat off")).toBeTruthy();
    expect(screen.getByText("42")).toBeTruthy();
  });

  it("a refused start shows 'Stream Error' with the server's words", async () => {
    setup({
      [STATUS]: offline,
      "POST /api/live-stream/start": () => jsonResponse({ message: "A live stream is already running." }, 409),
    });
    await userEvent.type(await screen.findByLabelText("Title"), "Sunday");
    await userEvent.click(screen.getByRole("button", { name: "Start Live Stream" }));
    await waitFor(() =>
      expect(getToasts()[0]).toMatchObject({
        title: "Stream Error",
        description: "A live stream is already running.",
        variant: "destructive",
      }),
    );
  });

  it("live: real viewers, Copy Stream Link and Share Stream (copy without the Web Share API, share with it)", async () => {
    setup({ [STATUS]: { isLive: true, stream: makeStream() } });
    expect(await screen.findByText("42")).toBeTruthy();
    expect(screen.getByText(/Peak 57 · 18 chat messages/)).toBeTruthy();
    const writeText = vi.fn(async () => undefined);
    Object.defineProperty(navigator, "clipboard", { value: { writeText }, configurable: true });
    Object.defineProperty(navigator, "share", { value: undefined, configurable: true });
    await userEvent.click(screen.getByRole("button", { name: "Copy Stream Link" }));
    await waitFor(() => expect(getToasts()[0]).toMatchObject({ title: "Link Copied" }));
    expect(writeText).toHaveBeenLastCalledWith(`${window.location.origin}/live`);

    await userEvent.click(screen.getByRole("button", { name: "Share Stream" }));
    await waitFor(() => expect(writeText).toHaveBeenCalledTimes(2));
    const share = vi.fn(async () => undefined);
    Object.defineProperty(navigator, "share", { value: share, configurable: true });
    await userEvent.click(screen.getByRole("button", { name: "Share Stream" }));
    await waitFor(() =>
      expect(share).toHaveBeenCalledWith(
        expect.objectContaining({ title: "Sunday Worship", url: `${window.location.origin}/live` }),
      ),
    );
    expect(writeText).toHaveBeenCalledTimes(2);
  });

  it("Stop Stream asks first, then stops: 'Stream Stopped', Offline, and the draft sermon is pointed out", async () => {
    let isLive = true;
    // The stop answers before the draft is made (the server's live.ended subscriber); the history names it after.
    const answered = makeStream({ endedAt: "2025-03-09T16:00:00.000Z", sermonId: null, durationMinutes: 60 });
    const ended = { ...answered, sermonId: "ser1" };
    const fetchMock = setup({
      [STATUS]: () => jsonResponse(isLive ? { isLive, stream: makeStream() } : offline),
      [HISTORY]: () => jsonResponse(isLive ? [] : [ended]),
      "POST /api/live-stream/stop": () => {
        isLive = false;
        return jsonResponse(answered);
      },
    });
    await userEvent.click(await screen.findByRole("button", { name: "Stop Stream" }));
    const dialog = await screen.findByRole("alertdialog", { name: "Stop the live stream?" });
    expect(within(dialog).getByText(/recording will be saved as a draft sermon/)).toBeTruthy();
    await userEvent.click(within(dialog).getByRole("button", { name: "Stop Stream" }));
    await waitFor(() => expect(sent(fetchMock, "POST", "/api/live-stream/stop")).toEqual([undefined]));
    await waitFor(() => expect(getToasts()[0]).toMatchObject({ title: "Stream Stopped" }));
    expect(await screen.findByText("Offline")).toBeTruthy();
    const notice = screen.getByRole("region", { name: "Draft sermon" });
    expect(within(notice).getByText("“Sunday Worship” was saved as a draft sermon.")).toBeTruthy();
    expect(within(notice).getByRole("link", { name: "Open Manage Sermons" }).getAttribute("href")).toBe(
      "/admin/sermons",
    );
    const recent = await screen.findByRole("list", { name: "Recent streams" });
    expect(within(recent).getByText("Sunday Worship")).toBeTruthy();
    expect(within(recent).getByText("1h")).toBeTruthy();
    expect(within(recent).getByText("57 peak")).toBeTruthy();
    expect(within(recent).getByText("18 messages")).toBeTruthy();
    expect(within(recent).getByRole("link", { name: "Draft sermon" }).getAttribute("href")).toBe("/admin/sermons");
  });

  it("a stream stopped without a recording points out no draft sermon", async () => {
    let isLive = true;
    const answered = makeStream({ endedAt: "2025-03-09T16:00:00.000Z", recordingEnabled: false });
    setup({
      [STATUS]: () => jsonResponse(isLive ? { isLive, stream: makeStream({ recordingEnabled: false }) } : offline),
      [HISTORY]: () => jsonResponse(isLive ? [] : [answered]),
      "POST /api/live-stream/stop": () => {
        isLive = false;
        return jsonResponse(answered);
      },
    });
    await userEvent.click(await screen.findByRole("button", { name: "Stop Stream" }));
    const dialog = await screen.findByRole("alertdialog", { name: "Stop the live stream?" });
    await userEvent.click(within(dialog).getByRole("button", { name: "Stop Stream" }));
    await waitFor(() =>
      expect(getToasts()[0]).toMatchObject({
        title: "Stream Stopped",
        description: "The stream has ended for everyone watching.",
      }),
    );
    expect(await screen.findByText("Offline")).toBeTruthy();
    expect(screen.queryByRole("region", { name: "Draft sermon" })).toBeNull();
  });

  it("Stream Settings sends the new title, URL and chat state (PATCH) and says 'Settings Updated'", async () => {
    const fetchMock = setup({
      [STATUS]: { isLive: true, stream: makeStream() },
      "PATCH /api/live-stream": (init?: RequestInit) => jsonResponse(makeStream({ ...JSON.parse(String(init?.body)) })),
    });
    await userEvent.click(await screen.findByRole("button", { name: "Stream Settings" }));
    const dialog = await screen.findByRole("dialog", { name: "Stream Settings" });
    const title = within(dialog).getByLabelText("Title");
    expect((title as HTMLInputElement).value).toBe("Sunday Worship");
    await userEvent.clear(title);
    await userEvent.type(title, "Evening Worship ");
    const url = within(dialog).getByLabelText("Stream URL (optional)");
    await userEvent.clear(url);
    await userEvent.type(url, "https://cdn.example.org/live/main.m3u8");
    await userEvent.click(within(dialog).getByRole("switch", { name: "Enable Chat" }));
    await userEvent.click(within(dialog).getByRole("button", { name: "Save Settings" }));
    await waitFor(() =>
      expect(sent(fetchMock, "PATCH", "/api/live-stream")).toEqual([
        {
          title: "Evening Worship",
          description: "Morning service",
          streamUrl: "https://cdn.example.org/live/main.m3u8",
          chatEnabled: false,
        },
      ]),
    );
    await waitFor(() => expect(getToasts()[0]).toMatchObject({ title: "Settings Updated" }));
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
    expect(await screen.findByText("Evening Worship")).toBeTruthy();
    expect(screen.getByText("Chat off")).toBeTruthy();
  });

  it("Manage Moderators lists members (not admins, not oneself) and saves the chosen ones (PUT)", async () => {
    const ben: TLiveModerator = {
      id: "u2",
      firstName: "Ben",
      lastName: "Cole",
      email: "ben@example.org",
      profileImageUrl: null,
    };
    const fetchMock = setup({
      [STATUS]: offline,
      [MODERATORS]: [ben],
      "/api/admin/members": [
        makeMember({ id: "u1", firstName: "Ann", lastName: "Lee", role: "ADMIN" }),
        makeMember({ id: "u2", firstName: "Ben", lastName: "Cole", email: "ben@example.org" }),
        makeMember({ id: "u3", firstName: "Cara", lastName: "Diaz", email: "cara@example.org" }),
        makeMember({ id: "u4", firstName: "Dan", lastName: "Eze", role: "SUPER_ADMIN" }),
      ],
      "PUT /api/live-stream/moderators": (init?: RequestInit) => {
        const ids: string[] = JSON.parse(String(init?.body)).userIds;
        return jsonResponse(ids.map((id) => ({ ...ben, id })));
      },
    });
    expect(await screen.findByText("Ben Cole")).toBeTruthy();
    await userEvent.click(screen.getByRole("button", { name: "Manage Moderators" }));
    const dialog = await screen.findByRole("dialog", { name: "Manage Moderators" });
    const ben2 = await within(dialog).findByRole("checkbox", { name: /Ben Cole/ });
    expect((ben2 as HTMLInputElement).checked).toBe(true);
    expect(within(dialog).queryByRole("checkbox", { name: /Ann Lee/ })).toBeNull();
    expect(within(dialog).queryByRole("checkbox", { name: /Dan Eze/ })).toBeNull();
    await userEvent.click(within(dialog).getByRole("checkbox", { name: /Cara Diaz/ }));
    await userEvent.click(within(dialog).getByRole("button", { name: "Save Moderators" }));
    await waitFor(() =>
      expect(sent(fetchMock, "PUT", "/api/live-stream/moderators")).toEqual([{ userIds: ["u2", "u3"] }]),
    );
    await waitFor(() =>
      expect(getToasts()[0]).toMatchObject({
        title: "Moderators Updated",
        description: "2 members can delete chat messages.",
      }),
    );
  });
});

describe("ManageLiveStreamPage in other languages", () => {
  afterEach(async () => {
    await activateLanguage("en");
  });

  it("speaks Spanish: the start form, its switches, the tips and the empty history", async () => {
    await activateLanguage("es");
    setup({ [STATUS]: offline });
    expect(await screen.findByRole("heading", { name: "Gestión de transmisiones en vivo", level: 1 })).toBeTruthy();
    expect(await screen.findByText("Iniciar una transmisión en vivo")).toBeTruthy();
    expect(screen.getByLabelText("Activar chat")).toBeTruthy();
    expect(screen.getByLabelText("Grabar transmisión")).toBeTruthy();
    expect(screen.getByRole("button", { name: "Iniciar transmisión" })).toBeTruthy();
    expect(screen.getByText("Consejos para transmitir")).toBeTruthy();
    expect(await screen.findByText("Aún no hay transmisiones")).toBeTruthy();
  });

  it("renders right to left in Arabic while live, with the viewers' figures", async () => {
    await activateLanguage("ar");
    setup({ [STATUS]: { isLive: true, stream: makeStream() } });
    expect(await screen.findByRole("heading", { name: "إدارة البث المباشر", level: 1 })).toBeTruthy();
    expect(await screen.findByText("الذروة 57 · 18 رسالة دردشة")).toBeTruthy();
    expect(screen.getByRole("button", { name: "إيقاف البث" })).toBeTruthy();
    expect(document.documentElement.dir).toBe("rtl");
  });
});
