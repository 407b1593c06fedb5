import {
  ANNOUNCEMENT_SCHEDULE_MAX_DAYS,
  type TAnnouncement,
  type TAnnouncementAudience,
  type ZAnnouncementBody,
  type ZAnnouncementListQuery,
  type ZAnnouncementPatch,
} from "@common/announcements";
import { isAdminRole } from "@common/roles";
import { and, eq, isNull, sql } from "drizzle-orm";
import type { z } from "zod";
import type { TDb } from "../../db/client";
import { announcementRecipients, announcements } from "../../db/schema/announcements";
import { events } from "../../db/schema/events";
import { groups } from "../../db/schema/groups";
import { sermons } from "../../db/schema/sermons";
import { auditChanges, recordAudit } from "../../lib/audit";
import { churchRow, inChurch } from "../../lib/church-scope";
import type { TChurchCtx } from "../../lib/context";
import { publish } from "../../lib/domain-events";
import { badRequest, conflict, forbidden, notFound } from "../../lib/errors";
import { addJob } from "../../lib/jobs";
import { SEND_JOB } from "./announcements.jobs";
import {
  addRecipients,
  findAnnouncements,
  findGroups,
  groupIdsOf,
  lockAnnouncement,
  type TAnnouncementRow,
  visibleTo,
} from "./announcements.repo";

type TBody = z.output<typeof ZAnnouncementBody>;
type TPatch = z.output<typeof ZAnnouncementPatch>;

const NOT_FOUND = "Announcement Not Found";
const DAY_MS = 24 * 60 * 60 * 1000;
const AUDITED = ["title", "message", "link", "audience", "sendAt", "urgent", "status"] as const;

/** Only admins, and a group's leaders to the groups they lead, write announcements. */
async function assertMayWriteTo(ctx: TChurchCtx, audience: TAnnouncementAudience): Promise<void> {
  const ids = groupIdsOf(audience);
  const found = ids.length ? await findGroups(ctx, ids) : [];
  if (found.length < new Set(ids).size) throw notFound("Group not found");
  if (isAdminRole(ctx.role)) return;
  if (ids.length === 0 || found.some((g) => !g.isLeader))
    throw forbidden("Only admins, and a group's leaders for their groups, can write announcements");
}

/** A link to one of the app's pages must open the church's sermon, event or group. */
async function assertLinkIsOurs(ctx: TChurchCtx, link: string | null): Promise<void> {
  const m = link ? /^\/(sermons|events|groups)\/([0-9a-f-]{36})$/.exec(link) : null;
  if (!m) return;
  const [kind, id] = [m[1], m[2]];
  const rows =
    kind === "sermons"
      ? await ctx.db
          .select({ id: sermons.id })
          .from(sermons)
          .where(and(churchRow(sermons, ctx, id), eq(sermons.isDraft, false)))
      : kind === "events"
        ? await ctx.db
            .select({ id: events.id })
            .from(events)
            .where(churchRow(events, ctx, id))
        : await ctx.db
            .select({ id: groups.id })
            .from(groups)
            .where(and(churchRow(groups, ctx, id), isNull(groups.archivedAt)));
  if (rows.length === 0)
    throw badRequest("The link must be one of the church's sermons, events or groups, or an https address", "link");
}

/** A time ahead must be within the limit; a time not in the future means now (null). */
function checkSendAt(sendAt: string | null): Date | null {
  if (!sendAt) return null;
  const at = new Date(sendAt);
  if (at.getTime() <= Date.now()) return null;
  if (at.getTime() > Date.now() + ANNOUNCEMENT_SCHEDULE_MAX_DAYS * DAY_MS)
    throw badRequest(`An announcement can be scheduled at most ${ANNOUNCEMENT_SCHEDULE_MAX_DAYS} days ahead`, "sendAt");
  return at;
}

const jobKey = (id: string) => `announcement:${id}`;

/** Queues (or moves) its sending to `at`; a job of the same key still waiting is replaced. */
async function scheduleSend(db: TDb, a: { id: string; churchId: string }, at: Date): Promise<void> {
  await addJob(db, SEND_JOB, { churchId: a.churchId, announcementId: a.id }, { key: jobKey(a.id), runAt: at });
}

async function unscheduleSend(db: TDb, id: string): Promise<void> {
  await db.execute(sql`select graphile_worker.remove_job(${jobKey(id)})`);
}

/**
 * Sends it now, in the caller's transaction: its audience resolved at this moment, one recipient row
 * each, status sent, and `announcement.sent` (whose subscriber stores the notifications).
 */
export async function sendAnnouncement(
  db: TDb,
  a: TAnnouncementRow,
  by: { churchId: string; userId: string | null; ip?: string },
): Promise<number> {
  const now = new Date();
  const count = await addRecipients(db, a);
  await db
    .update(announcements)
    .set({ status: "sent", sentAt: now, sendAt: a.sendAt ?? now, recipientCount: count, updatedAt: now })
    .where(churchRow(announcements, a, a.id));
  await publish(db, "announcement.sent", { churchId: a.churchId, actorId: by.userId, announcementId: a.id });
  await recordAudit(db, by, {
    action: "announcement.sent",
    targetType: "announcement",
    targetId: a.id,
    changes: { recipients: [null, count] },
  });
  return count;
}

/**
 * The job at an announcement's time: sends it once. Run early (its time moved, or the database's
 * clock, the queue's, ahead of the app's) it waits again for the time left on the app's clock, counted
 * from the database's now(): queued again at its time, which the database's clock has passed, it
 * would run again at once, over and over until the app's clock got there. Cancelled, a draft again or
 * already sent, nothing.
 */
export async function sendDueAnnouncement(db: TDb, p: { churchId: string; announcementId: string }): Promise<void> {
  await db.transaction(async (tx) => {
    const a = await lockAnnouncement(tx, p, p.announcementId);
    if (a?.status !== "scheduled") return;
    const left = a.sendAt ? a.sendAt.getTime() - Date.now() : 0;
    if (left > 0) {
      await addJob(tx, SEND_JOB, { churchId: a.churchId, announcementId: a.id }, { key: jobKey(a.id), delayMs: left });
      return;
    }
    await sendAnnouncement(tx, a, { churchId: a.churchId, userId: null });
  });
}

async function getOne(ctx: TChurchCtx, id: string): Promise<TAnnouncement> {
  const [a] = await findAnnouncements(ctx, { where: and(eq(announcements.id, id), visibleTo(ctx)) });
  if (!a) throw notFound(NOT_FOUND);
  return a;
}

/** `POST /api/announcements`: sent now, scheduled for `sendAt`, or saved as a draft. */
export async function createAnnouncement(ctx: TChurchCtx, body: TBody): Promise<TAnnouncement> {
  await assertMayWriteTo(ctx, body.audience);
  await assertLinkIsOurs(ctx, body.link);
  const at = checkSendAt(body.sendAt);
  const status = body.draft ? "draft" : at ? "scheduled" : "sending";
  const id = await ctx.db.transaction(async (tx) => {
    const [row] = await tx
      .insert(announcements)
      .values({
        churchId: ctx.churchId,
        authorId: ctx.userId,
        title: body.title,
        message: body.message,
        link: body.link,
        audience: body.audience,
        sendAt: at,
        urgent: body.urgent,
        status,
      })
      .returning();
    await recordAudit(tx, ctx, {
      action: "announcement.created",
      targetType: "announcement",
      targetId: row.id,
      changes: auditChanges(null, row, { fields: [...AUDITED] }),
    });
    if (status === "scheduled" && at) await scheduleSend(tx, row, at);
    if (status === "sending") await sendAnnouncement(tx, row, ctx);
    return row.id;
  });
  return getOne(ctx, id);
}

/** `GET /api/announcements`: what the caller may see, newest first. */
export async function listAnnouncements(
  ctx: TChurchCtx,
  q: z.output<typeof ZAnnouncementListQuery>,
): Promise<TAnnouncement[]> {
  let before: { at: Date; id: string } | null = null;
  if (q.before) {
    const [b] = await ctx.db
      .select({ at: sql<string>`coalesce(${announcements.sentAt}, ${announcements.createdAt})::text` })
      .from(announcements)
      .where(churchRow(announcements, ctx, q.before));
    if (!b) throw badRequest("before must be the id of an announcement", "before");
    before = { at: new Date(b.at), id: q.before };
  }
  // A member sees what was sent to them; drafts and scheduled ones are their authors' and the admins'.
  const sentOrMine = isAdminRole(ctx.role)
    ? undefined
    : sql`(${announcements.status} = 'sent' or ${announcements.authorId} = ${ctx.userId}::uuid)`;
  return findAnnouncements(ctx, { where: and(visibleTo(ctx), sentOrMine), limit: q.limit, before });
}

/** `GET /api/announcements/{id}`: a recipient opening it marks it (and its notification) read. */
export async function getAnnouncement(ctx: TChurchCtx, id: string): Promise<TAnnouncement> {
  const a = await getOne(ctx, id);
  // The first opening marks the member's row and, in the same transaction, tells the notifications
  // feature: its bell entry is the same news, read now too (its subscriber).
  const mine = await ctx.db.transaction(async (tx) => {
    const [row] = await tx
      .update(announcementRecipients)
      .set({ readAt: new Date() })
      .where(
        inChurch(
          announcementRecipients,
          ctx,
          eq(announcementRecipients.announcementId, id),
          eq(announcementRecipients.userId, ctx.userId),
          isNull(announcementRecipients.readAt),
        ),
      )
      .returning({ id: announcementRecipients.announcementId });
    if (row)
      await publish(tx, "announcement.opened", { churchId: ctx.churchId, actorId: ctx.userId, announcementId: id });
    return row;
  });
  if (!mine) return a;
  return { ...a, isRead: true };
}

/** Its author or an admin, before it is sent; a recipient is told no, anyone else it does not exist. */
async function lockForChange(tx: TDb, ctx: TChurchCtx, id: string, verb: "changed" | "cancelled") {
  const a = await lockAnnouncement(tx, ctx, id);
  if (!a) throw notFound(NOT_FOUND);
  if (!isAdminRole(ctx.role) && a.authorId !== ctx.userId) {
    const [r] = await tx
      .select({ id: announcementRecipients.userId })
      .from(announcementRecipients)
      .where(
        inChurch(
          announcementRecipients,
          ctx,
          eq(announcementRecipients.announcementId, id),
          eq(announcementRecipients.userId, ctx.userId),
        ),
      );
    if (!r) throw notFound(NOT_FOUND);
    throw forbidden("Only its author and the admins can change an announcement");
  }
  if (a.status === "sending" || a.status === "sent")
    throw conflict(
      verb === "cancelled"
        ? "This announcement has been sent: it cannot be cancelled."
        : "This announcement has been sent: it cannot be changed.",
    );
  return a;
}

/** `PATCH /api/announcements/{id}`: a draft or scheduled one changed, rescheduled, sent now or made a draft. */
export async function updateAnnouncement(ctx: TChurchCtx, id: string, patch: TPatch): Promise<TAnnouncement> {
  if (patch.audience) await assertMayWriteTo(ctx, patch.audience);
  if (patch.link) await assertLinkIsOurs(ctx, patch.link);
  await ctx.db.transaction(async (tx) => {
    const before = await lockForChange(tx, ctx, id, "changed");
    const sendAt =
      patch.sendAt !== undefined ? checkSendAt(patch.sendAt) : checkSendAt(before.sendAt?.toISOString() ?? null);
    const isDraft = patch.draft ?? before.status === "draft";
    const status = isDraft ? "draft" : sendAt ? "scheduled" : "sending";
    const [after] = await tx
      .update(announcements)
      .set({
        ...(patch.title !== undefined ? { title: patch.title } : {}),
        ...(patch.message !== undefined ? { message: patch.message } : {}),
        ...(patch.link !== undefined ? { link: patch.link } : {}),
        ...(patch.audience !== undefined ? { audience: patch.audience } : {}),
        ...(patch.urgent !== undefined ? { urgent: patch.urgent } : {}),
        sendAt,
        status,
        updatedAt: new Date(),
      })
      .where(churchRow(announcements, ctx, id))
      .returning();
    await recordAudit(tx, ctx, {
      action: "announcement.updated",
      targetType: "announcement",
      targetId: id,
      changes: auditChanges(before, after, { fields: [...AUDITED] }),
    });
    if (status === "scheduled" && sendAt) await scheduleSend(tx, after, sendAt);
    else await unscheduleSend(tx, id);
    if (status === "sending") await sendAnnouncement(tx, after, ctx);
  });
  return getOne(ctx, id);
}

/** `DELETE /api/announcements/{id}`: a draft or scheduled one is cancelled (gone, its job too); once sent, 409. */
export async function cancelAnnouncement(ctx: TChurchCtx, id: string): Promise<void> {
  await ctx.db.transaction(async (tx) => {
    const a = await lockForChange(tx, ctx, id, "cancelled");
    await tx.delete(announcements).where(churchRow(announcements, ctx, id));
    await unscheduleSend(tx, id);
    await recordAudit(tx, ctx, {
      action: "announcement.cancelled",
      targetType: "announcement",
      targetId: id,
      changes: { title: [a.title, null], status: [a.status, null] },
    });
  });
}
