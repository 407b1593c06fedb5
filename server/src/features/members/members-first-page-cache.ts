import type { TTimeCursor } from "@common/list-page";
import { MEMBERS_PAGE_LIMIT } from "@common/members";
import type { FastifyRequest } from "fastify";
import type { TRootDb } from "../../db/client";
import type { CacheBus } from "../../lib/cache-bus";
import { ChurchSnapshotCache } from "../../lib/church-snapshot-cache";
import { nextPageUrl } from "../../lib/list-page";
import { findMembersPageJson } from "./members.repo";

/** The safety net for a change no write announces; every write of a shown field announces itself. */
const TTL_MS = 30_000;

export type TMembersFirstPage = {
  /** The answer's body, serialised once for every admin of the church. */
  json: Buffer;
  /** The next page's cursor (the `Link` header is made per request, from the request's own URL). */
  next: TTimeCursor | null;
  /**
   * Members on the page whose bio the page leaves out (they keep it from everybody): each of them,
   * as an admin, sees their own, so they are answered the uncached page instead.
   */
  hiddenBioIds: Set<string>;
  /** The `Link` header by the request's URL (the query it was asked with), made once each. */
  links: Map<string, string>;
};

/**
 * The first page of each church's member list (`GET /api/admin/members` with the default limit and no
 * cursor: what Manage Members opens on), kept as ready JSON per church (issue 30: it was a
 * statement of JSON building per request, the app half idle waiting on PostgreSQL).
 *
 * Dropped in every process (the cache bus) when a member on it changes (`user`: a profile, photo,
 * privacy, role, points or sign-in change, leaving, erasure), when somebody joins or leaves
 * (`members`, from the member.joined / member.left events: the page may gain a row or its next link)
 * or is first active on a new day (`members`, from UserCache: `lastActiveAt` is shown as a day),
 * and on `church` (erasure announces it); the TTL bounds anything written behind the app's back.
 * Nothing kept is per caller but the bios above, which are never served from here to their owners.
 */
export class MembersFirstPageCache extends ChurchSnapshotCache<TMembersFirstPage> {
  constructor(db: TRootDb, bus: CacheBus) {
    super(db, bus, { topics: ["members", "church"], ttlMs: TTL_MS, load: loadFirstPage });
  }
}

async function loadFirstPage(db: TRootDb, churchId: string) {
  // Read for no admin in particular: the bio kept from everybody is left out for all.
  const page = await findMembersPageJson({ db, churchId }, { limit: MEMBERS_PAGE_LIMIT });
  return {
    value: {
      json: Buffer.from(page.items),
      next: page.next,
      hiddenBioIds: new Set(page.hiddenBioIds),
      links: new Map(),
    },
    people: new Set(page.ids),
  };
}

// A client asks with one or two URLs (with or without `?limit=100`): a few are plenty.
const LINKS_KEPT = 4;

/**
 * The kept page's `Link: <next page>; rel="next"` for this request, made once per URL (building it
 * parses the URL and encodes the cursor: 5 % of a kept page's time); undefined when none follows.
 */
export function linkOfKeptPage(page: TMembersFirstPage, req: FastifyRequest): string | undefined {
  if (!page.next) return undefined;
  let link = page.links.get(req.url);
  if (link === undefined) {
    link = `<${nextPageUrl(req, page.next)}>; rel="next"`;
    if (page.links.size >= LINKS_KEPT) page.links.clear();
    page.links.set(req.url, link);
  }
  return link;
}

/** Whether a query asks for the page kept here. */
export const isFirstPageQuery = (query: { limit: number; after?: TTimeCursor }) =>
  !query.after && query.limit === MEMBERS_PAGE_LIMIT;
