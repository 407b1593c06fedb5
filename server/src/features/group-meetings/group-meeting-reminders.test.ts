import { and, eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TTestApp } from "../../../test/app";
import { addMember, createChurch, setTimeZone, type TSignedIn, type TTestChurch } from "../../../test/factories";
import { drainJobs } from "../../../test/jobs";
import { notifications } from "../../db/schema/community";
import { groupMeetings, groupMembers, groups } from "../../db/schema/groups";
import { GROUP_REMINDER_HOUR, sendGroupMeetingReminders } from "./group-meeting-reminders";

/**
 * Issue 27: the day before a group meets, its members are reminded once, from GROUP_REMINDER_HOUR
 * in the church's time zone, in their language and under their preferences. The job's run is called
 * at moved clocks (as the week-start tests do), in two time zones across their daylight-saving changes.
 */

let t: TTestApp;
beforeAll(async () => {
  // No job runner: the tests run the reminders themselves, at the clocks they choose.
  t = await createTestApp({}, { runJobs: false });
});

type TWorld = TTestChurch & { groupId: string; leader: TSignedIn; member: TSignedIn; outsider: TSignedIn };

async function world(timeZone: string, meetingDay: number, meetingTime: string, location: string | null) {
  const c = await createChurch(t.app);
  await setTimeZone(c, timeZone);
  const [g] = await t.db
    .insert(groups)
    .values({ churchId: c.church.id, name: "Romans Study", kind: "bible_study", meetingDay, meetingTime, location })
    .returning({ id: groups.id });
  const leader = await addMember(t.app, c, "GROUP_LEADER", "Lea");
  const member = await addMember(t.app, c, "CONGREGANT", "Mem");
  const outsider = await addMember(t.app, c, "CONGREGANT", "Out");
  for (const [who, role] of [
    [leader, "leader"],
    [member, "member"],
  ] as const)
    await t.db.insert(groupMembers).values({ groupId: g.id, churchId: c.church.id, userId: who.user.id, role });
  await drainJobs(t.app);
  return { ...c, groupId: g.id, leader, member, outsider } satisfies TWorld;
}

const remindersOf = (groupId: string) =>
  t.db
    .select({ userId: notifications.userId, title: notifications.title, message: notifications.message })
    .from(notifications)
    .where(and(eq(notifications.kind, "group_meeting_reminder"), eq(notifications.relatedId, groupId)));

const meetingOf = async (groupId: string) =>
  t.db.select().from(groupMeetings).where(eq(groupMeetings.groupId, groupId));

/** One run at `now`, keeping the meetings of `groupId` (the other tests' churches share the database). */
async function run(groupId: string, now: string): Promise<string[]> {
  const sent = await sendGroupMeetingReminders(t.db, new Date(now));
  const ours = new Set((await meetingOf(groupId)).map((m) => m.id));
  return sent.filter((id) => ours.has(id));
}

describe("the day-before reminder", () => {
  it("New York, the Saturday before clocks spring forward: from 09:00 EST, once, to the group's people", async () => {
    // Sunday 8 March 2026 at 10:00 EDT is 14:00Z; Saturday 7 March 09:00 EST is 14:00Z.
    const w = await world("America/New_York", 0, "10:00", "Room 4");
    expect(GROUP_REMINDER_HOUR).toBe(9);
    expect(await run(w.groupId, "2026-03-07T13:50:00Z")).toEqual([]);
    expect(await meetingOf(w.groupId)).toHaveLength(0);

    const sent = await run(w.groupId, "2026-03-07T14:05:00Z");
    const [meeting] = await meetingOf(w.groupId);
    expect(sent).toEqual([meeting.id]);
    expect(meeting.startsAt.toISOString()).toBe("2026-03-08T14:00:00.000Z");
    expect(meeting.remindedAt?.toISOString()).toBe("2026-03-07T14:05:00.000Z");
    // Later runs (and a second process) find it reminded.
    expect(await run(w.groupId, "2026-03-07T14:20:00Z")).toEqual([]);
    expect(await run(w.groupId, "2026-03-07T23:50:00Z")).toEqual([]);

    // Spanish for the member; the leader turned event notifications off.
    expect((await w.member.patch("/api/user/preferences", { language: "es" })).status).toBe(200);
    expect((await w.leader.patch("/api/user/preferences", { eventNotifications: false })).status).toBe(200);
    await drainJobs(t.app);
    const stored = await remindersOf(w.groupId);
    expect(stored).toEqual([
      { userId: w.member.user.id, title: "Romans Study meets tomorrow", message: "Tomorrow at 10:00, Room 4." },
    ]);
    const list = await w.member.get("/api/notifications");
    expect(list.status).toBe(200);
    const mine = list.body.notifications.filter((n: { kind: string }) => n.kind === "group_meeting_reminder");
    expect(mine.map((n: { title: string; message: string }) => [n.title, n.message])).toEqual([
      ["Romans Study se reúne mañana", "Mañana a las 10:00, Room 4."],
    ]);
    expect(
      (await w.outsider.get("/api/notifications")).body.notifications.some(
        (n: { kind: string }) => n.kind === "group_meeting_reminder",
      ),
    ).toBe(false);
  });

  it("Auckland, the Saturday before clocks fall back, and a meeting added one by one", async () => {
    // Sunday 5 April 2026 19:00 NZST (+12) is 07:00Z; Saturday 4 April 09:00 NZDT (+13) is 20:00Z on the 3rd.
    const w = await world("Pacific/Auckland", 0, "19:00", null);
    expect(await run(w.groupId, "2026-04-03T19:55:00Z")).toEqual([]);
    const sent = await run(w.groupId, "2026-04-03T20:05:00Z");
    expect(sent).toHaveLength(1);
    const [pattern] = await meetingOf(w.groupId);
    expect(pattern.startsAt.toISOString()).toBe("2026-04-05T07:00:00.000Z");

    // Monday 6 April 07:30 NZST, added by hand: reminded on Sunday from 09:00 NZST (Saturday 21:00Z).
    const [added] = await t.db
      .insert(groupMeetings)
      .values({ groupId: w.groupId, churchId: w.church.id, startsAt: new Date("2026-04-05T19:30:00Z") })
      .returning({ id: groupMeetings.id });
    expect(await run(w.groupId, "2026-04-04T20:55:00Z")).toEqual([]);
    expect(await run(w.groupId, "2026-04-04T21:05:00Z")).toEqual([added.id]);
    await drainJobs(t.app);
    const stored = await remindersOf(w.groupId);
    expect(stored.map((s) => s.message).sort()).toEqual([
      "Tomorrow at 07:30.",
      "Tomorrow at 07:30.",
      "Tomorrow at 19:00.",
      "Tomorrow at 19:00.",
    ]);
    expect(new Set(stored.map((s) => s.userId))).toEqual(new Set([w.leader.user.id, w.member.user.id]));
  });

  it("an archived group and a group without a meeting pattern are not reminded", async () => {
    const w = await world("UTC", 3, "18:00", null);
    await t.db.update(groups).set({ archivedAt: new Date() }).where(eq(groups.id, w.groupId));
    const [free] = await t.db
      .insert(groups)
      .values({ churchId: w.church.id, name: "No pattern", kind: "other" })
      .returning({ id: groups.id });
    // Tuesday 7 April 2026, 10:00 UTC: Wednesday's meeting would be tomorrow.
    expect(await run(w.groupId, "2026-04-07T10:00:00Z")).toEqual([]);
    expect(await run(free.id, "2026-04-07T10:15:00Z")).toEqual([]);
    const rows = await t.db.select().from(groupMeetings).where(eq(groupMeetings.churchId, w.church.id));
    expect(rows).toEqual([]);
  });
});
