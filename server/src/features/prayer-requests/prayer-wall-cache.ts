import { PRAYER_PAGE_SIZE } from "@common/prayer";
import type { TRootDb } from "../../db/client";
import type { CacheBus } from "../../lib/cache-bus";
import { findNewestPrayerRows, type TPrayerRow } from "./prayer-requests.repo";

/**
 * How many of the church's newest requests are kept: an admin's first page (hidden requests
 * included), with room for the hidden ones a member's first page skips.
 */
export const PRAYER_WALL_ROWS = 2 * PRAYER_PAGE_SIZE;

/** Every change is announced on the bus; the TTL only bounds a change made behind the app's back. */
const TTL_MS = 60_000;

/** The newest requests of a church as the server knows them (`authorId` and hidden ones included). */
export type TPrayerWall = {
  rows: TPrayerRow[];
  /** The church has no more requests: any first page can be cut from `rows`. */
  isComplete: boolean;
};

type TEntry = TPrayerWall & { loadedAt: number; authors: Set<string> };

/** A load in flight, and what was announced while it ran. */
type TLoad = { churchId: string; isStale: boolean; changedUsers: Set<string> };

/**
 * The church-wide part of the prayer wall's first page, per church: the rows, their prayer counts
 * and the names of named requests' authors. Nothing here is per caller; the caller's view (what they
 * may see, `isMine`, `prayedToday`) is made per request from these rows (`toPrayerRequest`).
 *
 * Dropped when the church's wall changes (the "prayer" topic: a new, answered or hidden request, a
 * prayer) and when the author of a named request changes (the "user" topic: a new name or photo,
 * leaving or rejoining the church). A load that started before a change never serves after it.
 */
export class PrayerWallCache {
  private readonly byChurch = new Map<string, TEntry>();
  private readonly loading = new Map<string, Promise<TEntry>>();
  private readonly pending = new Set<TLoad>();

  constructor(
    private readonly db: TRootDb,
    bus: CacheBus,
  ) {
    bus.on("prayer", (churchId) => {
      this.byChurch.delete(churchId);
      this.loading.delete(churchId);
      for (const load of this.pending) if (load.churchId === churchId) load.isStale = true;
    });
    bus.on("user", (userId) => {
      for (const [churchId, entry] of this.byChurch) if (entry.authors.has(userId)) this.byChurch.delete(churchId);
      // A load running now may have read the user's old name: it answers only the requests already
      // waiting for it, and is kept only if the user is none of its authors.
      for (const load of this.pending) load.changedUsers.add(userId);
      this.loading.clear();
    });
    bus.onReset(() => {
      this.byChurch.clear();
      this.loading.clear();
      for (const load of this.pending) load.isStale = true;
    });
  }

  async get(churchId: string): Promise<TPrayerWall> {
    const cached = this.byChurch.get(churchId);
    if (cached && performance.now() - cached.loadedAt < TTL_MS) return cached;
    // Many requests arriving together for a cold church share one load.
    let pending = this.loading.get(churchId);
    if (!pending) {
      const load = this.load(churchId);
      pending = load;
      const settle = () => {
        if (this.loading.get(churchId) === load) this.loading.delete(churchId);
      };
      // The caller sees an error; here it only must not become an unhandled rejection.
      load.then(settle, settle);
      this.loading.set(churchId, load);
      this.evictExpired();
    }
    return pending;
  }

  private async load(churchId: string): Promise<TEntry> {
    const load: TLoad = { churchId, isStale: false, changedUsers: new Set() };
    this.pending.add(load);
    try {
      const loadedAt = performance.now();
      const rows = await findNewestPrayerRows(this.db, churchId, PRAYER_WALL_ROWS);
      const authors = new Set(rows.flatMap((r) => (!r.isAnonymous && r.authorId ? [r.authorId] : [])));
      const entry: TEntry = { rows, isComplete: rows.length < PRAYER_WALL_ROWS, loadedAt, authors };
      if (!load.isStale && ![...load.changedUsers].some((id) => authors.has(id))) this.byChurch.set(churchId, entry);
      return entry;
    } finally {
      this.pending.delete(load);
    }
  }

  /** Churches nobody has asked about for a while give their memory back. */
  private evictExpired(): void {
    const now = performance.now();
    for (const [churchId, entry] of this.byChurch) if (now - entry.loadedAt >= TTL_MS) this.byChurch.delete(churchId);
  }
}
