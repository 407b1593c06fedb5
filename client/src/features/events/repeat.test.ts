import { describe, expect, it } from "vitest";
import { makeEvent } from "@/test/fixtures";
import { describeEventRepeat, eventPageHref, fromRecurrence, getRepeatOptions, toRecurrence } from "./repeat";

describe("the form's Repeats choice", () => {
  it("offers the start's weekday, its place in the month (last for a fifth) and its day", () => {
    expect(getRepeatOptions("2030-01-06T10:00").map((o) => o.label)).toEqual([
      "Does not repeat",
      "Weekly on Sunday",
      "Monthly on the first Sunday",
      "Monthly on day 6",
    ]);
    expect(getRepeatOptions("2030-03-29T18:00")[2].label).toBe("Monthly on the last Friday");
    expect(getRepeatOptions("")).toEqual([{ value: "none", label: "Does not repeat" }]);
  });

  it("writes and reads back the rule, with the last date", () => {
    expect(toRecurrence("weekly", "2030-01-06T10:00", "", null)).toBe("FREQ=WEEKLY;BYDAY=SU");
    expect(toRecurrence("monthly-nth", "2030-03-29T18:00", "2030-12-31", null)).toBe(
      "FREQ=MONTHLY;BYDAY=-1FR;UNTIL=20301231",
    );
    expect(toRecurrence("monthly-day", "2030-01-15T10:00", "", null)).toBe("FREQ=MONTHLY;BYMONTHDAY=15");
    expect(toRecurrence("none", "2030-01-06T10:00", "2030-02-01", null)).toBeNull();
    expect(toRecurrence("custom", "2030-01-06T10:00", "", "FREQ=WEEKLY;INTERVAL=2")).toBe("FREQ=WEEKLY;INTERVAL=2");
    // Stored rules end at the end of the last day in the church's zone, in UTC.
    expect(fromRecurrence("FREQ=WEEKLY;BYDAY=SU;UNTIL=20300701T035959Z", "America/New_York")).toEqual({
      choice: "weekly",
      until: "2030-06-30",
    });
    expect(fromRecurrence("FREQ=MONTHLY;BYDAY=1SU", "UTC").choice).toBe("monthly-nth");
    expect(fromRecurrence("FREQ=MONTHLY;BYMONTHDAY=15", "UTC").choice).toBe("monthly-day");
    expect(fromRecurrence("FREQ=WEEKLY;INTERVAL=2;BYDAY=SU", "UTC").choice).toBe("custom");
    expect(fromRecurrence(null, "UTC").choice).toBe("none");
  });

  it("describes a repeating event and links to its occurrence", () => {
    const e = makeEvent({
      id: "e1",
      startTime: "2030-01-06T15:00:00.000Z",
      occurrenceStart: "2030-01-06T15:00:00.000Z",
      recurrence: "FREQ=MONTHLY;BYDAY=1SU",
    });
    expect(describeEventRepeat(e, "America/New_York")).toBe("Repeats on the first Sunday of every month");
    expect(eventPageHref(e)).toBe("/events/e1?occurrence=2030-01-06T15%3A00%3A00.000Z");
    expect(eventPageHref({ ...e, recurrence: null })).toBe("/events/e1");
    expect(describeEventRepeat({ ...e, recurrence: null }, "UTC")).toBeNull();
  });
});
