import { eq, not, type SQL, sql } from "drizzle-orm";
import { type AnyPgColumn, alias } from "drizzle-orm/pg-core";
import { groupPrayers } from "../../db/schema/groups";
import { prayerRequests } from "../../db/schema/prayer";
import { inChurch } from "../../lib/church-scope";

/**
 * The rule "an anonymous request's author is shown to nobody" (issues 9 and 23), as a property of
 * the data rather than of each screen or file: every reader that hands rows out in bulk (the church
 * export today; webhooks, an audit trail, a member's data export later) asks these functions, so a
 * new file or payload cannot forget it.
 *
 * A row ties a person to an anonymous request when it refers to the request (a request id, a
 * notification's relatedId, a ledger key) and names the request's author as its person: the
 * author's own "I prayed", the "someone prayed for you" notifications only the author receives. Such
 * a row is left out whole, not stripped of its user: a prayer or notification of nobody says nothing
 * useful, and its time could still be matched with the author's other rows.
 */

type TRef = AnyPgColumn | SQL;

/** The requests as the subquery names them, so that it reads the same inside a query of requests. */
const ALIAS = "anonymous_request";
const request = alias(prayerRequests, ALIAS);

/** The author's id as anyone but the author may see it: none for an anonymous request. */
export const shownAuthorId = (): SQL<string | null> =>
  sql<string | null>`case when ${prayerRequests.isAnonymous} then null else ${prayerRequests.authorId} end`;

/** A text column (a points-ledger key) read as a request id where it holds one, and null where not. */
export const asRequestId = (text: AnyPgColumn): SQL =>
  sql`(case when ${text} ~* '^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$' then ${text}::uuid end)`;

/** A group's prayers (issue 27) as the same subquery names them: a private reply's notification refers to one. */
const GROUP_ALIAS = "anonymous_group_prayer";
const groupPrayer = alias(groupPrayers, GROUP_ALIAS);

/**
 * True for a row whose `requestId` is an anonymous request of the church, or an anonymous prayer of
 * one of its groups, whose author is `userId`. `requestId` must be a uuid (wrap a text column with
 * `asRequestId`).
 */
export function tiesAnonymousAuthor(church: { churchId: string }, requestId: TRef, userId: TRef): SQL {
  return sql`(exists (select 1 from ${prayerRequests} ${sql.identifier(ALIAS)} where ${inChurch(
    request,
    church,
    eq(request.id, requestId),
    eq(request.isAnonymous, true),
    eq(request.authorId, userId),
  )}) or exists (select 1 from ${groupPrayers} ${sql.identifier(GROUP_ALIAS)} where ${inChurch(
    groupPrayer,
    church,
    eq(groupPrayer.id, requestId),
    eq(groupPrayer.isAnonymous, true),
    eq(groupPrayer.authorId, userId),
  )}))`;
}

/** The filter of a bulk read: keeps only rows that tie no anonymous request to its author. */
export function tiesNoAnonymousAuthor(church: { churchId: string }, requestId: TRef, userId: TRef): SQL {
  return not(tiesAnonymousAuthor(church, requestId, userId));
}

/** The same rule for a row already in hand (an event's payload): does naming `userId` with it name the author? */
export function isAnonymousAuthorTie(
  request: { isAnonymous: boolean; authorId: string | null },
  userId: string | null | undefined,
): boolean {
  return request.isAnonymous && !!userId && request.authorId === userId;
}
