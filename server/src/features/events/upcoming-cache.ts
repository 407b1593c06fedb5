import type { TEvent } from "@common/events";
import type { CacheBus } from "../../lib/cache-bus";
import type { TChurchCtx } from "../../lib/context";
import { MemberCache } from "../../lib/member-cache";
import { listEvents } from "./events.service";

/** The dashboards ask for 3; a request for up to this many is answered from one kept list. */
export const KEPT_UPCOMING = 10;

/**
 * `GET /api/events?upcoming=true&limit=N` (both dashboards, on every visit), kept per member: the
 * next events with the count going and the member's own RSVP and check-in. Dropped when the church's
 * events or RSVPs change (`events`, from every process), on the member's own check-in (`user`), when
 * the first of them ends (it leaves the list and the next comes in), and after `ttlMs` for what no
 * write announces (a member's erasure taking their RSVPs with it, the year-ahead window moving on).
 */
export class UpcomingEventsCache {
  private readonly members: MemberCache<TEvent[]>;

  constructor(bus: CacheBus, ttlMs = 30_000) {
    this.members = new MemberCache<TEvent[]>(bus, { churchTopics: ["events", "church"], ttlMs });
  }

  async get(ctx: TChurchCtx, limit: number): Promise<TEvent[]> {
    if (limit > KEPT_UPCOMING) return listEvents(ctx, { upcoming: true, limit });
    const kept = await this.members.get(
      ctx,
      () => listEvents(ctx, { upcoming: true, limit: KEPT_UPCOMING }),
      (list) => Math.min(...list.map((e) => Date.parse(e.endTime))),
    );
    return kept.slice(0, limit);
  }
}
