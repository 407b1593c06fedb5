import type { TAuthUser } from "@common/auth";
import { isLanguage, type TLanguage } from "@common/i18n/locales";
import type { TPreferences, ZPreferencesBody, ZProfileBody } from "@common/profile";
import { DEFAULT_PRAYER_TOPICS, NOTIFICATION_PREFERENCES, PRAYER_TOPICS } from "@common/profile-helpers";
import { eq, sql } from "drizzle-orm";
import type { z } from "zod";
import { userPreferences } from "../../db/schema/growth";
import { users } from "../../db/schema/users";
import type { TUserCtx } from "../../lib/context";
import { publish } from "../../lib/domain-events";
import { notFound } from "../../lib/errors";
import { loadAuthUser } from "../../lib/user-cache";

/**
 * Whether the member has filled in their profile: a first name, a last name and a few words about
 * themselves. The onboarding journey's "profile_setup" step reads it; the profile grants nothing.
 */
export function isProfileComplete(user: Pick<TAuthUser, "firstName" | "lastName" | "bio">): boolean {
  return [user.firstName, user.lastName, user.bio].every((v) => typeof v === "string" && v.trim().length > 0);
}

/** The signed-in user as `GET /api/auth/user` gives it, read afresh after a change. */
export async function getFreshUser(ctx: TUserCtx): Promise<TAuthUser> {
  const user = await loadAuthUser(ctx.db, ctx.userId);
  if (!user) throw notFound("Account not found");
  return user;
}

/** `PATCH /api/user/profile`: names, bio and (when sent) phone, birthday and address, stored as typed (trimmed); every process forgets its copy. */
export async function updateProfile(ctx: TUserCtx, body: z.output<typeof ZProfileBody>): Promise<TAuthUser> {
  await ctx.db.transaction(async (tx) => {
    const [saved] = await tx
      .update(users)
      .set({
        firstName: body.firstName,
        lastName: body.lastName,
        bio: body.bio,
        // Issue 27: the contact fields change only when sent (an older client leaves them as they are).
        ...(body.phone !== undefined && { phone: body.phone }),
        ...(body.birthday !== undefined && { birthday: body.birthday }),
        ...(body.address !== undefined && { address: body.address }),
      })
      .where(eq(users.id, ctx.userId))
      .returning({ churchId: users.churchId });
    // Onboarding (spec 2 §4): a complete profile completes the journey's "profile_setup" step (paid
    // once), from the event, moments later.
    if (saved?.churchId && isProfileComplete(body))
      await publish(tx, "profile.updated", { churchId: saved.churchId, actorId: ctx.userId });
  });
  await ctx.changed("user", ctx.userId);
  return getFreshUser(ctx);
}

const DEFAULT_PREFERENCES: Omit<TPreferences, "language"> = {
  emailNotifications: true,
  prayerReminders: true,
  sermonNotifications: true,
  eventNotifications: true,
  prayerTopics: DEFAULT_PRAYER_TOPICS,
};

type TPreferencesRow = typeof userPreferences.$inferSelect;

function toPreferences(row: TPreferencesRow | undefined, language: TLanguage | null): TPreferences {
  if (!row) return { ...DEFAULT_PREFERENCES, prayerTopics: { ...DEFAULT_PRAYER_TOPICS }, language };
  const stored = row.prayerTopics ?? {};
  const prayerTopics = { ...DEFAULT_PRAYER_TOPICS };
  for (const topic of PRAYER_TOPICS) if (typeof stored[topic] === "boolean") prayerTopics[topic] = stored[topic];
  return {
    emailNotifications: row.emailNotifications,
    prayerReminders: row.prayerReminders,
    sermonNotifications: row.sermonNotifications,
    eventNotifications: row.eventNotifications,
    prayerTopics,
    language,
  };
}

async function languageOf(ctx: TUserCtx): Promise<TLanguage | null> {
  const [user] = await ctx.db.select({ language: users.language }).from(users).where(eq(users.id, ctx.userId));
  return isLanguage(user?.language) ? user.language : null;
}

/** `GET /api/user/preferences`: the saved preferences, or spec 2 §9's defaults when never saved. */
export async function getPreferences(ctx: TUserCtx): Promise<TPreferences> {
  const [row] = await ctx.db.select().from(userPreferences).where(eq(userPreferences.userId, ctx.userId));
  return toPreferences(row, await languageOf(ctx));
}

/**
 * `PATCH /api/user/preferences`: changes only what was sent. Prayer topics are merged in the
 * database (`||` on jsonb), so two switches flipped at once both count.
 */
export async function updatePreferences(ctx: TUserCtx, body: z.output<typeof ZPreferencesBody>): Promise<TPreferences> {
  const flags: Partial<Record<(typeof NOTIFICATION_PREFERENCES)[number], boolean>> = {};
  for (const key of NOTIFICATION_PREFERENCES) if (body[key] !== undefined) flags[key] = body[key];
  const topics = JSON.stringify(body.prayerTopics ?? {});
  const defaults = JSON.stringify(DEFAULT_PRAYER_TOPICS);
  const now = new Date();
  const [row] = await ctx.db
    .insert(userPreferences)
    .values({
      userId: ctx.userId,
      ...flags,
      prayerTopics: body.prayerTopics ? sql`${defaults}::jsonb || ${topics}::jsonb` : null,
      updatedAt: now,
    })
    .onConflictDoUpdate({
      target: userPreferences.userId,
      set: {
        ...flags,
        ...(body.prayerTopics
          ? { prayerTopics: sql`coalesce(${userPreferences.prayerTopics}, ${defaults}::jsonb) || ${topics}::jsonb` }
          : {}),
        updatedAt: now,
      },
    })
    .returning();
  if (body.language !== undefined) {
    // The language lives with the user (GET /api/auth/user carries it): every process forgets its copy.
    await ctx.db.update(users).set({ language: body.language }).where(eq(users.id, ctx.userId));
    await ctx.changed("user", ctx.userId);
  }
  return toPreferences(row, await languageOf(ctx));
}
