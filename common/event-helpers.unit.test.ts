import { describe, expect, it } from "vitest";
import { getEventStatus, splitEventsByStatus } from "./event-helpers";

const now = new Date("2026-05-10T12:00:00Z");
const at = (h: number) => new Date(now.getTime() + h * 3_600_000).toISOString();
const ev = (title: string, start: number, end: number) => ({ title, startTime: at(start), endTime: at(end) });

describe("event status from start and end", () => {
  it("is Upcoming before the start, Happening now until the end, Past after", () => {
    expect(getEventStatus(ev("a", 1, 2), now)).toBe("Upcoming");
    expect(getEventStatus(ev("b", -1, 1), now)).toBe("Happening now");
    expect(getEventStatus(ev("c", 0, 1), now)).toBe("Happening now");
    expect(getEventStatus(ev("d", -2, 0), now)).toBe("Past");
    expect(getEventStatus(ev("e", -3, -2), now)).toBe("Past");
  });

  it("lists what has not ended first, soonest first, and the past apart, most recent first", () => {
    const list = [ev("later", 48, 50), ev("long ago", -100, -99), ev("now", -1, 1), ev("yesterday", -24, -22)];
    const { current, past } = splitEventsByStatus(list, now);
    expect(current.map((e) => e.title)).toEqual(["now", "later"]);
    expect(past.map((e) => e.title)).toEqual(["yesterday", "long ago"]);
  });
});
