import type { TGroupPrayer, TGroupPrayResult, ZGroupPrayerBody, ZGroupPrayerListQuery } from "@common/group-prayers";
import { PRAYER_REQUESTS_PER_HOUR, PRAYER_REQUESTS_RATE_LIMITED } from "@common/prayer";
import { count, eq, gt, isNull, min } from "drizzle-orm";
import type { z } from "zod";
import { groupPrayerPrayed, groupPrayers } from "../../db/schema/groups";
import { inChurch } from "../../lib/church-scope";
import type { TChurchCtx } from "../../lib/context";
import { prayerActor, publish } from "../../lib/domain-events";
import { conflict, forbidden, notFound } from "../../lib/errors";
import { requireGroupReader } from "../../lib/group-access";
import { enforceHourlyLimit } from "../../lib/hourly-limit";
import { dayKey } from "../../lib/points";
import { findGroupPrayer, findGroupPrayers, prayersOlderThan } from "./group-prayers.repo";

const NOT_FOUND = "Prayer request not found";

/** `GET /api/groups/{id}/prayers`: the group's members, leaders and admins; a page newest first. */
export async function listGroupPrayers(
  ctx: TChurchCtx,
  groupId: string,
  query: z.output<typeof ZGroupPrayerListQuery>,
): Promise<TGroupPrayer[]> {
  await requireGroupReader(ctx, groupId);
  const where = query.before ? prayersOlderThan(ctx, groupId, query.before) : undefined;
  return findGroupPrayers(ctx, groupId, { limit: query.limit, where });
}

async function getGroupPrayer(ctx: TChurchCtx, groupId: string, id: string): Promise<TGroupPrayer> {
  const found = await findGroupPrayer(ctx, groupId, id);
  if (!found) throw notFound(NOT_FOUND);
  return found;
}

/**
 * `POST /api/groups/{id}/prayers`: shared by a member or leader of the group (an admin who is
 * neither may read, not share). Counted with nothing else toward church prayer's hourly limit of the
 * member, per group. Never on the church's wall: a table of its own, read only through the group.
 */
export async function createGroupPrayer(
  ctx: TChurchCtx,
  groupId: string,
  body: z.output<typeof ZGroupPrayerBody>,
): Promise<TGroupPrayer> {
  const access = await requireGroupReader(ctx, groupId);
  if (!access.membership) throw forbidden("Only the members of this group can share a prayer request in it.");
  const id = await ctx.db.transaction(async (tx) => {
    await enforceHourlyLimit(tx, {
      key: `group-prayers-from:${ctx.userId}`,
      limit: PRAYER_REQUESTS_PER_HOUR,
      message: PRAYER_REQUESTS_RATE_LIMITED,
      countSince: async (since) => {
        const [shared] = await tx
          .select({ n: count(), oldest: min(groupPrayers.createdAt) })
          .from(groupPrayers)
          .where(
            inChurch(
              groupPrayers,
              ctx,
              eq(groupPrayers.groupId, groupId),
              eq(groupPrayers.authorId, ctx.userId),
              gt(groupPrayers.createdAt, since),
            ),
          );
        return shared;
      },
    });
    const [row] = await tx
      .insert(groupPrayers)
      .values({
        groupId,
        churchId: ctx.churchId,
        authorId: ctx.userId,
        title: body.title,
        description: body.description,
        isAnonymous: body.isAnonymous,
        createdAt: new Date(),
      })
      .returning({ id: groupPrayers.id });
    // The group is told from the event; an anonymous request's event names nobody.
    await publish(tx, "group.prayer_created", {
      ...prayerActor(body, ctx.userId),
      churchId: ctx.churchId,
      groupId,
      prayerId: row.id,
    });
    return row.id;
  });
  return getGroupPrayer(ctx, groupId, id);
}

/**
 * "I prayed" for a group request: by a member, leader or admin who may read it; once per person,
 * request and church day (the unique key decides under any race). An answered request takes no more
 * prayers (409), as on the church's wall.
 */
export async function prayForGroupPrayer(
  ctx: TChurchCtx,
  groupId: string,
  id: string,
  now = new Date(),
): Promise<TGroupPrayResult> {
  await requireGroupReader(ctx, groupId);
  const prayer = await getGroupPrayer(ctx, groupId, id);
  if (prayer.isAnswered) throw conflict("This prayer has been answered");
  const inserted = await ctx.db
    .insert(groupPrayerPrayed)
    .values({ prayerId: id, churchId: ctx.churchId, userId: ctx.userId, day: dayKey(ctx, now), createdAt: now })
    .onConflictDoNothing()
    .returning({ prayerId: groupPrayerPrayed.prayerId });
  const [prayed] = await ctx.db
    .select({ n: count() })
    .from(groupPrayerPrayed)
    .where(inChurch(groupPrayerPrayed, ctx, eq(groupPrayerPrayed.prayerId, id)));
  return { counted: inserted.length > 0, prayedCount: prayed.n, prayedToday: true };
}

/** `PATCH /api/groups/{id}/prayers/{prayerId}/answered`: by its author only; answering it again changes nothing. */
export async function markGroupPrayerAnswered(ctx: TChurchCtx, groupId: string, id: string): Promise<TGroupPrayer> {
  await requireGroupReader(ctx, groupId);
  const prayer = await getGroupPrayer(ctx, groupId, id);
  if (!prayer.isMine) throw forbidden("Only its author can mark a prayer answered.");
  if (prayer.isAnswered) return prayer;
  await ctx.db
    .update(groupPrayers)
    .set({ answeredAt: new Date() })
    .where(inChurch(groupPrayers, ctx, eq(groupPrayers.id, id), isNull(groupPrayers.answeredAt)));
  return getGroupPrayer(ctx, groupId, id);
}
