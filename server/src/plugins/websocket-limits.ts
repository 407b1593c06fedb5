import type { TConfig } from "../config";
import { addressGroup } from "../lib/address-group";
import { AppError } from "../lib/errors";
import { msg, type Text } from "../lib/i18n";

const MINUTE_MS = 60_000;
export const FRAME_WINDOW_MS = 10_000;

const tooMany = (message: Text, retryAfterSeconds?: number) =>
  new AppError(
    "RATE_LIMITED",
    message,
    retryAfterSeconds ? { headers: { "retry-after": String(retryAfterSeconds) } } : {},
  );

/**
 * The limits of `/ws` (issue 23): open sockets per member and per address, upgrades per address
 * per minute. They count this process's sockets and upgrades only, as the general rate limit counts
 * this process's requests: behind a load balancer with N processes a member may hold up to N times
 * as many. An address is an IPv4 address or an IPv6 /64 (`addressGroup`, as sign-in counts it),
 * since one subscriber usually holds a whole /64.
 */
export class SocketLimits {
  private readonly byMember = new Map<string, number>();
  private readonly byAddress = new Map<string, number>();
  private readonly upgrades = new Map<string, { count: number; resetAt: number }>();
  private nextSweep = 0;

  constructor(private readonly limits: TConfig["sockets"]) {}

  /** Counts an upgrade attempt from the address (signed in or not); 429 past the limit a minute. */
  countUpgrade(ip: string, now = Date.now()): void {
    if (now >= this.nextSweep) {
      // Forget finished windows once a minute, so the map holds only the last minute's addresses.
      for (const [key, w] of this.upgrades) if (w.resetAt <= now) this.upgrades.delete(key);
      this.nextSweep = now + MINUTE_MS;
    }
    const key = addressGroup(ip);
    let w = this.upgrades.get(key);
    if (!w || w.resetAt <= now) {
      w = { count: 0, resetAt: now + MINUTE_MS };
      this.upgrades.set(key, w);
    }
    w.count++;
    if (w.count > this.limits.upgradesPerMinute) {
      const wait = Math.max(1, Math.ceil((w.resetAt - now) / 1000));
      throw tooMany(msg`Too many connection attempts from your network. Try again in ${wait} seconds.`, wait);
    }
  }

  /**
   * Takes a socket's place for the member and the address, or answers 429 when either is full.
   * Synchronous, so two upgrades at once cannot both take the last place. Returns the release,
   * which may be called more than once.
   */
  reserve(userId: string, ip: string): () => void {
    const address = addressGroup(ip);
    if ((this.byMember.get(userId) ?? 0) >= this.limits.perMember) {
      throw tooMany(
        msg`You have ${this.limits.perMember} live connections open already. Close a tab or window, then try again.`,
      );
    }
    if ((this.byAddress.get(address) ?? 0) >= this.limits.perAddress) {
      throw tooMany(
        msg`Your network has ${this.limits.perAddress} live connections open already. Close some, then try again.`,
      );
    }
    increment(this.byMember, userId, 1);
    increment(this.byAddress, address, 1);
    let released = false;
    return () => {
      if (released) return;
      released = true;
      increment(this.byMember, userId, -1);
      increment(this.byAddress, address, -1);
    };
  }

  /** A counter for one socket's frames: false once more than the limit came within 10 s. */
  frameCounter(): (now?: number) => boolean {
    return createFrameLimiter(this.limits.framesPer10Seconds, FRAME_WINDOW_MS);
  }
}

/**
 * A sliding window: the times of the last `limit` frames let through, in a ring. A frame is refused
 * when the oldest of them is still within the window (it would be number `limit + 1`).
 */
export function createFrameLimiter(limit: number, windowMs: number): (now?: number) => boolean {
  const times = new Array<number>(limit).fill(Number.NEGATIVE_INFINITY);
  let oldest = 0;
  return (now = Date.now()) => {
    if (now - times[oldest] < windowMs) return false;
    times[oldest] = now;
    oldest = (oldest + 1) % limit;
    return true;
  };
}

function increment(map: Map<string, number>, key: string, by: number): void {
  const n = (map.get(key) ?? 0) + by;
  if (n > 0) map.set(key, n);
  else map.delete(key);
}
