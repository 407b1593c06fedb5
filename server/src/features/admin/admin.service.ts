import type { TAdminStats } from "@common/admin";
import { DEFAULT_BRAND_COLOR } from "@common/brand";
import { and, count, eq, gt, gte, inArray, isNotNull, isNull, sql } from "drizzle-orm";
import { churches } from "../../db/schema/churches";
import { invitationRequests, invitations } from "../../db/schema/invitations";
import { prayerRequests } from "../../db/schema/prayer";
import { sermons } from "../../db/schema/sermons";
import { users } from "../../db/schema/users";
import { inChurch } from "../../lib/church-scope";
import type { TChurchCtx } from "../../lib/context";
import { startOfMonth, startOfWeek } from "../../lib/time";
import { findUpcoming } from "../events/events.service";
import { countPendingKudos } from "../kudos/kudos.service";

/**
 * The admin dashboard's figures, counted from the church's rows. `prayerRequests` counts the open
 * ones: not answered and not hidden; `pendingKudos` the kudos waiting for approval; `upcomingEvents`
 * the events that have not ended (one happening now is still to come, never past: issue 24; a
 * repeating one while it has dates to come), as `GET /api/events?upcoming=true` lists them.
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
  const [[sermonCount], upcoming, [prayerCount]] = await Promise.all([
    // "Total sermons" counts what the church can watch: drafts (a live stream's recording waiting in
    // Manage Sermons) join the count when an admin publishes them.
    ctx.db
      .select({ n: count() })
      .from(sermons)
      .where(inChurch(sermons, ctx, eq(sermons.isDraft, false))),
    findUpcoming(ctx, now),
    ctx.db
      .select({ n: count() })
      .from(prayerRequests)
      .where(inChurch(prayerRequests, ctx, isNull(prayerRequests.answeredAt), isNull(prayerRequests.hiddenAt))),
  ]);
  const isOpen = and(eq(invitations.isUsed, false), gt(invitations.expiresAt, now));
  const [[inv], [requests], [anySermon], [church]] = await Promise.all([
    ctx.db
      .select({
        open: count(sql`case when ${isOpen} then 1 end`),
        toReview: count(sql`case when ${and(isOpen, isNull(invitations.sentAt))} then 1 end`),
        sent: count(sql`case when ${and(isOpen, isNotNull(invitations.sentAt))} then 1 end`),
        everSent: count(invitations.sentAt),
      })
      .from(invitations)
      .where(inChurch(invitations, ctx)),
    ctx.db
      .select({ n: count() })
      .from(invitationRequests)
      .where(inChurch(invitationRequests, ctx, isNull(invitationRequests.handledAt))),
    ctx.db.select({ id: sermons.id }).from(sermons).where(inChurch(sermons, ctx)).limit(1),
    ctx.db
      .select({
        logoUrl: churches.logoUrl,
        brandColor: churches.brandColor,
        address: churches.address,
        phone: churches.phone,
        email: churches.email,
      })
      .from(churches)
      .where(eq(churches.id, ctx.churchId)),
  ]);
  const pendingKudos = await countPendingKudos(ctx);
  const hasOwnLook = !!church?.logoUrl || (!!church && church.brandColor.toUpperCase() !== DEFAULT_BRAND_COLOR);
  const hasContact = !!(church?.address?.trim() || church?.phone?.trim() || church?.email?.trim());
  return {
    totalMembers: m.totalMembers,
    totalAdmins: m.totalAdmins,
    activeThisWeek: m.activeThisWeek,
    totalSermons: sermonCount.n,
    upcomingEvents: upcoming.length,
    prayerRequests: prayerCount.n,
    newMembersThisMonth: m.newMembersThisMonth,
    pendingInvitations: inv.open,
    invitationsToReview: inv.toReview + requests.n,
    invitationsSent: inv.sent,
    firstSteps: {
      hasSermon: !!anySermon,
      hasSentInvitation: inv.everSent > 0,
      isChurchSetUp: hasOwnLook && hasContact,
    },
    pendingKudos,
  };
}
