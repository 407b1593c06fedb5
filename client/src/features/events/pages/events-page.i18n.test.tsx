import { screen, within } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { activateLanguage } from "@/lib/i18n";
import { makeEvent } from "@/test/fixtures";
import { makeUser, mockFetch, renderWithApp } from "@/test/render";
import { UpcomingEventList } from "../components/upcoming-event-list";
import { eventFormatter } from "../format";
import { describeEventRepeat } from "../repeat";
import { EventsPage } from "./events-page";

const DAY = 86_400_000;
const at = (ms: number) => new Date(Date.now() + ms).toISOString();
const PAST = makeEvent({
  id: "p",
  title: "Easter Breakfast",
  startTime: at(-10 * DAY),
  endTime: at(-10 * DAY + 3_600_000),
});
const SOON = makeEvent({ id: "u1", title: "Bible Study", startTime: at(2 * DAY), endTime: at(2 * DAY + 3_600_000) });
const NOW = makeEvent({ id: "n", title: "Prayer Meeting", startTime: at(-30 * 60_000), endTime: at(30 * 60_000) });

function setup(events = [PAST, SOON]) {
  const fetchMock = mockFetch({ "/api/events": events });
  vi.stubGlobal("fetch", (input: string, init?: RequestInit) =>
    fetchMock(/^\/api\/events\?from=[^&]+&to=[^&]+$/.test(input) ? "/api/events" : input, init),
  );
  renderWithApp(<EventsPage />, { user: makeUser({ role: "CONGREGANT" }), path: "/events" });
}

afterEach(async () => {
  await activateLanguage("en");
});

describe("Events in other languages", () => {
  it("shows the events page in Spanish: title, statuses, RSVP and the past section", async () => {
    await activateLanguage("es");
    setup();
    await screen.findByRole("heading", { name: "Bible Study" });
    expect(screen.getByRole("heading", { level: 1, name: "Próximos eventos" })).toBeTruthy();
    const soon = screen.getByRole("heading", { name: "Bible Study" }).closest("li") as HTMLElement;
    expect(within(soon).getByText("Próximamente")).toBeTruthy();
    expect(within(soon).getByRole("button", { name: "Ahí estaré" })).toBeTruthy();
    expect(within(soon).getByText("0 asistirán")).toBeTruthy();
    expect(screen.getByRole("region", { name: "Eventos pasados" })).toBeTruthy();
    expect(screen.queryByText("Upcoming")).toBeNull();
    expect(screen.queryByText("I'll be there")).toBeNull();
  });

  it("describes repeats in Spanish and Korean, and keeps the English words", async () => {
    const e = makeEvent({ startTime: "2030-01-06T15:00:00.000Z", recurrence: "FREQ=MONTHLY;BYDAY=1SU" });
    const weekly = { ...e, recurrence: "FREQ=WEEKLY;BYDAY=SU" };
    expect(describeEventRepeat(weekly, "UTC")).toBe("Repeats every Sunday");
    expect(describeEventRepeat({ ...e, recurrence: "FREQ=WEEKLY;INTERVAL=2;BYDAY=SU" }, "UTC")).toBe(
      "Repeats every other Sunday",
    );
    expect(describeEventRepeat({ ...e, recurrence: "FREQ=MONTHLY;BYMONTHDAY=15" }, "UTC")).toBe(
      "Repeats monthly on day 15",
    );
    await activateLanguage("es");
    expect(describeEventRepeat(weekly, "UTC")).toBe("Se repite cada domingo");
    expect(describeEventRepeat(e, "UTC")).toBe("Se repite el primer domingo de cada mes");
    await activateLanguage("ko");
    expect(describeEventRepeat(weekly, "UTC")).toBe("매주 일요일 반복");
  });

  it("shows the dashboard's event list in Spanish, and right to left in Arabic", async () => {
    await activateLanguage("es");
    const { unmount } = renderWithApp(
      <UpcomingEventList events={[NOW]} format={eventFormatter("UTC")} now={new Date()} />,
      { user: makeUser({ role: "CONGREGANT" }) },
    );
    expect(await screen.findByText(/En curso/)).toBeTruthy();
    expect(screen.queryByText(/Happening now/)).toBeNull();
    unmount();

    await activateLanguage("ar");
    setup();
    await screen.findByRole("heading", { name: "Bible Study" });
    expect(document.documentElement.dir).toBe("rtl");
    expect(screen.getByRole("heading", { level: 1, name: "الفعاليات القادمة" })).toBeTruthy();
    expect(screen.getByRole("button", { name: "سأكون هناك" })).toBeTruthy();
  });
});
