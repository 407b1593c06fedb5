import {
  GROUP_PAST_MEETINGS,
  GROUP_UPCOMING_MEETINGS,
  type TGroupMeetings,
  ZGroupMeetings,
  ZMeetingAttendance,
} from "@common/group-meetings";
import { POINTS } from "@common/points";
import { and, eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TTestApp } from "../../../test/app";
import { addMember, createChurch, setTimeZone, type TSignedIn, type TTestChurch } from "../../../test/factories";
import { drainJobs } from "../../../test/jobs";
import { groupAttendance, groupMeetings, groupMembers, groups } from "../../db/schema/groups";
import { pointsLedger } from "../../db/schema/points";
import { users } from "../../db/schema/users";

/**
 * Issue 27: a group's meetings (pattern in the church's time zone, added one by one), one-tap
 * attendance with its points, and who may see and do what (lib/group-access.ts).
 */

let t: TTestApp;
beforeAll(async () => {
  t = await createTestApp();
});

const DAY_MS = 86_400_000;
const UUID = "00000000-0000-4000-8000-000000000000";

/** A group straight in the database (the groups feature's own routes are tested there). */
async function makeGroup(t: TTestApp, c: TTestChurch, over: Partial<typeof groups.$inferInsert> = {}): Promise<string> {
  const [g] = await t.db
    .insert(groups)
    .values({
      churchId: c.church.id,
      name: `Group ${Math.random().toString(36).slice(2, 7)}`,
      kind: "bible_study",
      ...over,
    })
    .returning({ id: groups.id });
  return g.id;
}

async function putInGroup(t: TTestApp, c: TTestChurch, groupId: string, who: TSignedIn, role = "member") {
  await t.db.insert(groupMembers).values({ groupId, churchId: c.church.id, userId: who.user.id, role });
}

type TWorld = TTestChurch & {
  groupId: string;
  otherGroupId: string;
  leader: TSignedIn;
  member: TSignedIn;
  outsider: TSignedIn;
  otherLeader: TSignedIn;
};

/** A church with a group meeting every `day` at `time`, made 30 days ago, its leader and a member; another group and its leader. */
async function world(day: number, time = "19:30", timeZone = "UTC"): Promise<TWorld> {
  const c = await createChurch(t.app);
  await setTimeZone(c, timeZone);
  const createdAt = new Date(Date.now() - 30 * DAY_MS);
  const groupId = await makeGroup(t, c, { meetingDay: day, meetingTime: time, createdAt, location: "Room 4" });
  const otherGroupId = await makeGroup(t, c, { meetingDay: day, meetingTime: time, createdAt });
  const [leader, member, outsider, otherLeader] = [
    await addMember(t.app, c, "GROUP_LEADER", "Lea"),
    await addMember(t.app, c, "CONGREGANT", "Mem"),
    await addMember(t.app, c, "CONGREGANT", "Out"),
    await addMember(t.app, c, "GROUP_LEADER", "Oth"),
  ];
  await putInGroup(t, c, groupId, leader, "leader");
  await putInGroup(t, c, groupId, member);
  await putInGroup(t, c, otherGroupId, otherLeader, "leader");
  return { ...c, groupId, otherGroupId, leader, member, outsider, otherLeader };
}

const weekdayToday = () => new Date().getUTCDay();

async function meetingsOf(who: TSignedIn, groupId: string): Promise<TGroupMeetings> {
  const res = await who.get(`/api/groups/${groupId}/meetings`);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return ZGroupMeetings.parse(res.body);
}

describe("GET /api/groups/{id}/meetings", () => {
  it("lists the next meetings from the pattern (church time) and the past ones since the group began", async () => {
    const w = await world((weekdayToday() + 3) % 7, "19:30", "America/New_York");
    const list = await meetingsOf(w.member, w.groupId);
    expect(list.upcoming).toHaveLength(GROUP_UPCOMING_MEETINGS);
    // 30 days back: four or five weekly meetings, never one before the group existed.
    expect(list.past.length).toBeGreaterThanOrEqual(4);
    expect(list.past.length).toBeLessThanOrEqual(Math.min(5, GROUP_PAST_MEETINGS));
    const local = new Intl.DateTimeFormat("en-US", {
      timeZone: "America/New_York",
      weekday: "short",
      hour: "2-digit",
      minute: "2-digit",
      hourCycle: "h23",
    });
    for (const m of [...list.upcoming, ...list.past]) {
      expect(local.format(new Date(m.startsAt))).toMatch(/19:30$/);
      expect(m).toMatchObject({ id: null, isRegular: true, present: 0, absent: 0, mine: null });
    }
    const starts = list.upcoming.map((m) => Date.parse(m.startsAt));
    expect(starts).toEqual([...starts].sort((a, b) => a - b));
    expect(list.upcoming[0].canMark).toBe(false);
    expect(list.past.every((m) => m.canMark)).toBe(true);
  });

  it("keeps 19:30 local across a daylight-saving change (the UTC instant moves by the hour)", async () => {
    const { nextPatternStarts } = await import("./meeting-pattern");
    // New York springs forward on Sunday 8 March 2026: Tuesday 3 March is EST, Tuesday 10 March EDT.
    const starts = nextPatternStarts(
      { meetingDay: 2, meetingTime: "19:30" },
      "America/New_York",
      new Date("2026-03-01T12:00:00Z"),
      2,
    );
    expect(starts.map((d) => d.toISOString())).toEqual(["2026-03-04T00:30:00.000Z", "2026-03-10T23:30:00.000Z"]);
    // Auckland falls back on Sunday 5 April 2026: 18:00 is 05:00Z before (NZDT), 06:00Z after (NZST).
    const nz = nextPatternStarts(
      { meetingDay: 0, meetingTime: "18:00" },
      "Pacific/Auckland",
      new Date("2026-03-28T00:00:00Z"),
      3,
    );
    expect(nz.map((d) => d.toISOString())).toEqual([
      "2026-03-29T05:00:00.000Z",
      "2026-04-05T06:00:00.000Z",
      "2026-04-12T06:00:00.000Z",
    ]);
  });

  it("is for the group's members, leaders and admins: others 403, another church 404", async () => {
    const w = await world(1);
    for (const who of [w.member, w.leader, w.admin])
      expect((await who.get(`/api/groups/${w.groupId}/meetings`)).status).toBe(200);
    for (const who of [w.outsider, w.otherLeader]) {
      const res = await who.get(`/api/groups/${w.groupId}/meetings`);
      expect(res.status).toBe(403);
      expect(res.body.message).toBeTruthy();
    }
    const b = await createChurch(t.app);
    expect((await b.admin.get(`/api/groups/${w.groupId}/meetings`)).status).toBe(404);
    expect((await w.member.get(`/api/groups/${UUID}/meetings`)).status).toBe(404);
    expect((await w.member.get("/api/groups/not-a-group/meetings")).status).toBe(404);
    const [archived] = await t.db
      .update(groups)
      .set({ archivedAt: new Date() })
      .where(eq(groups.id, w.otherGroupId))
      .returning({ id: groups.id });
    expect((await w.admin.get(`/api/groups/${archived.id}/meetings`)).status).toBe(404);
  });
});

describe("POST /api/groups/{id}/meetings", () => {
  it("adds a meeting for the group's leaders and admins; it shows among the upcoming ones", async () => {
    const w = await world(weekdayToday());
    const at = new Date(Date.now() + 2 * DAY_MS);
    at.setUTCHours(8, 15, 0, 0);
    const res = await w.leader.post(`/api/groups/${w.groupId}/meetings`, {
      startsAt: at.toISOString(),
      note: " Picnic ",
    });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(res.body).toMatchObject({ startsAt: at.toISOString(), note: "Picnic", isRegular: false, canMark: false });
    expect(res.body.id).toMatch(/^[0-9a-f-]{36}$/);
    const list = await meetingsOf(w.member, w.groupId);
    expect(list.upcoming.map((m) => m.startsAt)).toContain(at.toISOString());
    expect(list.upcoming).toHaveLength(GROUP_UPCOMING_MEETINGS);
    // The same start again: one meeting per group and start.
    const again = await w.admin.post(`/api/groups/${w.groupId}/meetings`, { startsAt: at.toISOString() });
    expect(again.status).toBe(409);
    const later = new Date(at.getTime() + 3_600_000).toISOString();
    expect((await w.admin.post(`/api/groups/${w.groupId}/meetings`, { startsAt: later })).status).toBe(201);
  });

  it("refuses members, other groups' leaders, another church and bad input", async () => {
    const w = await world(2);
    const startsAt = new Date(Date.now() + DAY_MS).toISOString();
    for (const who of [w.member, w.otherLeader, w.outsider])
      expect((await who.post(`/api/groups/${w.groupId}/meetings`, { startsAt })).status).toBe(403);
    const b = await createChurch(t.app);
    expect((await b.admin.post(`/api/groups/${w.groupId}/meetings`, { startsAt })).status).toBe(404);
    for (const body of [
      {},
      { startsAt: "tomorrow" },
      { startsAt, note: "x".repeat(501) },
      { startsAt, extra: true },
      { startsAt: new Date(Date.now() + 400 * DAY_MS).toISOString() },
    ]) {
      const res = await w.leader.post(`/api/groups/${w.groupId}/meetings`, body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.message).toBeTruthy();
    }
    const rows = await t.db.select().from(groupMeetings).where(eq(groupMeetings.groupId, w.groupId));
    expect(rows).toHaveLength(0);
  });
});

describe("attendance", () => {
  async function lastPast(w: TWorld) {
    const list = await meetingsOf(w.leader, w.groupId);
    return list.past[0].startsAt;
  }
  const pointsOf = async (who: TSignedIn) =>
    (await t.db.select({ points: users.points }).from(users).where(eq(users.id, who.user.id)))[0].points;
  const ledgerOf = (who: TSignedIn) =>
    t.db
      .select()
      .from(pointsLedger)
      .where(and(eq(pointsLedger.userId, who.user.id), eq(pointsLedger.kind, "group_attendance")));

  it("one tap marks a person; the pattern meeting becomes a row; present pays once, absent takes it back", async () => {
    const w = await world((weekdayToday() + 5) % 7);
    const startsAt = await lastPast(w);
    const before = await pointsOf(w.member);
    const put = (present: boolean, who = w.leader) =>
      who.put(`/api/groups/${w.groupId}/meetings/attendance`, { startsAt, userId: w.member.user.id, present });

    const first = await put(true);
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    expect(first.body).toMatchObject({
      userId: w.member.user.id,
      present: true,
      pointsAwarded: POINTS.groupAttendance,
    });
    const meetingId = first.body.meetingId;
    expect(await pointsOf(w.member)).toBe(before + POINTS.groupAttendance);
    // A second tap, or an admin's: nothing more.
    expect((await put(true, w.admin)).body.pointsAwarded).toBe(0);
    expect(await pointsOf(w.member)).toBe(before + POINTS.groupAttendance);
    // Corrected to absent: the award goes; present again: paid again, never twice at once.
    expect((await put(false)).body).toMatchObject({ present: false, pointsAwarded: 0 });
    expect(await pointsOf(w.member)).toBe(before);
    expect(await ledgerOf(w.member)).toHaveLength(0);
    expect((await put(true)).body.pointsAwarded).toBe(POINTS.groupAttendance);
    expect(await pointsOf(w.member)).toBe(before + POINTS.groupAttendance);
    expect(await ledgerOf(w.member)).toHaveLength(1);
    expect((await ledgerOf(w.member))[0].key).toBe(meetingId);
    // Recent Activity names the group.
    const activity = await w.member.get("/api/user/activity");
    expect(activity.status).toBe(200);
    const attended = activity.body.filter((i: { kind: string }) => i.kind === "group_attendance");
    expect(attended).toHaveLength(1);
    expect(attended[0]).toMatchObject({ points: POINTS.groupAttendance });
    expect(attended[0].label).toMatch(/^Attended “Group \w+”$/);

    // The leader marks themself absent: the member sees their own mark and the counts.
    await w.leader.put(`/api/groups/${w.groupId}/meetings/attendance`, {
      startsAt,
      userId: w.leader.user.id,
      present: false,
    });
    const mine = (await meetingsOf(w.member, w.groupId)).past[0];
    expect(mine).toMatchObject({ id: meetingId, startsAt, present: 1, absent: 1, mine: true });
    expect((await meetingsOf(w.leader, w.groupId)).past[0].mine).toBe(false);

    const roll = await w.leader.get(
      `/api/groups/${w.groupId}/meetings/attendance?startsAt=${encodeURIComponent(startsAt)}`,
    );
    expect(roll.status, JSON.stringify(roll.body)).toBe(200);
    const parsed = ZMeetingAttendance.parse(roll.body);
    expect(parsed.people.map((p) => [p.userId, p.role, p.present])).toEqual([
      [w.leader.user.id, "leader", false],
      [w.member.user.id, "member", true],
    ]);
    const rows = await t.db.select().from(groupMeetings).where(eq(groupMeetings.groupId, w.groupId));
    expect(rows).toHaveLength(1);
    const marks = await t.db.select().from(groupAttendance).where(eq(groupAttendance.meetingId, meetingId));
    expect(marks).toHaveLength(2);
  });

  it("is the group's leaders' and admins': members and other leaders 403, another church 404", async () => {
    const w = await world((weekdayToday() + 1) % 7);
    const startsAt = await lastPast(w);
    const body = { startsAt, userId: w.member.user.id, present: true };
    for (const who of [w.member, w.otherLeader, w.outsider]) {
      expect((await who.put(`/api/groups/${w.groupId}/meetings/attendance`, body)).status).toBe(403);
      expect(
        (await who.get(`/api/groups/${w.groupId}/meetings/attendance?startsAt=${encodeURIComponent(startsAt)}`)).status,
      ).toBe(403);
    }
    const b = await createChurch(t.app);
    const bMember = await addMember(t.app, b);
    expect((await b.admin.put(`/api/groups/${w.groupId}/meetings/attendance`, body)).status).toBe(404);
    expect(
      (await b.admin.get(`/api/groups/${w.groupId}/meetings/attendance?startsAt=${encodeURIComponent(startsAt)}`))
        .status,
    ).toBe(404);
    // Church B's member cannot be marked in church A's group.
    const cross = await w.admin.put(`/api/groups/${w.groupId}/meetings/attendance`, {
      ...body,
      userId: bMember.user.id,
    });
    expect(cross.status).toBe(400);
    expect(await t.db.select().from(groupAttendance).where(eq(groupAttendance.userId, w.member.user.id))).toHaveLength(
      0,
    );
  });

  it("refuses a person outside the group, a time the group does not meet, a later day's meeting and bad input", async () => {
    const w = await world((weekdayToday() + 2) % 7);
    const list = await meetingsOf(w.leader, w.groupId);
    const url = `/api/groups/${w.groupId}/meetings/attendance`;
    const startsAt = list.past[0].startsAt;
    const cases: [unknown, string][] = [
      [{ startsAt, userId: w.outsider.user.id, present: true }, "userId"],
      [
        { startsAt: new Date(Date.parse(startsAt) + 60_000).toISOString(), userId: w.member.user.id, present: true },
        "startsAt",
      ],
      [{ startsAt: list.upcoming[0].startsAt, userId: w.member.user.id, present: true }, "startsAt"],
      [{ startsAt, userId: "someone", present: true }, "userId"],
      [{ startsAt, userId: w.member.user.id, present: "yes" }, "present"],
      [{ startsAt: "last week", userId: w.member.user.id, present: true }, "startsAt"],
    ];
    for (const [body, field] of cases) {
      const res = await w.leader.put(url, body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.message).toBeTruthy();
      expect(res.body.field ?? res.body.errors?.[0]?.path, JSON.stringify(res.body)).toBe(field);
    }
    const bad = await w.leader.get(`${url}?startsAt=soon`);
    expect(bad.status).toBe(400);
    expect(await t.db.select().from(groupMeetings).where(eq(groupMeetings.groupId, w.groupId))).toHaveLength(0);
  });

  it("today's meeting can be marked before it starts; the event reaches the queue", async () => {
    const w = await world(weekdayToday(), "23:59");
    const today = (await meetingsOf(w.leader, w.groupId)).upcoming[0];
    expect(today.canMark).toBe(true);
    const res = await w.leader.put(`/api/groups/${w.groupId}/meetings/attendance`, {
      startsAt: today.startsAt,
      userId: w.member.user.id,
      present: true,
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    await drainJobs(t.app);
  });
});
