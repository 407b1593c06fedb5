import dns from "node:dns";
import { BlockList, isIP, type LookupFunction } from "node:net";

/**
 * Whether an address the server is asked to connect to (a web push endpoint's host) is on the public
 * internet, so that a member's input cannot turn the server against its own network: loopback,
 * private, link-local, carrier-grade NAT, multicast, reserved and documentation ranges are not, nor an
 * IPv6 address that embeds such an IPv4 address (IPv4-mapped, NAT64, 6to4).
 */
export function isPublicAddress(address: string): boolean {
  const ip = address.replace(/^\[|\]$/g, "");
  const family = isIP(ip);
  if (family === 4) return !NOT_PUBLIC_V4.check(ip, "ipv4");
  if (family !== 6 || ip.includes("%")) return false;
  const g = ipv6Groups(ip);
  const embedded = embeddedIPv4(g);
  if (embedded !== undefined) return embedded !== null && !NOT_PUBLIC_V4.check(embedded, "ipv4");
  // Only global unicast (2000::/3) is public; within it, the special-purpose blocks are not.
  return (g[0] & 0xe000) === 0x2000 && !NOT_PUBLIC_V6.check(ip, "ipv6");
}

const NOT_PUBLIC_V4 = blockList("ipv4", [
  ["0.0.0.0", 8], // "this network", unspecified
  ["10.0.0.0", 8], // private
  ["100.64.0.0", 10], // carrier-grade NAT
  ["127.0.0.0", 8], // loopback
  ["169.254.0.0", 16], // link-local (cloud metadata services)
  ["172.16.0.0", 12], // private
  ["192.0.0.0", 24], // IETF protocol assignments
  ["192.0.2.0", 24], // documentation
  ["192.88.99.0", 24], // 6to4 relay anycast
  ["192.168.0.0", 16], // private
  ["198.18.0.0", 15], // benchmarking
  ["198.51.100.0", 24], // documentation
  ["203.0.113.0", 24], // documentation
  ["224.0.0.0", 4], // multicast
  ["240.0.0.0", 4], // reserved, broadcast
]);

const NOT_PUBLIC_V6 = blockList("ipv6", [
  ["2001::", 23], // IETF protocol assignments (Teredo, ORCHID, ...)
  ["2001:db8::", 32], // documentation
  ["3fff::", 20], // documentation
]);

function blockList(type: "ipv4" | "ipv6", ranges: [string, number][]): BlockList {
  const list = new BlockList();
  for (const [net, bits] of ranges) list.addSubnet(net, bits, type);
  return list;
}

/** The eight 16-bit groups of a valid IPv6 address (with or without a dotted IPv4 tail). */
function ipv6Groups(ip: string): number[] {
  let s = ip.toLowerCase();
  const dotted = /(\d+)\.(\d+)\.(\d+)\.(\d+)$/.exec(s);
  if (dotted) {
    const [a, b, c, d] = dotted.slice(1).map(Number);
    s = `${s.slice(0, dotted.index)}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const [head, tail] = s.split("::");
  const h = head ? head.split(":") : [];
  const t = tail ? tail.split(":") : [];
  const groups = tail === undefined ? h : [...h, ...Array(8 - h.length - t.length).fill("0"), ...t];
  return groups.map((x) => Number.parseInt(x, 16));
}

/**
 * The IPv4 address an IPv6 address stands for (IPv4-mapped ::ffff:0:0/96, NAT64 64:ff9b::/96, 6to4
 * 2002::/16), null for the rest of ::/96 (unspecified, loopback, deprecated IPv4-compatible) and the
 * local-use NAT64 block, undefined when it embeds none.
 */
function embeddedIPv4(g: number[]): string | null | undefined {
  const v4 = (hi: number, lo: number) => `${hi >> 8}.${hi & 0xff}.${lo >> 8}.${lo & 0xff}`;
  const zeros = (from: number, to: number) => g.slice(from, to).every((x) => x === 0);
  if (zeros(0, 5) && g[5] === 0xffff) return v4(g[6], g[7]);
  if (zeros(0, 6)) return null;
  if (g[0] === 0x64 && g[1] === 0xff9b) return zeros(2, 6) ? v4(g[6], g[7]) : null;
  if (g[0] === 0x2002) return v4(g[1], g[2]);
  return undefined;
}

/**
 * Why a host is refused, in words, the same whether its name does not resolve or it resolves to an
 * address that is not public: two answers would let anyone ask the server which internal names its
 * DNS knows (issue 23).
 */
export const NOT_PUBLIC_HOST = "its host does not resolve to a public internet address";

/**
 * Resolves `host` (a name or a literal address) the way a connection would, and says whether it has
 * addresses and every one is public. A name that does not resolve is refused alike, and callers
 * answer both with NOT_PUBLIC_HOST.
 */
export async function isPublicHost(host: string): Promise<boolean> {
  const bare = host.replace(/^\[|\]$/g, "");
  if (isIP(bare)) return isPublicAddress(bare);
  let addresses: dns.LookupAddress[];
  try {
    addresses = await dns.promises.lookup(bare, { all: true, verbatim: true });
  } catch {
    return false;
  }
  return addresses.length > 0 && addresses.every((a) => isPublicAddress(a.address));
}

/** The error a connection fails with when its host resolves to an address that is not public. */
export class NotPublicAddressError extends Error {
  readonly code = "ENOTPUBLIC";
  constructor(host: string) {
    super(`${host} resolves to an address that is not public`);
  }
}

/**
 * A `lookup` for an http(s) Agent that resolves like Node's own but refuses, before any connection,
 * a host with any address that is not public. Checking at connection time (not only when the
 * address was stored) is what stops DNS rebinding: a name that resolved to a public address when a
 * member gave it and to 127.0.0.1 now is refused now. Node skips `lookup` for a literal address, so
 * callers check those with `isPublicAddress` themselves.
 */
export const publicOnlyLookup: LookupFunction = (hostname, options, callback) => {
  dns.lookup(hostname, { ...options, all: true }, (err, addresses) => {
    if (err) return callback(err, "", 0);
    const list = addresses as dns.LookupAddress[];
    if (list.length === 0 || !list.every((a) => isPublicAddress(a.address)))
      return callback(new NotPublicAddressError(hostname), "", 0);
    if (options.all) return (callback as unknown as (e: null, a: dns.LookupAddress[]) => void)(null, list);
    const family = options.family === "IPv4" ? 4 : options.family === "IPv6" ? 6 : options.family;
    const first = list.find((a) => !family || a.family === family) ?? list[0];
    callback(null, first.address, first.family);
  });
};
