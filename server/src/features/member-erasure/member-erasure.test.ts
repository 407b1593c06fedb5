import { eraseMemberUrl } from "@common/member-erasure-helpers";
import { eq, sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TTestApp } from "../../../test/app";
import { findAuditEntries } from "../../../test/audit-entries";
import {
  addMember,
  createChurch,
  createEvent,
  createSermon,
  type TSignedIn,
  type TTestChurch,
} from "../../../test/factories";
import { drainJobs } from "../../../test/jobs";
import { makePng } from "../../../test/png";
import { emailVerifications } from "../../db/schema/auth";
import { memberErasures } from "../../db/schema/churches";
import { kudos, notificationChannels, notifications, pushSubscriptions } from "../../db/schema/community";
import { events } from "../../db/schema/events";
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
import { onboardingProgress, weeklyActionSteps } from "../../db/schema/growth";
import { highlightShares, sermonHighlights } from "../../db/schema/highlights";
import { invitations } from "../../db/schema/invitations";
import { liveChatMessages, liveModerators, liveStreams } from "../../db/schema/live";
import { prayerChainLinks, prayerChains, prayerRequests } from "../../db/schema/prayer";
import { sermons, sermonViews } from "../../db/schema/sermons";
import { users } from "../../db/schema/users";
import { memberPseudonym } from "../../lib/pseudonym";

let t: TTestApp;
beforeAll(async () => {
  t = await createTestApp({}, { runJobs: false });
});

const dataUrl = (bytes: Buffer) => `data:image/png;base64,${bytes.toString("base64")}`;

/** Every text-like column of every table of `public`. */
async function searchableColumns(): Promise<{ table: string; column: string; type: string }[]> {
  const res = await t.db.execute<{ table: string; column: string; type: string }>(sql`
    select c.table_name as "table", c.column_name as "column", c.data_type as "type"
    from information_schema.columns c join information_schema.tables tb
      on tb.table_schema = c.table_schema and tb.table_name = c.table_name
    where c.table_schema = 'public' and tb.table_type = 'BASE TABLE'
      and (c.data_type in ('text', 'character varying', 'jsonb', 'json', 'uuid') or c.udt_name in ('_text', '_uuid'))`);
  return res.rows;
}

/** Where any of `needles` occurs (case-insensitive), as "table.column: row". */
async function findEverywhere(needles: string[]): Promise<string[]> {
  const found: string[] = [];
  for (const { table, column } of await searchableColumns()) {
    for (const needle of needles) {
      const res = await t.db.execute<{ row: string }>(
        sql`select t::text as row from ${sql.identifier(table)} t
            where ${sql.identifier(column)}::text ilike ${`%${needle}%`}`,
      );
      for (const r of res.rows) found.push(`${table}.${column} [${needle}]: ${r.row.slice(0, 300)}`);
    }
  }
  return found;
}

/** Every column that references users(id), with the rows pointing at `id`. */
async function referencesTo(id: string): Promise<Record<string, number>> {
  const res = await t.db.execute<{ tbl: string; col: string }>(sql`
    select cl.relname as tbl, a.attname as col from pg_constraint c
    join pg_class cl on cl.oid = c.conrelid
    join pg_attribute a on a.attrelid = c.conrelid and a.attnum = any(c.conkey)
    where c.contype = 'f' and c.confrelid = 'users'::regclass`);
  const out: Record<string, number> = {};
  for (const { tbl, col } of res.rows) {
    const n = await t.db.execute<{ n: number }>(
      sql`select count(*)::int as n from ${sql.identifier(tbl)} where ${sql.identifier(col)} = ${id}::uuid`,
    );
    out[`${tbl}.${col}`] = n.rows[0].n;
  }
  return out;
}

type TSeeded = TTestChurch & { ruth: TSignedIn; bob: TSignedIn; names: { first: string; last: string } };

/**
 * Ruth, with a unique e-mail and names, and rows of every kind: through the API where a member
 * makes them (so notifications, the feed, points and the audit trail name her as they would), and
 * in the database for the rest.
 */
async function seedRuth(label: string): Promise<TSeeded> {
  const c = await createChurch(t.app, `${label} Chapel`);
  const names = { first: `Ruthzq${label}`, last: `Moabxv${label}` };
  const ruth = await addMember(t.app, c, "GROUP_LEADER", names.first);
  const bob = await addMember(t.app, c, "CONGREGANT", "Bobby");
  const churchId = c.church.id;
  const [ruthId, bobId] = [ruth.user.id, bob.user.id];
  const ok = (res: { status: number; body: unknown }, status = 200) =>
    expect(res.status, JSON.stringify(res.body)).toBe(status);

  ok(
    await ruth.patch("/api/user/profile", { firstName: names.first, lastName: names.last, bio: `${names.first} bio` }),
  );
  ok(await ruth.put("/api/user/avatar", { image: dataUrl(makePng()) }));
  const sermon = await createSermon(c.admin);
  ok(await ruth.post(`/api/sermons/${sermon.id}/watch`, {}));
  const event = await createEvent(c.admin);
  ok(await ruth.post(`/api/events/${event.id}/rsvp`, { isGoing: true }));
  // Her requests, named and anonymous; her "I prayed" on the admin's (which tells the admin her name).
  const named = await ruth.post("/api/prayer-requests", {
    title: "For my job",
    description: "Interview",
    isAnonymous: false,
  });
  ok(named, 201);
  const quiet = await ruth.post("/api/prayer-requests", {
    title: "Quiet one",
    description: "Unsaid",
    isAnonymous: true,
  });
  ok(quiet, 201);
  const admins = await c.admin.post("/api/prayer-requests", {
    title: "Pastor's",
    description: "Rest",
    isAnonymous: false,
  });
  ok(admins, 201);
  ok(await ruth.post(`/api/prayer-requests/${admins.body.id}/pray`, {}));
  ok(await c.admin.post(`/api/prayer-requests/${named.body.id}/pray`, {}));
  // Kudos she sent (approved: Bob is told by her name) and one she received.
  const sent = await ruth.post("/api/kudos", {
    toUserId: bobId,
    type: "volunteer_appreciation",
    category: "service",
    title: "Thanks Bobby",
    message: "For the chairs",
  });
  ok(sent, 201);
  ok(await c.admin.post(`/api/admin/kudos/${sent.body.id}/approve`, {}));
  const got = await bob.post("/api/kudos", {
    toUserId: ruthId,
    type: "volunteer_appreciation",
    category: "service",
    title: `Thank you ${names.first}`,
    message: `${names.first} ${names.last} set up the hall`,
  });
  ok(got, 201);
  ok(await c.admin.post(`/api/admin/kudos/${got.body.id}/approve`, {}));
  ok(await bob.post(`/api/kudos/${got.body.id}/reaction`, { reaction: "heart" }));
  ok(await ruth.post(`/api/kudos/${sent.body.id}/reaction`, { reaction: "star" }));
  const forgot = await t.app.inject({
    method: "POST",
    url: "/api/auth/forgot-password",
    payload: { email: ruth.user.email },
  });
  expect(forgot.statusCode).toBe(202);

  // What no quick request makes: in the database.
  const db = t.db;
  const [hl] = await db
    .insert(sermonHighlights)
    .values({ churchId, sermonId: sermon.id, userId: ruthId, timestamp: 9, text: "Grace", note: `${names.last} note` })
    .returning();
  expect(hl).toBeDefined();
  await db.insert(pushSubscriptions).values({
    churchId,
    userId: ruthId,
    endpoint: `https://push.example/${label}`,
    p256dh: "k",
    auth: "a",
  });
  const [group] = await db
    .insert(groups)
    .values({ churchId, name: `${label} group`, kind: "bible_study", createdBy: ruthId })
    .returning();
  await db.insert(groupMembers).values([
    { groupId: group.id, churchId, userId: ruthId, role: "leader" },
    { groupId: group.id, churchId, userId: bobId, role: "member", seat: 1 },
  ]);
  await db.insert(groupPosts).values({ groupId: group.id, churchId, authorId: ruthId, message: `${names.first} here` });
  await db.insert(groupPrayers).values({
    groupId: group.id,
    churchId,
    authorId: ruthId,
    title: "Group quiet",
    description: "Hm",
    isAnonymous: true,
  });
  const [meeting] = await db
    .insert(groupMeetings)
    .values({ groupId: group.id, churchId, startsAt: new Date("2026-11-01T18:00:00Z") })
    .returning();
  await db.insert(groupAttendance).values([
    { meetingId: meeting.id, churchId, userId: ruthId, present: true, markedBy: ruthId },
    { meetingId: meeting.id, churchId, userId: bobId, present: true, markedBy: ruthId },
  ]);
  const [stream] = await db
    .insert(liveStreams)
    .values({ churchId, title: `${label} live`, startedBy: ruthId })
    .returning();
  await db.insert(liveChatMessages).values({
    churchId,
    streamId: stream.id,
    eventId: event.id,
    userId: ruthId,
    message: `${names.last} says hi`,
    messageType: "chat",
  });
  const [chain] = await db.insert(prayerChains).values({ churchId, weekStart: "2026-11-01" }).returning();
  await db.insert(prayerChainLinks).values([
    { chainId: chain.id, churchId, userId: ruthId, partnerId: bobId, position: 0 },
    { chainId: chain.id, churchId, userId: bobId, partnerId: ruthId, position: 1 },
  ]);
  ok(await ruth.patch("/api/user/preferences", { emailNotifications: false }));
  await db.insert(sermonViews).values({ sermonId: sermon.id, userId: ruthId, day: "2026-11-02" });
  const [bobsHl] = await db
    .insert(sermonHighlights)
    .values({ churchId, sermonId: sermon.id, userId: bobId, timestamp: 5, text: "Hope", isShared: true })
    .returning();
  await db.insert(highlightShares).values({ highlightId: bobsHl.id, userId: ruthId });
  await db.insert(notificationChannels).values({ userId: ruthId, channels: { sermons: { push: true } } });
  await db.insert(onboardingProgress).values({ churchId, userId: ruthId });
  const [other] = await db
    .insert(groups)
    .values({ churchId, name: `${label} other`, kind: "other" })
    .returning();
  await db.insert(groupJoinRequests).values({ groupId: other.id, churchId, userId: ruthId });
  const [gp] = await db
    .insert(groupPrayers)
    .values({ groupId: group.id, churchId, authorId: bobId, title: "Bob's", description: "Hm" })
    .returning();
  await db.insert(groupPrayerPrayed).values({ prayerId: gp.id, churchId, userId: ruthId, day: "2026-11-21" });
  await db.insert(liveModerators).values({ churchId, userId: ruthId });
  await db
    .insert(weeklyActionSteps)
    .values({ churchId, weekOf: "2026-11-01", title: "Serve", description: "Once", createdBy: ruthId });
  await db.insert(emailVerifications).values({ tokenHash: `${label}-verify`, userId: ruthId, expiresAt: new Date() });
  await db.update(kudos).set({ reviewedBy: ruthId }).where(eq(kudos.id, sent.body.id));
  await db.update(events).set({ createdBy: ruthId }).where(eq(events.id, event.id));
  await db.update(sermons).set({ createdBy: ruthId }).where(eq(sermons.id, sermon.id));
  await db.update(invitations).set({ invitedBy: ruthId }).where(eq(invitations.email, bob.user.email));
  await drainJobs(t.app);
  return { ...c, ruth, bob, names };
}

describe("erasing a member", () => {
  it("leaves no trace of them in any table but the pseudonym, and every figure but the member counts stays", async () => {
    const s = await seedRuth("Erase");
    const ruthId = s.ruth.user.id;
    const pseudonym = memberPseudonym(ruthId);
    const needles = [s.ruth.user.email, s.names.first, s.names.last, ruthId];

    // She is everywhere first.
    const refs = await referencesTo(ruthId);
    const covered = Object.entries(refs)
      .filter(([, n]) => n > 0)
      .map(([k]) => k);
    expect(covered.length).toBeGreaterThanOrEqual(35);

    expect((await findEverywhere(needles)).length).toBeGreaterThan(20);

    const statsBefore = (await s.admin.get("/api/admin/stats")).body;
    const growthBefore = (await s.admin.get("/api/analytics/growth")).body;
    // Her watch paid points this week: the series has something to keep.
    expect(growthBefore.weeks.some((w: { points: number }) => w.points > 0)).toBe(true);
    const bobBefore = (await s.bob.get("/api/auth/user")).body.points;
    const [openBefore] = await t.db
      .select({ n: sql<number>`count(*)::int` })
      .from(prayerRequests)
      .where(sql`${prayerRequests.authorId} = ${ruthId} and ${prayerRequests.answeredAt} is null`);

    // A word that only contains her name is not her name: Bob's notification about it stays.
    const [notHers] = await t.db
      .insert(notifications)
      .values({
        churchId: s.church.id,
        userId: s.bob.user.id,
        type: "info",
        kind: "system",
        title: `${s.names.first}ville picnic`,
        message: `See you at ${s.names.last}wood park`,
      })
      .returning({ id: notifications.id });

    const res = await s.admin.post(eraseMemberUrl(ruthId), { reason: "She asked by letter" });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toEqual({ ok: true });
    await drainJobs(t.app);

    // Nothing names her: her e-mail, names and id are nowhere but the pseudonym stands in.
    const gone = await t.db.delete(notifications).where(eq(notifications.id, notHers.id)).returning();
    expect(gone).toHaveLength(1);
    expect(await findEverywhere(needles)).toEqual([]);
    expect(Object.values(await referencesTo(ruthId)).every((n) => n === 0)).toBe(true);

    // The tombstone holds her place, outside every church, with nothing of hers.
    const [tomb] = await t.db.select().from(users).where(eq(users.id, pseudonym));
    expect(tomb).toMatchObject({
      churchId: null,
      firstName: null,
      lastName: null,
      passwordHash: null,
      oidcSubject: null,
      email: `${pseudonym}@erased.invalid`,
    });
    const [erasure] = await t.db.select().from(memberErasures).where(eq(memberErasures.pseudonym, pseudonym));
    expect(erasure).toMatchObject({ churchId: s.church.id, source: "admin" });

    // The figures: member counts change, open requests lose hers, everything else is as it was.
    const statsAfter = (await s.admin.get("/api/admin/stats")).body;
    expect(statsAfter.totalMembers).toBe(statsBefore.totalMembers - 1);
    expect(statsAfter.prayerRequests).toBe(statsBefore.prayerRequests - openBefore.n);
    const memberCounts = ["totalMembers", "activeThisWeek", "newMembersThisMonth", "totalAdmins", "prayerRequests"];
    const rest = (o: Record<string, unknown>) =>
      Object.fromEntries(Object.entries(o).filter(([k]) => !memberCounts.includes(k)));
    expect(rest(statsAfter)).toEqual(rest(statsBefore));
    const growthAfter = (await s.admin.get("/api/analytics/growth")).body;

    expect(stripMemberSeries(growthAfter)).toEqual(stripMemberSeries(growthBefore));
    expect((await s.bob.get("/api/auth/user")).body.points).toBe(bobBefore);

    // Kudos she received stay counted, without the words that named her; those she sent stay hers, nameless.
    const hers = await t.db.select().from(kudos).where(eq(kudos.toUserId, pseudonym));
    expect(hers).toHaveLength(1);
    expect(hers[0]).toMatchObject({ title: "", message: "", status: "approved" });
    expect(await t.db.select().from(kudos).where(eq(kudos.fromUserId, pseudonym))).toHaveLength(1);
    // The group she led stays, leaderless, and the admin is told (naming the group, not her).
    const told = await t.db.execute<{ n: number }>(
      sql`select count(*)::int as n from notifications where user_id = ${s.admin.user.id}::uuid
        and kind = 'group_leaderless'`,
    );
    expect(told.rows[0].n).toBe(1);
    // The stream's message count keeps her message.
    const [stream] = await t.db.select().from(liveStreams).where(eq(liveStreams.churchId, s.church.id));
    expect(stream.expiredMessageCount).toBe(1);

    // One entry records it: the pseudonym and the reason, no request of hers.
    const entries = await findAuditEntries(t.db, s.church.id, "member.erased");
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({ targetId: pseudonym, actorId: s.admin.user.id });
    expect(entries[0].changes).toEqual({ reason: [null, "She asked by letter"] });
    const all = await findAuditEntries(t.db, s.church.id);
    expect(JSON.stringify(all)).not.toContain(ruthId);
    expect(all.some((e) => e.targetId === pseudonym && e.action === "member.joined")).toBe(true);
  });
});

/** The growth series without what counts members (the only figures an erasure may change). */
function stripMemberSeries(body: unknown): unknown {
  return JSON.parse(JSON.stringify(body, (key, value) => (/member|active|total|new/i.test(key) ? undefined : value)));
}
