import { describe, expect, it } from "vitest";
import { getZonedParts, toLocalDate } from "./time";

/** The reading straight from Intl, never kept: what the kept minutes must agree with. */
function fresh(date: Date, timeZone: string) {
  const p: Record<string, string> = {};
  const f = new Intl.DateTimeFormat("en-US", {
    timeZone,
    hourCycle: "h23",
    year: "numeric",
    month: "2-digit",
    day: "2-digit",
    hour: "2-digit",
    minute: "2-digit",
    second: "2-digit",
    weekday: "short",
  });
  for (const part of f.formatToParts(date)) p[part.type] = part.value;
  return {
    year: Number(p.year),
    month: Number(p.month),
    day: Number(p.day),
    hour: Number(p.hour) % 24,
    minute: Number(p.minute),
    second: Number(p.second),
    weekday: ["Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat"].indexOf(p.weekday),
  };
}

/** Every 7 seconds (and the milliseconds either side of each minute) from 3 minutes before `at` to 3 after. */
function instantsAround(at: string): Date[] {
  const t = Date.parse(at);
  const out: Date[] = [];
  for (let d = -180_000; d <= 180_000; d += 7_000) out.push(new Date(t + d));
  for (let m = -2; m <= 2; m++) out.push(new Date(t + m * 60_000 - 1), new Date(t + m * 60_000));
  return out;
}

describe("getZonedParts keeps recent minutes", () => {
  it("agrees with Intl on every instant around midnight and daylight-saving changes", () => {
    const cases: [string, string][] = [
      // Midnight in Auckland (NZDT, UTC+13), Chicago (CST) and Kathmandu (UTC+5:45).
      ["Pacific/Auckland", "2026-11-21T11:00:00Z"],
      ["America/Chicago", "2026-11-22T06:00:00Z"],
      ["Asia/Kathmandu", "2026-11-21T18:15:00Z"],
      // Daylight saving: Auckland forward 27 September 2026 02:00 NZST, Chicago back 1 November 2026
      // 02:00 CDT, Lord Howe's half hour back on 5 April 2026 02:00.
      ["Pacific/Auckland", "2026-09-26T14:00:00Z"],
      ["America/Chicago", "2026-11-01T07:00:00Z"],
      ["Australia/Lord_Howe", "2026-04-04T15:00:00Z"],
      // Chatham (UTC+12:45 / +13:45).
      ["Pacific/Chatham", "2026-11-21T10:15:00Z"],
    ];
    for (const [zone, at] of cases) {
      // Twice over: the first pass fills the kept minutes, the second reads them.
      for (let pass = 0; pass < 2; pass++) {
        for (const d of instantsAround(at))
          expect(getZonedParts(d, zone), `${zone} ${d.toISOString()}`).toEqual(fresh(d, zone));
      }
    }
  });

  it("turns the church's day at its midnight, not a minute later or earlier", () => {
    // Auckland's 22 November 2026 begins at 2026-11-21T11:00:00Z.
    expect(toLocalDate(new Date("2026-11-21T10:59:59.999Z"), "Pacific/Auckland")).toBe("2026-11-21");
    expect(toLocalDate(new Date("2026-11-21T11:00:00.000Z"), "Pacific/Auckland")).toBe("2026-11-22");
    expect(toLocalDate(new Date("2026-11-21T10:59:30.000Z"), "Pacific/Auckland")).toBe("2026-11-21");
  });

  it("reads instants before 1980 (offsets with seconds) straight from Intl", () => {
    // Amsterdam kept UTC+0:19:32 until 1937.
    const d = new Date("1930-06-01T12:00:10Z");
    expect(getZonedParts(d, "Europe/Amsterdam")).toEqual(fresh(d, "Europe/Amsterdam"));
    expect(getZonedParts(new Date(d.getTime() + 5_000), "Europe/Amsterdam")).toEqual(
      fresh(new Date(d.getTime() + 5_000), "Europe/Amsterdam"),
    );
  });
});
