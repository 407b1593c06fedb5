import type { TGroupJoinRequest, TGroupMember, TJoinGroupResult } from "@common/groups";
import { and, asc, eq, or } from "drizzle-orm";
import type { TDb } from "../../db/client";
import { groupJoinRequests, groupMembers } from "../../db/schema/groups";
import { users } from "../../db/schema/users";
import { inChurch } from "../../lib/church-scope";
import type { TChurchCtx } from "../../lib/context";
import { publish } from "../../lib/domain-events";
import { conflict, forbidden, notFound } from "../../lib/errors";
import { requireGroup, requireGroupLeader, requireGroupReader } from "../../lib/group-access";
import { privacyColumns, visibleFieldsOfMany } from "../../lib/profile-privacy";
import { insertMember, memberRow } from "./groups.repo";

const REQUEST_NOT_FOUND = "Join request not found";
const MEMBER_NOT_FOUND = "Member not found";

const requestRow = (ctx: TChurchCtx, groupId: string, userId: string) =>
  inChurch(groupJoinRequests, ctx, eq(groupJoinRequests.groupId, groupId), eq(groupJoinRequests.userId, userId));

/**
 * `POST /api/groups/{id}/join`: an open group seats the caller at once (409 when full), a group by
 * request records a request for its leaders, an invitation-only one is 403. Someone already in the
 * group, or already waiting, gets their place again (200, nothing changes).
 */
export async function joinGroup(ctx: TChurchCtx, groupId: string): Promise<TJoinGroupResult> {
  const access = await requireGroup(ctx, groupId);
  if (access.membership) return { membership: access.membership };
  if (access.joinPolicy === "invite") throw forbidden("This group is by invitation only.");
  if (access.joinPolicy === "request") {
    await ctx.db.transaction(async (db) => {
      const [added] = await db
        .insert(groupJoinRequests)
        .values({ groupId, churchId: ctx.churchId, userId: ctx.userId, requestedAt: new Date() })
        .onConflictDoNothing()
        .returning({ userId: groupJoinRequests.userId });
      if (added) await publish(db, "group.join_requested", { churchId: ctx.churchId, actorId: ctx.userId, groupId });
    });
    return { membership: "requested" };
  }
  await ctx.db.transaction(async (db) => {
    const joined = await insertMember(db, ctx, groupId, ctx.userId);
    // A request left from when the group was by request is answered by joining.
    await db.delete(groupJoinRequests).where(requestRow(ctx, groupId, ctx.userId));
    if (joined)
      await publish(db, "group.member_joined", {
        churchId: ctx.churchId,
        actorId: ctx.userId,
        groupId,
        userId: ctx.userId,
      });
  });
  return { membership: "member" };
}

/**
 * `POST /api/groups/{id}/leave`: the caller leaves (a waiting request is withdrawn too); the last
 * leader may not (409): an admin names another first. Not in the group: nothing to do.
 */
export async function leaveGroup(ctx: TChurchCtx, groupId: string): Promise<void> {
  await requireGroup(ctx, groupId);
  await ctx.db.transaction(async (db) => {
    await db.delete(groupJoinRequests).where(requestRow(ctx, groupId, ctx.userId));
    // The caller's row and the group's leaders, locked in one order: leaders leaving at once wait for
    // each other (no deadlock), and the last one finds nobody else left and is refused.
    const rows = await db
      .select({ userId: groupMembers.userId, role: groupMembers.role })
      .from(groupMembers)
      .where(
        inChurch(
          groupMembers,
          ctx,
          eq(groupMembers.groupId, groupId),
          or(eq(groupMembers.role, "leader"), eq(groupMembers.userId, ctx.userId)),
        ),
      )
      .orderBy(asc(groupMembers.userId))
      .for("update");
    const me = rows.find((r) => r.userId === ctx.userId);
    if (!me) return;
    if (me.role === "leader" && !rows.some((r) => r.role === "leader" && r.userId !== ctx.userId))
      throw conflict("You are this group's only leader. Ask an admin to name another leader first.");
    await db.delete(groupMembers).where(memberRow(ctx, groupId, ctx.userId));
    await publish(db, "group.member_left", {
      churchId: ctx.churchId,
      actorId: ctx.userId,
      groupId,
      userId: ctx.userId,
    });
  });
}

/** `GET /api/groups/{id}/requests` (its leaders and admins): who waits, oldest first. */
export async function listJoinRequests(ctx: TChurchCtx, groupId: string): Promise<TGroupJoinRequest[]> {
  await requireGroupLeader(ctx, groupId);
  const rows = await ctx.db
    .select({
      userId: groupJoinRequests.userId,
      firstName: users.firstName,
      lastName: users.lastName,
      requestedAt: groupJoinRequests.requestedAt,
    })
    .from(groupJoinRequests)
    .innerJoin(users, and(eq(users.id, groupJoinRequests.userId), inChurch(users, ctx)))
    .where(inChurch(groupJoinRequests, ctx, eq(groupJoinRequests.groupId, groupId)))
    .orderBy(asc(groupJoinRequests.requestedAt), asc(groupJoinRequests.userId));
  return rows.map((r) => ({ ...r, requestedAt: r.requestedAt.toISOString() }));
}

/** Takes the request away (404 when there is none); the caller then seats or declines in the same transaction. */
async function takeRequest(db: TDb, ctx: TChurchCtx, groupId: string, userId: string): Promise<void> {
  const removed = await db
    .delete(groupJoinRequests)
    .where(requestRow(ctx, groupId, userId))
    .returning({ userId: groupJoinRequests.userId });
  const [member] = await db
    .select({ id: users.id })
    .from(users)
    .where(inChurch(users, ctx, eq(users.id, userId)));
  if (removed.length === 0 || !member) throw notFound(REQUEST_NOT_FOUND);
}

/** `POST /api/groups/{id}/requests/{userId}/approve`: the member is seated (409 when full) and told. */
export async function approveJoinRequest(
  ctx: TChurchCtx,
  groupId: string,
  userId: string,
  message: string | null,
): Promise<void> {
  await requireGroupLeader(ctx, groupId);
  await ctx.db.transaction(async (db) => {
    await takeRequest(db, ctx, groupId, userId);
    await insertMember(db, ctx, groupId, userId);
    const base = { churchId: ctx.churchId, actorId: ctx.userId, groupId, userId };
    await publish(db, "group.request_approved", { ...base, message });
    await publish(db, "group.member_joined", base);
  });
}

/** `POST /api/groups/{id}/requests/{userId}/decline`: the request goes; the member is told, with the message. */
export async function declineJoinRequest(
  ctx: TChurchCtx,
  groupId: string,
  userId: string,
  message: string | null,
): Promise<void> {
  await requireGroupLeader(ctx, groupId);
  await ctx.db.transaction(async (db) => {
    await takeRequest(db, ctx, groupId, userId);
    await publish(db, "group.request_declined", {
      churchId: ctx.churchId,
      actorId: ctx.userId,
      groupId,
      userId,
      message,
    });
  });
}

/**
 * `POST /api/groups/{id}/members` (its leaders and admins): adds a member of the church to the group,
 * whatever its join policy (the way into an invitation-only group). They take a seat as a join does
 * (409 when full); someone already in is 409; another church's member is 404. A request they had
 * waiting is answered by this. They are told (group.member_added). Answers their roster entry.
 */
export async function addGroupMember(ctx: TChurchCtx, groupId: string, userId: string): Promise<TGroupMember> {
  await requireGroupLeader(ctx, groupId);
  await ctx.db.transaction(async (db) => {
    const [person] = await db
      .select({ id: users.id })
      .from(users)
      .where(inChurch(users, ctx, eq(users.id, userId)));
    if (!person) throw notFound(MEMBER_NOT_FOUND);
    const added = await insertMember(db, ctx, groupId, userId);
    if (!added) throw conflict("This member is already in this group.");
    await db.delete(groupJoinRequests).where(requestRow(ctx, groupId, userId));
    const base = { churchId: ctx.churchId, actorId: ctx.userId, groupId, userId };
    await publish(db, "group.member_added", base);
    await publish(db, "group.member_joined", base);
  });
  const [entry] = await findRoster(ctx, groupId, userId);
  if (!entry) throw notFound(MEMBER_NOT_FOUND);
  return entry;
}

/**
 * `GET /api/groups/{id}/members` (its members, leaders and admins): leaders first, then by name,
 * each with the contact fields they let the caller see (lib/profile-privacy.ts decides). Members who
 * left the church are not listed.
 */
export async function listGroupMembers(ctx: TChurchCtx, groupId: string): Promise<TGroupMember[]> {
  await requireGroupReader(ctx, groupId);
  return findRoster(ctx, groupId);
}

/** The roster (or one person of it, `onlyUserId`), each with what profile-privacy lets the caller see. */
async function findRoster(ctx: TChurchCtx, groupId: string, onlyUserId?: string): Promise<TGroupMember[]> {
  const rows = await ctx.db
    .select({
      ...privacyColumns,
      firstName: users.firstName,
      lastName: users.lastName,
      profileImageUrl: users.profileImageUrl,
      role: groupMembers.role,
    })
    .from(groupMembers)
    .innerJoin(users, and(eq(users.id, groupMembers.userId), inChurch(users, ctx)))
    .where(
      inChurch(
        groupMembers,
        ctx,
        eq(groupMembers.groupId, groupId),
        onlyUserId ? eq(groupMembers.userId, onlyUserId) : undefined,
      ),
    )
    .orderBy(asc(groupMembers.role), asc(users.firstName), asc(users.lastName), asc(users.id));
  const visible = await visibleFieldsOfMany(ctx, rows);
  return rows.map((r) => ({
    id: r.id,
    firstName: r.firstName,
    lastName: r.lastName,
    profileImageUrl: r.profileImageUrl,
    role: r.role === "leader" ? "leader" : "member",
    ...visible.get(r.id),
  }));
}
