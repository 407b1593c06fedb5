import type { TRole } from "@common/roles";
import { asc, eq, gt, gte, sql } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { z } from "zod";
import type { TDb } from "../../db/client";
import { churches } from "../../db/schema/churches";
import { notificationChannels } from "../../db/schema/community";
import { digestRuns } from "../../db/schema/digest";
import { userPreferences } from "../../db/schema/growth";
import { users } from "../../db/schema/users";
import { inChurch } from "../../lib/church-scope";
import { nextRunAfter, scheduleEvery, type TJobSpec } from "../../lib/jobs";
import type { Mailer } from "../../lib/mail";
import { wantsDigestSql } from "../../lib/notification-channels";
import { recipientLanguage } from "../../lib/notification-text";
import type { SecretBox } from "../../lib/secrets";
import { unsubscribeHeaders, unsubscribeSignature } from "../../lib/unsubscribe";
import { renderDigest } from "./digest.render";
import { findDigestContents, findStreaks, hasNews, type TDigestMember } from "./digest.repo";
import { latestDigestMoment } from "./digest-moment";

/**
 * Issue 29: the weekly e-mail digest. A queue job runs every quarter of an hour (one waiting job for
 * all processes, keyed, like the week's start) and, for each church whose digest moment (its day and
 * time, church time zone) has passed since its last run, sends that week's: a `digest_runs` row per
 * church and week, then the members in id order, DIGEST_BATCH at a time, each batch's e-mails queued
 * (the mail job, sealed) and the run's cursor moved in one transaction that holds the run's row.
 * A restart carries on after the last committed batch; a second process waits on the row and finds
 * the cursor moved: nobody is lost, nobody gets it twice. Only the latest moment counts, so a server
 * that was down for a fortnight sends one digest, not two.
 */

export const DIGEST_JOB: TJobSpec<Record<string, never>> = {
  name: "digest.weekly",
  payload: z.object({}).strict() as z.ZodType<Record<string, never>>,
  maxAttempts: 3,
};
const EVERY_MS = 15 * 60_000;
const AFTER_BOUNDARY_MS = 10_000;
const DAY_MS = 86_400_000;
/** Digests of one church at least this far apart, whatever its day setting does. */
const MIN_GAP_MS = 4 * DAY_MS;
/** Members per transaction. */
export const DIGEST_BATCH = 200;

/** The next run: just after the next quarter hour following `now` (every digest time is on a minute of the church's clock). */
export function nextDigestRun(now: Date): Date {
  return nextRunAfter(now, EVERY_MS, { afterMs: AFTER_BOUNDARY_MS });
}

/** Queues the next run (one waiting job for all processes, keyed); `preserve` keeps a waiting run's time. */
export async function scheduleDigest(db: TDb, opts: { now?: Date; preserve?: boolean } = {}): Promise<void> {
  await scheduleEvery(db, DIGEST_JOB, EVERY_MS, { ...opts, afterMs: AFTER_BOUNDARY_MS });
}

/** What sending needs from the app. */
export type TDigestDeps = { db: TDb; mailer: Mailer; secrets: SecretBox; publicUrl: string };

type TChurchRow = {
  id: string;
  name: string;
  logoUrl: string | null;
  brandColor: string | null;
  timeZone: string;
  defaultLanguage: string | null;
  digestDay: number;
  digestTime: string;
  createdAt: Date;
};

/**
 * One run at `now` (tests pass a moved clock): every church whose latest digest moment has passed
 * and whose week is not done gets its digests. Returns, per church sent to, how many went.
 */
export async function sendDueDigests(deps: TDigestDeps, now: Date): Promise<{ churchId: string; sent: number }[]> {
  const rows: TChurchRow[] = await deps.db
    .select({
      id: churches.id,
      name: churches.name,
      logoUrl: churches.logoUrl,
      brandColor: churches.brandColor,
      timeZone: churches.timeZone,
      defaultLanguage: churches.defaultLanguage,
      digestDay: churches.digestDay,
      digestTime: churches.digestTime,
      createdAt: churches.createdAt,
    })
    .from(churches);
  // Runs of the last nine days are all a moment can match (or come too soon after).
  const recent = await deps.db
    .select({
      churchId: digestRuns.churchId,
      weekOf: digestRuns.weekOf,
      dueAt: digestRuns.dueAt,
      finishedAt: digestRuns.finishedAt,
    })
    .from(digestRuns)
    .where(gte(digestRuns.weekOf, new Date(now.getTime() - 9 * DAY_MS).toISOString().slice(0, 10)));
  const runsOf = new Map<string, typeof recent>();
  for (const r of recent) runsOf.set(r.churchId, [...(runsOf.get(r.churchId) ?? []), r]);
  const out: { churchId: string; sent: number }[] = [];
  for (const church of rows) {
    const moment = latestDigestMoment(now, church.timeZone, church.digestDay, church.digestTime);
    // A church made after the moment waits for its first one.
    if (moment.at < church.createdAt) continue;
    const runs = runsOf.get(church.id) ?? [];
    const own = runs.find((r) => r.weekOf === moment.weekOf);
    // A week begun and not finished (a restart mid-way) carries on; a finished one is done.
    if (own?.finishedAt) continue;
    // A day moved later (Saturday to Sunday) must not send a second digest a day after the first.
    const tooSoon = (r: { dueAt: Date }) => {
      const gap = moment.at.getTime() - r.dueAt.getTime();
      return gap >= 0 && gap < MIN_GAP_MS;
    };
    if (!own && runs.some(tooSoon)) continue;
    await deps.db
      .insert(digestRuns)
      .values({ churchId: church.id, weekOf: moment.weekOf, dueAt: moment.at, startedAt: now })
      .onConflictDoNothing();
    let sent = 0;
    for (;;) {
      const batch = await sendDigestBatch(deps, church, moment.weekOf, now);
      sent += batch.sent;
      if (batch.finished) break;
    }
    out.push({ churchId: church.id, sent });
  }
  return out;
}

/**
 * The next DIGEST_BATCH members after the run's cursor, in one transaction that holds the run's row:
 * their digests queued and the cursor moved together.
 */
export async function sendDigestBatch(
  deps: TDigestDeps,
  church: TChurchRow,
  weekOf: string,
  now: Date,
): Promise<{ sent: number; finished: boolean }> {
  return deps.db.transaction(async (tx) => {
    const [run] = await tx
      .select()
      .from(digestRuns)
      .where(inChurch(digestRuns, { churchId: church.id }, eq(digestRuns.weekOf, weekOf)))
      .for("update");
    if (!run || run.finishedAt) return { sent: 0, finished: true };
    const candidates = await tx
      .select({
        id: users.id,
        email: users.email,
        firstName: users.firstName,
        lastName: users.lastName,
        language: users.language,
        role: users.role,
        wantsDigest: wantsDigestSql(),
        wantsEmail: sql<boolean>`coalesce(${userPreferences.emailNotifications}, true)`,
      })
      .from(users)
      .leftJoin(notificationChannels, eq(notificationChannels.userId, users.id))
      .leftJoin(userPreferences, eq(userPreferences.userId, users.id))
      .where(inChurch(users, { churchId: church.id }, run.cursor ? gt(users.id, run.cursor) : undefined))
      .orderBy(asc(users.id))
      .limit(DIGEST_BATCH);
    const finished = candidates.length < DIGEST_BATCH;
    // The member's profile switch for e-mail and their digest choice both have to be on.
    const members: TDigestMember[] = candidates
      .filter((c) => c.wantsDigest && c.wantsEmail)
      .map((c) => ({ ...c, role: c.role as TRole }));
    const ref = run.startedAt;
    const contents = await findDigestContents(tx, church, members, ref);
    let sent = 0;
    for (const member of members) {
      const content = contents.get(member.id);
      if (!content || !hasNews(content)) continue;
      content.streaks = await findStreaks(tx, church, member, ref);
      const q = new URLSearchParams({
        u: member.id,
        t: "digest",
        s: unsubscribeSignature(deps.secrets, member.id, "digest"),
      });
      const mail = renderDigest({
        church: { name: church.name, logoUrl: church.logoUrl, brandColor: church.brandColor },
        language: recipientLanguage(member.language, church.defaultLanguage),
        timeZone: church.timeZone,
        baseUrl: deps.publicUrl,
        content,
        unsubscribeUrl: `${deps.publicUrl.replace(/\/+$/, "")}/unsubscribe?${q}`,
      });
      await deps.mailer.enqueue(
        {
          to: member.email,
          subject: mail.subject,
          text: mail.text,
          html: mail.html,
          headers: unsubscribeHeaders(deps.secrets, deps.publicUrl, member.id, "digest"),
        },
        tx,
      );
      sent++;
    }
    const last = candidates.at(-1);
    await tx
      .update(digestRuns)
      .set({
        // A finished run keeps no member's id.
        cursor: finished ? null : last ? last.id : run.cursor,
        sentCount: sql`${digestRuns.sentCount} + ${sent}`,
        skippedCount: sql`${digestRuns.skippedCount} + ${candidates.length - sent}`,
        ...(finished ? { finishedAt: now } : {}),
      })
      .where(inChurch(digestRuns, { churchId: church.id }, eq(digestRuns.weekOf, weekOf)));
    return { sent, finished };
  });
}

/** Defines the task on the app's queue (every process; main.ts schedules the first run). */
export async function digestPlugin(app: FastifyInstance): Promise<void> {
  app.jobs.define({
    ...DIGEST_JOB,
    run: async () => {
      const now = new Date();
      // The next run first: whatever happens to this one, the runs go on.
      await scheduleDigest(app.db, { now });
      const deps = { db: app.db, mailer: app.mailer, secrets: app.secrets, publicUrl: app.config.publicUrl };
      const sent = await sendDueDigests(deps, now);
      for (const s of sent) app.log.info(s, "weekly digest sent");
    },
  });
}
