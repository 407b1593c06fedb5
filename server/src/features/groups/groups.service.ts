import type { TGroup, ZCreateGroupBody, ZGroupListQuery, ZUpdateGroupBody } from "@common/groups";
import { and, eq, inArray, isNull } from "drizzle-orm";
import type { z } from "zod";
import type { TDb } from "../../db/client";
import { groupMembers, groups } from "../../db/schema/groups";
import { users } from "../../db/schema/users";
import { auditChanges, recordAudit } from "../../lib/audit";
import { churchRow, inChurch } from "../../lib/church-scope";
import type { TChurchCtx } from "../../lib/context";
import { publish } from "../../lib/domain-events";
import { AppError, badRequest, forbidden, notFound } from "../../lib/errors";
import { requireGroup, requireGroupLeader } from "../../lib/group-access";
import {
  findChurchMemberIds,
  findGroups,
  GROUP_NOT_FOUND,
  getGroupRow,
  insertMember,
  memberRow,
  renumberSeats,
} from "./groups.repo";

const NOT_MEMBERS = "leaderIds must be the ids of members of this church";
const AUDITED = [
  "name",
  "description",
  "kind",
  "meetingDay",
  "meetingTime",
  "location",
  "capacity",
  "joinPolicy",
  "visibility",
] as const;

/** `GET /api/groups`: live groups by name (members: listed ones and their own; admins: all). */
export function listGroups(ctx: TChurchCtx, query: z.output<typeof ZGroupListQuery>): Promise<TGroup[]> {
  return findGroups(ctx, { query });
}

/** `GET /api/groups/{id}`: 404 for another church's, an archived one, or an unlisted one not theirs. */
export async function getGroup(ctx: TChurchCtx, id: string): Promise<TGroup> {
  await requireGroup(ctx, id);
  return getGroupRow(ctx, id);
}

/** `POST /api/groups` (admins): the group and its leaders; a congregant given a group to lead becomes a GROUP_LEADER. */
export async function createGroup(ctx: TChurchCtx, body: z.output<typeof ZCreateGroupBody>): Promise<TGroup> {
  const { leaderIds, ...fields } = body;
  const { id, promoted } = await ctx.db.transaction(async (db) => {
    const [row] = await db
      .insert(groups)
      .values({ ...fields, churchId: ctx.churchId, createdBy: ctx.userId })
      .returning();
    const promoted = await setLeaders(db, ctx, row.id, leaderIds);
    await recordAudit(db, ctx, {
      action: "group.created",
      targetType: "group",
      targetId: row.id,
      changes: auditChanges(null, row, { fields: [...AUDITED] }),
    });
    return { id: row.id, promoted };
  });
  for (const userId of promoted) await ctx.changed("user", userId);
  return getGroupRow(ctx, id);
}

/**
 * `PATCH /api/groups/{id}`: admins, or a leader of this group, who may not change its leaders
 * (403; sending the same leaders is no change). A new capacity numbers the members' seats again.
 */
export async function updateGroup(
  ctx: TChurchCtx,
  id: string,
  body: z.output<typeof ZUpdateGroupBody>,
): Promise<TGroup> {
  const access = await requireGroupLeader(ctx, id);
  const { leaderIds, ...fields } = body;
  const promoted = await ctx.db.transaction(async (db) => {
    const [before] = await db
      .select()
      .from(groups)
      .where(and(churchRow(groups, ctx, id), isNull(groups.archivedAt)))
      .for("update");
    if (!before) throw notFound(GROUP_NOT_FOUND);
    let promoted: string[] = [];
    if (leaderIds !== undefined) {
      if (!access.isAdmin && !(await isSameLeaders(db, ctx, id, leaderIds)))
        throw forbidden("Only an admin can change a group's leaders.");
      if (access.isAdmin) promoted = await setLeaders(db, ctx, id, leaderIds);
    }
    const [after] = await db
      .update(groups)
      .set({ ...fields, updatedAt: new Date() })
      .where(churchRow(groups, ctx, id))
      .returning();
    if (fields.capacity !== undefined && fields.capacity !== before.capacity) await renumberSeats(db, ctx, id);
    const changes = auditChanges(before, after, { fields: [...AUDITED] });
    if (Object.keys(changes).length > 0)
      await recordAudit(db, ctx, { action: "group.updated", targetType: "group", targetId: id, changes });
    return promoted;
  });
  for (const userId of promoted) await ctx.changed("user", userId);
  return getGroupRow(ctx, id);
}

/** `DELETE /api/groups/{id}` (admins): archived, gone for members; its rows stay for the history. */
export async function archiveGroup(ctx: TChurchCtx, id: string): Promise<void> {
  await ctx.db.transaction(async (db) => {
    const [row] = await db
      .update(groups)
      .set({ archivedAt: new Date(), updatedAt: new Date() })
      .where(and(churchRow(groups, ctx, id), isNull(groups.archivedAt)))
      .returning({ name: groups.name });
    if (!row) throw notFound(GROUP_NOT_FOUND);
    await recordAudit(db, ctx, {
      action: "group.archived",
      targetType: "group",
      targetId: id,
      changes: { name: [row.name, null] },
    });
  });
}

async function findLeaderIds(db: TDb, ctx: TChurchCtx, groupId: string): Promise<string[]> {
  const rows = await db
    .select({ userId: groupMembers.userId })
    .from(groupMembers)
    .where(inChurch(groupMembers, ctx, eq(groupMembers.groupId, groupId), eq(groupMembers.role, "leader")));
  return rows.map((r) => r.userId);
}

async function isSameLeaders(db: TDb, ctx: TChurchCtx, groupId: string, leaderIds: string[]): Promise<boolean> {
  const now = new Set(await findLeaderIds(db, ctx, groupId));
  const wanted = new Set(leaderIds);
  return now.size === wanted.size && [...wanted].every((id) => now.has(id));
}

/**
 * Makes exactly `leaderIds` (members of the church, else 400) the group's leaders, in `db`'s
 * transaction. A new leader gives up any seat; a leader no longer named stays as a member when a seat
 * is free (or the group has no capacity), else leaves the group. A CONGREGANT given a group to lead
 * becomes a GROUP_LEADER (audited and published as any role change); nobody is demoted when they stop
 * leading. Returns the members promoted.
 */
async function setLeaders(db: TDb, ctx: TChurchCtx, groupId: string, leaderIds: string[]): Promise<string[]> {
  const wanted = [...new Set(leaderIds)];
  const known = await findChurchMemberIds({ ...ctx, db }, wanted);
  if (known.length !== wanted.length) throw badRequest(NOT_MEMBERS, "leaderIds");
  const dropped = (await findLeaderIds(db, ctx, groupId)).filter((id) => !wanted.includes(id));
  for (const userId of dropped) {
    await db.delete(groupMembers).where(memberRow(ctx, groupId, userId));
    try {
      await db.transaction((sp) => insertMember(sp, ctx, groupId, userId));
    } catch (err) {
      if (!(err instanceof AppError && err.code === "CONFLICT")) throw err;
    }
  }
  if (wanted.length === 0) return [];
  await db
    .insert(groupMembers)
    // joinedAt on the app's clock, the one a member's leaving is judged by (groups.subscribers.ts).
    .values(
      wanted.map((userId) => ({
        groupId,
        churchId: ctx.churchId,
        userId,
        role: "leader",
        seat: null,
        joinedAt: new Date(),
      })),
    )
    .onConflictDoUpdate({
      target: [groupMembers.groupId, groupMembers.userId],
      set: { role: "leader", seat: null },
    });
  const promoted = await db
    .update(users)
    .set({ role: "GROUP_LEADER" })
    .where(inChurch(users, ctx, inArray(users.id, wanted), eq(users.role, "CONGREGANT")))
    .returning({ id: users.id });
  for (const { id } of promoted) {
    await recordAudit(db, ctx, {
      action: "member.role_changed",
      targetType: "member",
      targetId: id,
      changes: { role: ["CONGREGANT", "GROUP_LEADER"] },
    });
    await publish(db, "member.role_changed", {
      churchId: ctx.churchId,
      actorId: ctx.userId,
      userId: id,
      from: "CONGREGANT",
      to: "GROUP_LEADER",
    });
  }
  return promoted.map((p) => p.id);
}
