import { type TGroup, ZGroup } from "@common/groups";
import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { Caller, createTestApp, type TTestApp } from "../../../test/app";
import { findAuditEntries } from "../../../test/audit-entries";
import { addMember, createChurch, type TSignedIn, type TTestChurch } from "../../../test/factories";
import { groups } from "../../db/schema/groups";
import { users } from "../../db/schema/users";

let t: TTestApp;
let a: TTestChurch;
let b: TTestChurch;
let congregant: TSignedIn;
let leader: TSignedIn;
let otherLeader: TSignedIn;
let bMember: TSignedIn;

beforeAll(async () => {
  t = await createTestApp();
  a = await createChurch(t.app);
  b = await createChurch(t.app);
  [congregant, leader, otherLeader, bMember] = await Promise.all([
    addMember(t.app, a, "CONGREGANT", "Carla"),
    addMember(t.app, a, "CONGREGANT", "Lydia"),
    addMember(t.app, a, "GROUP_LEADER", "Otto"),
    addMember(t.app, b, "CONGREGANT", "Boris"),
  ]);
});

const groupBody = (over: Record<string, unknown> = {}) => ({
  name: "Tuesday Bible Study",
  description: "Romans, slowly.",
  kind: "bible_study",
  meetingDay: 2,
  meetingTime: "19:30",
  location: "Room 4",
  capacity: null,
  joinPolicy: "open",
  visibility: "listed",
  ...over,
});

async function makeGroup(admin: Caller, over: Record<string, unknown> = {}): Promise<TGroup> {
  const res = await admin.post("/api/groups", groupBody(over));
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return ZGroup.parse(res.body);
}

const listOf = async (who: Caller, query = "") => {
  const res = await who.get(`/api/groups${query}`);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body as TGroup[];
};

describe("creating groups", () => {
  it("an admin creates a group with leaders; a congregant named leader becomes a Group Leader (audited)", async () => {
    const g = await makeGroup(a.admin, { leaderIds: [leader.user.id, otherLeader.user.id] });
    expect(g).toMatchObject({
      name: "Tuesday Bible Study",
      kind: "bible_study",
      meetingDay: 2,
      meetingTime: "19:30",
      memberCount: 0,
      joinPolicy: "open",
      visibility: "listed",
      membership: null,
    });
    expect(g.leaders.map((l) => l.id).sort()).toEqual([leader.user.id, otherLeader.user.id].sort());
    const [row] = await t.db.select({ role: users.role }).from(users).where(eq(users.id, leader.user.id));
    expect(row.role).toBe("GROUP_LEADER");
    expect((await leader.get("/api/auth/user")).body.role).toBe("GROUP_LEADER");
    const created = await findAuditEntries(t.db, a.church.id, "group.created");
    expect(created.some((e) => e.targetId === g.id)).toBe(true);
    const roles = await findAuditEntries(t.db, a.church.id, "member.role_changed");
    expect(roles.filter((e) => e.targetId === leader.user.id)).toHaveLength(1);
    expect(roles.filter((e) => e.targetId === otherLeader.user.id)).toHaveLength(0);
    expect((await leader.get(`/api/groups/${g.id}`)).body.membership).toBe("leader");
  });

  it("refuses leaders who are not members of this church (400), storing nothing", async () => {
    const name = "Foreign leaders";
    const res = await a.admin.post("/api/groups", groupBody({ name, leaderIds: [bMember.user.id] }));
    expect(res.status).toBe(400);
    expect(res.body.message).toBe("leaderIds must be the ids of members of this church");
    expect(await t.db.select().from(groups).where(eq(groups.name, name))).toEqual([]);
  });

  it("refuses bad input with a clear message", async () => {
    const cases: [Record<string, unknown>, string][] = [
      [{ name: "" }, "Name is required"],
      [{ kind: "choir" }, "kind must be bible_study, youth, prayer, serving or other"],
      [{ meetingTime: "25:00" }, "meetingTime must be a time such as 19:30"],
      [{ meetingDay: 7 }, "meetingDay must be a day of the week from 0 (Sunday) to 6 (Saturday)"],
      [{ capacity: 0 }, "capacity must be at least 1"],
      [{ joinPolicy: "maybe" }, "joinPolicy must be open, request or invite"],
      [{ leaderIds: ["nope"] }, "leaderIds must be the ids of members of this church"],
    ];
    for (const [over, message] of cases) {
      const res = await a.admin.post("/api/groups", groupBody({ name: "Bad input", ...over }));
      expect(res.status, JSON.stringify(over)).toBe(400);
      expect(res.body.message).toBe(message);
    }
    expect(await t.db.select().from(groups).where(eq(groups.name, "Bad input"))).toEqual([]);
  });

  it("is for admins: a congregant and a group leader get 403, a signed-out caller 401", async () => {
    expect((await congregant.post("/api/groups", groupBody())).status).toBe(403);
    expect((await otherLeader.post("/api/groups", groupBody())).status).toBe(403);
    expect((await new Caller(t.app).post("/api/groups", groupBody())).status).toBe(401);
  });
});

describe("listing and reading groups", () => {
  let listed: TGroup;
  let hidden: TGroup;
  let full: TGroup;
  beforeAll(async () => {
    listed = await makeGroup(a.admin, { name: "Youth Night", kind: "youth", meetingDay: 5, capacity: 10 });
    hidden = await makeGroup(a.admin, { name: "Elders' Prayer", kind: "prayer", visibility: "unlisted" });
    full = await makeGroup(a.admin, { name: "Coffee Team", kind: "serving", meetingDay: 0, capacity: 1 });
    await makeGroup(b.admin, { name: "Youth Night" });
    const m = await addMember(t.app, a, "CONGREGANT", "Filler");
    expect((await m.post(`/api/groups/${full.id}/join`)).status).toBe(200);
  });

  it("members see listed groups, admins all; another church's never", async () => {
    const names = (await listOf(congregant)).map((g) => g.name);
    expect(names).toContain("Youth Night");
    expect(names).not.toContain("Elders' Prayer");
    expect(names.filter((n) => n === "Youth Night")).toHaveLength(1);
    expect((await listOf(a.admin)).map((g) => g.name)).toContain("Elders' Prayer");
    expect((await listOf(bMember)).map((g) => g.id)).not.toContain(listed.id);
  });

  it("filters by q, kind, day and hasSpace", async () => {
    expect((await listOf(congregant, "?q=youth")).map((g) => g.id)).toEqual([listed.id]);
    expect((await listOf(congregant, "?kind=serving")).map((g) => g.id)).toEqual([full.id]);
    expect((await listOf(congregant, "?day=5")).map((g) => g.id)).toEqual([listed.id]);
    const spaced = (await listOf(congregant, "?hasSpace=true")).map((g) => g.id);
    expect(spaced).toContain(listed.id);
    expect(spaced).not.toContain(full.id);
    expect((await listOf(congregant, "?q=100%25")).map((g) => g.id)).toEqual([]);
  });

  it("answers a page by name; `after` gives the next, and the pages hold every group once", async () => {
    const c = await createChurch(t.app);
    const made: TGroup[] = [];
    for (const name of ["Delta", "alpha", "Charlie", "Bravo", "Echo"]) made.push(await makeGroup(c.admin, { name }));
    const all = await listOf(c.admin);
    const first = await listOf(c.admin, "?limit=2");
    expect(first.map((g) => g.id)).toEqual(all.slice(0, 2).map((g) => g.id));
    const second = await listOf(c.admin, `?limit=2&after=${first[1].id}`);
    const third = await listOf(c.admin, `?limit=2&after=${second[1].id}`);
    const paged = [...first, ...second, ...third].map((g) => g.id);
    expect(paged).toEqual(all.map((g) => g.id));
    expect(new Set(paged).size).toBe(made.length);
    // another church's group id as `after` gives nothing of this church's order to follow
    const theirs = await makeGroup(b.admin, { name: "Zulu" });
    expect(await listOf(c.admin, `?after=${theirs.id}`)).toEqual([]);
  });

  it("refuses bad filters with a clear message", async () => {
    for (const [query, message] of [
      ["?kind=choir", "kind must be bible_study, youth, prayer, serving or other"],
      ["?day=9", "day must be a day of the week from 0 (Sunday) to 6 (Saturday)"],
      ["?hasSpace=yes", "hasSpace must be true or false"],
      ["?limit=0", "limit must be at least 1"],
      ["?limit=101", "limit must be at most 100"],
      ["?after=nope", "after must be the id of a group"],
    ]) {
      const res = await congregant.get(`/api/groups${query}`);
      expect(res.status, query).toBe(400);
      expect(res.body.message).toBe(message);
    }
  });

  it("GET /api/groups/{id}: an unlisted group not theirs, another church's and a malformed id are 404", async () => {
    expect((await congregant.get(`/api/groups/${listed.id}`)).body.name).toBe("Youth Night");
    expect((await congregant.get(`/api/groups/${hidden.id}`)).status).toBe(404);
    expect((await a.admin.get(`/api/groups/${hidden.id}`)).status).toBe(200);
    expect((await bMember.get(`/api/groups/${listed.id}`)).status).toBe(404);
    expect((await b.admin.get(`/api/groups/${listed.id}`)).status).toBe(404);
    expect((await congregant.get("/api/groups/not-an-id")).status).toBe(404);
  });

  it("a member of an unlisted group sees it in the list with their membership", async () => {
    const g = await makeGroup(a.admin, { name: "Invited few", visibility: "unlisted", leaderIds: [leader.user.id] });
    const mine = (await listOf(leader)).find((x) => x.id === g.id);
    expect(mine?.membership).toBe("leader");
    expect(mine?.leaders.map((l) => l.id)).toEqual([leader.user.id]);
  });
});

describe("editing and archiving groups", () => {
  let g: TGroup;
  beforeAll(async () => {
    g = await makeGroup(a.admin, { name: "Men's Breakfast", leaderIds: [leader.user.id] });
  });

  it("a leader of this group edits it (audited), not its leaders", async () => {
    const res = await leader.patch(`/api/groups/${g.id}`, { name: "Saturday Breakfast", location: "Cafe" });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(ZGroup.parse(res.body)).toMatchObject({ name: "Saturday Breakfast", location: "Cafe" });
    const entries = await findAuditEntries(t.db, a.church.id, "group.updated");
    const entry = entries.find((e) => e.targetId === g.id);
    expect(entry?.changes).toMatchObject({ name: ["Men's Breakfast", "Saturday Breakfast"] });
    const same = await leader.patch(`/api/groups/${g.id}`, { leaderIds: [leader.user.id], capacity: 12 });
    expect(same.status, JSON.stringify(same.body)).toBe(200);
    const changed = await leader.patch(`/api/groups/${g.id}`, { leaderIds: [leader.user.id, congregant.user.id] });
    expect(changed.status).toBe(403);
    expect(changed.body.message).toBe("Only an admin can change a group's leaders.");
  });

  it("a congregant and the leader of another group get 403; another church 404", async () => {
    expect((await congregant.patch(`/api/groups/${g.id}`, { name: "Mine" })).status).toBe(403);
    expect((await otherLeader.patch(`/api/groups/${g.id}`, { name: "Mine" })).status).toBe(403);
    expect((await b.admin.patch(`/api/groups/${g.id}`, { name: "Mine" })).status).toBe(404);
    const [row] = await t.db.select().from(groups).where(eq(groups.id, g.id));
    expect(row.name).not.toBe("Mine");
  });

  it("refuses an empty or bad change", async () => {
    const empty = await a.admin.patch(`/api/groups/${g.id}`, {});
    expect(empty.status).toBe(400);
    expect(empty.body.message).toBe("Send at least one field to change");
    const bad = await a.admin.patch(`/api/groups/${g.id}`, { visibility: "secret" });
    expect(bad.status).toBe(400);
    expect(bad.body.message).toBe("visibility must be listed or unlisted");
  });

  it("an admin changes the leaders: the old leader stays as a member", async () => {
    const res = await a.admin.patch(`/api/groups/${g.id}`, { leaderIds: [otherLeader.user.id] });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.leaders.map((l: { id: string }) => l.id)).toEqual([otherLeader.user.id]);
    expect(res.body.memberCount).toBe(1);
    expect((await leader.get(`/api/groups/${g.id}`)).body.membership).toBe("member");
    // Leading no longer: the role stays (nobody is demoted automatically).
    expect((await leader.get("/api/auth/user")).body.role).toBe("GROUP_LEADER");
  });

  it("archiving is for admins; an archived group is gone", async () => {
    const doomed = await makeGroup(a.admin, { name: "Old Choir", leaderIds: [leader.user.id] });
    expect((await leader.delete(`/api/groups/${doomed.id}`)).status).toBe(403);
    expect((await congregant.delete(`/api/groups/${doomed.id}`)).status).toBe(403);
    expect((await b.admin.delete(`/api/groups/${doomed.id}`)).status).toBe(404);
    expect((await a.admin.delete(`/api/groups/${doomed.id}`)).status).toBe(204);
    expect((await a.admin.delete(`/api/groups/${doomed.id}`)).status).toBe(404);
    expect((await a.admin.get(`/api/groups/${doomed.id}`)).status).toBe(404);
    expect((await listOf(a.admin)).map((x) => x.id)).not.toContain(doomed.id);
    const [row] = await t.db.select().from(groups).where(eq(groups.id, doomed.id));
    expect(row.archivedAt).not.toBeNull();
    expect((await findAuditEntries(t.db, a.church.id, "group.archived")).map((e) => e.targetId)).toContain(doomed.id);
  });
});
