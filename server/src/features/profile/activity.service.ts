import { isBadgeKey } from "@common/badges";
import { splitPassage } from "@common/bible-books";
import { readingsFor } from "@common/bible-plan";
import { isRealCalendarDate } from "@common/dates";
import { DEFAULT_LANGUAGE, type TLanguage } from "@common/i18n/locales";
import { ONBOARDING_STEP_TEXT, type TOnboardingStepId } from "@common/onboarding";
import type { TActivityItem, TActivityKind } from "@common/profile";
import { and, desc, eq, isNotNull, sql } from "drizzle-orm";
import type { PgColumn } from "drizzle-orm/pg-core";
import { eventAttendance, events } from "../../db/schema/events";
import { groupMeetings, groups } from "../../db/schema/groups";
import { userBadges, weeklyActionSteps } from "../../db/schema/growth";
import { pointsLedger } from "../../db/schema/points";
import { sermons } from "../../db/schema/sermons";
import { badgeWords } from "../../lib/badges";
import { inChurch } from "../../lib/church-scope";
import type { TChurchCtx } from "../../lib/context";
import { hasMessage, translate } from "../../lib/i18n";

type TRow = { id: string; kind: string; points: number; at: Date; key: string; title: string | null };

/**
 * The passage of a reading award. The key holds the day (`YYYY-MM-DD`) and either the passage or
 * its place in the day's plan (0 to 2), whichever the reading feature chose; a key we cannot read
 * is labelled without a passage.
 */
export function readingPassage(key: string): string | null {
  const m = /^(\d{4}-\d{2}-\d{2})[:|/#_ ]+(.+)$/.exec(key) ?? /^(.+?)[:|/#_ ]+(\d{4}-\d{2}-\d{2})$/.exec(key);
  if (!m) return null;
  const [date, rest] = /^\d{4}-/.test(m[1]) ? [m[1], m[2]] : [m[2], m[1]];
  if (/^\d$/.test(rest)) return isRealCalendarDate(date) ? (readingsFor(date)[Number(rest)] ?? null) : null;
  return rest.trim() || null;
}

function onboardingStepName(id: string, language: TLanguage): string {
  if (hasMessage("onboarding", `steps.${id}.title`)) return translate(language, "onboarding", `steps.${id}.title`);
  if (Object.hasOwn(ONBOARDING_STEP_TEXT, id)) return ONBOARDING_STEP_TEXT[id as TOnboardingStepId].title;
  const words = id.replace(/_/g, " ");
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/** A passage with its book in `language` ("Genesis 1-2" → "Génesis 1-2"). */
function passageIn(language: TLanguage, passage: string): string {
  const split = splitPassage(passage);
  return split ? `${translate(language, "bible", split[0])}${split[1]}` : passage;
}

/** A readable line for an activity in `language`, from its kind, key and the title of what it concerns. */
export function activityLabel(
  kind: string,
  key: string,
  title: string | null,
  language: TLanguage = DEFAULT_LANGUAGE,
): string | null {
  const t = (k: string, values?: Record<string, string>) => translate(language, "activity", k, values);
  switch (kind) {
    case "sermon_watch":
      return title ? t("sermonWatched", { title }) : t("sermonWatchedUntitled");
    case "bible_reading": {
      const passage = readingPassage(key);
      return passage ? t("reading", { passage: passageIn(language, passage) }) : t("readingUntitled");
    }
    case "action_step":
      return title ? t("actionStep", { title }) : t("actionStepUntitled");
    case "partner_prayer":
      return t("partnerPrayer");
    case "onboarding_step":
      return t("onboardingStep", { step: onboardingStepName(key, language) });
    case "event_check_in":
      return title ? t("checkIn", { title }) : t("checkInUntitled");
    case "group_attendance":
      return title ? t("groupMeeting", { group: title }) : t("groupMeetingUntitled");
    case "badge":
      return isBadgeKey(key) ? t("badge", { badge: badgeWords(language, key).name }) : null;
    default:
      return null;
  }
}

/**
 * `GET /api/user/activity?limit=N`: the member's newest awards, event check-ins and badges in their
 * church, in one query (a union of the three, ordered and cut in the database).
 */
export async function getRecentActivity(
  ctx: TChurchCtx,
  limit: number,
  language: TLanguage = DEFAULT_LANGUAGE,
): Promise<TActivityItem[]> {
  const mine = (t: { userId: PgColumn }) => eq(t.userId, ctx.userId);
  const awards = ctx.db
    .select({
      id: sql<string>`${pointsLedger.id}::text`.as("id"),
      kind: sql<string>`${pointsLedger.kind}`.as("kind"),
      points: sql<number>`${pointsLedger.points}`.as("points"),
      at: sql<Date>`${pointsLedger.createdAt}`.as("at"),
      key: sql<string>`${pointsLedger.key}`.as("key"),
      title: sql<string | null>`coalesce(${sermons.title}, ${weeklyActionSteps.title}, ${groups.name})`.as("title"),
    })
    .from(pointsLedger)
    .leftJoin(
      sermons,
      and(
        eq(pointsLedger.kind, "sermon_watch"),
        sql`${sermons.id}::text = ${pointsLedger.key}`,
        inChurch(sermons, ctx),
      ),
    )
    .leftJoin(
      weeklyActionSteps,
      and(
        eq(pointsLedger.kind, "action_step"),
        sql`${weeklyActionSteps.id}::text = ${pointsLedger.key}`,
        inChurch(weeklyActionSteps, ctx),
      ),
    )
    // Issue 27: a group meeting attended names its group.
    .leftJoin(
      groupMeetings,
      and(
        eq(pointsLedger.kind, "group_attendance"),
        sql`${groupMeetings.id}::text = ${pointsLedger.key}`,
        inChurch(groupMeetings, ctx),
      ),
    )
    .leftJoin(groups, eq(groups.id, groupMeetings.groupId))
    .where(inChurch(pointsLedger, ctx, mine(pointsLedger)));
  const checkIns = ctx.db
    .select({
      id: sql<string>`'check-in:' || ${eventAttendance.eventId}::text`.as("id"),
      kind: sql<string>`'event_check_in'`.as("kind"),
      points: sql<number>`0`.as("points"),
      at: sql<Date>`${eventAttendance.checkedInAt}`.as("at"),
      key: sql<string>`${eventAttendance.eventId}::text`.as("key"),
      title: sql<string | null>`${events.title}`.as("title"),
    })
    .from(eventAttendance)
    .innerJoin(events, eq(events.id, eventAttendance.eventId))
    .where(inChurch(events, ctx, mine(eventAttendance), isNotNull(eventAttendance.checkedInAt)));
  const badges = ctx.db
    .select({
      id: sql<string>`${userBadges.id}::text`.as("id"),
      kind: sql<string>`'badge'`.as("kind"),
      points: sql<number>`0`.as("points"),
      at: sql<Date>`${userBadges.earnedAt}`.as("at"),
      key: sql<string>`${userBadges.badge}`.as("key"),
      title: sql<string | null>`null::text`.as("title"),
    })
    .from(userBadges)
    .where(inChurch(userBadges, ctx, mine(userBadges)));

  const rows: TRow[] = await awards
    .unionAll(checkIns)
    .unionAll(badges)
    .orderBy(desc(sql`at`), desc(sql`id`))
    .limit(limit);
  return rows.flatMap((r) => {
    const label = activityLabel(r.kind, r.key, r.title, language);
    if (!label) return [];
    const at = r.at instanceof Date ? r.at : new Date(r.at);
    return [{ id: r.id, kind: r.kind as TActivityKind, points: Number(r.points), at: at.toISOString(), label }];
  });
}
