import type { TRootDb } from "../db/client";
import type { CacheBus, TTopic } from "./cache-bus";

export type TChurchSnapshotOptions<T> = {
  /** Topics on the cache bus whose message (a church id) drops that church's snapshot. */
  topics: TTopic[];
  /** Every change is announced on the bus; the TTL only bounds a change made behind the app's back. */
  ttlMs: number;
  /**
   * The church's snapshot, and the users whose names or photos it shows: a change of theirs (the
   * "user" topic: a new name or photo, leaving or rejoining the church) drops it.
   */
  load: (db: TRootDb, churchId: string) => Promise<{ value: T; people: Set<string> }>;
};

type TEntry<T> = { value: T; people: Set<string>; loadedAt: number };

/** A load in flight, and what was announced while it ran. */
type TLoad = { churchId: string; isStale: boolean; changedUsers: Set<string> };

/**
 * What every member of a church sees of a list (the kudos list, the prayer wall), loaded once per
 * church and kept until a change announced on the cache bus (LISTEN/NOTIFY, so every process drops
 * its copy at once) or the TTL. Nothing kept is per caller: the caller's view is made per request.
 * Requests arriving together for a cold church share one load, and a load that started before a
 * change never serves after it.
 */
export class ChurchSnapshotCache<T> {
  private readonly byChurch = new Map<string, TEntry<T>>();
  private readonly loading = new Map<string, Promise<TEntry<T>>>();
  private readonly pending = new Set<TLoad>();

  constructor(
    private readonly db: TRootDb,
    bus: CacheBus,
    private readonly opts: TChurchSnapshotOptions<T>,
  ) {
    for (const topic of opts.topics) {
      bus.on(topic, (churchId) => {
        this.byChurch.delete(churchId);
        this.loading.delete(churchId);
        for (const load of this.pending) if (load.churchId === churchId) load.isStale = true;
      });
    }
    bus.on("user", (userId) => {
      for (const [churchId, entry] of this.byChurch) if (entry.people.has(userId)) this.byChurch.delete(churchId);
      // A load running now may have read the user's old name: it answers only the requests already
      // waiting for it, and is kept only if the user is none of its people.
      for (const load of this.pending) load.changedUsers.add(userId);
      this.loading.clear();
    });
    bus.onReset(() => {
      this.byChurch.clear();
      this.loading.clear();
      for (const load of this.pending) load.isStale = true;
    });
  }

  async get(churchId: string): Promise<T> {
    const cached = this.byChurch.get(churchId);
    if (cached && performance.now() - cached.loadedAt < this.opts.ttlMs) return cached.value;
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
    return (await pending).value;
  }

  private async load(churchId: string): Promise<TEntry<T>> {
    const load: TLoad = { churchId, isStale: false, changedUsers: new Set() };
    this.pending.add(load);
    try {
      const loadedAt = performance.now();
      const { value, people } = await this.opts.load(this.db, churchId);
      const entry: TEntry<T> = { value, people, loadedAt };
      if (!load.isStale && ![...load.changedUsers].some((id) => people.has(id))) this.byChurch.set(churchId, entry);
      return entry;
    } finally {
      this.pending.delete(load);
    }
  }

  /** Churches nobody has asked about for a while give their memory back. */
  private evictExpired(): void {
    const now = performance.now();
    for (const [churchId, entry] of this.byChurch) {
      if (now - entry.loadedAt >= this.opts.ttlMs) this.byChurch.delete(churchId);
    }
  }
}
