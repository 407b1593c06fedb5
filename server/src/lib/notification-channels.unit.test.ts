import { DEFAULT_CHANNELS } from "@common/notification-channels-helpers";
import { describe, expect, it } from "vitest";
import { effectiveChannels, isInQuietHours, storedChannels } from "./notification-channels";

describe("a member's channels (issue 29)", () => {
  it("are the defaults without a row, and the row's changed kinds over them", () => {
    const none = effectiveChannels(null);
    expect(none.events).toEqual(DEFAULT_CHANNELS.events);
    expect(none.quietHours).toEqual({ from: "21:00", to: "08:00" });
    expect(none.digest).toBe(true);
    const some = effectiveChannels({
      channels: { events: { email: "always" }, sermons: { push: true }, kudos: { email: "bogus" } },
      quietFrom: "22:30",
      quietTo: "06:00",
      digest: false,
    });
    expect(some.events).toEqual({ push: true, email: "always" });
    expect(some.sermons).toEqual({ push: true, email: "never" });
    expect(some.kudos).toEqual(DEFAULT_CHANNELS.kudos);
    expect(some.quietHours).toEqual({ from: "22:30", to: "06:00" });
    expect(some.digest).toBe(false);
  });

  it("store only what differs from the defaults", () => {
    const choice = effectiveChannels(null);
    expect(storedChannels(choice)).toEqual({ channels: {}, quietFrom: null, quietTo: null, digest: true });
    choice.prayer = { push: false, email: "unseen" };
    choice.quietHours = { from: "20:00", to: "08:00" };
    expect(storedChannels(choice)).toEqual({
      channels: { prayer: { push: false } },
      quietFrom: "20:00",
      quietTo: "08:00",
      digest: true,
    });
  });
});

describe("quiet hours", () => {
  const quiet = { from: "21:00", to: "08:00" };
  it("wrap midnight in the church's time zone", () => {
    // 03:00 UTC is 21:00 in Chicago (CST, -6) and 12:00 in Seoul.
    expect(isInQuietHours(quiet, new Date("2026-01-10T03:00:00Z"), "America/Chicago")).toBe(true);
    expect(isInQuietHours(quiet, new Date("2026-01-10T03:00:00Z"), "Asia/Seoul")).toBe(false);
    expect(isInQuietHours(quiet, new Date("2026-01-10T13:59:00Z"), "America/Chicago")).toBe(true);
    expect(isInQuietHours(quiet, new Date("2026-01-10T14:00:00Z"), "America/Chicago")).toBe(false);
  });
  it("also work within one day, and from = to means none", () => {
    expect(isInQuietHours({ from: "12:00", to: "13:00" }, new Date("2026-01-10T12:30:00Z"), "UTC")).toBe(true);
    expect(isInQuietHours({ from: "12:00", to: "13:00" }, new Date("2026-01-10T13:00:00Z"), "UTC")).toBe(false);
    expect(isInQuietHours({ from: "08:00", to: "08:00" }, new Date("2026-01-10T08:00:00Z"), "UTC")).toBe(false);
  });
});
