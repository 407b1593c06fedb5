import { isIPv6 } from "node:net";

/**
 * The address a limit counts: an IPv4 address as it is, an IPv6 address by its /64 network, since
 * one subscriber usually holds a whole /64 and could otherwise use a new address for every try.
 * Sign-in limits, the general API limit and the socket limits all count by it.
 */
export function addressGroup(ip: string): string {
  // IPv4 as it is (most requests): no pattern to try.
  if (typeof ip !== "string" || !ip.includes(":")) return ip;
  const v4 = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(ip);
  if (v4) return v4[1];
  if (!isIPv6(ip)) return ip;
  const [head, tail = ""] = ip.split("::");
  const left = head ? head.split(":") : [];
  const right = tail ? tail.split(":") : [];
  const groups = ip.includes("::") ? [...left, ...Array(8 - left.length - right.length).fill("0"), ...right] : left;
  return `${groups
    .slice(0, 4)
    .map((g) => (Number.parseInt(g, 16) || 0).toString(16))
    .join(":")}::/64`;
}
