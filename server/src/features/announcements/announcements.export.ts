import { eq } from "drizzle-orm";
import { announcementRecipients, announcements } from "../../db/schema/announcements";
import { inChurch } from "../../lib/church-scope";
import type { TDataKind } from "../../lib/data-kinds";

/** Announcements (issue 29) and who got them. */
export const ANNOUNCEMENTS_DATA_KINDS: TDataKind[] = [
  {
    file: "announcements.csv",
    about: "Announcements to the church, some groups or some roles: drafts, scheduled and sent.",
    fields: {
      id: announcements.id,
      authorId: announcements.authorId,
      title: announcements.title,
      message: announcements.message,
      link: announcements.link,
      audience: announcements.audience,
      sendAt: announcements.sendAt,
      urgent: announcements.urgent,
      status: announcements.status,
      recipientCount: announcements.recipientCount,
      createdAt: announcements.createdAt,
      updatedAt: announcements.updatedAt,
      sentAt: announcements.sentAt,
    },
    keys: ["id"],
    table: announcements,
    where: (ctx) => inChurch(announcements, ctx),
    // The ones a member wrote are part of their own data.
    memberColumn: announcements.authorId,
  },
  {
    file: "announcement-recipients.csv",
    about: "Who got each announcement, and when they opened it in the app.",
    fields: {
      announcementId: announcementRecipients.announcementId,
      userId: announcementRecipients.userId,
      readAt: announcementRecipients.readAt,
    },
    keys: ["announcementId", "userId"],
    table: announcementRecipients,
    joins: [{ table: announcements, on: eq(announcements.id, announcementRecipients.announcementId) }],
    where: (ctx) => inChurch(announcements, ctx),
    memberColumn: announcementRecipients.userId,
  },
];
