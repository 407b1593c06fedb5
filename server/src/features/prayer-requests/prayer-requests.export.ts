import { eq, or, sql } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import { groupPrayers } from "../../db/schema/groups";
import { prayerRequestPrayers, prayerRequestReplies, prayerRequests } from "../../db/schema/prayer";
import { inChurch } from "../../lib/church-scope";
import type { TDataKind, TDataKindRule } from "../../lib/data-kinds";
import { asRequestId, shownAuthorId, tiesNoAnonymousAuthor } from "./prayer-privacy";

/** Prayer requests and the "I prayed" taps. Declared for the church export (and, by `memberColumn`, a member's own data later). */
export const PRAYER_REQUESTS_DATA_KINDS: TDataKind[] = [
  {
    file: "prayer-requests.csv",
    about:
      "Prayer requests. An anonymous request's author is left out, as everywhere else in the app. visibility \"leaders\": shared with the church's admins only.",
    fields: {
      id: prayerRequests.id,
      // An anonymous request never names its author, not even to admins (issue 9).
      authorId: shownAuthorId().as("author_id"),
      title: prayerRequests.title,
      description: prayerRequests.description,
      isAnonymous: prayerRequests.isAnonymous,
      visibility: prayerRequests.visibility,
      answeredAt: prayerRequests.answeredAt,
      answerNote: prayerRequests.answerNote,
      hiddenAt: prayerRequests.hiddenAt,
      createdAt: prayerRequests.createdAt,
    },
    keys: ["id"],
    table: prayerRequests,
    where: (ctx) => inChurch(prayerRequests, ctx),
    memberColumn: prayerRequests.authorId,
  },
  {
    file: "prayers.csv",
    about:
      '"I prayed" taps: who prayed for which request on which day (an anonymous request\'s author praying for it is left out).',
    fields: {
      requestId: prayerRequestPrayers.requestId,
      userId: prayerRequestPrayers.userId,
      day: prayerRequestPrayers.day,
      createdAt: prayerRequestPrayers.createdAt,
    },
    keys: ["requestId", "userId", "day"],
    table: prayerRequestPrayers,
    where: (ctx) => inChurch(prayerRequestPrayers, ctx),
    // The author's own prayer for their anonymous request would name them (issue 23).
    requestTie: { requestId: prayerRequestPrayers.requestId, userId: prayerRequestPrayers.userId },
    memberColumn: prayerRequestPrayers.userId,
  },
  {
    file: "prayer-request-replies.csv",
    about:
      "Private replies on prayer requests (issue 28), between a request's author and the church's pastors (and, on a group's prayer, groupPrayerId instead of requestId, that group's leaders): authorId names the pastor who wrote a reply; a reply by the request's author has fromAuthor true and no authorId (it is stored without one).",
    fields: {
      id: prayerRequestReplies.id,
      requestId: prayerRequestReplies.requestId,
      groupPrayerId: prayerRequestReplies.groupPrayerId,
      authorId: prayerRequestReplies.authorId,
      fromAuthor: prayerRequestReplies.fromAuthor,
      message: prayerRequestReplies.message,
      createdAt: prayerRequestReplies.createdAt,
    },
    keys: ["id"],
    table: prayerRequestReplies,
    where: (ctx) => inChurch(prayerRequestReplies, ctx),
    // Only a pastor's id is ever stored; were it the anonymous request's author, the rule drops the row.
    requestTie: { requestId: prayerRequestReplies.requestId, userId: prayerRequestReplies.authorId },
    memberColumn: prayerRequestReplies.authorId,
    // The member's own: the replies they wrote as a pastor, and every reply on a request they asked.
    memberWhere: (ctx, memberId) =>
      inChurch(prayerRequestReplies, ctx, or(eq(prayerRequestReplies.authorId, memberId), onRequestOf(ctx, memberId))),
    // What an admin downloading for the member must not see: the threads of their anonymous requests.
    anonymousAuthorship: (ctx, memberId) => onRequestOf(ctx, memberId, true),
  },
];

const asked = alias(prayerRequests, "asked_request");
const askedInGroup = alias(groupPrayers, "asked_group_prayer");

/** The reply is on a request, or a group's prayer, `memberId` asked (an anonymous one only, with `anonymousOnly`). */
function onRequestOf(church: { churchId: string }, memberId: string, anonymousOnly = false) {
  const onRequest = sql`exists (select 1 from ${prayerRequests} ${sql.identifier("asked_request")} where ${inChurch(
    asked,
    church,
    eq(asked.id, prayerRequestReplies.requestId),
    eq(asked.authorId, memberId),
    anonymousOnly ? eq(asked.isAnonymous, true) : undefined,
  )})`;
  const onGroupPrayer = sql`exists (select 1 from ${groupPrayers} ${sql.identifier("asked_group_prayer")} where ${inChurch(
    askedInGroup,
    church,
    eq(askedInGroup.id, prayerRequestReplies.groupPrayerId),
    eq(askedInGroup.authorId, memberId),
    anonymousOnly ? eq(askedInGroup.isAnonymous, true) : undefined,
  )})`;
  return sql`(${onRequest} or ${onGroupPrayer})`;
}

/**
 * The anonymous-author rule (issues 9 and 23) for every kind of the church's data: a row that refers
 * to a prayer request and names a person (its `requestTie`) is left out when that person is the
 * anonymous request's author. The other features only declare which of their columns refer to a
 * request; the rule itself stays here, with the requests.
 */
export const anonymousAuthorRule: TDataKindRule = (church, kind) => {
  if (!kind.requestTie) return undefined;
  const { requestId, userId } = kind.requestTie;
  // A text column (a points-ledger key) holds a request id only sometimes.
  const id = requestId.getSQLType() === "uuid" ? requestId : asRequestId(requestId);
  return tiesNoAnonymousAuthor(church, id, userId);
};
