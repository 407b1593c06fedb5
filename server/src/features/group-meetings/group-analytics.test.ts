import { ACTIVE_WINDOW_DAYS } from "@common/analytics";
import { GROUP_ANALYTICS_WEEKS, GROUP_QUIET_WEEKS } from "@common/group-helpers";
import { ZGroupAnalytics } from "@common/group-meetings";
import { and, eq, gte } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TTestApp } from "../../../test/app";
import { addMember, createChurch, setTimeZone, type TSignedIn } from "../../../test/factories";
import { groupMembers, groups } from "../../db/schema/groups";
import { pointsLedger } from "../../db/schema/points";
import { users } from "../../db/schema/users";
import { weekKey } from "../../lib/points";
import { startOfWeek } from "../../lib/time";

/**
 * Issue 27: the admins' group analytics. Every expectation is computed from what the test set up
 * (who is in which group, who was seen when, which marks were made at which meeting).
 */

let t: TTestApp;
beforeAll(async () => {
  t = await createTestApp();
});

const DAY_MS = 86_400_000;
const TIME_ZONE = "America/Chicago";

describe("GET /api/admin/analytics/groups", () => {
  it("counts groups and members, the active in none, attendance per church week and the quiet groups", async () => {
    const c = await createChurch(t.app);
    await setTimeZone(c, TIME_ZONE);
    const made = new Date(Date.now() - 60 * DAY_MS);
    const group = async (name: string, over: Partial<typeof groups.$inferInsert> = {}) =>
      (
        await t.db
          .insert(groups)
          .values({ churchId: c.church.id, name, kind: "bible_study", createdAt: made, ...over })
          .returning({ id: groups.id })
      )[0].id;
    const weekday = ((Date.now() / DAY_MS + 4 + 3) % 7) | 0; // any day: three days after today's (UTC)
    const met = await group("Alpha", { meetingDay: weekday, meetingTime: "12:00" });
    const quiet = await group("Beta", { meetingDay: weekday, meetingTime: "12:00" });
    const archived = await group("Gamma", { archivedAt: new Date() });

    const leader = await addMember(t.app, c, "GROUP_LEADER", "Lea");
    const [a, b, d, e] = [
      await addMember(t.app, c, "CONGREGANT", "A"),
      await addMember(t.app, c, "CONGREGANT", "B"),
      await addMember(t.app, c, "CONGREGANT", "D"),
      await addMember(t.app, c, "CONGREGANT", "E"),
    ];
    const placed: [string, TSignedIn, string][] = [
      [met, leader, "leader"],
      [met, a, "member"],
      [quiet, b, "member"],
      [archived, d, "member"],
    ];
    for (const [groupId, who, role] of placed)
      await t.db.insert(groupMembers).values({ groupId, churchId: c.church.id, userId: who.user.id, role });
    // E was last seen long ago; everyone else is seen now by their requests.
    await t.db
      .update(users)
      .set({ lastActiveAt: new Date(Date.now() - (ACTIVE_WINDOW_DAYS + 5) * DAY_MS) })
      .where(eq(users.id, e.user.id));

    // Attendance at Alpha's past meetings: the leader at all of them, A at every other one.
    const meetings = (await leader.get(`/api/groups/${met}/meetings`)).body.past as { startsAt: string }[];
    expect(meetings.length).toBeGreaterThan(4);
    const marks: { startsAt: string; present: boolean }[] = [];
    for (const [i, m] of meetings.entries())
      for (const [who, present] of [
        [leader, true],
        [a, i % 2 === 0],
      ] as const) {
        const res = await leader.put(`/api/groups/${met}/meetings/attendance`, {
          startsAt: m.startsAt,
          userId: who.user.id,
          present,
        });
        expect(res.status, JSON.stringify(res.body)).toBe(200);
        marks.push({ startsAt: m.startsAt, present });
      }

    const res = await c.admin.get("/api/admin/analytics/groups");
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const got = ZGroupAnalytics.parse(res.body);

    const people = await t.db
      .select({ id: users.id, lastActiveAt: users.lastActiveAt })
      .from(users)
      .where(eq(users.churchId, c.church.id));
    const liveGroupIds = new Set([met, quiet]);
    const inLive = new Set(placed.filter(([g]) => liveGroupIds.has(g)).map(([, who]) => who.user.id));
    const activeSince = Date.now() - ACTIVE_WINDOW_DAYS * DAY_MS;
    // Points earned this church week count as active too (growth analytics' definition).
    const paidThisWeek = new Set(
      (
        await t.db
          .selectDistinct({ id: pointsLedger.userId })
          .from(pointsLedger)
          .where(
            and(
              eq(pointsLedger.churchId, c.church.id),
              gte(pointsLedger.createdAt, startOfWeek(new Date(), TIME_ZONE)),
            ),
          )
      ).map((r) => r.id),
    );
    const active = people.filter(
      (p) => (p.lastActiveAt && p.lastActiveAt.getTime() >= activeSince) || paidThisWeek.has(p.id),
    );
    expect(got.groups).toBe(liveGroupIds.size);
    expect(got.membersInGroups).toBe(inLive.size);
    expect(got.activeMembers).toBe(active.length);
    expect(got.activeInNoGroup).toBe(active.filter((p) => !inLive.has(p.id)).length);
    expect(got.activeInNoGroupShare).toBeCloseTo(got.activeInNoGroup / got.activeMembers, 10);

    const weeks = Array.from({ length: GROUP_ANALYTICS_WEEKS }, (_, i) =>
      weekKey({ timeZone: TIME_ZONE }, new Date(Date.now() - 7 * (GROUP_ANALYTICS_WEEKS - 1 - i) * DAY_MS)),
    );
    const expected = weeks.map((weekStart) => ({
      weekStart,
      present: marks.filter((m) => m.present && weekKey({ timeZone: TIME_ZONE }, new Date(m.startsAt)) === weekStart)
        .length,
    }));
    expect(got.attendanceByWeek).toEqual(expected);

    const latest = meetings[0].startsAt;
    const isRecent = Date.parse(latest) >= Date.now() - GROUP_QUIET_WEEKS * 7 * DAY_MS;
    expect(got.quietGroups).toEqual([
      ...(isRecent ? [] : [{ id: met, name: "Alpha", lastMeetingAt: latest }]),
      { id: quiet, name: "Beta", lastMeetingAt: null },
    ]);
  });

  it("is for admins only, and each church sees its own", async () => {
    const c = await createChurch(t.app);
    const leader = await addMember(t.app, c, "GROUP_LEADER");
    const member = await addMember(t.app, c);
    const [g] = await t.db
      .insert(groups)
      .values({ churchId: c.church.id, name: "Own", kind: "youth" })
      .returning({ id: groups.id });
    await t.db
      .insert(groupMembers)
      .values({ groupId: g.id, churchId: c.church.id, userId: leader.user.id, role: "leader" });
    for (const who of [leader, member]) expect((await who.get("/api/admin/analytics/groups")).status).toBe(403);
    const b = await createChurch(t.app);
    const other = ZGroupAnalytics.parse((await b.admin.get("/api/admin/analytics/groups")).body);
    expect(other).toMatchObject({ groups: 0, membersInGroups: 0, quietGroups: [] });
    expect(other.attendanceByWeek.every((w) => w.present === 0)).toBe(true);
    const own = ZGroupAnalytics.parse((await c.admin.get("/api/admin/analytics/groups")).body);
    expect(own).toMatchObject({
      groups: 1,
      membersInGroups: 1,
      quietGroups: [{ id: g.id, name: "Own", lastMeetingAt: null }],
    });
  });
});
