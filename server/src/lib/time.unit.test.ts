import { toLocalDate, zonedTimeToUtc } from "@common/time";
import { describe, expect, it } from "vitest";
import { startOfDay, startOfMonth, startOfWeek } from "./time";

describe("church time zone calendar", () => {
  it("starts the week on the Sunday of the church's own calendar", () => {
    // Sunday 2026-11-22 02:00 UTC is still Saturday evening in Chicago.
    const t = new Date("2026-11-22T02:00:00Z");
    expect(startOfWeek(t, "UTC").toISOString()).toBe("2026-11-22T00:00:00.000Z");
    expect(startOfWeek(t, "America/Chicago").toISOString()).toBe("2026-11-15T06:00:00.000Z");
    expect(toLocalDate(t, "America/Chicago")).toBe("2026-11-21");
  });

  it("handles a daylight-saving change inside the week", () => {
    // US clocks went back on 2026-11-01; that Sunday began at 05:00 UTC in Chicago (CDT).
    expect(startOfWeek(new Date("2026-11-04T12:00:00Z"), "America/Chicago").toISOString()).toBe(
      "2026-11-01T05:00:00.000Z",
    );
    expect(startOfDay(new Date("2026-11-04T12:00:00Z"), "America/Chicago").toISOString()).toBe(
      "2026-11-04T06:00:00.000Z",
    );
  });

  it("finds the month's start and converts wall-clock times", () => {
    expect(startOfMonth(new Date("2026-11-21T10:00:00Z"), "Asia/Tokyo").toISOString()).toBe("2026-10-31T15:00:00.000Z");
    expect(zonedTimeToUtc(2026, 7, 5, "Europe/London", 10, 30).toISOString()).toBe("2026-07-05T09:30:00.000Z");
  });

  it("starts a day at its first instant when clocks skip or repeat its midnight (Santiago)", () => {
    // 6 September 2026: Santiago's clocks go from Saturday 24:00 (-04) to Sunday 01:00 (-03).
    const sunday = new Date("2026-09-09T15:00:00Z"); // Wednesday of that week
    expect(startOfWeek(sunday, "America/Santiago").toISOString()).toBe("2026-09-06T04:00:00.000Z");
    expect(toLocalDate(startOfWeek(sunday, "America/Santiago"), "America/Santiago")).toBe("2026-09-06");
    expect(zonedTimeToUtc(2026, 9, 6, "America/Santiago").toISOString()).toBe("2026-09-06T04:00:00.000Z");
    // 5 April 2026: clocks go back from Sunday 00:00 (-03) to Saturday 23:00 (-04); Sunday begins at
    // its first midnight, and a Saturday evening hour that happens twice is its first instant.
    expect(zonedTimeToUtc(2026, 4, 5, "America/Santiago").toISOString()).toBe("2026-04-05T04:00:00.000Z");
    expect(zonedTimeToUtc(2026, 4, 4, "America/Santiago", 23, 30).toISOString()).toBe("2026-04-05T02:30:00.000Z");
    // A wall time inside a gap elsewhere (US spring forward: 2:30 am never happens) moves forward by
    // the gap, to 3:30 CDT, as JavaScript's Temporal does.
    expect(zonedTimeToUtc(2026, 3, 8, "America/Chicago", 2, 30).toISOString()).toBe("2026-03-08T08:30:00.000Z");
  });
});
