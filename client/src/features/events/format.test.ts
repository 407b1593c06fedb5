import { describe, expect, it } from "vitest";
import { eventFormatter, fromDateTimeLocalValue, toDateTimeLocalValue } from "./format";

describe("event formatting", () => {
  it("shows en-US dates and 12-hour times in the church's time zone", () => {
    const f = eventFormatter("America/Chicago");
    expect(f.date("2025-03-09T16:00:00.000Z")).toBe("Sun, Mar 9, 2025");
    expect(f.timeRange("2025-03-09T16:00:00.000Z", "2025-03-09T17:30:00.000Z")).toBe("11:00 AM – 12:30 PM");
    expect(f.timeRange("2025-03-10T03:00:00.000Z", "2025-03-10T07:00:00.000Z")).toBe("10:00 PM – Mar 10, 2:00 AM");
    expect(f.tile("2025-03-09T16:00:00.000Z")).toEqual({ month: "MAR", day: "9" });
  });

  it("falls back to the browser's zone for an unknown one", () => {
    expect(eventFormatter("Not/AZone").date("2025-03-09T12:00:00.000Z")).toContain("2025");
  });

  it("reads and writes datetime-local values as the church's wall-clock time", () => {
    expect(fromDateTimeLocalValue("2025-07-01T10:00", "America/New_York")).toBe("2025-07-01T14:00:00.000Z");
    expect(fromDateTimeLocalValue("2025-01-15T10:00", "America/New_York")).toBe("2025-01-15T15:00:00.000Z");
    expect(fromDateTimeLocalValue("2025-03-09T03:30", "America/New_York")).toBe("2025-03-09T07:30:00.000Z");
    expect(toDateTimeLocalValue("2025-07-01T14:00:00.000Z", "America/New_York")).toBe("2025-07-01T10:00");
    expect(toDateTimeLocalValue("2025-07-01T14:00:00.000Z", "Asia/Kolkata")).toBe("2025-07-01T19:30");
    expect(fromDateTimeLocalValue("2025-07-01T19:30", "Asia/Kolkata")).toBe("2025-07-01T14:00:00.000Z");
  });
});
