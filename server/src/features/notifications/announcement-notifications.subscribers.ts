import { eq } from "drizzle-orm";
import { announcementRecipients, announcements } from "../../db/schema/announcements";
import { notifications } from "../../db/schema/community";
import { churchRow, inChurch } from "../../lib/church-scope";
import { subscriber } from "../../lib/domain-events";
import { notify } from "./notify";

/** How much of an announcement's message its notification carries (the page has the whole). */
const EXCERPT = 200;

const excerpt = (text: string) => (text.length > EXCERPT ? `${text.slice(0, EXCERPT - 1).trimEnd()}…` : text);

/**
 * Issue 29: a sent announcement is a notification of kind `announcement` for each of its recipients
 * (the rows its sending added, so a member who joined since gets none); an urgent one goes by e-mail
 * at once (the delivery job). Run twice, the dedupe key stores nothing twice.
 */
const announcementSent = subscriber({
  name: "notifications.announcement_sent",
  event: "announcement.sent",
  handle: async ({ payload }, ctx) => {
    const [a] = await ctx.db
      .select({
        id: announcements.id,
        title: announcements.title,
        message: announcements.message,
        urgent: announcements.urgent,
      })
      .from(announcements)
      .where(churchRow(announcements, ctx, payload.announcementId));
    if (!a) return;
    const recipients = await ctx.db
      .select({ userId: announcementRecipients.userId })
      .from(announcementRecipients)
      .where(inChurch(announcementRecipients, ctx, eq(announcementRecipients.announcementId, a.id)));
    await notify(ctx.db, ctx, {
      kind: "announcement",
      to: { userIds: recipients.map((r) => r.userId) },
      urgent: a.urgent,
      text: {
        title: a.urgent ? "announcement.titleUrgent" : "announcement.title",
        message: "announcement.message",
        values: { title: a.title, message: excerpt(a.message) },
      },
      link: `/announcements/${a.id}`,
      relatedId: a.id,
      dedupeKey: `announcement:${a.id}`,
    });
  },
});

/**
 * A recipient opened the announcement's page: its notification is the same news, so it is read too
 * (and the member's unread count follows on their next look at the bell).
 */
const announcementOpened = subscriber({
  name: "notifications.announcement_opened",
  event: "announcement.opened",
  handle: async ({ payload }, ctx) => {
    await ctx.db
      .update(notifications)
      .set({ isRead: true })
      .where(
        inChurch(
          notifications,
          ctx,
          eq(notifications.userId, payload.actorId),
          eq(notifications.kind, "announcement"),
          eq(notifications.relatedId, payload.announcementId),
          eq(notifications.isRead, false),
        ),
      );
  },
});

export const announcementNotificationSubscribers = [announcementSent, announcementOpened];
