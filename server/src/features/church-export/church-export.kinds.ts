import { eq, type SQL, sql } from "drizzle-orm";
import type { AnyPgColumn, PgTable } from "drizzle-orm/pg-core";
import { activities } from "../../db/schema/admin";
import { churches } from "../../db/schema/churches";
import { kudos, kudosReactions, notifications, pushPreferences, pushSubscriptions } from "../../db/schema/community";
import { eventAttendance, events } from "../../db/schema/events";
import { onboardingProgress, userBadges, userPreferences, weeklyActionSteps } from "../../db/schema/growth";
import { highlightShares, sermonHighlights } from "../../db/schema/highlights";
import { integrationPeople, integrations } from "../../db/schema/integrations";
import { invitationSends, invitations } from "../../db/schema/invitations";
import { liveChatMessages, liveModerators, liveStreams } from "../../db/schema/live";
import { pointsLedger } from "../../db/schema/points";
import { prayerChainLinks, prayerChains, prayerRequestPrayers, prayerRequests } from "../../db/schema/prayer";
import { sermons, sermonViews } from "../../db/schema/sermons";
import { users } from "../../db/schema/users";
import { inChurch } from "../../lib/church-scope";
import type { TChurchCtx } from "../../lib/context";
import { asRequestId, shownAuthorId, tiesNoAnonymousAuthor } from "../prayer-requests/prayer-privacy";

type TFields = Record<string, AnyPgColumn | SQL.Aliased>;

/**
 * One file of the export: the columns it holds (named as the API names them), the table, the joins
 * that tie a row without its own church column to the church, and the church filter. `keys` name
 * fields that order the rows uniquely: the rows are read page by page after the last key seen, so a
 * large church never sits in memory whole. Secrets (password hashes, sessions, invitation tokens,
 * integration keys and webhook secrets, push endpoints, the feed token) are simply never selected.
 * Privacy is the data's (STYLE habit 15): a kind whose rows can name a person beside a prayer
 * request filters with `tiesNoAnonymousAuthor` (prayer-privacy.ts), and members' private sermon
 * notes are never read.
 */
export type TExportKind = {
  file: string;
  about: string;
  fields: TFields;
  keys: string[];
  table: PgTable;
  joins?: { table: PgTable; on: SQL }[];
  where: (ctx: TChurchCtx) => SQL;
};

/**
 * When a member was last seen, signed in or reached by a push, to the day (UTC midnight) as the
 * members list gives it (issue 9): to the moment, it matches the moment they posted or answered an
 * anonymous request (their first request after a pause marks them seen) or someone prayed for it
 * (the push that only its author gets).
 */
const utcDay = (column: AnyPgColumn, name: string) =>
  sql<string | null>`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T00:00:00.000Z"')`.as(name);

/** Highlights shared with the church; the others are their members' private notes. */
const isShared = eq(sermonHighlights.isShared, true);

/** Rows of members of the church: a user's rows belong to the church they are a member of. */
const throughMember = (userId: AnyPgColumn) => [{ table: users, on: eq(users.id, userId) }];

export const EXPORT_KINDS: TExportKind[] = [
  {
    file: "church.csv",
    about: "The church's settings: name, contact details, branding, time zone, Bible reader.",
    fields: {
      id: churches.id,
      name: churches.name,
      address: churches.address,
      phone: churches.phone,
      email: churches.email,
      website: churches.website,
      logoUrl: churches.logoUrl,
      brandColor: churches.brandColor,
      timeZone: churches.timeZone,
      bibleReaderPattern: churches.bibleReaderPattern,
      bibleTranslation: churches.bibleTranslation,
      createdAt: churches.createdAt,
    },
    keys: ["id"],
    table: churches,
    where: (ctx) => eq(churches.id, ctx.churchId),
  },
  {
    file: "members.csv",
    about:
      "Everyone who is a member of the church now, with role and points (never a password); last sign-in and last seen to the day.",
    fields: {
      id: users.id,
      email: users.email,
      firstName: users.firstName,
      lastName: users.lastName,
      role: users.role,
      bio: users.bio,
      profileImageUrl: users.profileImageUrl,
      points: users.points,
      joinedAt: users.churchJoinedAt,
      lastLogin: utcDay(users.lastLogin, "last_login"),
      lastActiveAt: utcDay(users.lastActiveAt, "last_active_at"),
      emailVerifiedAt: users.emailVerifiedAt,
      createdAt: users.createdAt,
    },
    keys: ["id"],
    table: users,
    where: (ctx) => inChurch(users, ctx),
  },
  {
    file: "member-preferences.csv",
    about: "Members' notification and prayer preferences (members who never changed them use the defaults).",
    fields: {
      userId: userPreferences.userId,
      emailNotifications: userPreferences.emailNotifications,
      prayerReminders: userPreferences.prayerReminders,
      sermonNotifications: userPreferences.sermonNotifications,
      eventNotifications: userPreferences.eventNotifications,
      prayerTopics: userPreferences.prayerTopics,
      updatedAt: userPreferences.updatedAt,
    },
    keys: ["userId"],
    table: userPreferences,
    joins: throughMember(userPreferences.userId),
    where: (ctx) => inChurch(users, ctx),
  },
  {
    file: "push-preferences.csv",
    about: "Members' push notification preferences.",
    fields: {
      userId: pushPreferences.userId,
      prayerRequests: pushPreferences.prayerRequests,
      liveStreams: pushPreferences.liveStreams,
      events: pushPreferences.events,
      sermons: pushPreferences.sermons,
      announcements: pushPreferences.announcements,
      updatedAt: pushPreferences.updatedAt,
    },
    keys: ["userId"],
    table: pushPreferences,
    joins: throughMember(pushPreferences.userId),
    where: (ctx) => inChurch(users, ctx),
  },
  {
    file: "push-subscriptions.csv",
    about:
      "Devices that receive push notifications: who and when only (not the device's address or keys); last push to the day.",
    fields: {
      id: pushSubscriptions.id,
      userId: pushSubscriptions.userId,
      failures: pushSubscriptions.failures,
      lastSuccessAt: utcDay(pushSubscriptions.lastSuccessAt, "last_success_at"),
      createdAt: pushSubscriptions.createdAt,
    },
    keys: ["id"],
    table: pushSubscriptions,
    where: (ctx) => inChurch(pushSubscriptions, ctx),
  },
  {
    file: "invitations.csv",
    about: "Invitations, used or not (never their links or tokens).",
    fields: {
      id: invitations.id,
      email: invitations.email,
      firstName: invitations.firstName,
      lastName: invitations.lastName,
      role: invitations.role,
      source: invitations.source,
      isUsed: invitations.isUsed,
      usedBy: invitations.usedBy,
      invitedBy: invitations.invitedBy,
      sentAt: invitations.sentAt,
      expiresAt: invitations.expiresAt,
      createdAt: invitations.createdAt,
    },
    keys: ["id"],
    table: invitations,
    where: (ctx) => inChurch(invitations, ctx),
  },
  {
    file: "invitation-emails.csv",
    about: "Every invitation email the church sent: to whom and when.",
    fields: { id: invitationSends.id, recipient: invitationSends.recipient, createdAt: invitationSends.createdAt },
    keys: ["id"],
    table: invitationSends,
    where: (ctx) => inChurch(invitationSends, ctx),
  },
  {
    file: "sermons.csv",
    about: "Sermons, drafts included.",
    fields: {
      id: sermons.id,
      title: sermons.title,
      speaker: sermons.speaker,
      date: sermons.date,
      duration: sermons.duration,
      series: sermons.series,
      scripture: sermons.scripture,
      description: sermons.description,
      notes: sermons.notes,
      tags: sermons.tags,
      videoUrl: sermons.videoUrl,
      audioUrl: sermons.audioUrl,
      notesUrl: sermons.notesUrl,
      viewCount: sermons.viewCount,
      isDraft: sermons.isDraft,
      createdBy: sermons.createdBy,
      createdAt: sermons.createdAt,
      updatedAt: sermons.updatedAt,
    },
    keys: ["id"],
    table: sermons,
    where: (ctx) => inChurch(sermons, ctx),
  },
  {
    file: "sermon-views.csv",
    about: "Who watched which sermon on which day (one row per member, sermon and day).",
    fields: { sermonId: sermonViews.sermonId, userId: sermonViews.userId, day: sermonViews.day },
    keys: ["sermonId", "userId", "day"],
    table: sermonViews,
    joins: [{ table: sermons, on: eq(sermons.id, sermonViews.sermonId) }],
    where: (ctx) => inChurch(sermons, ctx),
  },
  {
    file: "highlights.csv",
    about: "Sermon highlights and notes members shared with the church (private notes are left out).",
    fields: {
      id: sermonHighlights.id,
      sermonId: sermonHighlights.sermonId,
      userId: sermonHighlights.userId,
      timestamp: sermonHighlights.timestamp,
      text: sermonHighlights.text,
      note: sermonHighlights.note,
      isShared: sermonHighlights.isShared,
      createdAt: sermonHighlights.createdAt,
    },
    keys: ["id"],
    table: sermonHighlights,
    // A highlight not shared is a member's private note: it leaves only with the member (issue 23).
    where: (ctx) => inChurch(sermonHighlights, ctx, isShared),
  },
  {
    file: "highlight-shares.csv",
    about: "Who shared which highlight with the church.",
    fields: {
      highlightId: highlightShares.highlightId,
      userId: highlightShares.userId,
      createdAt: highlightShares.createdAt,
    },
    keys: ["highlightId", "userId"],
    table: highlightShares,
    joins: [{ table: sermonHighlights, on: eq(sermonHighlights.id, highlightShares.highlightId) }],
    where: (ctx) => inChurch(sermonHighlights, ctx, isShared),
  },
  {
    file: "events.csv",
    about: "Events.",
    fields: {
      id: events.id,
      title: events.title,
      description: events.description,
      location: events.location,
      startTime: events.startTime,
      endTime: events.endTime,
      streamUrl: events.streamUrl,
      createdBy: events.createdBy,
      createdAt: events.createdAt,
      updatedAt: events.updatedAt,
    },
    keys: ["id"],
    table: events,
    where: (ctx) => inChurch(events, ctx),
  },
  {
    file: "event-attendance.csv",
    about: "Who said they are going to which event, and who checked in.",
    fields: {
      eventId: eventAttendance.eventId,
      userId: eventAttendance.userId,
      isGoing: eventAttendance.isGoing,
      checkedInAt: eventAttendance.checkedInAt,
      updatedAt: eventAttendance.updatedAt,
    },
    keys: ["eventId", "userId"],
    table: eventAttendance,
    joins: [{ table: events, on: eq(events.id, eventAttendance.eventId) }],
    where: (ctx) => inChurch(events, ctx),
  },
  {
    file: "points.csv",
    about:
      "The points ledger: every award (sermon watched, reading done, action step, partner prayer, onboarding step...). An award keyed by an anonymous prayer request to its author is left out.",
    fields: {
      id: pointsLedger.id,
      userId: pointsLedger.userId,
      kind: pointsLedger.kind,
      key: pointsLedger.key,
      points: pointsLedger.points,
      createdAt: pointsLedger.createdAt,
    },
    keys: ["id"],
    table: pointsLedger,
    // No award is keyed by a request today; one that is will not name an anonymous request's author.
    where: (ctx) =>
      inChurch(pointsLedger, ctx, tiesNoAnonymousAuthor(ctx, asRequestId(pointsLedger.key), pointsLedger.userId)),
  },
  {
    file: "badges.csv",
    about: "Badges members earned.",
    fields: { id: userBadges.id, userId: userBadges.userId, badge: userBadges.badge, earnedAt: userBadges.earnedAt },
    keys: ["id"],
    table: userBadges,
    where: (ctx) => inChurch(userBadges, ctx),
  },
  {
    file: "action-steps.csv",
    about: "The weekly action steps (completions are in points.csv, kind action_step).",
    fields: {
      id: weeklyActionSteps.id,
      weekOf: weeklyActionSteps.weekOf,
      title: weeklyActionSteps.title,
      description: weeklyActionSteps.description,
      createdBy: weeklyActionSteps.createdBy,
      createdAt: weeklyActionSteps.createdAt,
      updatedAt: weeklyActionSteps.updatedAt,
    },
    keys: ["id"],
    table: weeklyActionSteps,
    where: (ctx) => inChurch(weeklyActionSteps, ctx),
  },
  {
    file: "onboarding.csv",
    about: "Members' onboarding journeys (the steps are in points.csv, kind onboarding_step).",
    fields: {
      userId: onboardingProgress.userId,
      onboardingType: onboardingProgress.onboardingType,
      startedAt: onboardingProgress.startedAt,
      completedAt: onboardingProgress.completedAt,
    },
    keys: ["userId"],
    table: onboardingProgress,
    where: (ctx) => inChurch(onboardingProgress, ctx),
  },
  {
    file: "prayer-requests.csv",
    about:
      "Prayer requests. An anonymous request's author is left out, as everywhere else in the app. visibility \"leaders\": shared with the church's admins only.",
    fields: {
      id: prayerRequests.id,
      // An anonymous request never names its author, not even to admins (issue 9).
      authorId: shownAuthorId().as("author_id"),
      title: prayerRequests.title,
      description: prayerRequests.description,
      isAnonymous: prayerRequests.isAnonymous,
      visibility: prayerRequests.visibility,
      answeredAt: prayerRequests.answeredAt,
      answerNote: prayerRequests.answerNote,
      hiddenAt: prayerRequests.hiddenAt,
      createdAt: prayerRequests.createdAt,
    },
    keys: ["id"],
    table: prayerRequests,
    where: (ctx) => inChurch(prayerRequests, ctx),
  },
  {
    file: "prayers.csv",
    about:
      '"I prayed" taps: who prayed for which request on which day (an anonymous request\'s author praying for it is left out).',
    fields: {
      requestId: prayerRequestPrayers.requestId,
      userId: prayerRequestPrayers.userId,
      day: prayerRequestPrayers.day,
      createdAt: prayerRequestPrayers.createdAt,
    },
    keys: ["requestId", "userId", "day"],
    table: prayerRequestPrayers,
    // The author's own prayer for their anonymous request would name them (issue 23).
    where: (ctx) =>
      inChurch(
        prayerRequestPrayers,
        ctx,
        tiesNoAnonymousAuthor(ctx, prayerRequestPrayers.requestId, prayerRequestPrayers.userId),
      ),
  },
  {
    file: "prayer-partner-weeks.csv",
    about: "The weeks that had a prayer-partner chain.",
    fields: { id: prayerChains.id, weekStart: prayerChains.weekStart, createdAt: prayerChains.createdAt },
    keys: ["id"],
    table: prayerChains,
    where: (ctx) => inChurch(prayerChains, ctx),
  },
  {
    file: "prayer-partners.csv",
    about: "Each week's chain: who prays for whom (chainId is a row of prayer-partner-weeks.csv).",
    fields: {
      id: prayerChainLinks.id,
      chainId: prayerChainLinks.chainId,
      userId: prayerChainLinks.userId,
      partnerId: prayerChainLinks.partnerId,
      position: prayerChainLinks.position,
    },
    keys: ["id"],
    table: prayerChainLinks,
    where: (ctx) => inChurch(prayerChainLinks, ctx),
  },
  {
    file: "kudos.csv",
    about: "Kudos, pending, approved and rejected.",
    fields: {
      id: kudos.id,
      fromUserId: kudos.fromUserId,
      toUserId: kudos.toUserId,
      type: kudos.type,
      category: kudos.category,
      title: kudos.title,
      message: kudos.message,
      status: kudos.status,
      rejectionReason: kudos.rejectionReason,
      reviewedBy: kudos.reviewedBy,
      reviewedAt: kudos.reviewedAt,
      createdAt: kudos.createdAt,
    },
    keys: ["id"],
    table: kudos,
    where: (ctx) => inChurch(kudos, ctx),
  },
  {
    file: "kudos-reactions.csv",
    about: "Reactions to kudos.",
    fields: {
      kudosId: kudosReactions.kudosId,
      userId: kudosReactions.userId,
      reaction: kudosReactions.reaction,
      createdAt: kudosReactions.createdAt,
    },
    keys: ["kudosId", "userId", "reaction"],
    table: kudosReactions,
    where: (ctx) => inChurch(kudosReactions, ctx),
  },
  {
    file: "notifications.csv",
    about:
      'In-app notifications sent to members (not those an anonymous request\'s author got about it, such as "Someone prayed for you").',
    fields: {
      id: notifications.id,
      userId: notifications.userId,
      type: notifications.type,
      kind: notifications.kind,
      title: notifications.title,
      message: notifications.message,
      link: notifications.link,
      relatedId: notifications.relatedId,
      isRead: notifications.isRead,
      createdAt: notifications.createdAt,
    },
    keys: ["id"],
    table: notifications,
    // "Someone prayed for you" goes to the author alone: with relatedId it would name them (issue 23).
    where: (ctx) =>
      inChurch(notifications, ctx, tiesNoAnonymousAuthor(ctx, notifications.relatedId, notifications.userId)),
  },
  {
    file: "live-streams.csv",
    about: "Live streams, with their event and the sermon draft a recording made.",
    fields: {
      id: liveStreams.id,
      eventId: liveStreams.eventId,
      title: liveStreams.title,
      description: liveStreams.description,
      streamUrl: liveStreams.streamUrl,
      chatEnabled: liveStreams.chatEnabled,
      recordingEnabled: liveStreams.recordingEnabled,
      startedBy: liveStreams.startedBy,
      startedAt: liveStreams.startedAt,
      endedAt: liveStreams.endedAt,
      peakViewers: liveStreams.peakViewers,
      sermonId: liveStreams.sermonId,
    },
    keys: ["id"],
    table: liveStreams,
    where: (ctx) => inChurch(liveStreams, ctx),
  },
  {
    file: "live-chat.csv",
    about: "Live chat messages, deleted ones included (with when and by whom).",
    fields: {
      id: liveChatMessages.id,
      streamId: liveChatMessages.streamId,
      eventId: liveChatMessages.eventId,
      userId: liveChatMessages.userId,
      message: liveChatMessages.message,
      messageType: liveChatMessages.messageType,
      createdAt: liveChatMessages.createdAt,
      deletedAt: liveChatMessages.deletedAt,
      deletedBy: liveChatMessages.deletedBy,
    },
    keys: ["id"],
    table: liveChatMessages,
    where: (ctx) => inChurch(liveChatMessages, ctx),
  },
  {
    file: "live-moderators.csv",
    about: "Members who may moderate the live chat.",
    fields: { userId: liveModerators.userId, createdAt: liveModerators.createdAt },
    keys: ["userId"],
    table: liveModerators,
    where: (ctx) => inChurch(liveModerators, ctx),
  },
  {
    file: "integrations.csv",
    about: "Connected providers: platform, status and the last sync's counts (never a key or webhook secret).",
    fields: {
      id: integrations.id,
      platform: integrations.platform,
      isActive: integrations.isActive,
      syncStatus: integrations.syncStatus,
      lastSync: integrations.lastSync,
      lastError: integrations.lastError,
      seen: integrations.seen,
      added: integrations.added,
      updated: integrations.updated,
      skipped: integrations.skipped,
      createdAt: integrations.createdAt,
      updatedAt: integrations.updatedAt,
    },
    keys: ["id"],
    table: integrations,
    where: (ctx) => inChurch(integrations, ctx),
  },
  {
    file: "integration-people.csv",
    about: "People the providers' syncs saw, and the member they are.",
    fields: {
      integrationId: integrationPeople.integrationId,
      externalId: integrationPeople.externalId,
      email: integrationPeople.email,
      firstName: integrationPeople.firstName,
      lastName: integrationPeople.lastName,
      userId: integrationPeople.userId,
      seenAt: integrationPeople.seenAt,
    },
    keys: ["integrationId", "externalId"],
    table: integrationPeople,
    where: (ctx) => inChurch(integrationPeople, ctx),
  },
  {
    file: "activity.csv",
    about: "The admin dashboard's recent activity lines.",
    fields: {
      id: activities.id,
      userId: activities.userId,
      kind: activities.kind,
      description: activities.description,
      createdAt: activities.createdAt,
    },
    keys: ["id"],
    table: activities,
    where: (ctx) => inChurch(activities, ctx),
  },
];
