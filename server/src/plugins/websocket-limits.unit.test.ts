import { describe, expect, it } from "vitest";
import { createFrameLimiter, SocketLimits } from "./websocket-limits";

const limits = (over: Partial<ConstructorParameters<typeof SocketLimits>[0]> = {}) =>
  new SocketLimits({ perMember: 10, perAddress: 2, upgradesPerMinute: 3, framesPer10Seconds: 20, ...over });

describe("SocketLimits: addresses", () => {
  it("counts every address of an IPv6 /64 as one, however it is written", () => {
    const l = limits();
    l.reserve("u1", "2001:db8:1:2::1");
    l.reserve("u2", "2001:0db8:0001:0002:ffff:ffff:ffff:ffff");
    expect(() => l.reserve("u3", "2001:db8:1:2:0:0:0:99")).toThrow(/Your network has 2 live connections/);
    // The neighbouring /64 and IPv4 addresses are others.
    expect(() => l.reserve("u3", "2001:db8:1:3::1")).not.toThrow();
    expect(() => l.reserve("u3", "192.0.2.1")).not.toThrow();
  });

  it("counts an IPv4-mapped IPv6 address as its IPv4 address, and separate IPv4 addresses apart", () => {
    const l = limits();
    l.reserve("u1", "::ffff:192.0.2.7");
    l.reserve("u2", "192.0.2.7");
    expect(() => l.reserve("u3", "192.0.2.7")).toThrow(/Your network has 2 live connections/);
    expect(() => l.reserve("u3", "192.0.2.8")).not.toThrow();
  });

  it("gives a place back once, however often the release is called", () => {
    const l = limits({ perMember: 1 });
    const release = l.reserve("u1", "192.0.2.1");
    expect(() => l.reserve("u1", "192.0.2.2")).toThrow(/You have 1 live connections/);
    release();
    release();
    const again = l.reserve("u1", "192.0.2.2");
    // A second release of the first place must not free the second.
    release();
    expect(() => l.reserve("u1", "192.0.2.3")).toThrow();
    again();
  });

  it("limits upgrades per /64 a minute and starts again after the minute", () => {
    const l = limits();
    const now = 1_000_000;
    for (let i = 1; i <= 3; i++) l.countUpgrade(`2001:db8:9:9::${i}`, now);
    expect(() => l.countUpgrade("2001:db8:9:9::ff", now + 1000)).toThrow(/Try again in 59 seconds/);
    expect(() => l.countUpgrade("2001:db8:9:a::1", now + 1000)).not.toThrow();
    expect(() => l.countUpgrade("2001:db8:9:9::1", now + 60_000)).not.toThrow();
  });
});

describe("createFrameLimiter", () => {
  it("lets `limit` frames through in any window and refuses the next until the oldest leaves it", () => {
    const allow = createFrameLimiter(3, 10_000);
    expect([allow(0), allow(1000), allow(2000)]).toEqual([true, true, true]);
    expect(allow(9999)).toBe(false);
    // The frame at 0 has left the window; the refused one took no place.
    expect(allow(10_000)).toBe(true);
    expect(allow(10_500)).toBe(false);
    expect(allow(11_000)).toBe(true);
  });
});
