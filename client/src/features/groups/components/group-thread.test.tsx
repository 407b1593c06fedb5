import type { TGroupPost } from "@common/groups";
import type { TServerFrame } from "@common/live";
import { act, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { getToasts } from "@/components/ui/use-toast";
import { activateLanguage } from "@/lib/i18n";
import { jsonResponse, makeUser, mockFetch, renderWithApp } from "@/test/render";
import { GROUP_POSTS_LIMIT } from "../life-api";
import { buildThread, GroupThread } from "./group-thread";

const GROUP = "g1";
const LIST = `/api/groups/${GROUP}/posts?limit=${GROUP_POSTS_LIMIT}`;

/** A WebSocket stand-in: records what the page sends and lets the test open, answer and drop it. */
class FakeSocket {
  static instances: FakeSocket[] = [];
  static readonly OPEN = 1;
  readyState = 0;
  sent: unknown[] = [];
  onopen: (() => void) | null = null;
  onmessage: ((e: { data: string }) => void) | null = null;
  onclose: (() => void) | null = null;
  constructor(readonly url: string) {
    FakeSocket.instances.push(this);
  }
  static latest() {
    const ws = FakeSocket.instances.at(-1);
    if (!ws) throw new Error("no socket opened");
    return ws;
  }
  send(data: string) {
    this.sent.push(JSON.parse(data));
  }
  close() {
    this.readyState = 3;
  }
  open() {
    act(() => {
      this.readyState = 1;
      this.onopen?.();
    });
  }
  receive(frame: TServerFrame) {
    act(() => this.onmessage?.({ data: JSON.stringify(frame) }));
  }
  drop() {
    act(() => {
      this.readyState = 3;
      this.onclose?.();
    });
  }
}

let seq = 0;
function makePost(over: Partial<TGroupPost> = {}): TGroupPost {
  seq += 1;
  return {
    id: `p${seq}`,
    message: `Message ${seq}`,
    parentId: null,
    author: { id: "u2", firstName: "Ben", lastName: "Cho" },
    createdAt: new Date(Date.now() - 60 * 60_000).toISOString(),
    ...over,
  };
}

const calls = (fetchMock: ReturnType<typeof mockFetch>, method: string, url: string) =>
  fetchMock.mock.calls
    .filter(([u, init]) => u === url && (init?.method ?? "GET") === method)
    .map(([, init]) => (init?.body ? JSON.parse(String(init.body)) : undefined));

function setup(routes: Record<string, unknown>, { canModerate = false, userId = "u1" } = {}) {
  const fetchMock = mockFetch(routes);
  const utils = renderWithApp(<GroupThread groupId={GROUP} canModerate={canModerate} />, {
    user: makeUser({ id: userId, role: "CONGREGANT" }),
  });
  return { fetchMock, ...utils };
}

beforeEach(() => {
  FakeSocket.instances = [];
  vi.stubGlobal("WebSocket", FakeSocket);
});

afterEach(async () => {
  await activateLanguage("en");
});

describe("buildThread", () => {
  it("puts replies under their first post, oldest first; a reply whose post is not loaded stands alone", () => {
    const root = makePost({ id: "a" });
    const r1 = makePost({ id: "b", parentId: "a" });
    const r2 = makePost({ id: "c", parentId: "b" });
    const orphan = makePost({ id: "d", parentId: "zz" });
    // Newest first, as the server answers.
    const items = buildThread([orphan, r2, r1, root]);
    expect(items.map((i) => i.post.id)).toEqual(["d", "a"]);
    expect(items[1].replies.map((r) => r.id)).toEqual(["b", "c"]);
  });
});

describe("GroupThread", () => {
  it("shows a skeleton, then the empty state", async () => {
    setup({ [LIST]: [] });
    expect(screen.getByRole("status", { name: "Loading the conversation" })).toBeTruthy();
    expect(await screen.findByText("No posts yet")).toBeTruthy();
    expect(screen.getByRole("heading", { name: "Conversation" })).toBeTruthy();
  });

  it("shows posts newest first with replies under them, and loads older posts by keyset", async () => {
    const page = Array.from({ length: GROUP_POSTS_LIMIT }, (_, i) =>
      makePost({ id: `n${i}`, message: `Newer ${i}`, createdAt: new Date(Date.now() - i * 60_000).toISOString() }),
    );
    page[0] = { ...page[0], parentId: "n5", message: "A reply to five" };
    const older = makePost({ id: "old", message: "The oldest post" });
    const { fetchMock } = setup({
      [LIST]: page,
      [`/api/groups/${GROUP}/posts?limit=${GROUP_POSTS_LIMIT}&before=n${GROUP_POSTS_LIMIT - 1}`]: [older],
    });
    const list = await screen.findByRole("list", { name: "Posts" });
    const articles = within(list).getAllByRole("article");
    expect(articles).toHaveLength(GROUP_POSTS_LIMIT - 1);
    expect(within(articles[0]).getByText("Newer 1")).toBeTruthy();
    const five = articles.find((a) => within(a).queryByText("Newer 5")) as HTMLElement;
    expect(within(within(five).getByRole("list", { name: "Replies" })).getByText("A reply to five")).toBeTruthy();
    await userEvent.click(screen.getByRole("button", { name: "Load older posts" }));
    expect(await screen.findByText("The oldest post")).toBeTruthy();
    expect(calls(fetchMock, "GET", `/api/groups/${GROUP}/posts?limit=${GROUP_POSTS_LIMIT}&before=n29`)).toHaveLength(1);
    // A short page is the last one.
    expect(screen.queryByRole("button", { name: "Load older posts" })).toBeNull();
  });

  it("sends a post trimmed and shows it once, though the socket brings it again", async () => {
    const mine = makePost({
      id: "m1",
      message: "Hello group",
      author: { id: "u1", firstName: "Ann", lastName: "Lee" },
    });
    const { fetchMock } = setup({
      [LIST]: [],
      [`POST /api/groups/${GROUP}/posts`]: () => jsonResponse(mine, 201),
    });
    await screen.findByText("No posts yet");
    const send = screen.getByRole("button", { name: "Send" });
    expect((send as HTMLButtonElement).disabled).toBe(true);
    await userEvent.type(screen.getByLabelText("Write to your group"), "  Hello group  ");
    await userEvent.click(send);
    await waitFor(() =>
      expect(calls(fetchMock, "POST", `/api/groups/${GROUP}/posts`)).toEqual([
        { message: "Hello group", parentId: null },
      ]),
    );
    expect(await screen.findByText("Hello group")).toBeTruthy();
    expect((screen.getByLabelText("Write to your group") as HTMLTextAreaElement).value).toBe("");
    const ws = FakeSocket.latest();
    ws.open();
    ws.receive({ type: "group_joined", groupId: GROUP });
    ws.receive({ type: "group_post", groupId: GROUP, post: mine });
    await act(() => new Promise((r) => setTimeout(r, 20)));
    expect(screen.getAllByText("Hello group")).toHaveLength(1);
    // The author may remove their own post.
    const article = screen.getByRole("article", { name: "Ann Lee" });
    expect(within(article).getByRole("button", { name: /Remove/ })).toBeTruthy();
  });

  it("joins the group's room on open and again after a drop, adds live posts and takes hidden ones off", async () => {
    const first = makePost({ id: "f1", message: "First words" });
    let fetches = 0;
    setup({
      [LIST]: () => {
        fetches += 1;
        return jsonResponse([first]);
      },
    });
    await screen.findByText("First words");
    const ws = FakeSocket.latest();
    expect(ws.url).toMatch(/\/ws$/);
    ws.open();
    expect(ws.sent).toEqual([{ type: "join_group", groupId: GROUP }]);
    ws.receive({ type: "group_joined", groupId: GROUP });
    expect(screen.getByText("Live")).toBeTruthy();
    ws.receive({ type: "group_post", groupId: GROUP, post: makePost({ id: "live1", message: "Live hello" }) });
    expect(await screen.findByText("Live hello")).toBeTruthy();
    // Another group's frame changes nothing here.
    ws.receive({ type: "group_post", groupId: "other", post: makePost({ id: "x", message: "Elsewhere" }) });
    expect(screen.queryByText("Elsewhere")).toBeNull();
    ws.receive({ type: "group_post_hidden", groupId: GROUP, id: "live1" });
    await waitFor(() => expect(screen.queryByText("Live hello")).toBeNull());
    // Not the author, not a leader: no Remove.
    expect(screen.queryByRole("button", { name: /Remove/ })).toBeNull();

    vi.useFakeTimers({ shouldAdvanceTime: true });
    ws.drop();
    expect(screen.queryByText("Live")).toBeNull();
    await act(() => vi.advanceTimersByTimeAsync(31_000));
    const again = FakeSocket.latest();
    expect(again).not.toBe(ws);
    again.open();
    expect(again.sent).toEqual([{ type: "join_group", groupId: GROUP }]);
    const before = fetches;
    again.receive({ type: "group_joined", groupId: GROUP });
    // Back after a drop: the thread is asked for again (what was said meanwhile).
    await waitFor(() => expect(fetches).toBeGreaterThan(before));
  });

  it("replies under a post, and a leader removes any post after confirming", async () => {
    const post = makePost({ id: "q1", message: "Who brings snacks?" });
    const reply = makePost({
      id: "r1",
      parentId: "q1",
      message: "I will",
      author: { id: "u1", firstName: "Ann", lastName: "Lee" },
    });
    const { fetchMock } = setup(
      {
        [LIST]: [post],
        [`POST /api/groups/${GROUP}/posts`]: () => jsonResponse(reply, 201),
        [`DELETE /api/groups/${GROUP}/posts/q1`]: () => new Response(null, { status: 204 }),
      },
      { canModerate: true },
    );
    const article = await screen.findByRole("article", { name: "Ben Cho" });
    await userEvent.click(within(article).getByRole("button", { name: "Reply to Ben Cho" }));
    const box = within(article).getByLabelText("Reply to Ben Cho");
    expect(document.activeElement).toBe(box);
    await userEvent.type(box, "I will");
    await userEvent.click(within(article).getByRole("button", { name: "Send reply" }));
    await waitFor(() =>
      expect(calls(fetchMock, "POST", `/api/groups/${GROUP}/posts`)).toEqual([{ message: "I will", parentId: "q1" }]),
    );
    expect(await within(within(article).getByRole("list", { name: "Replies" })).findByText("I will")).toBeTruthy();
    expect(within(article).queryByLabelText("Reply to Ben Cho")).toBeNull();

    await userEvent.click(within(article).getByRole("button", { name: "Remove post by Ben Cho" }));
    const dialog = await screen.findByRole("alertdialog", { name: "Remove this post?" });
    await userEvent.click(within(dialog).getByRole("button", { name: "Remove" }));
    await waitFor(() => expect(screen.queryByText("Who brings snacks?")).toBeNull());
    expect(calls(fetchMock, "DELETE", `/api/groups/${GROUP}/posts/q1`)).toHaveLength(1);
    // Its replies went with it.
    expect(screen.queryByText("I will")).toBeNull();
  });

  it("shows the server's sentence when a post is refused", async () => {
    setup({
      [LIST]: [],
      [`POST /api/groups/${GROUP}/posts`]: () =>
        jsonResponse({ message: "Only the members of this group can post in its thread." }, 403),
    });
    await screen.findByText("No posts yet");
    await userEvent.type(screen.getByLabelText("Write to your group"), "Hi");
    await userEvent.click(screen.getByRole("button", { name: "Send" }));
    await waitFor(() => expect(getToasts()[0]).toMatchObject({ description: "Your post could not be sent" }));
  });

  it("speaks Spanish", async () => {
    await activateLanguage("es");
    setup({ [LIST]: [makePost({ message: "Hola" })] });
    expect(await screen.findByText("Hola")).toBeTruthy();
    expect(screen.getByRole("heading", { name: "Conversación" })).toBeTruthy();
    expect(screen.getByLabelText("Escribe a tu grupo")).toBeTruthy();
    expect(screen.getByRole("button", { name: "Enviar" })).toBeTruthy();
    expect(screen.getByRole("button", { name: "Responder a Ben Cho" })).toBeTruthy();
    expect(screen.getByText("hace 1 h")).toBeTruthy();
  });
});
