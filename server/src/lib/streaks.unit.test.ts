import { describe, expect, it } from "vitest";
import { dayStreak, weekStreak } from "./streaks";

describe("streaks", () => {
  it("counts consecutive days ending today, or yesterday while today is not done", () => {
    const days = ["2026-11-20", "2026-11-21", "2026-11-22", "2026-11-18"];
    expect(dayStreak(days, "2026-11-22")).toBe(3);
    expect(dayStreak(days, "2026-11-23")).toBe(3);
    expect(dayStreak(days, "2026-11-24")).toBe(0);
    expect(dayStreak([], "2026-11-24")).toBe(0);
  });

  it("crosses months and years", () => {
    expect(dayStreak(["2026-12-31", "2027-01-01", "2026-12-30"], "2027-01-01")).toBe(3);
    expect(dayStreak(["2028-02-28", "2028-02-29", "2028-03-01"], "2028-03-01")).toBe(3);
  });

  it("counts weeks by their Sunday, ending this week or last week", () => {
    const weeks = ["2026-11-01", "2026-11-08", "2026-11-15"];
    expect(weekStreak(weeks, "2026-11-15")).toBe(3);
    expect(weekStreak(weeks, "2026-11-22")).toBe(3);
    expect(weekStreak(weeks, "2026-11-29")).toBe(0);
    expect(weekStreak(["2026-11-01", "2026-11-15"], "2026-11-15")).toBe(1);
  });
});
