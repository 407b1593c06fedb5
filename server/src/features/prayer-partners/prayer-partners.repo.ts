import { randomInt } from "node:crypto";
import { ACTIVE_MEMBER_DAYS } from "@common/member-helpers";
import { PRAYER_TOPICS } from "@common/profile-helpers";
import { and, asc, count, desc, eq, gte, isNull, lt, ne, or, type SQL } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import { userPreferences } from "../../db/schema/growth";
import { pointsLedger } from "../../db/schema/points";
import { prayerChainLinks, prayerChains } from "../../db/schema/prayer";
import { users } from "../../db/schema/users";
import { inChurch } from "../../lib/church-scope";
import type { TChurchCtx } from "../../lib/context";
import { publish } from "../../lib/domain-events";
import { privacyColumns, type TPrivateRow } from "../../lib/profile-privacy";

/**
 * The weekly prayer-partner chain's reads and its one write (DESIGN.md "Prayer-partner chain"): the
 * week's chain is one random cycle of the church's active members who joined before the week began.
 */

/** A week of the chain in the church's calendar: its Sunday and Saturday, and the instant it began. */
export type TChainWeek = { start: string; end: string; begins: Date; now: Date };

/** A member who may pray or be prayed for this week: in the church (any role) and active (spec 2). */
function isActive(now: Date): SQL {
  const since = new Date(now.getTime() - ACTIVE_MEMBER_DAYS * 86_400_000);
  return or(isNull(users.lastLogin), gte(users.lastLogin, since)) as SQL;
}

/** Joined the church before the week began (no date: joined before dates were kept). */
function joinedBefore(begins: Date): SQL {
  return or(isNull(users.churchJoinedAt), lt(users.churchJoinedAt, begins)) as SQL;
}

/** Fisher-Yates with a cryptographic source: nobody can foresee or steer who prays for whom. */
function shuffle<T>(items: T[]): T[] {
  const out = [...items];
  for (let i = out.length - 1; i > 0; i--) {
    const j = randomInt(i + 1);
    [out[i], out[j]] = [out[j], out[i]];
  }
  return out;
}

/**
 * Makes the week's chain unless it exists (the week-start job at the week's start, or the first
 * request that needs it when the job has not run yet). Returns whether the week has a chain: false when fewer
 * than 2 members qualify (no row is written then, so a later request tries again). Under concurrent
 * first requests the unique (church, week) decides: a loser's insert waits for the winner's commit
 * and inserts nothing, and the winner's links, written in the same transaction, are visible to the
 * loser's next read.
 */
export async function ensureWeekChain(ctx: Pick<TChurchCtx, "db" | "churchId">, week: TChainWeek): Promise<boolean> {
  return ctx.db.transaction(async (tx) => {
    const members = await tx
      .select({ id: users.id })
      .from(users)
      .where(inChurch(users, ctx, isActive(week.now), joinedBefore(week.begins)));
    if (members.length < 2) return false;
    const [chain] = await tx
      .insert(prayerChains)
      .values({ churchId: ctx.churchId, weekStart: week.start, createdAt: week.now })
      .onConflictDoNothing({ target: [prayerChains.churchId, prayerChains.weekStart] })
      .returning({ id: prayerChains.id });
    if (!chain) return true;
    const cycle = shuffle(members.map((m) => m.id));
    // Link i prays for member i + 1; the last closes the cycle by praying for the first.
    await tx.insert(prayerChainLinks).values(
      cycle.map((userId, position) => ({
        chainId: chain.id,
        churchId: ctx.churchId,
        userId,
        partnerId: cycle[(position + 1) % cycle.length],
        position,
      })),
    );
    // Each member hears whom they pray for this week from the event's subscriber (notifications).
    await publish(tx, "prayer_chain.made", { churchId: ctx.churchId, actorId: null, chainId: chain.id });
    return true;
  });
}

/** The partner and the columns their privacy is read from (the card shows what they allow: issue 27). */
const partnerColumns = {
  ...privacyColumns,
  firstName: users.firstName,
  lastName: users.lastName,
  profileImageUrl: users.profileImageUrl,
  topics: userPreferences.prayerTopics,
};
export type TPartnerRow = TPrivateRow & {
  firstName: string | null;
  lastName: string | null;
  profileImageUrl: string | null;
  topics: Record<string, boolean> | null;
};

/** The prayer topics a member switched on, in the profile's order; none when never set. */
export function topicNames(stored: Record<string, boolean> | null): string[] {
  return stored ? PRAYER_TOPICS.filter((topic) => stored[topic] === true) : [];
}

/** The caller's link in the week's chain (null: no chain, or the caller is not in it), with their partner while still in the church. */
export type TMyLink = {
  hasChain: boolean;
  linkId: string | null;
  position: number | null;
  chainId: string | null;
  partner: TPartnerRow | null;
};

export async function findMyLink(ctx: TChurchCtx, weekStart: string): Promise<TMyLink> {
  const [row] = await ctx.db
    .select({
      chainId: prayerChains.id,
      linkId: prayerChainLinks.id,
      position: prayerChainLinks.position,
      partner: partnerColumns,
    })
    .from(prayerChains)
    .leftJoin(
      prayerChainLinks,
      and(eq(prayerChainLinks.chainId, prayerChains.id), eq(prayerChainLinks.userId, ctx.userId)),
    )
    // A partner who has left the church is not shown (tenancy); the service finds the next one.
    .leftJoin(users, inChurch(users, ctx, eq(users.id, prayerChainLinks.partnerId)))
    .leftJoin(userPreferences, eq(userPreferences.userId, users.id))
    .where(inChurch(prayerChains, ctx, eq(prayerChains.weekStart, weekStart)));
  if (!row) return { hasChain: false, chainId: null, linkId: null, position: null, partner: null };
  return {
    hasChain: true,
    chainId: row.chainId,
    linkId: row.linkId,
    position: row.position,
    partner: row.partner?.id ? (row.partner as TPartnerRow) : null,
  };
}

/**
 * The member after `position` in the cycle, skipping those who have left the church since the
 * chain was made (so the chain stays whole); null when nobody but the caller is left.
 */
export async function findNextInChain(ctx: TChurchCtx, chainId: string, position: number): Promise<TPartnerRow | null> {
  const rows = await ctx.db
    .select({ userId: prayerChainLinks.userId, position: prayerChainLinks.position })
    .from(prayerChainLinks)
    .innerJoin(users, inChurch(users, ctx, eq(users.id, prayerChainLinks.userId)))
    .where(inChurch(prayerChainLinks, ctx, eq(prayerChainLinks.chainId, chainId)))
    .orderBy(asc(prayerChainLinks.position));
  const next = rows.find((r) => r.position > position) ?? rows[0];
  if (!next || next.userId === ctx.userId) return null;
  return findPartner(ctx, next.userId);
}

/** A member of the caller's church with their prayer topics, or null when not in it. */
export async function findPartner(ctx: TChurchCtx, userId: string): Promise<TPartnerRow | null> {
  const [row] = await ctx.db
    .select(partnerColumns)
    .from(users)
    .leftJoin(userPreferences, eq(userPreferences.userId, users.id))
    .where(inChurch(users, ctx, eq(users.id, userId)));
  return row ?? null;
}

/** When the caller joined the church, and whether any other member of it is active now. */
export async function findJoinFacts(
  ctx: TChurchCtx,
  now: Date,
): Promise<{ joinedAt: Date | null; othersActive: number }> {
  const [me] = await ctx.db.select({ joinedAt: users.churchJoinedAt }).from(users).where(eq(users.id, ctx.userId));
  const [others] = await ctx.db
    .select({ n: count() })
    .from(users)
    .where(inChurch(users, ctx, ne(users.id, ctx.userId), isActive(now)));
  return { joinedAt: me?.joinedAt ?? null, othersActive: others.n };
}

/** How many weeks the caller has been a link of the church's chain. */
export async function countMyLinks(ctx: TChurchCtx): Promise<number> {
  const [row] = await ctx.db
    .select({ n: count() })
    .from(prayerChainLinks)
    .where(inChurch(prayerChainLinks, ctx, eq(prayerChainLinks.userId, ctx.userId)));
  return row.n;
}

/** The days (`YYYY-MM-DD`, church calendar) the caller prayed for their partner in this church. */
export async function findPrayerDays(ctx: TChurchCtx): Promise<string[]> {
  const rows = await ctx.db
    .select({ key: pointsLedger.key })
    .from(pointsLedger)
    .where(inChurch(pointsLedger, ctx, eq(pointsLedger.userId, ctx.userId), eq(pointsLedger.kind, "partner_prayer")));
  return rows.map((r) => r.key);
}

const partner = alias(users, "partner");

/** The caller's links, newest week first, with each week's partner while still in the church. */
export async function findMyLinks(ctx: TChurchCtx, limit: number) {
  return ctx.db
    .select({
      id: prayerChainLinks.id,
      chainId: prayerChainLinks.chainId,
      position: prayerChainLinks.position,
      weekStart: prayerChains.weekStart,
      partner: {
        id: partner.id,
        firstName: partner.firstName,
        lastName: partner.lastName,
        profileImageUrl: partner.profileImageUrl,
      },
    })
    .from(prayerChainLinks)
    .innerJoin(prayerChains, inChurch(prayerChains, ctx, eq(prayerChains.id, prayerChainLinks.chainId)))
    .leftJoin(partner, inChurch(partner, ctx, eq(partner.id, prayerChainLinks.partnerId)))
    .where(inChurch(prayerChainLinks, ctx, eq(prayerChainLinks.userId, ctx.userId)))
    .orderBy(desc(prayerChains.weekStart))
    .limit(limit);
}
