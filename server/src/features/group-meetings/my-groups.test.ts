import { MY_GROUPS_MAX, type TMyGroup, ZMyGroup } from "@common/group-meetings";
import { type TGroup, ZGroup } from "@common/groups";
import { getZonedParts } from "@common/time";
import { beforeAll, describe, expect, it } from "vitest";
import { Caller, createTestApp, type TTestApp } from "../../../test/app";
import { addMember, createChurch, setTimeZone, type TSignedIn, type TTestChurch } from "../../../test/factories";
import { groupMembers, groups } from "../../db/schema/groups";

/**
 * Issue 27, dashboards: `GET /api/groups/mine` (the member's groups with their next meeting, the
 * leader's waiting requests) and the admin's "Group Leaders", which leading a group now grants.
 */

let t: TTestApp;
beforeAll(async () => {
  t = await createTestApp();
});

const DAY_MS = 86_400_000;

const groupBody = (over: Record<string, unknown> = {}) => ({
  name: "Tuesday Bible Study",
  kind: "bible_study",
  meetingDay: 2,
  meetingTime: "19:30",
  location: "Room 4",
  joinPolicy: "open",
  visibility: "listed",
  ...over,
});

async function makeGroup(c: TTestChurch, over: Record<string, unknown> = {}): Promise<TGroup> {
  const res = await c.admin.post("/api/groups", groupBody(over));
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return ZGroup.parse(res.body);
}

async function mine(who: Caller): Promise<TMyGroup[]> {
  const res = await who.get("/api/groups/mine");
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return ZMyGroup.array().parse(res.body);
}

type TWorld = TTestChurch & {
  leader: TSignedIn;
  member: TSignedIn;
  asker: TSignedIn;
  otherLeader: TSignedIn;
  congregant: TSignedIn;
  study: TGroup;
  youth: TGroup;
};

/** A church with a by-request study (led by `leader`, `member` in it, `asker` waiting) and another leader's open youth group. */
async function world(): Promise<TWorld> {
  const c = await createChurch(t.app);
  const [leader, member, asker, otherLeader, congregant] = [
    await addMember(t.app, c, "CONGREGANT", "Lea"),
    await addMember(t.app, c, "CONGREGANT", "Mem"),
    await addMember(t.app, c, "CONGREGANT", "Ask"),
    await addMember(t.app, c, "CONGREGANT", "Oth"),
    await addMember(t.app, c, "CONGREGANT", "Con"),
  ];
  const study = await makeGroup(c, { name: "Study", joinPolicy: "request", leaderIds: [leader.user.id] });
  const youth = await makeGroup(c, {
    name: "Youth",
    kind: "youth",
    meetingDay: null,
    meetingTime: null,
    leaderIds: [otherLeader.user.id],
  });
  expect((await member.post(`/api/groups/${study.id}/join`)).body).toEqual({ membership: "requested" });
  expect((await leader.post(`/api/groups/${study.id}/requests/${member.user.id}/approve`)).status).toBe(204);
  expect((await asker.post(`/api/groups/${study.id}/join`)).body).toEqual({ membership: "requested" });
  return { ...c, leader, member, asker, otherLeader, congregant, study, youth };
}

describe("GET /api/groups/mine", () => {
  it("answers each caller their own groups: nothing for a congregant in none, a request or an admin outside", async () => {
    const w = await world();
    expect(await mine(w.congregant)).toEqual([]);
    expect(await mine(w.asker)).toEqual([]);
    expect(await mine(w.admin)).toEqual([]);

    const [asMember] = await mine(w.member);
    expect(asMember).toMatchObject({
      id: w.study.id,
      name: "Study",
      kind: "bible_study",
      location: "Room 4",
      membership: "member",
      pendingRequests: null,
    });
    expect(asMember.nextMeetingAt).not.toBeNull();
    expect(await mine(w.member)).toHaveLength(1);

    // The leader of this group sees who waits; the leader of another group sees only theirs.
    expect(await mine(w.leader)).toEqual([{ ...asMember, membership: "leader", pendingRequests: 1 }]);
    expect(await mine(w.otherLeader)).toEqual([
      {
        id: w.youth.id,
        name: "Youth",
        kind: "youth",
        location: "Room 4",
        membership: "leader",
        nextMeetingAt: null,
        pendingRequests: 0,
      },
    ]);

    // Answered, the request no longer counts; an admin who joins sees the group as a member.
    expect((await w.leader.post(`/api/groups/${w.study.id}/requests/${w.asker.user.id}/decline`)).status).toBe(204);
    expect((await mine(w.leader))[0].pendingRequests).toBe(0);
    expect((await w.admin.post(`/api/groups/${w.youth.id}/join`)).body).toEqual({ membership: "member" });
    expect((await mine(w.admin)).map((g) => [g.name, g.membership, g.pendingRequests])).toEqual([
      ["Youth", "member", null],
    ]);
  });

  it("a group the member leaves or an admin archives is gone from it", async () => {
    const w = await world();
    expect((await w.member.post(`/api/groups/${w.youth.id}/join`)).status).toBe(200);
    expect((await mine(w.member)).map((g) => g.name)).toEqual(["Study", "Youth"]);
    expect((await w.admin.delete(`/api/groups/${w.study.id}`)).status).toBe(204);
    expect((await mine(w.member)).map((g) => g.name)).toEqual(["Youth"]);
    expect(await mine(w.leader)).toEqual([]);
    expect((await w.member.post(`/api/groups/${w.youth.id}/leave`)).status).toBe(204);
    expect(await mine(w.member)).toEqual([]);
  });

  it("holds only the caller's church's groups, and a request from another church's member is not counted", async () => {
    const a = await world();
    const b = await world();
    expect((await mine(a.member)).map((g) => g.id)).toEqual([a.study.id]);
    expect((await mine(b.member)).map((g) => g.id)).toEqual([b.study.id]);
    // Church B's member cannot ask to join A's group (404), so A's leader still counts one.
    expect((await b.congregant.post(`/api/groups/${a.study.id}/join`)).status).toBe(404);
    expect((await mine(a.leader))[0].pendingRequests).toBe(1);
  });

  it("refuses a signed-out caller (401) and ignores stray query words", async () => {
    const w = await world();
    expect((await new Caller(t.app).get("/api/groups/mine")).status).toBe(401);
    const res = await w.member.get("/api/groups/mine?limit=abc&id=x");
    expect(res.status).toBe(200);
    expect(res.body).toHaveLength(1);
  });

  it("lists at most MY_GROUPS_MAX groups, soonest next meeting first, those with none last", async () => {
    const c = await createChurch(t.app);
    const m = await addMember(t.app, c, "CONGREGANT", "Many");
    const today = new Date().getUTCDay();
    const rows = await t.db
      .insert(groups)
      .values(
        Array.from({ length: MY_GROUPS_MAX + 1 }, (_, i) => ({
          churchId: c.church.id,
          name: `G${String(i).padStart(2, "0")}`,
          kind: "other",
          // G00 has no meeting; the others meet on days counting down from six days ahead.
          meetingDay: i === 0 ? null : (today + 7 - (i % 7)) % 7,
          meetingTime: i === 0 ? null : "23:59",
        })),
      )
      .returning({ id: groups.id });
    await t.db
      .insert(groupMembers)
      .values(rows.map((g) => ({ groupId: g.id, churchId: c.church.id, userId: m.user.id, role: "member" })));
    const list = await mine(m);
    expect(list).toHaveLength(MY_GROUPS_MAX);
    const starts = list.flatMap((g) => (g.nextMeetingAt ? [Date.parse(g.nextMeetingAt)] : []));
    expect(starts).toEqual([...starts].sort((x, y) => x - y));
    expect(list.at(-1)).toMatchObject({ name: "G00", nextMeetingAt: null });
  });
});

describe("the next meeting, in the church's time zone", () => {
  const ZONE = "Pacific/Auckland";
  const localWeekday = (at: Date) => {
    const p = getZonedParts(at, ZONE);
    return new Date(Date.UTC(p.year, p.month - 1, p.day)).getUTCDay();
  };

  it("is the pattern's next start at its local day and time, the same as the group's page", async () => {
    const c = await createChurch(t.app);
    await setTimeZone(c, ZONE);
    const leader = await addMember(t.app, c, "CONGREGANT", "Lea");
    const now = new Date();
    const day = (localWeekday(now) + 3) % 7;
    const g = await makeGroup(c, { meetingDay: day, meetingTime: "19:30", leaderIds: [leader.user.id] });
    const [mineNow] = await mine(leader);
    const next = new Date(mineNow.nextMeetingAt as string);
    const p = getZonedParts(next, ZONE);
    expect([localWeekday(next), p.hour, p.minute]).toEqual([day, 19, 30]);
    expect(next.getTime()).toBeGreaterThan(now.getTime() + 2 * DAY_MS);
    expect(next.getTime()).toBeLessThan(now.getTime() + 4 * DAY_MS);
    const page = await leader.get(`/api/groups/${g.id}/meetings`);
    expect(page.body.upcoming[0].startsAt).toBe(mineNow.nextMeetingAt);
  });

  it("skips today's meeting once it has started, and takes a sooner meeting added one by one", async () => {
    const c = await createChurch(t.app);
    await setTimeZone(c, ZONE);
    const leader = await addMember(t.app, c, "CONGREGANT", "Lea");
    const now = new Date();
    // Today at midnight (church time): already started, so the next is a week on.
    const g = await makeGroup(c, { meetingDay: localWeekday(now), meetingTime: "00:00", leaderIds: [leader.user.id] });
    const weekOn = new Date((await mine(leader))[0].nextMeetingAt as string);
    expect(weekOn.getTime()).toBeGreaterThan(now.getTime() + 6 * DAY_MS);
    expect(localWeekday(weekOn)).toBe(localWeekday(now));

    // A meeting added for tomorrow comes first; one added in the past does not.
    const soon = new Date(now.getTime() + DAY_MS);
    soon.setUTCSeconds(0, 0);
    const past = new Date(now.getTime() - DAY_MS);
    past.setUTCSeconds(0, 0);
    for (const at of [soon, past]) {
      const res = await leader.post(`/api/groups/${g.id}/meetings`, { startsAt: at.toISOString() });
      expect(res.status, JSON.stringify(res.body)).toBe(201);
    }
    expect((await mine(leader))[0].nextMeetingAt).toBe(soon.toISOString());
  });
});

describe("the admin's Group Leaders", () => {
  const leadersOf = async (c: TTestChurch) => {
    const res = await c.admin.get("/api/admin/members");
    expect(res.status).toBe(200);
    return (res.body as { id: string; role: string }[]).filter((m) => m.role === "GROUP_LEADER").map((m) => m.id);
  };

  it("counts a congregant named leader through POST /api/groups, who keeps the role after leading no group", async () => {
    const c = await createChurch(t.app);
    const [lea, ned] = [await addMember(t.app, c, "CONGREGANT", "Lea"), await addMember(t.app, c, "CONGREGANT", "Ned")];
    expect(await leadersOf(c)).toEqual([]);
    const g = await makeGroup(c, { leaderIds: [lea.user.id] });
    expect(await leadersOf(c)).toEqual([lea.user.id]);

    // Another leader named in her place: both are Group Leaders. Nobody is demoted for leading no
    // group (the role may have come from an admin or an invitation as well as from leading).
    expect((await c.admin.patch(`/api/groups/${g.id}`, { leaderIds: [ned.user.id] })).status).toBe(200);
    expect((await leadersOf(c)).sort()).toEqual([lea.user.id, ned.user.id].sort());
    expect(await mine(lea)).toMatchObject([{ id: g.id, membership: "member", pendingRequests: null }]);
    expect((await lea.get("/api/auth/user")).body.role).toBe("GROUP_LEADER");
  });
});
