import { SEARCH_LIMIT_PER_TYPE } from "@common/search-helpers";
import { and, asc, desc, inArray, type SQL, sql } from "drizzle-orm";
import { kudos } from "../../db/schema/community";
import { events } from "../../db/schema/events";
import { groups } from "../../db/schema/groups";
import { prayerRequests } from "../../db/schema/prayer";
import { sermons } from "../../db/schema/sermons";
import { inChurch } from "../../lib/church-scope";
import type { TChurchCtx } from "../../lib/context";
import { visibleTo as groupsVisibleTo } from "../groups/groups.repo";
import { visibleTo as kudosVisibleTo } from "../kudos/kudos.repo";
import { visibleTo as prayerVisibleTo } from "../prayer-requests/prayer-requests.repo";
import { canSeeDrafts, isPublished } from "../sermons/sermons.repo";

/**
 * Full-text search over the church's content (issue 24). Each table has a stored, generated
 * `search_vector` column with a GIN index (migration 0014; the columns are left out of the Drizzle
 * schema on purpose so that the lists' `select()` never reads them): the title weighted A, names
 * and places B, the body C, all with the 'simple' configuration (no stemming, no stop words), so a
 * church writing in Spanish or Korean is matched as well as one writing in English; the prefix
 * match of the last word makes up for the missing stemming ("pray" finds "prayer", "prayers").
 *
 * What each member may see is the owning feature's own rule, imported, never written again here:
 * published sermons (`isPublished`; drafts for admins), the prayer wall's `visibleTo` (hidden and
 * pastors-only requests), the kudos page's `visibleTo` (approved ones, and the member's own), the
 * groups list's `visibleTo` (live groups: listed ones and the member's own; admins all).
 */

/** The stored vector of a table, named with its table (a one-table query would leave it out). */
const vector = (table: string) => sql.raw(`"${table}"."search_vector"`);

/**
 * The words as a tsquery: every word must match, the last one as a prefix (the member is still
 * typing it). The words hold letters and digits only (`searchWords`), so no query syntax can come
 * from the member, and the text is a bound parameter, never part of the SQL.
 */
export function toTsQuery(words: string[]): SQL {
  const text = words.map((w, i) => (i === words.length - 1 ? `${w}:*` : w)).join(" & ");
  return sql`to_tsquery('simple', ${text})`;
}

/**
 * `ts_rank` with its default weights: a title (A, 1.0) counts five times a body (C, 0.2). Named, so
 * that ORDER BY reads the selected column: written out again it would bind the words as another
 * parameter, a different expression to PostgreSQL, and every match would be ranked twice.
 */
const rank = (table: string, query: SQL) => sql<number>`ts_rank(${vector(table)}, ${query})`.as("score");
const matches = (table: string, query: SQL) => sql`${vector(table)} @@ ${query}`;

/**
 * In two steps: the best five ids among every match (reading only what ranks them), then those
 * five sermons' texts. Carrying the description and notes of every match through the sort made a
 * word found in all of a church's 20,000 sermons about a third slower.
 */
export async function findSermonMatches(ctx: TChurchCtx, words: string[]) {
  const q = toTsQuery(words);
  const score = rank("sermons", q);
  const best = await ctx.db
    .select({ id: sermons.id, score })
    .from(sermons)
    .where(inChurch(sermons, ctx, matches("sermons", q), canSeeDrafts(ctx) ? undefined : isPublished))
    .orderBy(desc(score), desc(sermons.date), desc(sermons.id))
    .limit(SEARCH_LIMIT_PER_TYPE);
  if (best.length === 0) return [];
  const rows = await ctx.db
    .select({
      id: sermons.id,
      title: sermons.title,
      speaker: sermons.speaker,
      series: sermons.series,
      scripture: sermons.scripture,
      date: sermons.date,
      description: sermons.description,
      notes: sermons.notes,
    })
    .from(sermons)
    .where(
      inChurch(
        sermons,
        ctx,
        inArray(
          sermons.id,
          best.map((b) => b.id),
        ),
      ),
    );
  const byId = new Map(rows.map((r) => [r.id, r]));
  return best.flatMap((b) => {
    const row = byId.get(b.id);
    return row ? [{ ...row, score: b.score }] : [];
  });
}

export async function findEventMatches(ctx: TChurchCtx, words: string[]) {
  const q = toTsQuery(words);
  const score = rank("events", q);
  return ctx.db
    .select({
      id: events.id,
      title: events.title,
      description: events.description,
      location: events.location,
      startTime: events.startTime,
      score,
    })
    .from(events)
    .where(inChurch(events, ctx, matches("events", q)))
    .orderBy(desc(score), desc(events.startTime), desc(events.id))
    .limit(SEARCH_LIMIT_PER_TYPE);
}

/**
 * Prayer requests as the wall shows them to the caller. The author is not even read: a result
 * names nobody, so an anonymous request cannot give its author away through search.
 */
export async function findPrayerMatches(ctx: TChurchCtx, words: string[]) {
  const q = toTsQuery(words);
  const score = rank("prayer_requests", q);
  return ctx.db
    .select({ id: prayerRequests.id, title: prayerRequests.title, description: prayerRequests.description, score })
    .from(prayerRequests)
    .where(inChurch(prayerRequests, ctx, matches("prayer_requests", q), prayerVisibleTo(ctx)))
    .orderBy(desc(score), desc(prayerRequests.createdAt), desc(prayerRequests.id))
    .limit(SEARCH_LIMIT_PER_TYPE);
}

/** Kudos as the kudos page shows them to the caller: the approved ones and their own. */
export async function findKudosMatches(ctx: TChurchCtx, words: string[]) {
  const q = toTsQuery(words);
  const score = rank("kudos", q);
  return ctx.db
    .select({ id: kudos.id, title: kudos.title, message: kudos.message, status: kudos.status, score })
    .from(kudos)
    .where(inChurch(kudos, ctx, and(matches("kudos", q), kudosVisibleTo(ctx))))
    .orderBy(desc(score), desc(kudos.createdAt), desc(kudos.id))
    .limit(SEARCH_LIMIT_PER_TYPE);
}

/**
 * Groups as the /groups list shows them to the caller (`groups.repo#visibleTo`), by name (A) and
 * description (C). A church has at most some hundreds of groups, so their vector is computed here
 * over the church's live groups rather than stored and indexed like the other tables' (no migration).
 */
export async function findGroupMatches(ctx: TChurchCtx, words: string[]) {
  const q = toTsQuery(words);
  const groupVector = sql`(setweight(to_tsvector('simple', ${groups.name}), 'A') ||
    setweight(to_tsvector('simple', coalesce(${groups.description}, '')), 'C'))`;
  const score = sql<number>`ts_rank(${groupVector}, ${q})`.as("score");
  return ctx.db
    .select({
      id: groups.id,
      name: groups.name,
      description: groups.description,
      location: groups.location,
      score,
    })
    .from(groups)
    .where(inChurch(groups, ctx, sql`${groupVector} @@ ${q}`, groupsVisibleTo(ctx)))
    .orderBy(desc(score), asc(groups.name), asc(groups.id))
    .limit(SEARCH_LIMIT_PER_TYPE);
}
