import type { TSermon } from "@common/sermons";
import type { TRootDb } from "../../db/client";
import type { CacheBus } from "../../lib/cache-bus";
import { ChurchListCache } from "../../lib/church-list-cache";
import { getAwardedKeys } from "../../lib/points";
import { findChurchSermons } from "./sermons.repo";

/**
 * The whole sermon list (`GET /api/sermons` without paging) as ready JSON per church, with each
 * member's `isWatched` filled from the sermons they were paid for. Sermon writes are announced at
 * once; the TTL only bounds how old a view count in the list may be (views do not drop the list).
 */
export class SermonListCache extends ChurchListCache<TSermon> {
  constructor(db: TRootDb, bus: CacheBus) {
    super(db, bus, {
      topics: ["sermons", "church"],
      ttlMs: 30_000,
      markNames: ["isWatched"],
      load: findChurchSermons,
      marks: async (ctx) => {
        const watched = await getAwardedKeys(ctx, "sermon_watch");
        return new Map([...watched].map((id) => [id, { isWatched: true }]));
      },
    });
  }
}
