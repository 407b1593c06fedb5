import { isAdminRole } from "@common/roles";
import { and, eq, isNull } from "drizzle-orm";
import { groupMembers, groups } from "../db/schema/groups";
import { churchRow } from "./church-scope";
import type { TChurchCtx } from "./context";
import { forbidden, notFound } from "./errors";

/*
 * Issue 27: the one policy of "who may do what in a group", shared by every group route (the group
 * itself, its thread, prayers, meetings and roster) and by the socket's `join_group`, so the HTTP
 * and realtime doors answer the same (STYLE habit 11).
 */

export type TGroupAccess = {
  groupId: string;
  name: string;
  visibility: string;
  joinPolicy: string;
  capacity: number | null;
  /** The caller's place: member, leader, or none. */
  membership: "member" | "leader" | null;
  isAdmin: boolean;
  /** Members, leaders and admins read the thread, prayers, meetings and roster. */
  canRead: boolean;
  /** Leaders of this group and admins edit it, answer requests, moderate and take attendance. */
  canLead: boolean;
};

/**
 * The caller's access to a live (not archived) group of their church, or null when there is none
 * (another church's id, an archived group, a malformed id all read as absent).
 */
export async function findGroupAccess(ctx: TChurchCtx, groupId: string): Promise<TGroupAccess | null> {
  if (!/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(groupId)) return null;
  const [row] = await ctx.db
    .select({
      groupId: groups.id,
      name: groups.name,
      visibility: groups.visibility,
      joinPolicy: groups.joinPolicy,
      capacity: groups.capacity,
      role: groupMembers.role,
    })
    .from(groups)
    .leftJoin(groupMembers, and(eq(groupMembers.groupId, groups.id), eq(groupMembers.userId, ctx.userId)))
    .where(and(churchRow(groups, ctx, groupId), isNull(groups.archivedAt)))
    .limit(1);
  if (!row) return null;
  const isAdmin = isAdminRole(ctx.role);
  const membership = row.role === "leader" ? "leader" : row.role === "member" ? "member" : null;
  return {
    groupId: row.groupId,
    name: row.name,
    visibility: row.visibility,
    joinPolicy: row.joinPolicy,
    capacity: row.capacity,
    membership,
    isAdmin,
    canRead: isAdmin || membership !== null,
    canLead: isAdmin || membership === "leader",
  };
}

/**
 * The group as the caller may see it at all: 404 when it is not there for them (another church,
 * archived, or unlisted and not theirs), so an unlisted group's existence does not leak.
 */
export async function requireGroup(ctx: TChurchCtx, groupId: string): Promise<TGroupAccess> {
  const access = await findGroupAccess(ctx, groupId);
  if (!access || (access.visibility === "unlisted" && !access.canRead)) throw notFound("Group not found");
  return access;
}

/** The group's inside (thread, prayers, meetings, roster): its members, leaders and admins; others 403. */
export async function requireGroupReader(ctx: TChurchCtx, groupId: string): Promise<TGroupAccess> {
  const access = await requireGroup(ctx, groupId);
  if (!access.canRead) throw forbidden("Only the members of this group can see this.");
  return access;
}

/** What only the group's leaders and admins do; members and others 403. */
export async function requireGroupLeader(ctx: TChurchCtx, groupId: string): Promise<TGroupAccess> {
  const access = await requireGroup(ctx, groupId);
  if (!access.canLead) throw forbidden("Only this group's leaders can do that.");
  return access;
}
