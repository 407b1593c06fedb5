import type { TSermon } from "@common/sermons";
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { getToasts } from "@/components/ui/use-toast";
import { makeSermon } from "@/test/fixtures";
import { jsonResponse, makeUser, mockFetch, renderWithApp } from "@/test/render";
import { ManageSermonsPage } from "./manage-sermons-page";

const SERMONS = [
  makeSermon({ id: "s1", title: "Hope in the Storm", speaker: "Pastor Ruth", videoUrl: "https://youtu.be/x" }),
  makeSermon({
    id: "s2",
    title: "Bread of Life",
    speaker: "Pastor Sam",
    date: "2024-12-29T00:00:00.000Z",
    audioUrl: "https://x.org/a.mp3",
    notesUrl: "https://x.org/n.pdf",
  }),
];

/** One page of the server's answer, with the total in `X-Total-Count`. */
function page(sermons: TSermon[], total = sermons.length) {
  return () =>
    new Response(JSON.stringify(sermons), {
      status: 200,
      headers: { "Content-Type": "application/json", "X-Total-Count": String(total) },
    });
}

// The list is searched, filtered and paged by the server, 24 at a time, drafts included.
const FIRST = "/api/sermons?limit=24&offset=0&includeDrafts=true";
const SPEAKERS = "/api/sermons/speakers?includeDrafts=true";

function setup(routes: Record<string, unknown> = {}) {
  const fetchMock = mockFetch({
    [FIRST]: page(SERMONS),
    [SPEAKERS]: ["Pastor Ruth", "Pastor Sam"],
    ...routes,
  });
  renderWithApp(<ManageSermonsPage />, { user: makeUser(), path: "/admin/sermons" });
  return fetchMock;
}

const sent = (fetchMock: ReturnType<typeof mockFetch>, method: string) =>
  fetchMock.mock.calls.filter(([, init]) => init?.method === method);
const gets = (fetchMock: ReturnType<typeof mockFetch>) =>
  fetchMock.mock.calls.filter(([, init]) => !init?.method || init.method === "GET").map(([url]) => String(url));

async function openAddDialog() {
  await userEvent.click(screen.getByRole("button", { name: "Add New Sermon" }));
  return screen.findByRole("dialog");
}

describe("ManageSermonsPage", () => {
  it("shows 5 skeleton rows while loading", () => {
    mockFetch({ [FIRST]: () => new Promise<Response>(() => undefined), [SPEAKERS]: [] });
    renderWithApp(<ManageSermonsPage />, { user: makeUser() });
    expect(screen.getByRole("heading", { name: "Manage Sermons" })).toBeTruthy();
    expect(screen.getAllByTestId("sermon-row-skeleton")).toHaveLength(5);
  });

  it("lists sermons with speaker, date, Published status and Video/Audio/Notes markers", async () => {
    setup();
    await screen.findAllByText("Bread of Life");
    const table = screen.getByRole("table");
    for (const h of ["Title", "Speaker", "Date", "Status"]) expect(within(table).getByText(h)).toBeTruthy();
    const row = within(table).getByText("Bread of Life").closest("tr") as HTMLElement;
    expect(within(row).getByText("Pastor Sam")).toBeTruthy();
    expect(within(row).getByText("Dec 29, 2024")).toBeTruthy();
    expect(within(row).getByText("Published")).toBeTruthy();
    expect(within(row).getByText("Audio")).toBeTruthy();
    expect(within(row).getByText("Notes")).toBeTruthy();
    expect(within(row).queryByText("Video")).toBeNull();
    const view = within(row).getByRole("link", { name: /View Bread of Life/ });
    expect(view.getAttribute("href")).toBe("/sermons/s2");
    expect(view.getAttribute("target")).toBe("_blank");
  });

  it("searches title and speaker and filters by speaker on the server, with the filtered empty state", async () => {
    const fetchMock = setup({
      "/api/sermons?limit=24&offset=0&includeDrafts=true&search=sam": page([SERMONS[1]]),
      "/api/sermons?limit=24&offset=0&includeDrafts=true&search=nothing+like+this": page([]),
      "/api/sermons?limit=24&offset=0&includeDrafts=true&speaker=Pastor+Ruth": page([SERMONS[0]]),
    });
    await screen.findAllByText("Bread of Life");
    const search = screen.getByLabelText("Search sermons by title or speaker");
    await userEvent.type(search, "sam");
    await waitFor(() => expect(screen.queryAllByText("Hope in the Storm")).toHaveLength(0));
    expect(screen.getAllByText("Bread of Life").length).toBeGreaterThan(0);
    await userEvent.clear(search);
    await userEvent.type(search, "nothing like this");
    expect(await screen.findByText("No sermons found")).toBeTruthy();
    expect(screen.getByText("Try adjusting your search filters")).toBeTruthy();
    await userEvent.clear(search);
    await screen.findAllByText("Hope in the Storm");
    await userEvent.selectOptions(screen.getByRole("combobox", { name: "Filter by speaker" }), "Pastor Ruth");
    await waitFor(() => expect(screen.queryAllByText("Bread of Life")).toHaveLength(0));
    expect(screen.getAllByText("Hope in the Storm").length).toBeGreaterThan(0);
    // One request per finished search (typing pauses 250 ms), none for each letter; the unfiltered
    // first page comes from the cache when the search is cleared.
    expect(gets(fetchMock).filter((u) => u.startsWith("/api/sermons?"))).toEqual([
      FIRST,
      "/api/sermons?limit=24&offset=0&includeDrafts=true&search=sam",
      "/api/sermons?limit=24&offset=0&includeDrafts=true&search=nothing+like+this",
      "/api/sermons?limit=24&offset=0&includeDrafts=true&speaker=Pastor+Ruth",
    ]);
  });

  it("loads the next page of 24 with 'Load more', with skeleton rows while it comes", async () => {
    const first = Array.from({ length: 24 }, (_, i) => makeSermon({ id: `a${i}`, title: `Sermon ${i}` }));
    const second = Array.from({ length: 6 }, (_, i) => makeSermon({ id: `b${i}`, title: `Later ${i}` }));
    let answer: (r: Response) => void = () => undefined;
    setup({
      [FIRST]: page(first, 30),
      "/api/sermons?limit=24&offset=24&includeDrafts=true": () => new Promise<Response>((r) => (answer = r)),
    });
    await screen.findAllByText("Sermon 23");
    expect(screen.getByText("Showing 24 of 30 sermons")).toBeTruthy();
    await userEvent.click(screen.getByRole("button", { name: "Load more" }));
    expect(await screen.findByRole("list", { name: "Loading more sermons" })).toBeTruthy();
    expect(screen.getByRole("button", { name: "Loading..." })).toBeTruthy();
    answer(page(second, 30)());
    expect((await screen.findAllByText("Later 5")).length).toBeGreaterThan(0);
    expect(screen.queryByRole("list", { name: "Loading more sermons" })).toBeNull();
    expect(screen.queryByRole("button", { name: "Load more" })).toBeNull();
    expect(within(screen.getByRole("table")).getAllByRole("row")).toHaveLength(31);
  });

  it("invites the first sermon in an empty library", async () => {
    setup({ [FIRST]: page([]), [SPEAKERS]: [] });
    expect(await screen.findByText("No sermons found")).toBeTruthy();
    expect(screen.getByText("Create your first sermon to get started")).toBeTruthy();
  });

  it("shows the spec's validation messages and sends nothing", async () => {
    const fetchMock = setup();
    const dialog = await openAddDialog();
    expect(within(dialog).getByRole("heading", { name: "Add New Sermon" })).toBeTruthy();
    await userEvent.type(within(dialog).getByLabelText("Video URL (optional)"), "not a link");
    await userEvent.click(within(dialog).getByRole("button", { name: "Create Sermon" }));
    expect(await within(dialog).findByText("Title is required")).toBeTruthy();
    expect(within(dialog).getByText("Speaker is required")).toBeTruthy();
    expect(within(dialog).getByText("Date is required")).toBeTruthy();
    expect(within(dialog).getByText("Please enter a valid URL")).toBeTruthy();
    expect(sent(fetchMock, "POST")).toHaveLength(0);
  });

  it("creates a sermon (links null when empty, topics from commas), 'Creating...' while pending", async () => {
    let answer: (r: Response) => void = () => undefined;
    const fetchMock = setup({ "POST /api/sermons": () => new Promise<Response>((r) => (answer = r)) });
    const dialog = await openAddDialog();
    await userEvent.type(within(dialog).getByLabelText("Title"), "  Living Water ");
    await userEvent.type(within(dialog).getByLabelText("Speaker"), "Pastor Ruth");
    await userEvent.type(within(dialog).getByLabelText("Date"), "2025-02-02");
    await userEvent.type(within(dialog).getByLabelText("Audio URL (optional)"), "https://x.org/w.mp3");
    await userEvent.type(within(dialog).getByLabelText("Duration in minutes (optional)"), "48");
    await userEvent.type(within(dialog).getByLabelText("Topics (optional)"), "grace, hope,, grace");
    await userEvent.click(within(dialog).getByRole("button", { name: "Create Sermon" }));
    expect(await within(dialog).findByRole("button", { name: "Creating..." })).toBeTruthy();
    const body = JSON.parse(String(sent(fetchMock, "POST")[0][1]?.body));
    expect(body).toEqual({
      title: "Living Water",
      speaker: "Pastor Ruth",
      date: "2025-02-02",
      videoUrl: null,
      audioUrl: "https://x.org/w.mp3",
      notesUrl: null,
      series: null,
      scripture: null,
      description: null,
      notes: null,
      duration: 48,
      tags: ["grace", "hope"],
    });
    answer(jsonResponse(makeSermon({ id: "s3" }), 201));
    await waitFor(() =>
      expect(getToasts()[0]).toMatchObject({ title: "Success!", description: "Sermon created successfully." }),
    );
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
    // The list and the speakers are asked for again.
    await waitFor(() => expect(gets(fetchMock).filter((u) => u === FIRST)).toHaveLength(2));
    expect(gets(fetchMock).filter((u) => u === SPEAKERS)).toHaveLength(2);
  });

  it("edits a sermon with PUT and its saved values", async () => {
    const fetchMock = setup({ "PUT /api/sermons/s2": () => jsonResponse(SERMONS[1]) });
    await screen.findAllByText("Bread of Life");
    await userEvent.click(screen.getAllByRole("button", { name: "Edit Bread of Life" })[0]);
    const dialog = await screen.findByRole("dialog");
    expect(within(dialog).getByRole("heading", { name: "Edit Sermon" })).toBeTruthy();
    expect((within(dialog).getByLabelText("Date") as HTMLInputElement).value).toBe("2024-12-29");
    expect((within(dialog).getByLabelText("Notes URL (optional)") as HTMLInputElement).value).toBe(
      "https://x.org/n.pdf",
    );
    await userEvent.click(within(dialog).getByRole("button", { name: "Update Sermon" }));
    await waitFor(() =>
      expect(getToasts()[0]).toMatchObject({ title: "Success!", description: "Sermon updated successfully." }),
    );
    expect(JSON.parse(String(sent(fetchMock, "PUT")[0][1]?.body))).toMatchObject({
      title: "Bread of Life",
      date: "2024-12-29",
      notesUrl: "https://x.org/n.pdf",
    });
  });

  it("shows the server's field errors, and 'Failed to create sermon' otherwise", async () => {
    let status = 400;
    setup({
      "POST /api/sermons": () =>
        status === 400
          ? jsonResponse({ message: "Invalid", errors: [{ path: "videoUrl", message: "That video is private" }] }, 400)
          : jsonResponse({ message: "boom" }, 500),
    });
    const dialog = await openAddDialog();
    await userEvent.type(within(dialog).getByLabelText("Title"), "T");
    await userEvent.type(within(dialog).getByLabelText("Speaker"), "S");
    await userEvent.type(within(dialog).getByLabelText("Date"), "2025-02-02");
    await userEvent.click(within(dialog).getByRole("button", { name: "Create Sermon" }));
    expect(await within(dialog).findByText("That video is private")).toBeTruthy();
    status = 500;
    await userEvent.click(within(dialog).getByRole("button", { name: "Create Sermon" }));
    await waitFor(() =>
      expect(getToasts()[0]).toMatchObject({ title: "Error", description: "Failed to create sermon" }),
    );
  });

  it("marks a draft with a Draft badge and publishes it with its Publish button", async () => {
    const draft = makeSermon({ id: "d1", title: "Sunday Live", videoUrl: "https://youtu.be/live1", isDraft: true });
    let answer: (r: Response) => void = () => undefined;
    const fetchMock = setup({
      [FIRST]: page([draft, ...SERMONS]),
      "POST /api/sermons/d1/publish": () => new Promise<Response>((r) => (answer = r)),
    });
    await screen.findAllByText("Sunday Live");
    const table = screen.getByRole("table");
    const row = within(table).getByText("Sunday Live").closest("tr") as HTMLElement;
    expect(within(row).getByText("Draft")).toBeTruthy();
    expect(within(row).queryByText("Published")).toBeNull();
    // Only the draft can be published; the others say Published.
    expect(within(table).getAllByRole("button", { name: /^Publish / })).toHaveLength(1);
    const other = within(table).getByText("Bread of Life").closest("tr") as HTMLElement;
    expect(within(other).getByText("Published")).toBeTruthy();
    expect(within(other).queryByText("Draft")).toBeNull();

    await userEvent.click(within(row).getByRole("button", { name: "Publish Sunday Live" }));
    expect(await within(row).findByRole("button", { name: "Publishing Sunday Live" })).toHaveProperty("disabled", true);
    expect(sent(fetchMock, "POST").map(([u]) => u)).toEqual(["/api/sermons/d1/publish"]);
    answer(jsonResponse({ ...draft, isDraft: false }));
    await waitFor(() =>
      expect(getToasts()[0]).toMatchObject({ title: "Success!", description: "Sermon published successfully." }),
    );
    // The list (and the speakers) are asked for again.
    await waitFor(() => expect(gets(fetchMock).filter((u) => u === FIRST)).toHaveLength(2));
  });

  it("edits a draft through the same dialog, and says so when publishing fails", async () => {
    const draft = makeSermon({ id: "d1", title: "Sunday Live", isDraft: true });
    const fetchMock = setup({
      [FIRST]: page([draft]),
      "PUT /api/sermons/d1": () => jsonResponse(draft),
      "POST /api/sermons/d1/publish": () => jsonResponse({ message: "boom" }, 500),
    });
    await screen.findAllByText("Sunday Live");
    await userEvent.click(screen.getAllByRole("button", { name: "Edit Sunday Live" })[0]);
    const dialog = await screen.findByRole("dialog");
    const video = within(dialog).getByLabelText("Video URL (optional)");
    await userEvent.type(video, "https://www.facebook.com/grace/videos/123/");
    await userEvent.click(within(dialog).getByRole("button", { name: "Update Sermon" }));
    await waitFor(() =>
      expect(getToasts()[0]).toMatchObject({ title: "Success!", description: "Sermon updated successfully." }),
    );
    const body = JSON.parse(String(sent(fetchMock, "PUT")[0][1]?.body));
    expect(body.videoUrl).toBe("https://www.facebook.com/grace/videos/123/");
    expect(body).not.toHaveProperty("isDraft");

    await userEvent.click(screen.getAllByRole("button", { name: "Publish Sunday Live" })[0]);
    await waitFor(() =>
      expect(getToasts()[0]).toMatchObject({ title: "Error", description: "Failed to publish sermon" }),
    );
  });

  it("deletes only after confirmation", async () => {
    const fetchMock = setup({ "DELETE /api/sermons/s1": () => new Response(null, { status: 204 }) });
    await screen.findAllByText("Hope in the Storm");
    await userEvent.click(screen.getAllByRole("button", { name: "Delete Hope in the Storm" })[0]);
    let alert = await screen.findByRole("alertdialog");
    expect(within(alert).getByText("Are you sure you want to delete this sermon?")).toBeTruthy();
    await userEvent.click(within(alert).getByRole("button", { name: "Cancel" }));
    expect(sent(fetchMock, "DELETE")).toHaveLength(0);
    await userEvent.click(screen.getAllByRole("button", { name: "Delete Hope in the Storm" })[0]);
    alert = await screen.findByRole("alertdialog");
    await userEvent.click(within(alert).getByRole("button", { name: "Delete" }));
    await waitFor(() =>
      expect(getToasts()[0]).toMatchObject({ title: "Success!", description: "Sermon deleted successfully." }),
    );
    expect(sent(fetchMock, "DELETE").map(([u]) => u)).toEqual(["/api/sermons/s1"]);
    await waitFor(() => expect(gets(fetchMock).filter((u) => u === FIRST)).toHaveLength(2));
  });
});
