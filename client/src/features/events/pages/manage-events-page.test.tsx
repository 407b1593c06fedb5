import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { getToasts } from "@/components/ui/use-toast";
import { makeEvent } from "@/test/fixtures";
import { jsonResponse, makeUser, mockFetch, renderWithApp } from "@/test/render";
import { ManageEventsPage } from "./manage-events-page";

const EVENTS = [
  makeEvent({
    id: "e2",
    title: "Youth Night",
    location: "Chapel",
    startTime: "2030-03-08T18:00:00.000Z",
    endTime: "2030-03-08T20:00:00.000Z",
  }),
  makeEvent({
    id: "e1",
    title: "Easter Breakfast",
    description: "Pancakes",
    location: "Fellowship Hall",
    startTime: "2020-04-12T08:00:00.000Z",
    endTime: "2020-04-12T09:30:00.000Z",
  }),
];

function setup(routes: Record<string, unknown> = {}) {
  const fetchMock = mockFetch({ "/api/events": EVENTS, ...routes });
  renderWithApp(<ManageEventsPage />, { user: makeUser(), path: "/admin/events" });
  return fetchMock;
}

const sent = (fetchMock: ReturnType<typeof mockFetch>, method: string) =>
  fetchMock.mock.calls.filter(([, init]) => init?.method === method);

async function openAddDialog() {
  await userEvent.click(screen.getByRole("button", { name: "Add New Event" }));
  return screen.findByRole("dialog");
}

async function fill(dialog: HTMLElement, values: Record<string, string>) {
  for (const [label, value] of Object.entries(values)) {
    const input = within(dialog).getByLabelText(label);
    await userEvent.clear(input);
    if (value) await userEvent.type(input, value);
  }
}

describe("ManageEventsPage", () => {
  it("lists events by start time with date, start to end time, location and status", async () => {
    setup();
    await screen.findAllByText("Youth Night");
    const table = screen.getByRole("table");
    for (const h of ["Event", "Date & Time", "Location", "Status"]) expect(within(table).getByText(h)).toBeTruthy();
    const rows = within(table).getAllByRole("row").slice(1);
    expect(rows.map((r) => within(r).getAllByText(/Youth Night|Easter Breakfast/)[0].textContent)).toEqual([
      "Easter Breakfast",
      "Youth Night",
    ]);
    expect(within(rows[0]).getByText("Pancakes")).toBeTruthy();
    expect(within(rows[0]).getByText("Sun, Apr 12, 2020")).toBeTruthy();
    expect(within(rows[0]).getByText("8:00 AM – 9:30 AM")).toBeTruthy();
    expect(within(rows[0]).getByText("Past")).toBeTruthy();
    expect(within(rows[1]).getByText("Upcoming")).toBeTruthy();
    expect(
      within(rows[1])
        .getByRole("link", { name: /View Youth Night/ })
        .getAttribute("href"),
    ).toBe("/events/e2");
  });

  it("searches title and location, with 'No events found'", async () => {
    setup();
    await screen.findAllByText("Youth Night");
    const search = screen.getByLabelText("Search events by title or location");
    await userEvent.type(search, "chapel");
    expect(screen.queryAllByText("Easter Breakfast")).toHaveLength(0);
    await userEvent.type(search, "zzz");
    expect(screen.getByText("No events found")).toBeTruthy();
  });

  it("shows every required message and sends nothing", async () => {
    const fetchMock = setup();
    const dialog = await openAddDialog();
    expect(within(dialog).getByRole("heading", { name: "Add New Event" })).toBeTruthy();
    await userEvent.click(within(dialog).getByRole("button", { name: "Create Event" }));
    for (const m of [
      "Title is required",
      "Description is required",
      "Start time is required",
      "End time is required",
      "Location is required",
    ])
      expect(await within(dialog).findByText(m)).toBeTruthy();
    expect(sent(fetchMock, "POST")).toHaveLength(0);
  });

  it("refuses an end before the start", async () => {
    const fetchMock = setup();
    const dialog = await openAddDialog();
    await fill(dialog, {
      Title: "Vigil",
      Description: "Night of prayer",
      "Start time": "2030-01-01T22:00",
      "End time": "2030-01-01T21:00",
      Location: "Chapel",
    });
    await userEvent.click(within(dialog).getByRole("button", { name: "Create Event" }));
    expect(await within(dialog).findByText("End time must be after the start time")).toBeTruthy();
    expect(sent(fetchMock, "POST")).toHaveLength(0);
  });

  it("creates an event with ISO times in the church's zone, 'Creating...' while pending", async () => {
    let answer: (r: Response) => void = () => undefined;
    const fetchMock = setup({ "POST /api/events": () => new Promise<Response>((r) => (answer = r)) });
    const dialog = await openAddDialog();
    await fill(dialog, {
      Title: "Vigil",
      Description: "Night of prayer",
      "Start time": "2030-01-01T20:00",
      "End time": "2030-01-01T22:30",
      Location: "Chapel",
    });
    await userEvent.click(within(dialog).getByRole("button", { name: "Create Event" }));
    expect(await within(dialog).findByRole("button", { name: "Creating..." })).toBeTruthy();
    expect(JSON.parse(String(sent(fetchMock, "POST")[0][1]?.body))).toEqual({
      title: "Vigil",
      description: "Night of prayer",
      startTime: "2030-01-01T20:00:00.000Z",
      endTime: "2030-01-01T22:30:00.000Z",
      location: "Chapel",
      streamUrl: null,
      recurrence: null,
      isService: false,
    });
    answer(jsonResponse(makeEvent(), 201));
    await waitFor(() =>
      expect(getToasts()[0]).toMatchObject({ title: "Success!", description: "Event created successfully." }),
    );
  });

  it("makes a weekly regular service: Repeats offers the start's weekday, an end date and 'Regular service'", async () => {
    const fetchMock = setup({ "POST /api/events": () => jsonResponse(makeEvent(), 201) });
    const dialog = await openAddDialog();
    await fill(dialog, {
      Title: "Sunday Worship",
      Description: "All welcome",
      "Start time": "2030-01-06T10:00",
      "End time": "2030-01-06T11:30",
      Location: "Sanctuary",
    });
    const repeats = within(dialog).getByLabelText("Repeats") as HTMLSelectElement;
    expect([...repeats.options].map((o) => o.textContent)).toEqual([
      "Does not repeat",
      "Weekly on Sunday",
      "Monthly on the first Sunday",
      "Monthly on day 6",
    ]);
    await userEvent.selectOptions(repeats, "Weekly on Sunday");
    await userEvent.type(within(dialog).getByLabelText("Ends on (optional)"), "2030-06-30");
    await userEvent.click(within(dialog).getByRole("checkbox", { name: "Regular service" }));
    await userEvent.click(within(dialog).getByRole("button", { name: "Create Event" }));
    await waitFor(() => expect(sent(fetchMock, "POST")).toHaveLength(1));
    expect(JSON.parse(String(sent(fetchMock, "POST")[0][1]?.body))).toMatchObject({
      startTime: "2030-01-06T10:00:00.000Z",
      recurrence: "FREQ=WEEKLY;BYDAY=SU;UNTIL=20300630",
      isService: true,
    });
  });

  it("edits with PUT, starting from the saved times", async () => {
    const fetchMock = setup({ "PUT /api/events/e2": () => jsonResponse(EVENTS[0]) });
    await screen.findAllByText("Youth Night");
    await userEvent.click(screen.getAllByRole("button", { name: "Edit Youth Night" })[0]);
    const dialog = await screen.findByRole("dialog");
    expect(within(dialog).getByRole("heading", { name: "Edit Event" })).toBeTruthy();
    expect((within(dialog).getByLabelText("Start time") as HTMLInputElement).value).toBe("2030-03-08T18:00");
    await userEvent.click(within(dialog).getByRole("button", { name: "Update Event" }));
    await waitFor(() =>
      expect(getToasts()[0]).toMatchObject({ title: "Success!", description: "Event updated successfully." }),
    );
    expect(JSON.parse(String(sent(fetchMock, "PUT")[0][1]?.body))).toMatchObject({
      startTime: "2030-03-08T18:00:00.000Z",
      endTime: "2030-03-08T20:00:00.000Z",
    });
  });

  it("puts the server's field errors on the fields, and 'Failed to create event' otherwise", async () => {
    let status = 400;
    setup({
      "POST /api/events": () =>
        status === 400
          ? jsonResponse(
              { message: "Invalid", errors: [{ path: "endTime", message: "End time must be after the start time" }] },
              400,
            )
          : jsonResponse({ message: "boom" }, 500),
    });
    const dialog = await openAddDialog();
    await fill(dialog, {
      Title: "Vigil",
      Description: "Night of prayer",
      "Start time": "2030-01-01T20:00",
      "End time": "2030-01-01T22:30",
      Location: "Chapel",
    });
    await userEvent.click(within(dialog).getByRole("button", { name: "Create Event" }));
    expect(await within(dialog).findByText("End time must be after the start time")).toBeTruthy();
    status = 500;
    await userEvent.click(within(dialog).getByRole("button", { name: "Create Event" }));
    await waitFor(() =>
      expect(getToasts()[0]).toMatchObject({ title: "Error", description: "Failed to create event" }),
    );
  });

  it("deletes only after confirmation", async () => {
    const fetchMock = setup({ "DELETE /api/events/e1": () => new Response(null, { status: 204 }) });
    await screen.findAllByText("Easter Breakfast");
    await userEvent.click(screen.getAllByRole("button", { name: "Delete Easter Breakfast" })[0]);
    const alert = await screen.findByRole("alertdialog");
    expect(within(alert).getByText("Are you sure you want to delete this event?")).toBeTruthy();
    await userEvent.click(within(alert).getByRole("button", { name: "Delete" }));
    await waitFor(() =>
      expect(getToasts()[0]).toMatchObject({ title: "Success!", description: "Event deleted successfully." }),
    );
    expect(sent(fetchMock, "DELETE").map(([u]) => u)).toEqual(["/api/events/e1"]);
  });
});
