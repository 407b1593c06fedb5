import { PRAYER_PAGE_SIZE } from "@common/prayer";
import type { TRootDb } from "../../db/client";
import type { CacheBus } from "../../lib/cache-bus";
import { ChurchSnapshotCache } from "../../lib/church-snapshot-cache";
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

/**
 * The church-wide part of the prayer wall's first page, per church: the rows, their prayer counts
 * and the names of named requests' authors. Nothing here is per caller; the caller's view (what they
 * may see, `isMine`, `prayedToday`) is made per request from these rows (`toPrayerRequest`).
 *
 * Dropped when the church's wall changes (the "prayer" topic: a new, answered or hidden request, a
 * prayer) and when the author of a named request changes (ChurchSnapshotCache).
 */
export class PrayerWallCache extends ChurchSnapshotCache<TPrayerWall> {
  constructor(db: TRootDb, bus: CacheBus) {
    super(db, bus, { topics: ["prayer"], ttlMs: TTL_MS, load: loadPrayerWall });
  }
}

async function loadPrayerWall(db: TRootDb, churchId: string): Promise<{ value: TPrayerWall; people: Set<string> }> {
  const rows = await findNewestPrayerRows(db, churchId, PRAYER_WALL_ROWS);
  // Anonymous requests show no name, so their authors' changes do not drop the wall.
  const authors = new Set(rows.flatMap((r) => (!r.isAnonymous && r.authorId ? [r.authorId] : [])));
  return { value: { rows, isComplete: rows.length < PRAYER_WALL_ROWS }, people: authors };
}
