import { and, eq, inArray, isNull, lte } from "drizzle-orm";
import type { TDb } from "../../db/client";
import { groupJoinRequests, groupMembers, groups } from "../../db/schema/groups";
import { users } from "../../db/schema/users";
import { inChurch } from "../../lib/church-scope";
import type { TChurchCtx } from "../../lib/context";
import { publish, subscriber, type TSubscriber, type TSubscriberCtx } from "../../lib/domain-events";
import { AppError } from "../../lib/errors";
import { insertMember, memberRow } from "./groups.repo";

/** The live groups `userId` leads in the subscriber's church. */
async function findLedGroupIds(ctx: TSubscriberCtx, userId: string): Promise<string[]> {
  const rows = await ctx.db
    .select({ groupId: groupMembers.groupId })
    .from(groupMembers)
    .innerJoin(groups, and(eq(groups.id, groupMembers.groupId), isNull(groups.archivedAt)))
    .where(inChurch(groupMembers, ctx, eq(groupMembers.userId, userId), eq(groupMembers.role, "leader")));
  return rows.map((r) => r.groupId);
}

/**
 * Of `groupIds`, those with no leader left who is still in the church: each is published as
 * group.leaderless, so the church's admins are told to name one. The group itself stays as it was.
 */
async function publishLeaderless(ctx: TSubscriberCtx, groupIds: string[], actorId: string | null): Promise<void> {
  if (groupIds.length === 0) return;
  const led = await ctx.db
    .selectDistinct({ groupId: groupMembers.groupId })
    .from(groupMembers)
    .innerJoin(users, and(eq(users.id, groupMembers.userId), inChurch(users, ctx)))
    .where(inChurch(groupMembers, ctx, inArray(groupMembers.groupId, groupIds), eq(groupMembers.role, "leader")));
  const stillLed = new Set(led.map((r) => r.groupId));
  for (const groupId of groupIds)
    if (!stillLed.has(groupId)) await publish(ctx.db, "group.leaderless", { churchId: ctx.churchId, actorId, groupId });
}

/**
 * Issue 27: a member who leaves the church, or is removed, loses every group of that church at once:
 * their memberships and waiting requests go (the rosters and counts already leave out anyone no
 * longer in the church, before this runs): all of them while they are still away, no clock compared.
 * Should they be invited back and join a group before the queue gets here, only rows from before
 * they left go, and that new place stays. A group they were the last leader of stays, leaderless,
 * and its admins are told (group.leaderless).
 *
 * The event's time is the app's clock; joined_at is the app's for a join (insertMember) but the
 * database's default for a leader named by an admin (groups.service setLeaders), so comparing them
 * while the member is away kept the leader rows of an app clock behind the database's. When they are
 * back, the comparison is of the two clocks for a leader's row, harmlessly: a new place needs an
 * invitation accepted after the leaving, far longer than hosts' clocks differ.
 */
const memberLeft = subscriber({
  name: "groups.member_left",
  event: "member.left",
  handle: async ({ payload, occurredAt }, ctx) => {
    const [user] = await ctx.db.select({ churchId: users.churchId }).from(users).where(eq(users.id, payload.userId));
    const at = user?.churchId === ctx.churchId ? new Date(occurredAt) : null;
    const led = await findLedGroupIds(ctx, payload.userId);
    await ctx.db
      .delete(groupMembers)
      .where(
        inChurch(
          groupMembers,
          ctx,
          eq(groupMembers.userId, payload.userId),
          at ? lte(groupMembers.joinedAt, at) : undefined,
        ),
      );
    await ctx.db
      .delete(groupJoinRequests)
      .where(
        inChurch(
          groupJoinRequests,
          ctx,
          eq(groupJoinRequests.userId, payload.userId),
          at ? lte(groupJoinRequests.requestedAt, at) : undefined,
        ),
      );
    await publishLeaderless(ctx, led, payload.actorId);
  },
});

/**
 * Issue 27: leading a group is what makes a Group Leader, so a member whose role becomes Church Member
 * (CONGREGANT) leads no group any more: in each group they led they stay as a member when a seat is
 * free (or it has no capacity), else they leave it, as when an admin drops a leader. A group left
 * without a leader stays, and the church's admins are told (group.leaderless). Run again, it finds
 * nothing left to change (their leader rows are gone).
 */
const roleChanged = subscriber({
  name: "groups.member_role_changed",
  event: "member.role_changed",
  handle: async ({ payload }, ctx) => {
    if (payload.to !== "CONGREGANT") return;
    const [person] = await ctx.db
      .select({ role: users.role })
      .from(users)
      .where(inChurch(users, ctx, eq(users.id, payload.userId)));
    // Made a leader again (or gone) before the queue got here: nothing to undo.
    if (person?.role !== "CONGREGANT") return;
    const led = await findLedGroupIds(ctx, payload.userId);
    // insertMember reads only the church of its context; the member's own place is what changes.
    const asMember: TChurchCtx = { ...ctx, userId: payload.userId, role: "CONGREGANT", timeZone: "UTC" };
    for (const groupId of led) {
      await ctx.db.delete(groupMembers).where(memberRow(asMember, groupId, payload.userId));
      if (!(await stayAsMember(ctx.db, asMember, groupId)))
        // Out of the group: its thread's sockets let them go too.
        await publish(ctx.db, "group.member_left", { ...base(payload), groupId, userId: payload.userId });
    }
    await publishLeaderless(ctx, led, payload.actorId);
  },
});

const base = (p: { churchId: string; actorId: string | null }) => ({ churchId: p.churchId, actorId: p.actorId });

/** A leader no longer leading keeps a member's seat when there is one (true); a full group they leave (false). */
async function stayAsMember(db: TDb, ctx: TChurchCtx, groupId: string): Promise<boolean> {
  try {
    await db.transaction((sp) => insertMember(sp, ctx, groupId, ctx.userId));
    return true;
  } catch (err) {
    if (!(err instanceof AppError && err.code === "CONFLICT")) throw err;
    return false;
  }
}

export const groupSubscribers: TSubscriber[] = [memberLeft, roleChanged];
