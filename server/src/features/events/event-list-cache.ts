import type { TEvent } from "@common/events";
import type { TRootDb } from "../../db/client";
import type { CacheBus } from "../../lib/cache-bus";
import { ChurchListCache } from "../../lib/church-list-cache";
import { findAttendanceMarks, findChurchEvents } from "./events.service";

/**
 * The church's events (`GET /api/events` without parameters) as ready JSON per church, with the
 * member's RSVP and check-in filled from one small query. Event writes and RSVPs (the count going)
 * are announced at once; the TTL is only a safety net.
 */
export class EventListCache extends ChurchListCache<TEvent> {
  constructor(db: TRootDb, bus: CacheBus) {
    super(db, bus, {
      topics: ["events", "church"],
      ttlMs: 60_000,
      markNames: ["isGoing", "isCheckedIn"],
      load: findChurchEvents,
      marks: findAttendanceMarks,
    });
  }
}
