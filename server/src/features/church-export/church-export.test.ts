import { randomUUID } from "node:crypto";
import { parse } from "csv-parse/sync";
import { eq, inArray, type SQL, sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TTestApp } from "../../../test/app";
import {
  addMember,
  createChurch,
  invite,
  type TSignedIn,
  type TTestChurch,
  uniqueEmail,
} from "../../../test/factories";
import { drainJobs } from "../../../test/jobs";
import { unzip } from "../../../test/zip";
import { CHURCH_DATA } from "../../data-kinds";
import { sessions } from "../../db/schema/auth";
import { churches } from "../../db/schema/churches";
import {
  kudos,
  kudosReactions,
  notificationChannels,
  notifications,
  pushSubscriptions,
} from "../../db/schema/community";
import { eventAttendance, events } from "../../db/schema/events";
import {
  groupAttendance,
  groupJoinRequests,
  groupMeetings,
  groupMembers,
  groupPosts,
  groupPrayerPrayed,
  groupPrayers,
  groups,
} from "../../db/schema/groups";
import { onboardingProgress, userBadges, userPreferences, weeklyActionSteps } from "../../db/schema/growth";
import { highlightShares, sermonHighlights } from "../../db/schema/highlights";
import { integrationPeople, integrations } from "../../db/schema/integrations";
import { invitationSends, invitations } from "../../db/schema/invitations";
import { liveChatMessages, liveModerators, liveStreams } from "../../db/schema/live";
import { pointsLedger } from "../../db/schema/points";
import {
  prayerChainLinks,
  prayerChains,
  prayerRequestPrayers,
  prayerRequestReplies,
  prayerRequests,
} from "../../db/schema/prayer";
import { sermons, sermonViews } from "../../db/schema/sermons";
import { users } from "../../db/schema/users";
import type { TChurchCtx } from "../../lib/context";
import { createChurchExport } from "./church-export.service";

const EXPORT_KINDS = CHURCH_DATA.kinds;

const URL = "/api/admin/church-export.zip";

let t: TTestApp;
beforeAll(async () => {
  t = await createTestApp({}, { runJobs: false });
});

type TSeeded = TTestChurch & { member: TSignedIn; label: string; token: string; secrets: string[]; titles: string[] };

/** A church with rows of every kind, its strings marked with `label` so a leak is easy to find. */
async function seedChurch(label: string): Promise<TSeeded> {
  const c = await createChurch(t.app, `${label} Chapel`);
  const member = await addMember(t.app, c, "CONGREGANT", `${label}member`);
  const pending = await invite(c.admin, uniqueEmail(`${label}pending`));
  const churchId = c.church.id;
  const [adminId, memberId] = [c.admin.user.id, member.user.id];
  const db = t.db;
  // Issue 29: an announcement sent to the church (its recipients' rows).
  const sent = await c.admin.post("/api/announcements", {
    title: `${label} news`,
    message: "Hi",
    audience: { all: true },
  });
  expect(sent.status, JSON.stringify(sent.body)).toBe(201);

  const [sermon] = await db
    .insert(sermons)
    .values([
      // A cell a spreadsheet would run as a formula.
      {
        churchId,
        title: `=HYPERLINK("http://evil.example/${label}","${label} sermon")`,
        speaker: "Pastor",
        date: "2026-11-01",
      },
      { churchId, title: `${label} second sermon`, speaker: "@guest", date: "2026-11-08", tags: ["faith", "hope"] },
    ])
    .returning();
  await db.insert(sermonViews).values({ sermonId: sermon.id, userId: memberId, day: "2026-11-02" });
  const [highlight] = await db
    .insert(sermonHighlights)
    .values({
      churchId,
      sermonId: sermon.id,
      userId: memberId,
      timestamp: 60,
      text: `${label} highlight`,
      isShared: true,
    })
    .returning();
  await db.insert(highlightShares).values({ highlightId: highlight.id, userId: memberId });
  // A private note: never in the export (issue 23).
  await db
    .insert(sermonHighlights)
    .values({ churchId, sermonId: sermon.id, userId: memberId, timestamp: 90, text: `${label} private note` });
  const start = new Date("2026-12-01T18:00:00Z");
  const [event] = await db
    .insert(events)
    .values({
      churchId,
      title: `${label} event`,
      description: "-1 dessert",
      location: "Hall",
      startTime: start,
      endTime: start,
    })
    .returning();
  await db.insert(eventAttendance).values({ eventId: event.id, userId: memberId, isGoing: true });
  await db.insert(pointsLedger).values([
    { churchId, userId: memberId, kind: "sermon_watch", key: sermon.id, points: 10 },
    { churchId, userId: adminId, kind: "action_step", key: `${label}-step`, points: 25 },
  ]);
  await db.insert(userBadges).values({ churchId, userId: memberId, badge: "first_sermon" });
  await db
    .insert(weeklyActionSteps)
    .values({ churchId, weekOf: "2026-11-22", title: `${label} step`, description: "+ call a friend" });
  await db.insert(onboardingProgress).values({ churchId, userId: memberId });
  await db.insert(userPreferences).values({ userId: memberId, prayerTopics: { healing: true } });
  await db.insert(notificationChannels).values({ userId: memberId, channels: { events: { email: "always" } } });
  const pushSecret = `${label}-push-${randomUUID()}`;
  await db.insert(pushSubscriptions).values({
    churchId,
    userId: memberId,
    endpoint: `https://push.example/${pushSecret}`,
    p256dh: `${pushSecret}-p256dh`,
    auth: `${pushSecret}-auth`,
  });
  const [open, anonymous] = await db
    .insert(prayerRequests)
    .values([
      { churchId, authorId: memberId, title: `${label} prayer`, description: "Please pray" },
      { churchId, authorId: adminId, title: `${label} anonymous prayer`, description: "Quietly", isAnonymous: true },
    ])
    .returning();
  await db.insert(prayerRequestPrayers).values({ requestId: open.id, churchId, userId: adminId, day: "2026-11-20" });
  await db
    .insert(prayerRequestPrayers)
    .values({ requestId: anonymous.id, churchId, userId: memberId, day: "2026-11-20" });
  // The anonymous author's own prayer and the notification only they got: rows that would name them.
  await db
    .insert(prayerRequestPrayers)
    .values({ requestId: anonymous.id, churchId, userId: adminId, day: "2026-11-21" });
  // A pastor's private reply and the anonymous author's answer, stored with no author (issue 28).
  await db.insert(prayerRequestReplies).values([
    { churchId, requestId: anonymous.id, authorId: memberId, fromAuthor: false, message: `${label} we pray` },
    { churchId, requestId: anonymous.id, authorId: null, fromAuthor: true, message: `${label} thank you` },
  ]);
  await db.insert(notifications).values({
    churchId,
    userId: adminId,
    type: "prayer",
    kind: "prayer_prayed",
    title: "Someone prayed for you",
    message: "Someone prayed for your request",
    relatedId: anonymous.id,
  });
  const [chain] = await db.insert(prayerChains).values({ churchId, weekStart: "2026-11-22" }).returning();
  await db.insert(prayerChainLinks).values([
    { chainId: chain.id, churchId, userId: adminId, partnerId: memberId, position: 0 },
    { chainId: chain.id, churchId, userId: memberId, partnerId: adminId, position: 1 },
  ]);
  const [k] = await db
    .insert(kudos)
    .values({
      churchId,
      fromUserId: adminId,
      toUserId: memberId,
      type: "thanks",
      category: "service",
      title: `${label} kudos`,
      message: "@everyone thank you",
    })
    .returning();
  await db.insert(kudosReactions).values({ kudosId: k.id, churchId, userId: adminId, reaction: "heart" });
  const [group] = await db
    .insert(groups)
    .values({ churchId, name: `${label} group`, kind: "bible_study", createdBy: adminId })
    .returning();
  await db.insert(groupMembers).values({ groupId: group.id, churchId, userId: adminId, role: "leader" });
  await db.insert(groupJoinRequests).values({ groupId: group.id, churchId, userId: memberId });
  await db.insert(groupPosts).values({ groupId: group.id, churchId, authorId: adminId, message: `${label} post` });
  const [groupPrayer] = await db
    .insert(groupPrayers)
    .values({ groupId: group.id, churchId, authorId: adminId, title: `${label} group prayer`, description: "Pray" })
    .returning();
  await db
    .insert(groupPrayerPrayed)
    .values({ prayerId: groupPrayer.id, churchId, userId: memberId, day: "2026-11-01" });
  const [meeting] = await db
    .insert(groupMeetings)
    .values({ groupId: group.id, churchId, startsAt: new Date("2026-11-01T18:00:00Z") })
    .returning();
  await db
    .insert(groupAttendance)
    .values({ meetingId: meeting.id, churchId, userId: adminId, present: true, markedBy: adminId });
  await db
    .insert(notifications)
    .values({ churchId, userId: memberId, type: "other", kind: "test", title: `${label} note`, message: "Hello" });
  const [stream] = await db
    .insert(liveStreams)
    .values({ churchId, eventId: event.id, title: `${label} stream`, endedAt: new Date() })
    .returning();
  await db.insert(liveChatMessages).values({
    churchId,
    streamId: stream.id,
    eventId: event.id,
    userId: memberId,
    message: `${label} chat`,
    messageType: "text",
  });
  await db.insert(liveModerators).values({ churchId, userId: memberId });
  const keySecret = `${label}-apikey-${randomUUID()}`;
  const [integration] = await db
    .insert(integrations)
    .values({
      churchId,
      platform: "mailchimp",
      apiKeySealed: keySecret,
      keyLast4: "abcd",
      webhookSecretSealed: `${label}-webhook-${randomUUID()}`,
      cursor: { page: `${label}-cursor` },
      seen: 3,
      added: 2,
    })
    .returning();
  await db.insert(integrationPeople).values({
    integrationId: integration.id,
    churchId,
    externalId: `${label}-ext-1`,
    email: uniqueEmail(`${label}person`),
  });
  await db.insert(invitationSends).values({ churchId, recipient: uniqueEmail(`${label}sent`) });

  // What must never leave: password hashes, session ids, invitation tokens (plain, hashed, sealed),
  // integration keys and secrets, push addresses and keys, the feed token.
  const ourUsers = await db
    .select()
    .from(users)
    .where(inArray(users.id, [adminId, memberId]));
  const ourSessions = await db
    .select()
    .from(sessions)
    .where(inArray(sessions.userId, [adminId, memberId]));
  const ourInvitations = await db.select().from(invitations).where(eq(invitations.churchId, churchId));
  const [church] = await db.select().from(churches).where(eq(churches.id, churchId));
  const secrets = [
    ...ourUsers.map((u) => u.passwordHash as string),
    ...ourSessions.map((s) => s.id),
    ...ourInvitations.flatMap((i) => [i.tokenHash, i.tokenSealed ?? ""]),
    pending.token,
    keySecret,
    integration.webhookSecretSealed as string,
    `${label}-cursor`,
    pushSecret,
    church.feedToken,
  ].filter(Boolean);
  expect(ourSessions.length).toBeGreaterThan(0);
  expect(secrets.length).toBeGreaterThan(8);
  return { ...c, member, label, token: pending.token, secrets, titles: [`${label} second sermon`, `${label} event`] };
}

/** Rows that name an anonymous request's author beside the request (`req` and `usr` are the row's columns). */
const namesAuthor = (req: string, usr: string) =>
  sql.raw(
    `exists (select 1 from prayer_requests r where r.id::text = ${req}::text and r.is_anonymous and r.author_id = ${usr})`,
  );

/**
 * The database's rows of each file for a church, as "key|key" strings (the files' `keys` columns):
 * all of the church's rows but members' private notes and rows naming an anonymous request's author.
 */
const expectedKeys: Record<string, (churchId: string) => SQL> = {
  "church.csv": (c) => sql`select id::text k from churches where id = ${c}`,
  "members.csv": (c) => sql`select id::text k from users where church_id = ${c}`,
  "member-preferences.csv": (c) =>
    sql`select p.user_id::text k from user_preferences p join users u on u.id = p.user_id where u.church_id = ${c}`,
  "notification-channels.csv": (c) =>
    sql`select p.user_id::text k from notification_channels p join users u on u.id = p.user_id where u.church_id = ${c}`,
  "push-subscriptions.csv": (c) => sql`select id::text k from push_subscriptions where church_id = ${c}`,
  "invitations.csv": (c) => sql`select id::text k from invitations where church_id = ${c}`,
  "invitation-emails.csv": (c) => sql`select id::text k from invitation_sends where church_id = ${c}`,
  "sermons.csv": (c) => sql`select id::text k from sermons where church_id = ${c}`,
  "sermon-views.csv": (c) =>
    sql`select v.sermon_id || '|' || v.user_id || '|' || v.day k from sermon_views v join sermons s on s.id = v.sermon_id where s.church_id = ${c}`,
  "highlights.csv": (c) => sql`select id::text k from sermon_highlights where church_id = ${c} and is_shared`,
  "highlight-shares.csv": (c) =>
    sql`select s.highlight_id || '|' || s.user_id k from highlight_shares s join sermon_highlights h on h.id = s.highlight_id where h.church_id = ${c} and h.is_shared`,
  "events.csv": (c) => sql`select id::text k from events where church_id = ${c}`,
  "event-attendance.csv": (c) =>
    sql`select a.event_id || '|' || a.user_id k from event_attendance a join events e on e.id = a.event_id where e.church_id = ${c}`,
  "points.csv": (c) =>
    sql`select id::text k from points_ledger p where church_id = ${c} and not ${namesAuthor("p.key", "p.user_id")}`,
  "badges.csv": (c) => sql`select id::text k from user_badges where church_id = ${c}`,
  "action-steps.csv": (c) => sql`select id::text k from weekly_action_steps where church_id = ${c}`,
  "onboarding.csv": (c) => sql`select user_id::text k from onboarding_progress where church_id = ${c}`,
  "prayer-requests.csv": (c) => sql`select id::text k from prayer_requests where church_id = ${c}`,
  "prayers.csv": (c) =>
    sql`select request_id || '|' || user_id || '|' || day k from prayer_request_prayers p where church_id = ${c} and not ${namesAuthor("p.request_id", "p.user_id")}`,
  "prayer-request-replies.csv": (c) => sql`select id::text k from prayer_request_replies where church_id = ${c}`,
  "prayer-partner-weeks.csv": (c) => sql`select id::text k from prayer_chains where church_id = ${c}`,
  "prayer-partners.csv": (c) => sql`select id::text k from prayer_chain_links where church_id = ${c}`,
  "kudos.csv": (c) => sql`select id::text k from kudos where church_id = ${c}`,
  "kudos-reactions.csv": (c) =>
    sql`select kudos_id || '|' || user_id || '|' || reaction k from kudos_reactions where church_id = ${c}`,
  "groups.csv": (c) => sql`select id::text k from groups where church_id = ${c}`,
  "group-members.csv": (c) => sql`select group_id || '|' || user_id k from group_members where church_id = ${c}`,
  "group-join-requests.csv": (c) =>
    sql`select group_id || '|' || user_id k from group_join_requests where church_id = ${c}`,
  "group-meetings.csv": (c) => sql`select id::text k from group_meetings where church_id = ${c}`,
  "group-attendance.csv": (c) =>
    sql`select meeting_id || '|' || user_id k from group_attendance where church_id = ${c}`,
  "group-posts.csv": (c) => sql`select id::text k from group_posts where church_id = ${c}`,
  "group-prayers.csv": (c) => sql`select id::text k from group_prayers where church_id = ${c}`,
  "group-prayers-prayed.csv": (c) =>
    sql`select prayer_id || '|' || user_id || '|' || day k from group_prayer_prayed where church_id = ${c}`,
  "notifications.csv": (c) =>
    sql`select id::text k from notifications n where church_id = ${c} and not ${namesAuthor("n.related_id", "n.user_id")}`,
  "live-streams.csv": (c) => sql`select id::text k from live_streams where church_id = ${c}`,
  "live-chat.csv": (c) => sql`select id::text k from live_chat_messages where church_id = ${c}`,
  "live-moderators.csv": (c) => sql`select user_id::text k from live_moderators where church_id = ${c}`,
  "integrations.csv": (c) => sql`select id::text k from integrations where church_id = ${c}`,
  "integration-people.csv": (c) =>
    sql`select integration_id || '|' || external_id k from integration_people where church_id = ${c}`,
  "activity.csv": (c) => sql`select id::text k from activities where church_id = ${c}`,
  "announcements.csv": (c) => sql`select id::text k from announcements where church_id = ${c}`,
  "announcement-recipients.csv": (c) =>
    sql`select announcement_id || '|' || user_id k from announcement_recipients where church_id = ${c}`,
};

async function dbKeys(file: string, churchId: string): Promise<string[]> {
  const res = await t.db.execute<{ k: string }>(expectedKeys[file](churchId));
  return res.rows.map((r) => r.k).sort();
}

async function download(caller: TSignedIn) {
  // What follows each change (notifications, feed lines) has happened first.
  await drainJobs(t.app);
  const res = await t.app.inject({ method: "GET", url: URL, headers: { cookie: caller.cookie ?? "" } });
  return res;
}

const rowsOf = (csv: Buffer): Record<string, string>[] => parse(csv.toString("utf8"), { columns: true, bom: true });

describe("church export", () => {
  let a: TSeeded;
  let b: TSeeded;
  let files: Map<string, Buffer>;
  let raw: Buffer;

  beforeAll(async () => {
    a = await seedChurch("alpha");
    b = await seedChurch("bravo");
    const res = await download(a.admin);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers["content-type"]).toBe("application/zip");
    expect(res.headers["content-disposition"]).toMatch(
      /^attachment; filename="alpha-chapel-export-\d{4}-\d{2}-\d{2}\.zip"$/,
    );
    raw = res.rawPayload;
    files = await unzip(raw);
  });

  it("holds a README and one CSV per kind, each with exactly the church's rows", async () => {
    expect([...files.keys()].sort()).toEqual(["README.txt", ...EXPORT_KINDS.map((k) => k.file)].sort());
    expect(Object.keys(expectedKeys).sort()).toEqual(EXPORT_KINDS.map((k) => k.file).sort());
    const readme = files.get("README.txt")?.toString("utf8") ?? "";
    expect(readme).toContain("alpha Chapel");
    expect(readme).toContain(new Date().toISOString().slice(0, 10));
    for (const kind of EXPORT_KINDS) expect(readme).toContain(kind.file);

    for (const kind of EXPORT_KINDS) {
      const rows = rowsOf(files.get(kind.file) as Buffer);
      const got = rows.map((r) => kind.keys.map((k) => r[k]).join("|")).sort();
      const want = await dbKeys(kind.file, a.church.id);
      // Every kind was seeded in both churches, so an empty file would prove nothing.
      expect(want.length, kind.file).toBeGreaterThan(0);
      expect((await dbKeys(kind.file, b.church.id)).length, kind.file).toBeGreaterThan(0);
      expect(got, kind.file).toEqual(want);
    }
    const members = rowsOf(files.get("members.csv") as Buffer);
    expect(members.map((m) => m.email).sort()).toEqual([a.admin.user.email, a.member.user.email].sort());
  });

  it("holds nothing of the other church", () => {
    const text = raw.toString("latin1") + [...files.values()].map((f) => f.toString("utf8")).join("\n");
    const other = [b.church.id, b.admin.user.id, b.member.user.id, b.admin.user.email, b.member.user.email, "bravo"];
    for (const needle of [...other, ...b.titles]) expect(text, needle).not.toContain(needle);
    expect(text).toContain(a.titles[0]);
  });

  it("holds no password hash, session id, token, key or secret", () => {
    const text = [...files.values()].map((f) => f.toString("utf8")).join("\n");
    expect(a.secrets.length).toBeGreaterThan(8);
    for (const secret of a.secrets) expect(text, secret).not.toContain(secret);
    for (const header of [
      "passwordHash",
      "tokenHash",
      "apiKeySealed",
      "webhookSecretSealed",
      "endpoint",
      "feedToken",
    ]) {
      expect(text).not.toContain(header);
    }
  });

  it("never names an anonymous request's author", () => {
    const requests = rowsOf(files.get("prayer-requests.csv") as Buffer);
    const anonymous = requests.find((r) => r.title === "alpha anonymous prayer");
    expect(anonymous).toMatchObject({ isAnonymous: "true", authorId: "" });
    expect(requests.find((r) => r.title === "alpha prayer")?.authorId).toBe(a.member.user.id);
    // Nor does a prayer or notification about it name its author (the privacy test walks every join).
    for (const file of ["prayers.csv", "notifications.csv"]) {
      const tied = rowsOf(files.get(file) as Buffer).filter(
        (r) => Object.values(r).includes(anonymous?.id ?? "") && Object.values(r).includes(a.admin.user.id),
      );
      expect(tied, file).toEqual([]);
    }
    expect(rowsOf(files.get("prayers.csv") as Buffer).some((r) => r.requestId === anonymous?.id)).toBe(true);
  });

  it("holds shared highlights only", () => {
    const highlights = rowsOf(files.get("highlights.csv") as Buffer);
    expect(highlights.map((h) => h.text)).toEqual(["alpha highlight"]);
    expect(files.get("highlights.csv")?.toString("utf8")).not.toContain("private note");
  });

  it("escapes cells a spreadsheet would run as formulas", () => {
    const sermonRows = rowsOf(files.get("sermons.csv") as Buffer);
    expect(sermonRows.map((r) => r.title)).toContain(`'=HYPERLINK("http://evil.example/alpha","alpha sermon")`);
    expect(sermonRows.map((r) => r.speaker)).toContain("'@guest");
    expect(sermonRows.find((r) => r.tags)?.tags).toBe("faith; hope");
    expect(rowsOf(files.get("events.csv") as Buffer)[0].description).toBe("'-1 dessert");
    expect(rowsOf(files.get("kudos.csv") as Buffer)[0].message).toBe("'@everyone thank you");
    expect(rowsOf(files.get("action-steps.csv") as Buffer)[0].description).toBe("'+ call a friend");
    // Numbers stay numbers.
    expect(
      rowsOf(files.get("points.csv") as Buffer)
        .map((r) => r.points)
        .sort(),
    ).toEqual(["10", "25"]);
  });

  it("reads a file page by page to the same rows", async () => {
    const ctx: TChurchCtx = {
      db: t.db,
      changed: async () => {},
      userId: a.admin.user.id,
      churchId: a.church.id,
      role: "ADMIN",
      timeZone: "UTC",
    };
    const { stream } = await createChurchExport(ctx, CHURCH_DATA, { pageRows: 1 });
    const chunks: Buffer[] = [];
    for await (const chunk of stream) chunks.push(chunk as Buffer);
    const paged = await unzip(Buffer.concat(chunks));
    for (const kind of EXPORT_KINDS) {
      expect(paged.get(kind.file)?.toString("utf8"), kind.file).toBe(files.get(kind.file)?.toString("utf8"));
    }
  });

  it("ends the download with an error, without crashing, when a read fails half way", async () => {
    let selects = 0;
    // The database fails from the fifth query on: files already under way are cut short.
    const failing = new Proxy(t.db, {
      get(target, prop, receiver) {
        if (prop === "select" && ++selects > 4) throw new Error("connection lost");
        return Reflect.get(target, prop, receiver);
      },
    });
    const ctx = {
      db: failing,
      changed: async () => {},
      userId: a.admin.user.id,
      churchId: a.church.id,
      role: "ADMIN",
      timeZone: "UTC",
    } as TChurchCtx;
    const errors: unknown[] = [];
    const { stream } = await createChurchExport(ctx, CHURCH_DATA, { onError: (err) => errors.push(err) });
    const read = async () => {
      for await (const _ of stream) {
      }
    };
    await expect(read()).rejects.toThrow("connection lost");
    expect(errors).toHaveLength(1);
  });

  it("is for admins of the church only", async () => {
    expect((await download(a.member)).statusCode).toBe(403);
    expect((await t.app.inject({ method: "GET", url: URL })).statusCode).toBe(401);
    // The other church's admin gets their own church, never this one.
    const other = await unzip((await download(b.admin)).rawPayload);
    const text = [...other.values()].map((f) => f.toString("utf8")).join("\n");
    expect(text).not.toContain(a.church.id);
    expect(text).toContain(b.church.id);
  });
});
