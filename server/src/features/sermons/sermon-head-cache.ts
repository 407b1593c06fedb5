import { SERMON_PAGE_SIZE } from "@common/sermon-helpers";
import type { TSermon } from "@common/sermons";
import type { TRootDb } from "../../db/client";
import type { CacheBus } from "../../lib/cache-bus";
import type { TChurchCtx } from "../../lib/context";
import { MemberCache } from "../../lib/member-cache";
import { findNewestSermons, findWatchedAmong } from "./sermons.repo";

/** What is kept per church: the archive's first page covers the dashboard's three too. */
export const HEAD_SIZE = SERMON_PAGE_SIZE;

type THead = { loadedAt: number; rows: TSermon[]; total: number };
/** The member's watched sermons among the head's ids (`checked`). */
type TWatched = { checked: Set<string>; watched: Set<string> };

/**
 * The newest published sermons and the church's count of them (`GET /api/sermons?limit=N` without
 * filters: the dashboard's three on every visit, the archive's first page), kept per church so that
 * a request reads no row and counts nothing: the count grew with the archive (20,000 sermons: a
 * third of the request's time). Sermon writes drop it in every process (`sermons`); the TTL bounds
 * how old a view count may be, as for the whole list (SermonListCache). Each member's `isWatched`
 * marks among those ids are kept per member and dropped by their next award (`user`).
 */
export class SermonHeadCache {
  private readonly byChurch = new Map<string, THead>();
  private readonly loading = new Map<string, Promise<THead>>();
  private generation = 0;
  private readonly watched: MemberCache<TWatched>;

  constructor(
    private readonly db: TRootDb,
    bus: CacheBus,
    private readonly ttlMs = 30_000,
  ) {
    for (const topic of ["sermons", "church"] as const) {
      bus.on(topic, (churchId) => {
        this.generation++;
        this.byChurch.delete(churchId);
        this.loading.delete(churchId);
      });
    }
    bus.onReset(() => {
      this.generation++;
      this.byChurch.clear();
      this.loading.clear();
    });
    this.watched = new MemberCache<TWatched>(bus, { churchTopics: ["sermons", "church"] });
  }

  /** The church's count of published sermons (`X-Total-Count` of an unfiltered page). */
  async getTotal(churchId: string): Promise<number> {
    return (await this.getHead(churchId)).total;
  }

  /** The page `offset`..`offset + limit` when the head holds it, with the member's marks; else null. */
  async getPage(ctx: TChurchCtx, limit: number, offset: number): Promise<{ rows: TSermon[]; total: number } | null> {
    if (offset + limit > HEAD_SIZE) return null;
    const head = await this.getHead(ctx.churchId);
    const page = head.rows.slice(offset, offset + limit);
    const ids = head.rows.map((r) => r.id);
    let marks = await this.watched.get(ctx, () => this.loadWatched(ctx, ids));
    // Kept for another head (the church's sermons changed meanwhile): read these ids afresh.
    if (!ids.every((id) => marks.checked.has(id))) marks = await this.loadWatched(ctx, ids);
    return { rows: page.map((r) => ({ ...r, isWatched: marks.watched.has(r.id) })), total: head.total };
  }

  private async loadWatched(ctx: TChurchCtx, ids: string[]): Promise<TWatched> {
    return { checked: new Set(ids), watched: await findWatchedAmong(ctx, ids) };
  }

  private getHead(churchId: string): Promise<THead> {
    const cached = this.byChurch.get(churchId);
    if (cached && Date.now() - cached.loadedAt < this.ttlMs) return Promise.resolve(cached);
    // Many requests arriving together for a cold church share one load.
    let pending = this.loading.get(churchId);
    if (!pending) {
      const generation = this.generation;
      const loadedAt = Date.now();
      const load = findNewestSermons(this.db, churchId, HEAD_SIZE).then((r) => ({ loadedAt, ...r }));
      pending = load;
      this.loading.set(churchId, load);
      load.then(
        (head) => {
          if (this.loading.get(churchId) === load) this.loading.delete(churchId);
          // A load that started before a change must not serve the requests that come after it.
          if (generation === this.generation) this.byChurch.set(churchId, head);
        },
        () => {
          if (this.loading.get(churchId) === load) this.loading.delete(churchId);
        },
      );
      this.evictExpired();
    }
    return pending;
  }

  /** Churches nobody has asked about for a while give their memory back. */
  private evictExpired(): void {
    const now = Date.now();
    for (const [churchId, head] of this.byChurch) if (now - head.loadedAt > this.ttlMs) this.byChurch.delete(churchId);
  }
}
