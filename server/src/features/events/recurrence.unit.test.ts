import {
  describeRecurrence,
  describeServiceTime,
  expandOccurrences,
  formatRecurrence,
  isOccurrence,
  parseRecurrence,
  type TRecurrenceRule,
} from "@common/recurrence";
import { describe, expect, it } from "vitest";

const rule = (text: string) => {
  const r = parseRecurrence(text);
  if (typeof r === "string") throw new Error(r);
  return r;
};
const iso = (dates: Date[]) => dates.map((d) => d.toISOString());
const expand = (r: TRecurrenceRule, start: string, zone: string, from: string, to: string) =>
  iso(
    expandOccurrences(r, new Date(start), zone, {
      from: new Date(from),
      to: new Date(to),
      durationMs: 3_600_000,
    }),
  );

describe("parseRecurrence and formatRecurrence", () => {
  it("reads weekly and monthly rules, with or without RRULE:, and writes them back in one order", () => {
    expect(formatRecurrence(rule("RRULE:freq=weekly;byday=SU"))).toBe("FREQ=WEEKLY;BYDAY=SU");
    expect(formatRecurrence(rule("COUNT=5;BYDAY=1SU;FREQ=MONTHLY"))).toBe("FREQ=MONTHLY;BYDAY=1SU;COUNT=5");
    expect(formatRecurrence(rule("FREQ=MONTHLY;BYDAY=MO,TU,WE,TH,FR;BYSETPOS=-1;UNTIL=20271231T235959Z"))).toBe(
      "FREQ=MONTHLY;BYDAY=MO,TU,WE,TH,FR;BYSETPOS=-1;UNTIL=20271231T235959Z",
    );
    expect(formatRecurrence(rule("FREQ=WEEKLY;INTERVAL=2;BYDAY=WE"))).toBe("FREQ=WEEKLY;INTERVAL=2;BYDAY=WE");
  });

  it("refuses what it cannot repeat, each with a sentence that says why", () => {
    expect(parseRecurrence("FREQ=DAILY")).toMatch(/weekly or monthly only/);
    expect(parseRecurrence("FREQ=YEARLY;BYMONTH=3")).toMatch(/weekly or monthly only/);
    expect(parseRecurrence("BYDAY=SU")).toMatch(/needs FREQ/);
    expect(parseRecurrence("FREQ=WEEKLY;BYHOUR=9")).toMatch(/BYHOUR is not supported/);
    expect(parseRecurrence("FREQ=WEEKLY;COUNT=3;UNTIL=20270101")).toMatch(/COUNT or UNTIL, not both/);
    expect(parseRecurrence("FREQ=WEEKLY;BYDAY=1SU")).toMatch(/plain weekdays/);
    expect(parseRecurrence("FREQ=WEEKLY;BYDAY=XX")).toMatch(/BYDAY takes weekdays/);
    expect(parseRecurrence("FREQ=MONTHLY;BYMONTHDAY=0")).toMatch(/between -31 and 31/);
    expect(parseRecurrence("FREQ=WEEKLY;UNTIL=20270230")).toMatch(/not a real date/);
    expect(parseRecurrence("FREQ=WEEKLY;COUNT=0")).toMatch(/COUNT must be/);
    expect(parseRecurrence("FREQ=WEEKLY;FREQ=MONTHLY")).toMatch(/twice/);
    expect(parseRecurrence("garbage")).toMatch(/KEY=VALUE/);
  });
});

describe("expandOccurrences keeps the wall-clock time in the church's zone", () => {
  it("New York in March: 10:00 EST (15:00 UTC) becomes 10:00 EDT (14:00 UTC)", () => {
    expect(
      expand(rule("FREQ=WEEKLY;BYDAY=SU"), "2026-03-01T15:00:00Z", "America/New_York", "2026-03-01", "2026-03-16"),
    ).toEqual(["2026-03-01T15:00:00.000Z", "2026-03-08T14:00:00.000Z", "2026-03-15T14:00:00.000Z"]);
  });

  it("New York in November and London in March and October", () => {
    expect(
      expand(rule("FREQ=WEEKLY;BYDAY=SU"), "2026-10-25T14:00:00Z", "America/New_York", "2026-10-20", "2026-11-09"),
    ).toEqual(["2026-10-25T14:00:00.000Z", "2026-11-01T15:00:00.000Z", "2026-11-08T15:00:00.000Z"]);
    expect(
      expand(rule("FREQ=WEEKLY;BYDAY=SU"), "2026-03-22T10:00:00Z", "Europe/London", "2026-03-01", "2026-04-01"),
    ).toEqual(["2026-03-22T10:00:00.000Z", "2026-03-29T09:00:00.000Z"]);
    expect(
      expand(rule("FREQ=WEEKLY;BYDAY=SU"), "2026-10-18T09:00:00Z", "Europe/London", "2026-10-01", "2026-11-02"),
    ).toEqual(["2026-10-18T09:00:00.000Z", "2026-10-25T10:00:00.000Z", "2026-11-01T10:00:00.000Z"]);
  });

  it("a time the clocks skip moves forward by the gap (02:30 on New York's spring-forward Sunday is 03:30 EDT)", () => {
    expect(
      expand(rule("FREQ=WEEKLY;BYDAY=SU"), "2026-03-01T07:30:00Z", "America/New_York", "2026-03-01", "2026-03-10"),
    ).toEqual(["2026-03-01T07:30:00.000Z", "2026-03-08T07:30:00.000Z"]);
  });

  it("monthly by the nth weekday, the last weekday and a day some months lack", () => {
    // First Sunday of the month at 18:00 in Chicago (CST, then CDT from March 8).
    expect(
      expand(rule("FREQ=MONTHLY;BYDAY=1SU"), "2026-01-05T00:00:00Z", "America/Chicago", "2026-01-01", "2026-05-31"),
    ).toEqual([
      "2026-01-05T00:00:00.000Z",
      "2026-02-02T00:00:00.000Z",
      "2026-03-02T00:00:00.000Z",
      "2026-04-05T23:00:00.000Z",
      "2026-05-03T23:00:00.000Z",
    ]);
    // The last Friday.
    expect(expand(rule("FREQ=MONTHLY;BYDAY=-1FR"), "2026-01-30T12:00:00Z", "UTC", "2026-01-01", "2026-04-01")).toEqual([
      "2026-01-30T12:00:00.000Z",
      "2026-02-27T12:00:00.000Z",
      "2026-03-27T12:00:00.000Z",
    ]);
    // The last weekday of the month, by BYSETPOS.
    expect(
      expand(
        rule("FREQ=MONTHLY;BYDAY=MO,TU,WE,TH,FR;BYSETPOS=-1"),
        "2026-01-30T12:00:00Z",
        "UTC",
        "2026-01-01",
        "2026-06-01",
      ),
    ).toEqual([
      "2026-01-30T12:00:00.000Z",
      "2026-02-27T12:00:00.000Z",
      "2026-03-31T12:00:00.000Z",
      "2026-04-30T12:00:00.000Z",
      "2026-05-29T12:00:00.000Z",
    ]);
    // Day 31 happens only in months that have it.
    expect(
      expand(rule("FREQ=MONTHLY;BYMONTHDAY=31"), "2026-01-31T12:00:00Z", "UTC", "2026-01-01", "2026-06-01"),
    ).toEqual(["2026-01-31T12:00:00.000Z", "2026-03-31T12:00:00.000Z", "2026-05-31T12:00:00.000Z"]);
  });

  it("stops at COUNT (DTSTART counts) and at UNTIL, and keeps INTERVAL", () => {
    const start = "2026-01-04T10:00:00Z";
    expect(expand(rule("FREQ=WEEKLY;BYDAY=SU;COUNT=3"), start, "UTC", "2026-01-01", "2026-12-31")).toHaveLength(3);
    expect(expand(rule("FREQ=WEEKLY;BYDAY=SU;COUNT=1"), start, "UTC", "2026-01-01", "2026-12-31")).toEqual([
      "2026-01-04T10:00:00.000Z",
    ]);
    expect(expand(rule("FREQ=WEEKLY;BYDAY=SU;UNTIL=20260118"), start, "UTC", "2026-01-01", "2026-12-31")).toEqual([
      "2026-01-04T10:00:00.000Z",
      "2026-01-11T10:00:00.000Z",
      "2026-01-18T10:00:00.000Z",
    ]);
    expect(expand(rule("FREQ=WEEKLY;INTERVAL=2;BYDAY=SU"), start, "UTC", "2026-01-01", "2026-02-01")).toEqual([
      "2026-01-04T10:00:00.000Z",
      "2026-01-18T10:00:00.000Z",
    ]);
    expect(expand(rule("FREQ=WEEKLY;BYDAY=SU,WE"), start, "UTC", "2026-01-01", "2026-01-12")).toEqual([
      "2026-01-04T10:00:00.000Z",
      "2026-01-07T10:00:00.000Z",
      "2026-01-11T10:00:00.000Z",
    ]);
  });

  it("names an occurrence only by a start the rule makes", () => {
    const r = rule("FREQ=WEEKLY;BYDAY=SU");
    const start = new Date("2026-03-01T15:00:00Z");
    expect(isOccurrence(r, start, "America/New_York", new Date("2026-03-08T14:00:00Z"))).toBe(true);
    expect(isOccurrence(r, start, "America/New_York", new Date("2026-03-08T15:00:00Z"))).toBe(false);
    expect(isOccurrence(r, start, "America/New_York", new Date("2026-02-22T15:00:00Z"))).toBe(false);
  });
});

describe("describing a rule", () => {
  const sunday = { weekday: 0, day: 4 };
  it("says when it repeats, for the event page and the public page", () => {
    expect(describeRecurrence(rule("FREQ=WEEKLY;BYDAY=SU"), sunday)).toBe("every Sunday");
    expect(describeRecurrence(rule("FREQ=WEEKLY;INTERVAL=2;BYDAY=SU"), sunday)).toBe("every other Sunday");
    expect(describeRecurrence(rule("FREQ=WEEKLY;BYDAY=SU,WE"), sunday)).toBe("every Sunday and Wednesday");
    expect(describeRecurrence(rule("FREQ=MONTHLY;BYDAY=1SU"), sunday)).toBe("on the first Sunday of every month");
    expect(describeRecurrence(rule("FREQ=MONTHLY;BYDAY=-1FR"), sunday)).toBe("on the last Friday of every month");
    expect(describeRecurrence(rule("FREQ=MONTHLY;BYMONTHDAY=15"), sunday)).toBe("monthly on day 15");
    expect(describeRecurrence(rule("FREQ=MONTHLY"), sunday)).toBe("monthly on day 4");
    expect(describeServiceTime(rule("FREQ=WEEKLY;BYDAY=SU"), sunday, "10:00 AM")).toBe("Sundays at 10:00 AM");
    expect(describeServiceTime(rule("FREQ=MONTHLY;BYDAY=1SU"), sunday, "6:00 PM")).toBe(
      "First Sunday of the month at 6:00 PM",
    );
  });
});
