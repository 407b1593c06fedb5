import type { TAdminStats } from "@common/admin";
import { count, eq, gt, gte, inArray, isNull, sql } from "drizzle-orm";
import { events } from "../../db/schema/events";
import { invitations } from "../../db/schema/invitations";
import { prayerRequests } from "../../db/schema/prayer";
import { sermons } from "../../db/schema/sermons";
import { users } from "../../db/schema/users";
import { inChurch } from "../../lib/church-scope";
import type { TChurchCtx } from "../../lib/context";
import { startOfMonth, startOfWeek } from "../../lib/time";
import { countPendingKudos } from "../kudos/kudos.service";

/**
 * The admin dashboard's figures, counted from the church's rows. `prayerRequests` counts the open
 * ones: not answered and not hidden; `pendingKudos` the kudos waiting for approval; `upcomingEvents`
 * the events that have not ended (one happening now is still to come, never past: issue 24), as
 * `GET /api/events?upcoming=true` lists them.
 */
export async function getAdminStats(ctx: TChurchCtx, now = new Date()): Promise<TAdminStats> {
  const weekStart = startOfWeek(now, ctx.timeZone);
  const monthStart = startOfMonth(now, ctx.timeZone);
  const [m] = await ctx.db
    .select({
      totalMembers: count(),
      totalAdmins: count(sql`case when ${inArray(users.role, ["ADMIN", "SUPER_ADMIN"])} then 1 end`),
      activeThisWeek: count(sql`case when ${gte(users.lastActiveAt, weekStart)} then 1 end`),
      newMembersThisMonth: count(sql`case when ${gte(users.createdAt, monthStart)} then 1 end`),
    })
    .from(users)
    .where(inChurch(users, ctx));
  const [[sermonCount], [eventCount], [prayerCount]] = await Promise.all([
    // "Total sermons" counts what the church can watch: drafts (a live stream's recording waiting in
    // Manage Sermons) join the count when an admin publishes them.
    ctx.db
      .select({ n: count() })
      .from(sermons)
      .where(inChurch(sermons, ctx, eq(sermons.isDraft, false))),
    ctx.db
      .select({ n: count() })
      .from(events)
      .where(inChurch(events, ctx, gt(events.endTime, now))),
    ctx.db
      .select({ n: count() })
      .from(prayerRequests)
      .where(inChurch(prayerRequests, ctx, isNull(prayerRequests.answeredAt), isNull(prayerRequests.hiddenAt))),
  ]);
  const [inv] = await ctx.db
    .select({ n: count() })
    .from(invitations)
    .where(inChurch(invitations, ctx, eq(invitations.isUsed, false), gt(invitations.expiresAt, now)));
  const pendingKudos = await countPendingKudos(ctx);
  return {
    totalMembers: m.totalMembers,
    totalAdmins: m.totalAdmins,
    activeThisWeek: m.activeThisWeek,
    totalSermons: sermonCount.n,
    upcomingEvents: eventCount.n,
    prayerRequests: prayerCount.n,
    newMembersThisMonth: m.newMembersThisMonth,
    pendingInvitations: inv.n,
    pendingKudos,
  };
}
