import type { TRole } from "@common/roles";
import { and, asc, eq, gte, inArray, isNotNull, isNull, lt, lte, sql } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import type { TDb } from "../../db/client";
import { kudos } from "../../db/schema/community";
import { eventAttendance } from "../../db/schema/events";
import { groupMeetings, groupMembers, groups } from "../../db/schema/groups";
import { weeklyActionSteps } from "../../db/schema/growth";
import { prayerChainLinks, prayerChains, prayerRequestPrayers, prayerRequests } from "../../db/schema/prayer";
import { sermons } from "../../db/schema/sermons";
import { users } from "../../db/schema/users";
import { inChurch } from "../../lib/church-scope";
import type { TChurchCtx } from "../../lib/context";
import { dayKey, weekKey } from "../../lib/points";
import { getActionStepStreakWeeks } from "../action-steps/action-steps.service";
import { findOccurrences } from "../events/occurrences.service";
import { getPartnerPrayerStreak } from "../prayer-partners/prayer-partners.service";
import { visibleTo as prayerVisibleTo } from "../prayer-requests/prayer-requests.repo";
import { getReadingStreak } from "../reading/reading.service";
import { nextWeekdayAt } from "./digest-moment";

/**
 * What one member's weekly digest says (issue 29), read for a batch of members at once. Every part
 * is what that member may see in the app: the church's own rows only, prayer requests by the prayer
 * feature's own rule (an anonymous one's author is never even joined), kudos they received, their
 * own groups' meetings.
 */

const DAY_MS = 86_400_000;
/** Lines per section at most: a digest is a glance, the app has the rest. */
export const MAX_LINES = 8;

export type TDigestMember = {
  id: string;
  email: string;
  firstName: string | null;
  lastName: string | null;
  language: string | null;
  role: TRole;
};

export type TDigestContent = {
  actionStep: { id: string; title: string } | null;
  partner: { name: string } | null;
  events: { id: string; title: string; start: Date; isGoing: boolean }[];
  sermons: { id: string; title: string; speaker: string }[];
  /** `authorName` null: anonymous (or the author's account is gone). */
  answeredPrayers: { id: string; title: string; authorName: string | null }[];
  /** `fromName` null: the sender's account is gone. */
  kudos: { id: string; title: string; fromName: string | null }[];
  meetings: { groupId: string; groupName: string; startsAt: Date }[];
  streaks: { reading: number; partnerPrayer: number; actionSteps: number };
};

/** Whether there is anything new to tell: a streak alone is no reason for an e-mail. */
export function hasNews(c: TDigestContent): boolean {
  return (
    c.actionStep !== null ||
    c.partner !== null ||
    c.events.length > 0 ||
    c.sermons.length > 0 ||
    c.answeredPrayers.length > 0 ||
    c.kudos.length > 0 ||
    c.meetings.length > 0
  );
}

const fullName = (first: string | null, last: string | null) => [first, last].filter(Boolean).join(" ").trim();

type TChurch = { id: string; timeZone: string };

/**
 * The digests of `members` (of `church`) as at `ref` (the run's start): the week's action step and
 * prayer partner, events of the next 7 days, sermons, answered prayers and kudos of the last 7 days,
 * their groups' next meetings, their streaks.
 */
export async function findDigestContents(
  db: TDb,
  church: TChurch,
  members: TDigestMember[],
  ref: Date,
): Promise<Map<string, TDigestContent>> {
  const out = new Map<string, TDigestContent>();
  if (members.length === 0) return out;
  const ids = members.map((m) => m.id);
  const scope = { churchId: church.id };
  const since = new Date(ref.getTime() - 7 * DAY_MS);
  const until = new Date(ref.getTime() + 7 * DAY_MS);
  const week = weekKey({ timeZone: church.timeZone }, ref);
  const partnerUser = alias(users, "partner_user");
  const sender = alias(users, "sender");

  // One after another: a transaction's client runs one query at a time.
  const step = await db
    .select({ id: weeklyActionSteps.id, title: weeklyActionSteps.title })
    .from(weeklyActionSteps)
    .where(inChurch(weeklyActionSteps, scope, eq(weeklyActionSteps.weekOf, week)));
  // A sermon's created_at is on the app's clock (sermons.service), as the window (the run's start).
  const newSermons = await db
    .select({ id: sermons.id, title: sermons.title, speaker: sermons.speaker })
    .from(sermons)
    .where(
      inChurch(sermons, scope, eq(sermons.isDraft, false), gte(sermons.createdAt, since), lte(sermons.createdAt, ref)),
    )
    .orderBy(sql`${sermons.date} desc`, sql`${sermons.createdAt} desc`)
    .limit(MAX_LINES);
  // Every member sees every event of their church; the events feature expands repeating ones.
  const occurrences = await findOccurrences(
    { db, churchId: church.id, userId: members[0].id, timeZone: church.timeZone },
    { from: ref, to: until, max: 50 },
  );
  const rsvps = await db
    .select({
      userId: eventAttendance.userId,
      eventId: eventAttendance.eventId,
      occurrenceStart: eventAttendance.occurrenceStart,
    })
    .from(eventAttendance)
    .where(and(inArray(eventAttendance.userId, ids), eq(eventAttendance.isGoing, true)));
  const partners = await db
    .select({ userId: prayerChainLinks.userId, firstName: partnerUser.firstName, lastName: partnerUser.lastName })
    .from(prayerChainLinks)
    .innerJoin(prayerChains, eq(prayerChains.id, prayerChainLinks.chainId))
    .innerJoin(partnerUser, inChurch(partnerUser, scope, eq(partnerUser.id, prayerChainLinks.partnerId)))
    .where(inChurch(prayerChainLinks, scope, eq(prayerChains.weekStart, week), inArray(prayerChainLinks.userId, ids)));
  const received = await db
    .select({
      id: kudos.id,
      toUserId: kudos.toUserId,
      title: kudos.title,
      firstName: sender.firstName,
      lastName: sender.lastName,
    })
    .from(kudos)
    .leftJoin(sender, eq(sender.id, kudos.fromUserId))
    .where(
      inChurch(
        kudos,
        scope,
        eq(kudos.status, "approved"),
        inArray(kudos.toUserId, ids),
        gte(kudos.reviewedAt, since),
        lte(kudos.reviewedAt, ref),
      ),
    )
    .orderBy(asc(kudos.reviewedAt));
  const memberGroups = await db
    .select({
      userId: groupMembers.userId,
      groupId: groups.id,
      name: groups.name,
      meetingDay: groups.meetingDay,
      meetingTime: groups.meetingTime,
    })
    .from(groupMembers)
    .innerJoin(groups, eq(groups.id, groupMembers.groupId))
    .where(inChurch(groupMembers, scope, inArray(groupMembers.userId, ids), isNull(groups.archivedAt)));

  // The groups' next meeting: a meeting added or kept as a row, or the group's regular day and time.
  const groupIds = [...new Set(memberGroups.map((g) => g.groupId))];
  const meetingRows =
    groupIds.length === 0
      ? []
      : await db
          .select({ groupId: groupMeetings.groupId, startsAt: groupMeetings.startsAt })
          .from(groupMeetings)
          .where(
            inChurch(
              groupMeetings,
              scope,
              inArray(groupMeetings.groupId, groupIds),
              gte(groupMeetings.startsAt, ref),
              lt(groupMeetings.startsAt, until),
            ),
          );
  const nextMeeting = new Map<string, Date>();
  const keepEarliest = (groupId: string, at: Date) => {
    if (at < ref || at >= until) return;
    const known = nextMeeting.get(groupId);
    if (!known || at < known) nextMeeting.set(groupId, at);
  };
  for (const r of meetingRows) keepEarliest(r.groupId, r.startsAt);
  for (const g of memberGroups)
    if (g.meetingDay !== null && g.meetingTime)
      keepEarliest(g.groupId, nextWeekdayAt(ref, church.timeZone, g.meetingDay, g.meetingTime));

  const events = occurrences.slice(0, MAX_LINES);
  for (const m of members) {
    const going = new Set(
      rsvps.filter((r) => r.userId === m.id).map((r) => `${r.eventId}|${r.occurrenceStart?.getTime() ?? ""}`),
    );
    const partner = partners.find((p) => p.userId === m.id);
    out.set(m.id, {
      actionStep: step[0] ?? null,
      partner: partner ? { name: fullName(partner.firstName, partner.lastName) } : null,
      events: events.map((o) => ({
        id: o.event.id,
        title: o.title,
        start: o.start,
        isGoing: going.has(`${o.event.id}|${o.key?.getTime() ?? ""}`),
      })),
      sermons: newSermons,
      answeredPrayers: await findAnsweredPrayers(db, church, m, since, ref),
      kudos: received
        .filter((k) => k.toUserId === m.id)
        .slice(0, MAX_LINES)
        .map((k) => ({
          id: k.id,
          title: k.title,
          fromName: k.firstName || k.lastName ? fullName(k.firstName, k.lastName) : null,
        })),
      meetings: memberGroups
        .filter((g) => g.userId === m.id && nextMeeting.has(g.groupId))
        .map((g) => ({ groupId: g.groupId, groupName: g.name, startsAt: nextMeeting.get(g.groupId) as Date }))
        .sort((a, b) => a.startsAt.getTime() - b.startsAt.getTime())
        .slice(0, MAX_LINES),
      streaks: { reading: 0, partnerPrayer: 0, actionSteps: 0 },
    });
  }
  return out;
}

/**
 * Requests the member prayed for that were answered in the window and that they can still see (the
 * prayer feature's rule: hidden and leaders-only ones are gone for members). The author is joined
 * only for a named request, so an anonymous one's author is never read.
 */
async function findAnsweredPrayers(
  db: TDb,
  church: TChurch,
  member: TDigestMember,
  since: Date,
  ref: Date,
): Promise<TDigestContent["answeredPrayers"]> {
  const author = alias(users, "author");
  const rows = await db
    .select({
      id: prayerRequests.id,
      title: prayerRequests.title,
      firstName: author.firstName,
      lastName: author.lastName,
    })
    .from(prayerRequests)
    .leftJoin(author, and(eq(author.id, prayerRequests.authorId), eq(prayerRequests.isAnonymous, false)))
    .where(
      inChurch(
        prayerRequests,
        { churchId: church.id },
        isNotNull(prayerRequests.answeredAt),
        gte(prayerRequests.answeredAt, since),
        lte(prayerRequests.answeredAt, ref),
        prayerVisibleTo({ userId: member.id, role: member.role }),
        sql`exists (select 1 from ${prayerRequestPrayers} p where p.request_id = ${prayerRequests.id} and p.user_id = ${member.id})`,
      ),
    )
    .orderBy(asc(prayerRequests.answeredAt))
    .limit(MAX_LINES);
  return rows.map((r) => ({
    id: r.id,
    title: r.title,
    authorName: r.firstName || r.lastName ? fullName(r.firstName, r.lastName) : null,
  }));
}

/** The member's streaks as the growth screens count them (read only for a member who gets a digest). */
export async function findStreaks(
  db: TDb,
  church: TChurch,
  member: TDigestMember,
  ref: Date,
): Promise<TDigestContent["streaks"]> {
  const ctx: TChurchCtx = {
    db,
    changed: async () => {},
    churchId: church.id,
    userId: member.id,
    role: member.role,
    timeZone: church.timeZone,
  };
  const day = dayKey(ctx, ref);
  const reading = await getReadingStreak(ctx, day);
  const partnerPrayer = await getPartnerPrayerStreak(ctx, day);
  const actionSteps = await getActionStepStreakWeeks(ctx, ref);
  return { reading, partnerPrayer, actionSteps };
}
