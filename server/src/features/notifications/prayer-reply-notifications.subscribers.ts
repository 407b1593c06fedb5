import { and, eq, inArray, isNotNull } from "drizzle-orm";
import { prayerRequestReplies, prayerRequests } from "../../db/schema/prayer";
import { users } from "../../db/schema/users";
import { churchRow, inChurch } from "../../lib/church-scope";
import { subscriber } from "../../lib/domain-events";
import { notify } from "./notify";

const ADMIN_ROLES = ["ADMIN", "SUPER_ADMIN"];

/**
 * Issue 28: a reply in a prayer request's private thread tells the other side. A pastor's reply
 * tells the request's author (read from the request row here: the event names nobody for an
 * anonymous request). The author's answer tells the pastors who replied in the thread and are still
 * the church's admins, or every admin when none has yet; its words say "the person who asked",
 * never a name, and the author is never among those told.
 */
const prayerReplied = subscriber({
  name: "notifications.prayer_replied",
  event: "prayer.replied",
  handle: async ({ payload }, ctx) => {
    const [request] = await ctx.db
      .select({ id: prayerRequests.id, authorId: prayerRequests.authorId, title: prayerRequests.title })
      .from(prayerRequests)
      .where(churchRow(prayerRequests, ctx, payload.requestId));
    if (!request) return; // gone since: nobody to tell
    const link = `/prayer-requests?thread=${request.id}`;
    if (!payload.fromAuthor) {
      if (!request.authorId) return;
      await notify(ctx.db, ctx, {
        kind: "prayer_replied",
        to: { userIds: [request.authorId] },
        text: { title: "prayer_replied.title", message: "prayer_replied.message", values: { title: request.title } },
        link,
        relatedId: request.id,
        dedupeKey: `prayer_replied:${payload.replyId}`,
      });
      return;
    }
    const pastors = await ctx.db
      .selectDistinct({ userId: users.id })
      .from(prayerRequestReplies)
      .innerJoin(
        users,
        inChurch(users, ctx, eq(users.id, prayerRequestReplies.authorId), inArray(users.role, ADMIN_ROLES)),
      )
      .where(
        inChurch(
          prayerRequestReplies,
          ctx,
          and(eq(prayerRequestReplies.requestId, request.id), isNotNull(prayerRequestReplies.authorId)),
        ),
      );
    const to = pastors.length > 0 ? { userIds: pastors.map((p) => p.userId) } : { admins: true as const };
    await notify(ctx.db, ctx, {
      kind: "prayer_reply_answered",
      to,
      // An admin who asked (anonymously or not) is not told of their own answer.
      except: request.authorId,
      text: {
        title: "prayer_reply_answered.title",
        message: "prayer_reply_answered.message",
        values: { title: request.title },
      },
      link,
      relatedId: request.id,
      dedupeKey: `prayer_reply_answered:${payload.replyId}`,
    });
  },
});

export const prayerReplyNotificationSubscribers = [prayerReplied];
