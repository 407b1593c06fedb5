import { describe, expect, it } from "vitest";
import { latestDigestMoment, nextWeekdayAt } from "./digest-moment";

describe("the digest's moment in the church's time zone", () => {
  it("is this week's day and time once passed, else last week's", () => {
    expect(latestDigestMoment(new Date("2026-12-05T23:00:00Z"), "America/Chicago", 6, "17:00")).toEqual({
      at: new Date("2026-12-05T23:00:00Z"),
      weekOf: "2026-11-29",
    });
    expect(latestDigestMoment(new Date("2026-12-05T22:59:59Z"), "America/Chicago", 6, "17:00")).toEqual({
      at: new Date("2026-11-28T23:00:00Z"),
      weekOf: "2026-11-22",
    });
    expect(latestDigestMoment(new Date("2026-12-05T08:00:00Z"), "Asia/Seoul", 6, "17:00").at).toEqual(
      new Date("2026-12-05T08:00:00Z"),
    );
  });

  it("keeps the local time across daylight-saving changes", () => {
    // Chicago falls back on Sunday 1 November 2026: 17:00 is 22:00 UTC before, 23:00 after.
    expect(latestDigestMoment(new Date("2026-11-06T12:00:00Z"), "America/Chicago", 6, "17:00").at).toEqual(
      new Date("2026-10-31T22:00:00Z"),
    );
    expect(latestDigestMoment(new Date("2026-11-08T12:00:00Z"), "America/Chicago", 6, "17:00").at).toEqual(
      new Date("2026-11-07T23:00:00Z"),
    );
    // Berlin springs forward on Sunday 28 March 2027: Sunday 09:00 is 07:00 UTC.
    expect(latestDigestMoment(new Date("2027-03-28T12:00:00Z"), "Europe/Berlin", 0, "09:00")).toEqual({
      at: new Date("2027-03-28T07:00:00Z"),
      weekOf: "2027-03-28",
    });
  });

  it("finds a group's next regular meeting, the same day when still ahead", () => {
    // Wednesday 16 December 2026 at 12:00 in Chicago; the group meets Wednesdays at 19:00.
    expect(nextWeekdayAt(new Date("2026-12-16T18:00:00Z"), "America/Chicago", 3, "19:00")).toEqual(
      new Date("2026-12-17T01:00:00Z"),
    );
    expect(nextWeekdayAt(new Date("2026-12-17T02:00:00Z"), "America/Chicago", 3, "19:00")).toEqual(
      new Date("2026-12-24T01:00:00Z"),
    );
  });
});
