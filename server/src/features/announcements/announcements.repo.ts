import type { TAnnouncementStatus } from "@common/announcement-helpers";
import type { TAnnouncement, TAnnouncementAudience } from "@common/announcements";
import { isAdminRole } from "@common/roles";
import { and, desc, eq, inArray, isNull, type SQL, sql } from "drizzle-orm";
import type { TDb } from "../../db/client";
import { announcementRecipients, announcements } from "../../db/schema/announcements";
import { groups } from "../../db/schema/groups";
import { users } from "../../db/schema/users";
import { inChurch } from "../../lib/church-scope";
import type { TChurchCtx } from "../../lib/context";

export type TAnnouncementRow = typeof announcements.$inferSelect;

/** When an announcement sorts in a list: when it went, or when it was written (drafts, scheduled). */
const sortAt = sql<Date>`coalesce(${announcements.sentAt}, ${announcements.createdAt})`;

/**
 * How it went, for its author and the admins: recipients (rows), opened (read the announcement or its
 * notification), e-mails sent and e-mails opened (the notifications' e-mail state).
 */
const counts = {
  opened: sql<number>`(select count(*)::int from ${announcementRecipients} r where r.announcement_id = ${announcements.id}
    and (r.read_at is not null or exists (select 1 from notifications n where n.user_id = r.user_id
      and n.kind = 'announcement' and n.related_id = r.announcement_id and n.is_read)))`,
  emailed: sql<number>`(select count(*)::int from notifications n where n.kind = 'announcement'
    and n.related_id = ${announcements.id} and n.email_state = 'sent')`,
  emailOpened: sql<number>`(select count(*)::int from notifications n where n.kind = 'announcement'
    and n.related_id = ${announcements.id} and n.email_opened_at is not null)`,
};

/** The announcements `ctx` may see, newest first, with what the answer needs. */
export async function findAnnouncements(
  ctx: TChurchCtx,
  opts: { where?: SQL; limit?: number; before?: { at: Date; id: string } | null },
) {
  const me = ctx.userId;
  const rows = await ctx.db
    .select({
      row: announcements,
      authorFirst: users.firstName,
      authorLast: users.lastName,
      authorChurch: users.churchId,
      readAt: announcementRecipients.readAt,
      isRecipient: sql<boolean>`${announcementRecipients.userId} is not null`,
      notificationRead: sql<boolean>`exists (select 1 from notifications n where n.user_id = ${me}::uuid
        and n.kind = 'announcement' and n.related_id = ${announcements.id} and n.is_read)`,
      opened: counts.opened,
      emailed: counts.emailed,
      emailOpened: counts.emailOpened,
      sortAt,
    })
    .from(announcements)
    .leftJoin(users, eq(users.id, announcements.authorId))
    .leftJoin(
      announcementRecipients,
      and(eq(announcementRecipients.announcementId, announcements.id), eq(announcementRecipients.userId, me)),
    )
    .where(
      inChurch(
        announcements,
        ctx,
        opts.where,
        opts.before ? sql`(${sortAt}, ${announcements.id}) < (${opts.before.at}, ${opts.before.id}::uuid)` : undefined,
      ),
    )
    .orderBy(desc(sortAt), desc(announcements.id))
    .limit(opts.limit ?? 1);
  const groupIds = [...new Set(rows.flatMap((r) => groupIdsOf(r.row.audience as TAnnouncementAudience)))];
  const names = groupIds.length
    ? await ctx.db
        .select({ id: groups.id, name: groups.name })
        .from(groups)
        .where(inChurch(groups, ctx, inArray(groups.id, groupIds)))
    : [];
  const nameOf = new Map(names.map((g) => [g.id, g.name]));
  return rows.map((r): TAnnouncement => {
    const a = r.row;
    const audience = a.audience as TAnnouncementAudience;
    const mayManage = isAdminRole(ctx.role) || a.authorId === ctx.userId;
    const name = [r.authorFirst, r.authorLast].filter(Boolean).join(" ").trim();
    return {
      id: a.id,
      title: a.title,
      message: a.message,
      link: a.link,
      audience,
      status: a.status as TAnnouncementStatus,
      sendAt: a.sendAt?.toISOString() ?? null,
      sentAt: a.sentAt?.toISOString() ?? null,
      urgent: a.urgent,
      createdAt: a.createdAt.toISOString(),
      // An erased author is a pseudonym of no church: the announcement stays, without a name.
      author: a.authorId && r.authorChurch ? { id: a.authorId, name } : null,
      groups: groupIdsOf(audience).map((id) => ({ id, name: nameOf.get(id) ?? "" })),
      canEdit: mayManage && (a.status === "draft" || a.status === "scheduled"),
      recipients: mayManage ? a.recipientCount : null,
      opened: mayManage ? r.opened : null,
      emailed: mayManage ? r.emailed : null,
      emailOpened: mayManage ? r.emailOpened : null,
      isRead: r.isRecipient ? r.readAt !== null || r.notificationRead : false,
    };
  });
}

export const groupIdsOf = (audience: TAnnouncementAudience): string[] =>
  "groupIds" in audience ? audience.groupIds : [];

/** What `ctx` may see: sent to them, and (an admin) every one, or (anyone else) the ones they wrote. */
export function visibleTo(ctx: TChurchCtx): SQL | undefined {
  if (isAdminRole(ctx.role)) return undefined;
  return sql`(${announcementRecipients.userId} is not null or ${announcements.authorId} = ${ctx.userId}::uuid)`;
}

/** The row, locked for the change (`for update`), when it is the church's. */
export async function lockAnnouncement(db: TDb, church: { churchId: string }, id: string) {
  const [row] = await db
    .select()
    .from(announcements)
    .where(inChurch(announcements, church, eq(announcements.id, id)))
    .for("update");
  return row;
}

/** The church's live (not archived) groups among `ids`, with whether `userId` leads each. */
export async function findGroups(ctx: TChurchCtx, ids: string[]) {
  return ctx.db
    .select({
      id: groups.id,
      isLeader: sql<boolean>`exists (select 1 from group_members gm where gm.group_id = ${groups.id}
        and gm.user_id = ${ctx.userId}::uuid and gm.role = 'leader')`,
    })
    .from(groups)
    .where(inChurch(groups, ctx, inArray(groups.id, ids), isNull(groups.archivedAt)));
}

/**
 * Adds the audience's members as recipients, at this moment: the church's members only (all; the
 * members and leaders of its live groups; the roles, a Super Admin counting as an Admin), the author
 * left out. A run again adds nobody twice (the primary key). Returns how many it has in all.
 */
export async function addRecipients(db: TDb, a: TAnnouncementRow): Promise<number> {
  const audience = a.audience as TAnnouncementAudience;
  let who: SQL;
  if ("all" in audience) who = sql`true`;
  else if ("groupIds" in audience)
    who = sql`exists (select 1 from group_members gm join groups g on g.id = gm.group_id
      where gm.user_id = u.id and g.church_id = ${a.churchId}::uuid and g.archived_at is null
        and gm.group_id = any(${sql.param(audience.groupIds)}::uuid[]))`;
  else {
    const roles = new Set<string>(audience.roles);
    if (roles.has("ADMIN")) roles.add("SUPER_ADMIN");
    who = sql`u.role = any(${sql.param([...roles])}::text[])`;
  }
  await db.execute(sql`insert into announcement_recipients (announcement_id, user_id, church_id)
    select ${a.id}::uuid, u.id, u.church_id from users u
    where u.church_id = ${a.churchId}::uuid and u.id is distinct from ${a.authorId}::uuid and ${who}
    on conflict do nothing`);
  const res = await db.execute<{ n: number }>(
    sql`select count(*)::int as n from announcement_recipients where announcement_id = ${a.id}::uuid`,
  );
  return res.rows[0].n;
}
