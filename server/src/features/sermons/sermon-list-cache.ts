import type { TSermon } from "@common/sermons";
import type { TRootDb } from "../../db/client";
import type { CacheBus } from "../../lib/cache-bus";
import type { TChurchCtx } from "../../lib/context";
import { getAwardedKeys } from "../../lib/points";
import { findSermons } from "./sermons.repo";

// Writes to sermons are pushed through the cache bus at once; this only bounds how stale a
// view count in the list may be (views do not invalidate the list).
const TTL_MS = 30_000;

// A few bodies per church: 2,000 sermons are about 850 KB each.
const RENDERED_PER_CHURCH = 8;

type TEntry = {
  loadedAt: number;
  items: { id: string; head: string }[];
  /** Finished bodies by the member's watched set: members who watched the same sermons share one. */
  rendered: Map<string, Buffer>;
};

/**
 * The whole sermon list (`GET /api/sermons` without paging) as ready JSON text per church.
 * Each sermon's JSON is kept with its `isWatched` left open, and filled per member from the set of
 * sermons they were paid for: one small indexed query instead of 2,000 rows each request.
 */
export class SermonListCache {
  private readonly byChurch = new Map<string, TEntry>();
  private readonly loading = new Map<string, Promise<TEntry>>();
  private generation = 0;

  constructor(
    private readonly db: TRootDb,
    bus: CacheBus,
  ) {
    bus.on("sermons", (churchId) => this.drop(churchId));
    bus.on("church", (churchId) => this.drop(churchId));
    bus.onReset(() => {
      this.generation++;
      this.byChurch.clear();
      this.loading.clear();
    });
  }

  private drop(churchId: string): void {
    this.generation++;
    this.byChurch.delete(churchId);
    // A load that started before the change must not serve the requests that come after it.
    this.loading.delete(churchId);
  }

  async getJson(ctx: TChurchCtx): Promise<Buffer> {
    const [entry, watched] = await Promise.all([this.getEntry(ctx), getAwardedKeys(ctx, "sermon_watch")]);
    const key = [...watched].sort().join(",");
    let body = entry.rendered.get(key);
    if (!body) {
      const parts: string[] = [];
      for (const item of entry.items) parts.push(`${item.head}${watched.has(item.id)}}`);
      body = Buffer.from(`[${parts.join(",")}]`);
      if (entry.rendered.size >= RENDERED_PER_CHURCH) entry.rendered.clear();
      entry.rendered.set(key, body);
    }
    return body;
  }

  private async getEntry(ctx: TChurchCtx): Promise<TEntry> {
    const cached = this.byChurch.get(ctx.churchId);
    if (cached && Date.now() - cached.loadedAt < TTL_MS) return cached;
    // Many requests arriving together for a cold church share one load.
    let pending = this.loading.get(ctx.churchId);
    if (!pending) {
      const generation = this.generation;
      const load = this.load(ctx);
      pending = load;
      load.then(
        (entry) => {
          if (this.loading.get(ctx.churchId) === load) this.loading.delete(ctx.churchId);
          if (generation === this.generation) this.byChurch.set(ctx.churchId, entry);
        },
        // The caller sees the error; here it only must not become an unhandled rejection.
        () => {
          if (this.loading.get(ctx.churchId) === load) this.loading.delete(ctx.churchId);
        },
      );
      this.loading.set(ctx.churchId, load);
      this.evictExpired();
    }
    return pending;
  }

  /** Churches nobody has asked about for a while give their memory back. */
  private evictExpired(): void {
    const now = Date.now();
    for (const [churchId, entry] of this.byChurch) if (now - entry.loadedAt > TTL_MS) this.byChurch.delete(churchId);
  }

  private async load(ctx: TChurchCtx): Promise<TEntry> {
    const loadedAt = Date.now();
    const { rows } = await findSermons({ ...ctx, db: this.db }, {});
    return {
      loadedAt,
      rendered: new Map(),
      items: rows.map((s) => {
        const { isWatched: _ignored, ...rest } = s as TSermon;
        const json = JSON.stringify(rest);
        return { id: s.id, head: `${json.slice(0, -1)},"isWatched":` };
      }),
    };
  }
}
