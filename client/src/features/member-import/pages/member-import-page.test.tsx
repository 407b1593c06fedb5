import type { TMemberImportPreview } from "@common/member-import";
import { act, fireEvent, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it, vi } from "vitest";
import { getToasts } from "@/components/ui/use-toast";
import { jsonResponse, makeUser, mockFetch, renderWithApp } from "@/test/render";
import { withHeaderLine } from "../api";
import { MemberImportPage } from "./member-import-page";

const PREVIEW = "/api/admin/members/import/preview";
const CSV = "Email,First Name,Last Name\nann@example.org,Ann,Lee\nnope,Bad,Row\nben@example.org,Ben,Cole\n";

function makePreview(over: Partial<TMemberImportPreview> = {}): TMemberImportPreview {
  return {
    headers: ["Email", "First Name", "Last Name"],
    mapping: { email: "Email", firstName: "First Name", lastName: "Last Name", role: null },
    rows: [
      { row: 2, email: "ann@example.org", firstName: "Ann", lastName: "Lee", role: "CONGREGANT", problems: [] },
      { row: 3, email: "nope", firstName: "Bad", lastName: "Row", role: "CONGREGANT", problems: ["Invalid email"] },
      { row: 4, email: "ben@example.org", firstName: "Ben", lastName: "Cole", role: "CONGREGANT", problems: [] },
    ],
    counts: { total: 3, ok: 2, withProblems: 1 },
    ...over,
  };
}

const bodies = (fetchMock: ReturnType<typeof mockFetch>, url: string) =>
  fetchMock.mock.calls.filter(([u]) => u === url).map(([, init]) => JSON.parse(String(init?.body)));

/** XMLHttpRequest as the import uses it: the test moves its upload on and answers it. */
class FakeXhr {
  static last: FakeXhr | null = null;
  upload: { onprogress: ((e: ProgressEvent) => void) | null; onload: (() => void) | null } = {
    onprogress: null,
    onload: null,
  };
  onload: (() => void) | null = null;
  onerror: (() => void) | null = null;
  withCredentials = false;
  status = 0;
  statusText = "";
  responseText = "";
  method = "";
  url = "";
  body = "";
  open(method: string, url: string) {
    this.method = method;
    this.url = url;
  }
  setRequestHeader() {}
  send(body: string) {
    this.body = body;
    FakeXhr.last = this;
  }
  progress(loaded: number, total: number) {
    this.upload.onprogress?.({ lengthComputable: true, loaded, total } as ProgressEvent);
  }
  uploaded() {
    this.upload.onload?.();
  }
  answer(status: number, body: unknown) {
    this.status = status;
    this.responseText = JSON.stringify(body);
    this.onload?.();
  }
}

function setup(routes: Record<string, unknown>) {
  const fetchMock = mockFetch(routes);
  vi.stubGlobal("XMLHttpRequest", FakeXhr);
  FakeXhr.last = null;
  renderWithApp(<MemberImportPage />, { user: makeUser({ role: "ADMIN" }), path: "/admin/members/import" });
  return fetchMock;
}

async function pasteAndCheck(text: string) {
  await userEvent.click(screen.getByRole("tab", { name: "Paste rows" }));
  const area = screen.getByLabelText("Rows to import");
  await userEvent.click(area);
  await userEvent.paste(text);
  await userEvent.click(screen.getByRole("button", { name: "Check the rows" }));
}

describe("MemberImportPage", () => {
  it("checks pasted rows: counts, each row's problems, and only the rows with problems on request", async () => {
    const fetchMock = setup({ [`POST ${PREVIEW}`]: makePreview() });
    expect((screen.getByRole("button", { name: "Check the rows" }) as HTMLButtonElement).disabled).toBe(true);
    await pasteAndCheck(CSV);
    expect(await screen.findByText(/3 people in Pasted rows: 2 ready, 1 with problems \(skipped\)\./)).toBeTruthy();
    expect(bodies(fetchMock, PREVIEW)).toEqual([{ csv: CSV }]);
    const list = screen.getByRole("list", { name: "Rows to import" });
    expect(within(list).getAllByRole("listitem")).toHaveLength(3);
    expect(within(list).getByText("Invalid email")).toBeTruthy();
    expect(within(list).getAllByText("Ready")).toHaveLength(2);

    await userEvent.click(screen.getByRole("button", { name: "With problems (1)" }));
    expect(within(screen.getByRole("list", { name: "Rows to import" })).getAllByRole("listitem")).toHaveLength(1);
    expect(screen.getByRole("button", { name: "Import 2 people" })).toBeTruthy();
  });

  it("a changed column checks the rows again with that mapping", async () => {
    const fetchMock = setup({ [`POST ${PREVIEW}`]: makePreview() });
    await pasteAndCheck(CSV);
    await userEvent.selectOptions(await screen.findByRole("combobox", { name: "Last name" }), "Not in the file");
    await waitFor(() => expect(bodies(fetchMock, PREVIEW)).toHaveLength(2));
    expect(bodies(fetchMock, PREVIEW)[1]).toEqual({
      csv: CSV,
      mapping: { email: "Email", firstName: "First Name" },
    });
  });

  it("a list without a header row gets one written in before its columns are chosen by hand", async () => {
    const pasted = "ann@example.org;Ann\nben@example.org;Ben";
    const headerless = makePreview({
      headers: ["Column 1", "Column 2"],
      mapping: { email: "Column 1", firstName: null, lastName: null, role: null },
      rows: [
        { row: 1, email: "ann@example.org", firstName: null, lastName: null, role: "CONGREGANT", problems: [] },
        { row: 2, email: "ben@example.org", firstName: null, lastName: null, role: "CONGREGANT", problems: [] },
      ],
      counts: { total: 2, ok: 2, withProblems: 0 },
    });
    const fetchMock = setup({ [`POST ${PREVIEW}`]: headerless });
    await pasteAndCheck(pasted);
    expect(await screen.findByText("Row 1")).toBeTruthy();
    await userEvent.selectOptions(screen.getByRole("combobox", { name: "First name" }), "Column 2");
    await waitFor(() => expect(bodies(fetchMock, PREVIEW)).toHaveLength(2));
    expect(bodies(fetchMock, PREVIEW)[1]).toEqual({
      csv: `Column 1;Column 2\n${pasted}`,
      mapping: { email: "Column 1", firstName: "Column 2" },
    });
    expect(withHeaderLine("a\tb\nc\td", ["Column 1", "Column 2"])).toBe("Column 1\tColumn 2\na\tb\nc\td");
  });

  it("shows the server's reason when the file cannot be read", async () => {
    setup({
      [`POST ${PREVIEW}`]: () =>
        jsonResponse({ message: "The file has 6,000 people; import at most 5,000 at a time (split the file)." }, 400),
    });
    await pasteAndCheck(CSV);
    expect((await screen.findByRole("alert")).textContent).toBe(
      "The file has 6,000 people; import at most 5,000 at a time (split the file).",
    );
    expect(screen.queryByText("2. Match the columns")).toBeNull();
  });

  it("imports 'later' with its progress (upload, then the server's work) and then says what it did", async () => {
    setup({ [`POST ${PREVIEW}`]: makePreview() });
    await pasteAndCheck(CSV);
    await userEvent.click(await screen.findByRole("radio", { name: /Keep them waiting for my review/ }));
    await userEvent.click(screen.getByRole("button", { name: "Import 2 people" }));
    const xhr = FakeXhr.last;
    expect(xhr?.method).toBe("POST");
    expect(xhr?.url).toBe("/api/admin/members/import");
    expect(xhr?.withCredentials).toBe(true);
    expect(JSON.parse(xhr?.body ?? "")).toEqual({
      csv: CSV,
      mapping: { email: "Email", firstName: "First Name", lastName: "Last Name" },
      send: "later",
    });

    act(() => xhr?.progress(50, 100));
    const bar = screen.getByRole("progressbar", { name: "Import progress" });
    expect(bar.getAttribute("aria-valuenow")).toBe("50");
    expect(screen.getByText(/Uploading the file… 50%/)).toBeTruthy();
    act(() => xhr?.uploaded());
    expect(screen.getByText(/Creating 2 people as invitations…/)).toBeTruthy();
    expect(bar.getAttribute("aria-valuenow")).toBeNull();
    expect((screen.getByRole("button", { name: "Importing..." }) as HTMLButtonElement).disabled).toBe(true);

    act(() => xhr?.answer(200, { created: 2, sent: 0, waiting: 2, skipped: 1 }));
    expect(await screen.findByRole("heading", { name: "Import complete" })).toBeTruthy();
    expect(screen.getByText("Waiting for review").nextElementSibling?.textContent).toBe("2");
    expect(screen.getByRole("link", { name: "Review waiting invitations" }).getAttribute("href")).toBe(
      "/admin/invitations#waiting",
    );
    expect(getToasts()[0]).toMatchObject({ title: "Import Complete" });

    await userEvent.click(screen.getByRole("button", { name: "Import another file" }));
    expect(screen.getByText("Choose a CSV file")).toBeTruthy();
  });

  it("a refused import toasts the server's reason and keeps the preview", async () => {
    setup({ [`POST ${PREVIEW}`]: makePreview() });
    await pasteAndCheck(CSV);
    await userEvent.click(await screen.findByRole("button", { name: "Import 2 people" }));
    act(() => FakeXhr.last?.answer(413, { message: "The file is too large: at most 1 MB can be imported at once." }));
    await waitFor(() =>
      expect(getToasts()[0]).toMatchObject({
        title: "Import Failed",
        description: "The file is too large: at most 1 MB can be imported at once.",
      }),
    );
    expect(screen.queryByRole("progressbar")).toBeNull();
    expect(screen.getByRole("button", { name: "Import 2 people" })).toBeTruthy();
  });

  it("reads a chosen CSV file as text, or one dropped on the box, and sends its text", async () => {
    const fetchMock = setup({ [`POST ${PREVIEW}`]: makePreview() });
    const file = new File([CSV], "people.csv", { type: "text/csv" });
    await userEvent.upload(screen.getByLabelText(/Choose a CSV file/), file);
    expect(await screen.findByText("people.csv")).toBeTruthy();
    await userEvent.click(screen.getByRole("button", { name: "Check the rows" }));
    expect(await screen.findByText(/3 people in people\.csv/)).toBeTruthy();
    expect(bodies(fetchMock, PREVIEW)).toEqual([{ csv: CSV }]);

    const dropped = new File(["email\nzoe@example.org\n"], "dropped.csv", { type: "text/csv" });
    const box = screen.getByText("people.csv").closest("label") as HTMLElement;
    fireEvent.drop(box, { dataTransfer: { files: [dropped] } });
    expect(await screen.findByText("dropped.csv")).toBeTruthy();
    // A new file starts over: the old preview goes.
    expect(screen.queryByText("2. Match the columns")).toBeNull();
    await userEvent.click(screen.getByRole("button", { name: "Check the rows" }));
    await waitFor(() => expect(bodies(fetchMock, PREVIEW)[1]).toEqual({ csv: "email\nzoe@example.org\n" }));
  });
});
