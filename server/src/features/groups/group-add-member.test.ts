import { type TGroup, ZGroup, ZGroupMember } from "@common/groups";
import type { TNotification } from "@common/notifications";
import { and, eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { Caller, createTestApp, type TTestApp } from "../../../test/app";
import { addMember, createChurch, type TSignedIn, type TTestChurch } from "../../../test/factories";
import { drainJobs } from "../../../test/jobs";
import { groupJoinRequests, groupMembers } from "../../db/schema/groups";
import { users } from "../../db/schema/users";

/** Issue 27: `POST /api/groups/{id}/members`, how someone gets into an invitation-only group. */

let t: TTestApp;
let a: TTestChurch;
let b: TTestChurch;
let leader: TSignedIn;
let otherLeader: TSignedIn;
let member: TSignedIn;
let bMember: TSignedIn;

beforeAll(async () => {
  t = await createTestApp();
  a = await createChurch(t.app);
  b = await createChurch(t.app);
  [leader, otherLeader, member, bMember] = await Promise.all([
    addMember(t.app, a, "CONGREGANT", "Lydia"),
    addMember(t.app, a, "GROUP_LEADER", "Otto"),
    addMember(t.app, a, "CONGREGANT", "Mary"),
    addMember(t.app, b, "CONGREGANT", "Boris"),
  ]);
  await makeGroup({ name: "Otto's group", leaderIds: [otherLeader.user.id] });
});

async function makeGroup(over: Record<string, unknown> = {}): Promise<TGroup> {
  const res = await a.admin.post("/api/groups", {
    name: "Invited Ones",
    kind: "prayer",
    joinPolicy: "invite",
    visibility: "listed",
    leaderIds: [leader.user.id],
    ...over,
  });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return ZGroup.parse(res.body);
}

const isIn = async (groupId: string, who: TSignedIn) =>
  (
    await t.db
      .select()
      .from(groupMembers)
      .where(and(eq(groupMembers.groupId, groupId), eq(groupMembers.userId, who.user.id)))
  ).length > 0;

async function notificationsOf(who: TSignedIn, kind: string): Promise<TNotification[]> {
  await drainJobs(t.app);
  const res = await who.get(`/api/notifications?kind=${kind}`);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.notifications;
}

describe("adding someone to a group", () => {
  it("the group's leader adds a member to an invitation-only group: 201 with their roster entry; told", async () => {
    const g = await makeGroup({ name: "Night Watch" });
    const m = await addMember(t.app, a, "CONGREGANT", "Ada");
    const res = await leader.post(`/api/groups/${g.id}/members`, { userId: m.user.id });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(ZGroupMember.parse(res.body)).toMatchObject({ id: m.user.id, firstName: "Ada", role: "member" });
    // The leader sees the e-mail (default: leaders and admins), through the one privacy function.
    expect(res.body.email).toBe(m.user.email);
    expect(ZGroup.parse((await m.get(`/api/groups/${g.id}`)).body)).toMatchObject({
      membership: "member",
      memberCount: 1,
    });
    const [note] = await notificationsOf(m, "group_member_added");
    expect(note).toMatchObject({
      title: "You were added to Night Watch",
      message: "Lydia User added you to Night Watch.",
      link: `/groups/${g.id}`,
    });
    expect(await notificationsOf(leader, "group_member_added")).toEqual([]);
  });

  it("an admin adds too; the notice reads in the member's language; a waiting request is answered", async () => {
    const g = await makeGroup({ name: "Asked", joinPolicy: "request" });
    const m = await addMember(t.app, a, "CONGREGANT", "Elena");
    expect((await m.patch("/api/user/preferences", { language: "es" })).status).toBe(200);
    expect((await m.post(`/api/groups/${g.id}/join`)).body).toEqual({ membership: "requested" });
    const res = await a.admin.post(`/api/groups/${g.id}/members`, { userId: m.user.id });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(await t.db.select().from(groupJoinRequests).where(eq(groupJoinRequests.userId, m.user.id))).toEqual([]);
    const [note] = await notificationsOf(m, "group_member_added");
    expect(note.title).toBe("Ahora eres parte de Asked");
  });

  it("an adder with no name is 'A church member', never their e-mail", async () => {
    const g = await makeGroup({ name: "Unnamed" });
    await t.db.update(users).set({ firstName: null, lastName: null }).where(eq(users.id, a.admin.user.id));
    try {
      const m = await addMember(t.app, a, "CONGREGANT", "Nia");
      expect((await a.admin.post(`/api/groups/${g.id}/members`, { userId: m.user.id })).status).toBe(201);
      const [note] = await notificationsOf(m, "group_member_added");
      expect(note.message).toBe("A church member added you to Unnamed.");
      expect(note.message).not.toContain(a.admin.user.email);
    } finally {
      await t.db.update(users).set({ firstName: "Admin", lastName: "User" }).where(eq(users.id, a.admin.user.id));
    }
  });

  it("takes a seat as a join does: 409 when full, and 409 for someone already in (a leader too)", async () => {
    const g = await makeGroup({ capacity: 1 });
    const first = await addMember(t.app, a, "CONGREGANT", "Fay");
    const second = await addMember(t.app, a, "CONGREGANT", "Sam");
    expect((await leader.post(`/api/groups/${g.id}/members`, { userId: first.user.id })).status).toBe(201);
    const full = await leader.post(`/api/groups/${g.id}/members`, { userId: second.user.id });
    expect(full.status).toBe(409);
    expect(full.body.message).toBe("This group is full");
    const again = await leader.post(`/api/groups/${g.id}/members`, { userId: first.user.id });
    expect(again.status).toBe(409);
    expect(again.body.message).toBe("This member is already in this group.");
    expect((await a.admin.post(`/api/groups/${g.id}/members`, { userId: leader.user.id })).status).toBe(409);
    expect(await isIn(g.id, second)).toBe(false);
    const [seat] = await t.db
      .select({ seat: groupMembers.seat })
      .from(groupMembers)
      .where(and(eq(groupMembers.groupId, g.id), eq(groupMembers.userId, first.user.id)));
    expect(seat.seat).toBe(1);
  });

  it("a plain member and another group's leader get 403, and nobody is added", async () => {
    const g = await makeGroup();
    const m = await addMember(t.app, a, "CONGREGANT", "Pia");
    expect((await leader.post(`/api/groups/${g.id}/members`, { userId: member.user.id })).status).toBe(201);
    for (const who of [member, otherLeader]) {
      const res = await who.post(`/api/groups/${g.id}/members`, { userId: m.user.id });
      expect(res.status).toBe(403);
      expect(res.body.message).toBe("Only this group's leaders can do that.");
    }
    // Not even themselves into an invitation-only group.
    expect((await m.post(`/api/groups/${g.id}/members`, { userId: m.user.id })).status).toBe(403);
    expect(await isIn(g.id, m)).toBe(false);
  });

  it("another church's group or member is 404; so is an archived group", async () => {
    const g = await makeGroup();
    expect((await b.admin.post(`/api/groups/${g.id}/members`, { userId: bMember.user.id })).status).toBe(404);
    const res = await leader.post(`/api/groups/${g.id}/members`, { userId: bMember.user.id });
    expect(res.status).toBe(404);
    expect(res.body.message).toBe("Member not found");
    expect(await isIn(g.id, bMember)).toBe(false);
    const gone = await makeGroup({ name: "Gone" });
    expect((await a.admin.delete(`/api/groups/${gone.id}`)).status).toBe(204);
    expect((await a.admin.post(`/api/groups/${gone.id}/members`, { userId: member.user.id })).status).toBe(404);
    expect((await a.admin.post("/api/groups/42/members", { userId: member.user.id })).status).toBe(404);
  });

  it("bad input is 400 with a clear message, and nothing stored", async () => {
    const g = await makeGroup();
    for (const body of [{}, { userId: "nope" }, { userId: 7 }]) {
      const res = await leader.post(`/api/groups/${g.id}/members`, body);
      expect(res.status, JSON.stringify(res.body)).toBe(400);
      expect(res.body.message).toBe("userId must be the id of a member of this church");
    }
    const extra = await leader.post(`/api/groups/${g.id}/members`, { userId: member.user.id, role: "leader" });
    expect(extra.status).toBe(400);
    expect(await t.db.select().from(groupMembers).where(eq(groupMembers.groupId, g.id))).toHaveLength(1);
  });

  it("a signed-out caller is 401", async () => {
    const g = await makeGroup();
    const res = await new Caller(t.app).post(`/api/groups/${g.id}/members`, { userId: member.user.id });
    expect(res.status).toBe(401);
  });
});
