import { FAITHFUL_INTERCESSOR_DAYS, type TBadgeKey } from "@common/badges";
import { addDays } from "@common/dates";
import { POINTS } from "@common/points";
import type {
  TNoPartnerReason,
  TPartnerPrayerComplete,
  TPrayerPartner,
  TPrayerPartnerCurrent,
  TPrayerPartnerHistoryEntry,
} from "@common/prayer";
import { grantBadge } from "../../lib/badges";
import type { TChurchCtx } from "../../lib/context";
import { conflict } from "../../lib/errors";
import type { MemberCache } from "../../lib/member-cache";
import { awardPoints, dayKey, weekKey } from "../../lib/points";
import { findRelations, visibleFields } from "../../lib/profile-privacy";
import { dayStreak } from "../../lib/streaks";
import { startOfWeek } from "../../lib/time";
import type { TWeekStart, TWeekStartCtx } from "../../lib/week-start";
import {
  countMyLinks,
  ensureWeekChain,
  findJoinFacts,
  findMyLink,
  findMyLinks,
  findNextInChain,
  findPartner,
  findPrayerDays,
  type TChainWeek,
  type TMyLink,
  type TPartnerRow,
  topicNames,
} from "./prayer-partners.repo";

/**
 * The weekly prayer-partner chain (spec 1 §2.12, DESIGN.md): each week, Sunday to Saturday in the
 * church's time zone, the church's active members who joined before the week began pray each for the
 * next member of one random cycle. The week's chain is made when the week begins by the week-start
 * job (makeWeekPrayerChain), or by the first request that needs it if that comes first. A
 * partner prayer is a ledger row of kind `partner_prayer` keyed by the church day, so it pays once a day.
 */

const KIND = "partner_prayer";
/** A year of weeks: as far back as the history reads. */
export const HISTORY_WEEKS = 52;

function chainWeek(ctx: TChurchCtx, now: Date): TChainWeek {
  const start = weekKey(ctx, now);
  return { start, end: addDays(start, 6), begins: startOfWeek(now, ctx.timeZone), now };
}

/**
 * The prayer partners' part of a week's start (lib/week-start.ts): the week's chain is made and each
 * member told their partner, in the job's transaction for the church. A chain a request made first
 * is left as it is (its members were told then).
 */
export async function makeWeekPrayerChain(ctx: TWeekStartCtx, week: TWeekStart): Promise<void> {
  await ensureWeekChain(ctx, { start: week.weekOf, end: addDays(week.weekOf, 6), begins: week.begins, now: week.now });
}

/** The partner card: their e-mail only when they let the caller see it (issue 27, lib/profile-privacy.ts). */
async function toPartner(ctx: TChurchCtx, row: TPartnerRow): Promise<TPrayerPartner> {
  const relation = (await findRelations(ctx, [row.id])).get(row.id);
  const { email } = visibleFields(ctx, row, relation);
  return {
    id: row.id,
    firstName: row.firstName,
    lastName: row.lastName,
    ...(email ? { email } : {}),
    profileImageUrl: row.profileImageUrl,
    prayerTopics: topicNames(row.topics),
  };
}

/** The caller's link in this week's chain, making the chain first when the week has none yet. */
async function findThisWeeksLink(ctx: TChurchCtx, week: TChainWeek): Promise<TMyLink> {
  const found = await findMyLink(ctx, week.start);
  if (found.hasChain || !(await ensureWeekChain(ctx, week))) return found;
  return findMyLink(ctx, week.start);
}

/** Who the caller prays for this week, or why nobody. */
async function resolvePartner(
  ctx: TChurchCtx,
  week: TChainWeek,
): Promise<{ link: TMyLink; partner: TPartnerRow | null; reason: TNoPartnerReason | null }> {
  const link = await findThisWeeksLink(ctx, week);
  if (link.partner) return { link, partner: link.partner, reason: null };
  if (link.chainId && link.position !== null) {
    // Their partner has left the church: they pray for the next member still in it.
    const next = await findNextInChain(ctx, link.chainId, link.position);
    return { link, partner: next, reason: next ? null : "too_few_members" };
  }
  const { joinedAt, othersActive } = await findJoinFacts(ctx, week.now);
  const joinedThisWeek = joinedAt !== null && joinedAt >= week.begins;
  if (link.hasChain) return { link, partner: null, reason: joinedThisWeek ? "joined_this_week" : "not_in_chain" };
  // No chain: a newcomer with someone to pray with will have a partner next week; otherwise there are too few.
  return { link, partner: null, reason: joinedThisWeek && othersActive > 0 ? "joined_this_week" : "too_few_members" };
}

/**
 * What `/current` keeps per member between requests (prayer-partners.routes.ts) once they have a
 * partner from this week's chain: the link (a chain never changes within its week), their
 * partner-prayer days and their number of links. These change only with the member's own award or
 * leaving (the "user" topic), the church's day turning (a new week, a new chain) or its settings;
 * the partner is read afresh on every request (their profile, topics and membership may change).
 */
export type TCurrentKept = { linkId: string; partnerId: string; days: string[]; totalChainLinks: number };

/** `GET /api/prayer-partners/current`: this week's partner and the caller's partner-prayer figures. */
export async function getCurrentPartner(
  ctx: TChurchCtx,
  now = new Date(),
  kept?: MemberCache<TCurrentKept | null>,
): Promise<TPrayerPartnerCurrent> {
  const week = chainWeek(ctx, now);
  const today = dayKey(ctx, now);
  const steady = kept ? await kept.get(ctx, () => loadCurrentKept(ctx, week)) : null;
  if (steady) {
    // A partner who has left the church is not found here: the full path finds the next member.
    const partner = await findPartner(ctx, steady.partnerId);
    if (partner)
      return currentAnswer(ctx, week, today, steady.linkId, partner, null, steady.days, steady.totalChainLinks);
  }
  const [{ link, partner, reason }, days] = await Promise.all([resolvePartner(ctx, week), findPrayerDays(ctx)]);
  // Counted after the chain exists, so this week's link is among them.
  const totalChainLinks = await countMyLinks(ctx);
  return currentAnswer(ctx, week, today, partner ? link.linkId : null, partner, reason, days, totalChainLinks);
}

/** The member's part of `/current` when their own partner (not a stand-in) is in the church; else null. */
async function loadCurrentKept(ctx: TChurchCtx, week: TChainWeek): Promise<TCurrentKept | null> {
  const link = await findThisWeeksLink(ctx, week);
  if (!link.linkId || !link.partner) return null;
  const [days, totalChainLinks] = await Promise.all([findPrayerDays(ctx), countMyLinks(ctx)]);
  return { linkId: link.linkId, partnerId: link.partner.id, days, totalChainLinks };
}

async function currentAnswer(
  ctx: TChurchCtx,
  week: TChainWeek,
  today: string,
  linkId: string | null,
  partner: TPartnerRow | null,
  reason: TNoPartnerReason | null,
  days: string[],
  totalChainLinks: number,
): Promise<TPrayerPartnerCurrent> {
  return {
    id: partner ? linkId : null,
    weekStartDate: week.start,
    weekEndDate: week.end,
    partner: partner ? await toPartner(ctx, partner) : null,
    reason,
    todayCompleted: days.includes(today),
    prayersThisWeek: days.filter((d) => d >= week.start && d <= week.end).length,
    prayerStreak: dayStreak(days, today),
    prayersCompleted: days.length,
    totalChainLinks,
  };
}

/** `GET /api/prayer-partners/history`: the caller's weeks in the chain, newest first, with the days prayed. */
export async function getPartnerHistory(ctx: TChurchCtx, now = new Date()): Promise<TPrayerPartnerHistoryEntry[]> {
  const week = chainWeek(ctx, now);
  const today = dayKey(ctx, now);
  const current = await resolvePartner(ctx, week);
  const [links, days] = await Promise.all([findMyLinks(ctx, HISTORY_WEEKS), findPrayerDays(ctx)]);
  return links.map((l) => {
    const end = addDays(l.weekStart, 6);
    const isCurrent = l.weekStart <= today && today <= end;
    // This week's partner is the one the caller prays for now (the next member when theirs left).
    const partner = isCurrent ? current.partner : l.partner?.id ? l.partner : null;
    return {
      id: l.id,
      weekStartDate: l.weekStart,
      weekEndDate: end,
      partner: partner
        ? {
            id: partner.id,
            firstName: partner.firstName,
            lastName: partner.lastName,
            profileImageUrl: partner.profileImageUrl,
          }
        : null,
      status: isCurrent ? "Current" : "Completed",
      daysPrayed: days.filter((d) => d >= l.weekStart && d <= end).length,
    };
  });
}

/** Consecutive church days of partner prayer, ending today or yesterday (the user stats' `partnerPrayer`). */
export async function getPartnerPrayerStreak(ctx: TChurchCtx, today = dayKey(ctx)): Promise<number> {
  return dayStreak(await findPrayerDays(ctx), today);
}

/**
 * `POST /api/prayer-partners/complete-daily`: POINTS.partnerPrayer once per member and church day,
 * whatever the race; only a member with a partner this week can pray for them (409 otherwise).
 * 'Faithful Intercessor' comes at FAITHFUL_INTERCESSOR_DAYS days in a row.
 */
export async function completePartnerPrayer(ctx: TChurchCtx, now = new Date()): Promise<TPartnerPrayerComplete> {
  const { partner } = await resolvePartner(ctx, chainWeek(ctx, now));
  if (!partner) throw conflict("You have no prayer partner this week");
  const today = dayKey(ctx, now);
  const { awarded, total } = await awardPoints(ctx, KIND, today, POINTS.partnerPrayer);
  const badges: TBadgeKey[] = [];
  // Only the call that paid looks for the badge: its award has committed, so the streak counts it.
  if (
    awarded > 0 &&
    (await getPartnerPrayerStreak(ctx, today)) >= FAITHFUL_INTERCESSOR_DAYS &&
    (await grantBadge(ctx, "faithful_intercessor"))
  )
    badges.push("faithful_intercessor");
  return { awarded, total, todayCompleted: true, badges };
}
