import nodeConsole from "node:console";
import type { TLiveEvent, TLiveMessage } from "@common/live";
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { getToasts } from "@/components/ui/use-toast";
import { activateLanguage } from "@/lib/i18n";
import { makeEvent } from "@/test/fixtures";
import { jsonResponse, makeUser, mockFetch, renderWithApp } from "@/test/render";
import { FakeWebSocket } from "../fake-web-socket";
import { LivePage } from "./live-page";

const hls = vi.hoisted(() => ({ created: [] as Array<{ source?: string; media?: unknown }> }));
vi.mock("hls.js", () => ({
  default: class {
    static isSupported = () => true;
    static Events = { ERROR: "hlsError" };
    state: { source?: string; media?: unknown } = {};
    constructor() {
      hls.created.push(this.state);
    }
    on() {}
    loadSource(source: string) {
      this.state.source = source;
    }
    attachMedia(media: unknown) {
      this.state.media = media;
    }
    destroy() {}
  },
}));

const LIVE = "/api/events/live";
const EVENT_ID = "9b3c6f1e-0000-4000-8000-000000000001";
const MESSAGES = `/api/live-stream/messages/${EVENT_ID}`;
const SEND = `POST /api/live-stream/${EVENT_ID}/message`;

function makeLive(over: Partial<TLiveEvent> = {}): TLiveEvent {
  return {
    id: EVENT_ID,
    title: "Sunday Worship",
    description: "Join us for worship and the word.",
    location: "Main Sanctuary",
    startTime: "2025-03-09T15:00:00.000Z",
    endTime: "2025-03-09T16:30:00.000Z",
    streamUrl: "https://www.youtube.com/watch?v=abcdefghijk",
    chatEnabled: true,
    startedAt: "2025-03-09T15:02:00.000Z",
    viewerCount: 3,
    canModerate: false,
    ...over,
  };
}

function makeMessage(over: Partial<TLiveMessage> = {}): TLiveMessage {
  return {
    id: "m1",
    eventId: EVENT_ID,
    userId: "u2",
    userName: "Ben Cole",
    userImageUrl: null,
    message: "Good morning church!",
    messageType: "chat",
    createdAt: "2025-03-09T15:03:00.000Z",
    ...over,
  };
}

const calls = (fetchMock: ReturnType<typeof mockFetch>, method: string, url: string) =>
  fetchMock.mock.calls
    .filter(([u, init]) => u === url && (init?.method ?? "GET") === method)
    .map(([, init]) => (init?.body ? JSON.parse(String(init.body)) : undefined));

function setup(routes: Record<string, unknown>) {
  const fetchMock = mockFetch(routes);
  renderWithApp(<LivePage />, { path: "/live", user: makeUser({ role: "CONGREGANT" }) });
  return fetchMock;
}

/** The page's socket, opened and joined to the event (the server said "joined"). */
async function joinSocket(count = 3) {
  await waitFor(() => expect(FakeWebSocket.instances.length).toBeGreaterThan(0));
  const ws = FakeWebSocket.latest();
  ws.open();
  ws.receive({ type: "joined", eventId: EVENT_ID, count });
  return ws;
}

beforeEach(() => {
  FakeWebSocket.install();
  hls.created.length = 0;
  // happy-dom does not load iframes, and says so for each embedded player on Node's own console.
  const error = nodeConsole.error.bind(nodeConsole);
  vi.spyOn(nodeConsole, "error").mockImplementation((...args) => {
    if (!String(args[0]).includes("Iframe page loading is disabled")) error(...args);
  });
});

describe("LivePage", () => {
  it("says 'No Live Stream Available' with the next scheduled event, and opens no socket", async () => {
    setup({
      [LIVE]: null,
      "/api/events?upcoming=true&limit=1": [makeEvent({ title: "Wednesday Prayer Night", location: "Chapel" })],
    });
    expect(await screen.findByText("No Live Stream Available")).toBeTruthy();
    expect(await screen.findByText("Wednesday Prayer Night")).toBeTruthy();
    expect(screen.getByText("Chapel")).toBeTruthy();
    expect(screen.getByRole("link", { name: "See all events" }).getAttribute("href")).toBe("/events");
    expect(FakeWebSocket.instances).toHaveLength(0);
  });

  it("shows the live stream: LIVE, title, player, viewers, connection, About This Stream and the chat history", async () => {
    setup({
      [LIVE]: makeLive(),
      [MESSAGES]: [
        makeMessage(),
        makeMessage({
          id: "m2",
          userName: "Cara Diaz",
          message: "Please pray for my dad <b>today</b>",
          messageType: "prayer_request",
        }),
      ],
    });
    expect(await screen.findByRole("heading", { level: 1, name: "Sunday Worship" })).toBeTruthy();
    expect(screen.getByText("LIVE")).toBeTruthy();
    expect(screen.getByText("3 watching")).toBeTruthy();
    expect(screen.getByText("Connecting...")).toBeTruthy();
    const frame = await screen.findByTitle("Sunday Worship (live stream)");
    expect(frame.tagName).toBe("IFRAME");
    expect(frame.getAttribute("src")).toBe(
      "https://www.youtube-nocookie.com/embed/abcdefghijk?autoplay=1&playsinline=1",
    );
    const about = screen.getByRole("region", { name: "About This Stream" });
    expect(within(about).getByText("Join us for worship and the word.")).toBeTruthy();
    expect(within(about).getByText("Main Sanctuary")).toBeTruthy();

    const log = await screen.findByRole("log", { name: "Chat messages" });
    await within(log).findByText("Good morning church!");
    const prayer = within(log).getByText(/Please pray for my dad/);
    // Text stays text.
    expect(prayer.textContent).toBe("Please pray for my dad <b>today</b>");
    expect(prayer.querySelector("b")).toBeNull();
    expect(within(log).getAllByText("Prayer request")).toHaveLength(1);
    // Only moderators may delete.
    expect(within(log).queryByRole("button", { name: /Delete message/ })).toBeNull();
    // hls.js is not loaded for a YouTube link.
    expect(hls.created).toHaveLength(0);

    const ws = await joinSocket(7);
    expect(ws.url).toBe(`ws://${window.location.host}/ws`);
    expect(ws.sent).toEqual([{ type: "join_live_stream", eventId: EVENT_ID }]);
    expect(await screen.findByText("Connected")).toBeTruthy();
    expect(screen.getByText("7 watching")).toBeTruthy();
    ws.receive({ type: "viewer_count", eventId: EVENT_ID, count: 1204 });
    expect(await screen.findByText("1,204 watching")).toBeTruthy();
  });

  it("a new_message frame appends the message without asking the server again; message_deleted removes it", async () => {
    const fetchMock = setup({ [LIVE]: makeLive(), [MESSAGES]: [makeMessage()] });
    const log = await screen.findByRole("log", { name: "Chat messages" });
    await within(log).findByText("Good morning church!");
    const ws = await joinSocket();
    const before = calls(fetchMock, "GET", MESSAGES).length;
    ws.receive({
      type: "new_message",
      message: makeMessage({ id: "m9", userName: "Dee Fox", message: "Amen!", createdAt: "2025-03-09T15:05:00.000Z" }),
    });
    expect(await within(log).findByText("Amen!")).toBeTruthy();
    expect(within(log).getAllByRole("listitem")).toHaveLength(2);
    // The same message again (the sender's own, or a repeat) is shown once.
    ws.receive({ type: "new_message", message: makeMessage({ id: "m9", message: "Amen!" }) });
    // Another event's message is not this chat's.
    ws.receive({ type: "new_message", message: makeMessage({ id: "x1", eventId: "other", message: "Elsewhere" }) });
    expect(within(log).getAllByRole("listitem")).toHaveLength(2);
    expect(calls(fetchMock, "GET", MESSAGES)).toHaveLength(before);

    ws.receive({ type: "message_deleted", eventId: EVENT_ID, messageId: "m1" });
    await waitFor(() => expect(within(log).queryByText("Good morning church!")).toBeNull());
    expect(within(log).getByText("Amen!")).toBeTruthy();
  });

  it("stream_updated changes the title and closes the chat; stream_ended says the stream has ended", async () => {
    setup({ [LIVE]: makeLive(), [MESSAGES]: [makeMessage()], "/api/events?upcoming=true&limit=1": [] });
    const ws = await joinSocket();
    expect(await screen.findByLabelText("Message")).toBeTruthy();
    const { canModerate: _c, viewerCount: _v, ...event } = makeLive();
    ws.receive({
      type: "stream_updated",
      event: { ...event, title: "Sunday Worship (2nd service)", chatEnabled: false },
    });
    expect(await screen.findByRole("heading", { level: 1, name: "Sunday Worship (2nd service)" })).toBeTruthy();
    expect(screen.getByText("Chat is closed for this stream.")).toBeTruthy();
    expect(screen.queryByLabelText("Message")).toBeNull();

    ws.receive({ type: "stream_ended", eventId: EVENT_ID });
    expect(await screen.findByText("This live stream has ended.")).toBeTruthy();
    expect(screen.getByText(/Sunday Worship \(2nd service\)/)).toBeTruthy();
    expect(screen.getByRole("link", { name: "Browse Sermons" }).getAttribute("href")).toBe("/sermons");
    expect(screen.queryByText("LIVE")).toBeNull();
    // Out of the room: the socket is closed for good.
    expect(ws.readyState).toBe(FakeWebSocket.CLOSED);
  });

  it("shows 'Chat is closed' without a message box when chat is off", async () => {
    setup({ [LIVE]: makeLive({ chatEnabled: false }), [MESSAGES]: [] });
    expect(await screen.findByText("Chat is closed for this stream.")).toBeTruthy();
    expect(screen.queryByLabelText("Message")).toBeNull();
    expect(screen.queryByRole("button", { name: "Send" })).toBeNull();
  });

  it("Enter sends the trimmed message, Shift+Enter does not; empty text disables both buttons", async () => {
    const sentMessage = makeMessage({ id: "m5", userName: "Ann Lee", message: "Hello everyone" });
    const fetchMock = setup({
      [LIVE]: makeLive(),
      [MESSAGES]: [],
      [SEND]: () => jsonResponse(sentMessage, 201),
    });
    const box = await screen.findByLabelText("Message");
    const send = screen.getByRole("button", { name: "Send" });
    const prayer = screen.getByRole("button", { name: "Send as prayer request" });
    expect((send as HTMLButtonElement).disabled).toBe(true);
    expect((prayer as HTMLButtonElement).disabled).toBe(true);
    await userEvent.type(box, "   ");
    expect((send as HTMLButtonElement).disabled).toBe(true);
    await userEvent.type(box, "{Enter}");
    expect(calls(fetchMock, "POST", `/api/live-stream/${EVENT_ID}/message`)).toEqual([]);

    await userEvent.clear(box);
    await userEvent.type(box, "  Hello{Shift>}{Enter}{/Shift}");
    expect(calls(fetchMock, "POST", `/api/live-stream/${EVENT_ID}/message`)).toEqual([]);
    expect((box as HTMLTextAreaElement).value).toBe("  Hello\n");
    expect((send as HTMLButtonElement).disabled).toBe(false);
    await userEvent.clear(box);
    await userEvent.type(box, "  Hello everyone  {Enter}");
    await waitFor(() =>
      expect(calls(fetchMock, "POST", `/api/live-stream/${EVENT_ID}/message`)).toEqual([
        { message: "Hello everyone", messageType: "chat" },
      ]),
    );
    // The sender sees it at once, and the box is empty again.
    const log = screen.getByRole("log", { name: "Chat messages" });
    expect(await within(log).findByText("Hello everyone")).toBeTruthy();
    await waitFor(() => expect((box as HTMLTextAreaElement).value).toBe(""));
  });

  it("'Send as prayer request' sends messageType prayer_request", async () => {
    const fetchMock = setup({
      [LIVE]: makeLive(),
      [MESSAGES]: [],
      [SEND]: () => jsonResponse(makeMessage({ id: "p1", messageType: "prayer_request", message: "Healing" }), 201),
    });
    await userEvent.type(await screen.findByLabelText("Message"), "Healing");
    await userEvent.click(screen.getByRole("button", { name: "Send as prayer request" }));
    await waitFor(() =>
      expect(calls(fetchMock, "POST", `/api/live-stream/${EVENT_ID}/message`)).toEqual([
        { message: "Healing", messageType: "prayer_request" },
      ]),
    );
    const log = screen.getByRole("log", { name: "Chat messages" });
    expect(await within(log).findByText("Prayer request")).toBeTruthy();
  });

  it("too fast (429) shows the server's words and keeps the text; other failures say 'Failed to send message'", async () => {
    let status = 429;
    setup({
      [LIVE]: makeLive(),
      [MESSAGES]: [],
      [SEND]: () =>
        jsonResponse({ message: status === 429 ? "You are sending messages too quickly." : "Boom" }, status),
    });
    const box = await screen.findByLabelText("Message");
    await userEvent.type(box, "Hi{Enter}");
    await waitFor(() =>
      expect(getToasts()[0]).toMatchObject({
        title: "Error",
        description: "You are sending messages too quickly.",
        variant: "destructive",
      }),
    );
    expect((box as HTMLTextAreaElement).value).toBe("Hi");
    status = 500;
    await userEvent.type(box, "{Enter}");
    await waitFor(() =>
      expect(getToasts()[0]).toMatchObject({ title: "Error", description: "Failed to send message" }),
    );
  });

  it("moderators get a delete button with a confirm; the message goes once deleted", async () => {
    const fetchMock = setup({
      [LIVE]: makeLive({ canModerate: true }),
      [MESSAGES]: [makeMessage(), makeMessage({ id: "m2", userName: "Cara Diaz", message: "Rude words" })],
      [`DELETE /api/live-stream/${EVENT_ID}/messages/m2`]: () => new Response(null, { status: 204 }),
    });
    const log = await screen.findByRole("log", { name: "Chat messages" });
    await within(log).findByText("Rude words");
    await userEvent.click(within(log).getByRole("button", { name: "Delete message from Cara Diaz" }));
    const dialog = await screen.findByRole("alertdialog", { name: "Delete this message?" });
    await userEvent.click(within(dialog).getByRole("button", { name: "Delete" }));
    await waitFor(() => expect(within(log).queryByText("Rude words")).toBeNull());
    expect(calls(fetchMock, "DELETE", `/api/live-stream/${EVENT_ID}/messages/m2`)).toHaveLength(1);
    expect(within(log).getByText("Good morning church!")).toBeTruthy();
  });

  it("says 'Stream will begin shortly...' without a URL, and plays an HLS address through hls.js", async () => {
    setup({ [LIVE]: makeLive({ streamUrl: null }), [MESSAGES]: [] });
    expect(await screen.findByText("Stream will begin shortly...")).toBeTruthy();
    const ws = await joinSocket();
    const { canModerate: _c, viewerCount: _v, ...event } = makeLive();
    ws.receive({ type: "stream_updated", event: { ...event, streamUrl: "https://cdn.example.org/live/main.m3u8" } });
    const video = await screen.findByTestId("hls-video");
    expect(video).toBe(screen.getByLabelText("Sunday Worship (live stream)"));
    await waitFor(() => expect(hls.created).toHaveLength(1));
    expect(hls.created[0]).toEqual({ source: "https://cdn.example.org/live/main.m3u8", media: video });
  });
});

describe("LivePage in other languages", () => {
  afterEach(async () => {
    await activateLanguage("en");
  });

  it("speaks Spanish: live badge, viewers counted the Spanish way (1204, no separator under 10 000), chat and its composer", async () => {
    await activateLanguage("es");
    setup({ [LIVE]: makeLive({ viewerCount: 1204 }), [MESSAGES]: [] });
    expect(await screen.findByRole("heading", { level: 1, name: "Sunday Worship" })).toBeTruthy();
    expect(screen.getByText("EN VIVO")).toBeTruthy();
    expect(screen.getByText("1204 viendo")).toBeTruthy();
    expect(screen.getByRole("region", { name: "Acerca de esta transmisión" })).toBeTruthy();
    expect(await screen.findByText("Aún no hay mensajes. ¡Saluda a tu familia de la iglesia!")).toBeTruthy();
    expect(screen.getByPlaceholderText("Comparte un ánimo o una oración...")).toBeTruthy();
    expect(document.title).toContain("Sunday Worship (En vivo)");
  });

  it("renders right to left in Arabic, with nothing live", async () => {
    await activateLanguage("ar");
    setup({ [LIVE]: null, "/api/events/next": null });
    expect(await screen.findByRole("heading", { level: 1, name: "البث المباشر" })).toBeTruthy();
    expect(await screen.findByText("لا يوجد بث مباشر حاليًا")).toBeTruthy();
    expect(document.documentElement.dir).toBe("rtl");
  });
});
