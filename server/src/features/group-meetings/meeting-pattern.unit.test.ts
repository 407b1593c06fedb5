import { describe, expect, it } from "vitest";
import { isPatternStart, nextPatternStarts, previousPatternStarts, startOfLocalDay } from "./meeting-pattern";

/** A group's regular meetings in the church's time zone (issue 27), across daylight-saving changes. */
describe("meeting pattern", () => {
  const tuesday = { meetingDay: 2, meetingTime: "19:30" };

  it("starts from today's meeting (church day) and steps by calendar weeks", () => {
    // Tuesday 3 March 2026, 20:00 in New York (01:00Z on the 4th): today's 19:30 is still listed.
    const from = new Date("2026-03-04T01:00:00Z");
    expect(nextPatternStarts(tuesday, "America/New_York", from, 2).map((d) => d.toISOString())).toEqual([
      "2026-03-04T00:30:00.000Z",
      "2026-03-10T23:30:00.000Z",
    ]);
  });

  it("lists past meetings newest first, none before the group's first day", () => {
    const before = new Date("2026-03-18T12:00:00Z");
    const since = new Date("2026-03-01T12:00:00Z");
    expect(previousPatternStarts(tuesday, "America/New_York", before, 8, since).map((d) => d.toISOString())).toEqual([
      "2026-03-17T23:30:00.000Z",
      "2026-03-10T23:30:00.000Z",
      "2026-03-04T00:30:00.000Z",
    ]);
  });

  it("moves a time skipped by the clocks forward by the gap, and still recognises it", () => {
    // Sunday 8 March 2026 02:30 does not happen in New York: 03:30 EDT (07:30Z).
    const sunday = { meetingDay: 0, meetingTime: "02:30" };
    const [start] = nextPatternStarts(sunday, "America/New_York", new Date("2026-03-07T12:00:00Z"), 1);
    expect(start.toISOString()).toBe("2026-03-08T07:30:00.000Z");
    expect(isPatternStart(sunday, "America/New_York", start)).toBe(true);
    expect(isPatternStart(sunday, "America/New_York", new Date(start.getTime() + 60_000))).toBe(false);
  });

  it("has no meetings without a day and a time", () => {
    expect(nextPatternStarts({ meetingDay: null, meetingTime: "19:30" }, "UTC", new Date(), 4)).toEqual([]);
    expect(nextPatternStarts({ meetingDay: 1, meetingTime: null }, "UTC", new Date(), 4)).toEqual([]);
    expect(isPatternStart({ meetingDay: null, meetingTime: null }, "UTC", new Date())).toBe(false);
  });

  it("gives the start of a church day n days on, whatever the offset that day", () => {
    // Auckland's 5 April 2026 (clocks back at 03:00): the day starts at 00:00 NZDT, the next at 00:00 NZST.
    const at = new Date("2026-04-04T12:00:00Z");
    expect(startOfLocalDay(at, "Pacific/Auckland").toISOString()).toBe("2026-04-04T11:00:00.000Z");
    expect(startOfLocalDay(at, "Pacific/Auckland", 1).toISOString()).toBe("2026-04-05T12:00:00.000Z");
  });
});
