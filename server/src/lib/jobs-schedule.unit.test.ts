import { describe, expect, it } from "vitest";
import { nextRunAfter } from "./jobs";

const at = (iso: string) => new Date(iso);
const QUARTER = 15 * 60_000;
const DAY = 86_400_000;

describe("nextRunAfter (the repeating jobs' next run)", () => {
  it("just after the next quarter hour, never the one already passed nor a moment early", () => {
    const next = (iso: string) => nextRunAfter(at(iso), QUARTER, { afterMs: 10_000 }).toISOString();
    expect(next("2027-07-04T07:07:00Z")).toBe("2027-07-04T07:15:10.000Z");
    // On the boundary, and within its 10 seconds: the run for it is under way, the next is a quarter on.
    expect(next("2027-07-04T07:15:00Z")).toBe("2027-07-04T07:30:10.000Z");
    expect(next("2027-07-04T07:15:05Z")).toBe("2027-07-04T07:30:10.000Z");
    expect(next("2027-07-04T07:15:10Z")).toBe("2027-07-04T07:30:10.000Z");
    expect(next("2027-07-04T07:14:59.999Z")).toBe("2027-07-04T07:15:10.000Z");
    expect(next("2027-12-31T23:59:00Z")).toBe("2028-01-01T00:00:10.000Z");
  });

  it("daily at a time of day (UTC): today's when it is still ahead, else tomorrow's", () => {
    const next = (iso: string) => nextRunAfter(at(iso), DAY, { atMs: 3.5 * 3_600_000 }).toISOString();
    expect(next("2026-03-01T01:00:00Z")).toBe("2026-03-01T03:30:00.000Z");
    expect(next("2026-03-01T03:29:59.999Z")).toBe("2026-03-01T03:30:00.000Z");
    expect(next("2026-03-01T03:30:00Z")).toBe("2026-03-02T03:30:00.000Z");
    expect(next("2026-03-01T23:59:59Z")).toBe("2026-03-02T03:30:00.000Z");
    // Across a month's and a leap day's end.
    expect(next("2028-02-28T04:00:00Z")).toBe("2028-02-29T03:30:00.000Z");
    expect(next("2028-02-29T04:00:00Z")).toBe("2028-03-01T03:30:00.000Z");
  });

  it("is the same as the copies it replaced, minute by minute over two days", () => {
    const start = Date.parse("2026-11-28T00:00:00Z");
    for (let t = start; t < start + 2 * DAY; t += 59_000) {
      const now = new Date(t);
      const quarter = (Math.floor(t / QUARTER) + 1) * QUARTER + 10_000;
      const today = Math.floor(t / DAY) * DAY + 3.75 * 3_600_000;
      expect(nextRunAfter(now, QUARTER, { afterMs: 10_000 }).getTime()).toBe(quarter);
      expect(nextRunAfter(now, DAY, { atMs: 3.75 * 3_600_000 }).getTime()).toBe(today > t ? today : today + DAY);
    }
  });
});
