import type { LookupAddress } from "node:dns";
import { describe, expect, it } from "vitest";
import {
  isPublicAddress,
  isPublicHost,
  NOT_PUBLIC_HOST,
  NotPublicAddressError,
  publicOnlyLookup,
} from "./public-address";

describe("isPublicAddress", () => {
  it.each([
    "8.8.8.8",
    "142.250.74.106",
    "1.1.1.1",
    "172.32.0.1",
    "100.128.0.1",
    "2607:f8b0:4004:c07::5f",
    "2a00:1450:4001:82b::200a",
    "::ffff:8.8.8.8",
    "64:ff9b::808:808",
    "2002:808:808::1",
    "[2607:f8b0:4004:c07::5f]",
  ])("%s is public", (ip) => {
    expect(isPublicAddress(ip)).toBe(true);
  });

  it.each([
    ["127.0.0.1", "loopback"],
    ["127.255.255.254", "loopback"],
    ["10.0.0.1", "private 10/8"],
    ["10.255.255.255", "private 10/8"],
    ["172.16.0.1", "private 172.16/12"],
    ["172.31.255.255", "private 172.16/12"],
    ["192.168.1.1", "private 192.168/16"],
    ["169.254.169.254", "link-local (cloud metadata)"],
    ["100.64.0.1", "carrier-grade NAT"],
    ["100.127.255.255", "carrier-grade NAT"],
    ["224.0.0.1", "multicast"],
    ["239.255.255.250", "multicast"],
    ["0.0.0.0", "unspecified"],
    ["255.255.255.255", "broadcast"],
    ["192.0.2.10", "documentation"],
    ["198.18.0.1", "benchmarking"],
    ["::1", "IPv6 loopback"],
    ["[::1]", "IPv6 loopback in brackets"],
    ["::", "IPv6 unspecified"],
    ["fc00::1", "IPv6 unique local"],
    ["fd12:3456:789a::1", "IPv6 unique local"],
    ["fe80::1", "IPv6 link-local"],
    ["fe80::1%eth0", "IPv6 link-local with a zone"],
    ["ff02::1", "IPv6 multicast"],
    ["::ffff:127.0.0.1", "IPv4-mapped loopback"],
    ["::ffff:10.1.2.3", "IPv4-mapped private"],
    ["::ffff:a01:203", "IPv4-mapped private in hex"],
    ["::ffff:192.168.0.1", "IPv4-mapped private"],
    ["::ffff:169.254.169.254", "IPv4-mapped link-local"],
    ["::127.0.0.1", "IPv4-compatible"],
    ["64:ff9b::a00:1", "NAT64 of a private address"],
    ["64:ff9b:1::1", "local-use NAT64"],
    ["2002:7f00:1::1", "6to4 of loopback"],
    ["2002:c0a8:101::1", "6to4 of a private address"],
    ["2001:db8::1", "IPv6 documentation"],
    ["2001:0:4136:e378::1", "Teredo"],
    ["100::1", "IPv6 discard"],
    ["not an address", "not an address"],
    ["", "empty"],
  ])("%s is not public (%s)", (ip) => {
    expect(isPublicAddress(ip)).toBe(false);
  });
});

describe("isPublicHost", () => {
  it("refuses a literal address that is not public without resolving anything", async () => {
    expect(await isPublicHost("127.0.0.1")).toBe(false);
    expect(await isPublicHost("[::1]")).toBe(false);
    expect(await isPublicHost("8.8.8.8")).toBe(true);
  });

  it("refuses a name that resolves to loopback", async () => {
    expect(await isPublicHost("localhost")).toBe(false);
  });

  it("refuses a name that does not resolve exactly as one that is not public: nothing tells them apart", async () => {
    expect(await isPublicHost("push.example.invalid")).toBe(false);
    expect(await isPublicHost("push.example.invalid")).toEqual(await isPublicHost("localhost"));
    expect(NOT_PUBLIC_HOST).toBe("its host does not resolve to a public internet address");
  });
});

describe("publicOnlyLookup (the connection's own lookup)", () => {
  const lookup = (host: string, all: boolean) =>
    new Promise<{ err: Error | null; result: unknown }>((resolve) =>
      publicOnlyLookup(host, { all } as never, (err: Error | null, address: string | LookupAddress[]) =>
        resolve({ err, result: address }),
      ),
    );

  it("fails the connection before it is made when the name resolves to loopback", async () => {
    for (const all of [true, false]) {
      const { err } = await lookup("localhost", all);
      expect(err).toBeInstanceOf(NotPublicAddressError);
      expect((err as NotPublicAddressError).code).toBe("ENOTPUBLIC");
    }
  });

  it("answers as Node's lookup does for a public address, in both forms", async () => {
    expect(await lookup("8.8.8.8", true)).toEqual({ err: null, result: [{ address: "8.8.8.8", family: 4 }] });
    expect(await lookup("8.8.8.8", false)).toEqual({ err: null, result: "8.8.8.8" });
  });

  it("passes on a resolver failure as it is", async () => {
    const { err } = await lookup("push.example.invalid", true);
    expect(err).not.toBeInstanceOf(NotPublicAddressError);
    expect((err as NodeJS.ErrnoException).code).toMatch(/ENOTFOUND|EAI_AGAIN/);
  });
});
