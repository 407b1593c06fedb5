import { type TGroup, ZGroup, ZGroupMember } from "@common/groups";
import { and, eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { type Caller, createTestApp, type TTestApp } from "../../../test/app";
import { addMember, createChurch, type TSignedIn, type TTestChurch } from "../../../test/factories";
import { groupJoinRequests, groupMembers } from "../../db/schema/groups";
import { users } from "../../db/schema/users";

let t: TTestApp;
let a: TTestChurch;
let b: TTestChurch;
let member: TSignedIn;
let friend: TSignedIn;
let leader: TSignedIn;
let otherLeader: TSignedIn;
let bMember: TSignedIn;

beforeAll(async () => {
  t = await createTestApp();
  a = await createChurch(t.app);
  b = await createChurch(t.app);
  [member, friend, leader, otherLeader, bMember] = await Promise.all([
    addMember(t.app, a, "CONGREGANT", "Mary"),
    addMember(t.app, a, "CONGREGANT", "Fred"),
    addMember(t.app, a, "CONGREGANT", "Lydia"),
    addMember(t.app, a, "GROUP_LEADER", "Otto"),
    addMember(t.app, b, "CONGREGANT", "Boris"),
  ]);
  // Otto leads a group of his own: a leader of another group.
  await makeGroup({ name: "Otto's group", leaderIds: [otherLeader.user.id] });
});

async function makeGroup(over: Record<string, unknown> = {}): Promise<TGroup> {
  const res = await a.admin.post("/api/groups", {
    name: "Home Group",
    kind: "bible_study",
    joinPolicy: "open",
    visibility: "listed",
    leaderIds: [leader.user.id],
    ...over,
  });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return ZGroup.parse(res.body);
}

const groupOf = async (who: Caller, id: string) => ZGroup.parse((await who.get(`/api/groups/${id}`)).body);

describe("joining and leaving", () => {
  it("an open group: joined at once, again is the same, leaving frees the place", async () => {
    const g = await makeGroup();
    const first = await member.post(`/api/groups/${g.id}/join`);
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    expect(first.body).toEqual({ membership: "member" });
    expect((await member.post(`/api/groups/${g.id}/join`)).body).toEqual({ membership: "member" });
    expect((await leader.post(`/api/groups/${g.id}/join`)).body).toEqual({ membership: "leader" });
    expect(await groupOf(member, g.id)).toMatchObject({ memberCount: 1, membership: "member" });
    expect((await member.post(`/api/groups/${g.id}/leave`)).status).toBe(204);
    expect(await groupOf(member, g.id)).toMatchObject({ memberCount: 0, membership: null });
    expect((await member.post(`/api/groups/${g.id}/leave`)).status).toBe(204);
  });

  it("by request: a request waits (shown as 'requested'); invitation only: 403", async () => {
    const g = await makeGroup({ joinPolicy: "request" });
    expect((await member.post(`/api/groups/${g.id}/join`)).body).toEqual({ membership: "requested" });
    expect((await member.post(`/api/groups/${g.id}/join`)).body).toEqual({ membership: "requested" });
    expect(await groupOf(member, g.id)).toMatchObject({ memberCount: 0, membership: "requested" });
    const invite = await makeGroup({ joinPolicy: "invite" });
    const res = await member.post(`/api/groups/${invite.id}/join`);
    expect(res.status).toBe(403);
    expect(res.body.message).toBe("This group is by invitation only.");
    // Leaving withdraws the request.
    expect((await member.post(`/api/groups/${g.id}/leave`)).status).toBe(204);
    expect((await groupOf(member, g.id)).membership).toBeNull();
  });

  it("another church's group, an unlisted one not theirs and a malformed id are 404", async () => {
    const g = await makeGroup();
    const hidden = await makeGroup({ visibility: "unlisted" });
    expect((await bMember.post(`/api/groups/${g.id}/join`)).status).toBe(404);
    expect((await bMember.post(`/api/groups/${g.id}/leave`)).status).toBe(404);
    expect((await member.post(`/api/groups/${hidden.id}/join`)).status).toBe(404);
    expect((await member.post("/api/groups/42/join")).status).toBe(404);
    expect(await t.db.select().from(groupMembers).where(eq(groupMembers.userId, bMember.user.id))).toEqual([]);
  });

  it("the last leader may not leave; one of two may", async () => {
    const g = await makeGroup({ leaderIds: [leader.user.id, otherLeader.user.id] });
    expect((await otherLeader.post(`/api/groups/${g.id}/leave`)).status).toBe(204);
    const last = await leader.post(`/api/groups/${g.id}/leave`);
    expect(last.status).toBe(409);
    expect(last.body.message).toBe("You are this group's only leader. Ask an admin to name another leader first.");
    expect((await groupOf(leader, g.id)).membership).toBe("leader");
  });

  it("two leaders leaving at once: one leaves, the other is told they are the last", async () => {
    const g = await makeGroup({ leaderIds: [leader.user.id, otherLeader.user.id] });
    const answers = await Promise.all([leader, otherLeader].map((p) => p.post(`/api/groups/${g.id}/leave`)));
    expect(answers.map((r) => r.status).sort()).toEqual([204, 409]);
    expect((await groupOf(a.admin, g.id)).leaders).toHaveLength(1);
  });

  it("capacity holds under 20 joins at once: exactly 5 members, 15 told it is full", async () => {
    const g = await makeGroup({ capacity: 5 });
    const people = await Promise.all(Array.from({ length: 20 }, (_, i) => addMember(t.app, a, "CONGREGANT", `P${i}`)));
    const answers = await Promise.all(people.map((p) => p.post(`/api/groups/${g.id}/join`)));
    expect(answers.filter((r) => r.status === 200)).toHaveLength(5);
    const refused = answers.filter((r) => r.status === 409);
    expect(refused).toHaveLength(15);
    expect(refused[0].body.message).toBe("This group is full");
    const seats = await t.db
      .select({ seat: groupMembers.seat })
      .from(groupMembers)
      .where(and(eq(groupMembers.groupId, g.id), eq(groupMembers.role, "member")));
    expect(seats.map((s) => s.seat).sort()).toEqual([1, 2, 3, 4, 5]);
    expect((await groupOf(a.admin, g.id)).memberCount).toBe(5);
    // Raising the capacity lets one more in; the leader holds no seat.
    expect((await a.admin.patch(`/api/groups/${g.id}`, { capacity: 6 })).status).toBe(200);
    expect((await member.post(`/api/groups/${g.id}/join`)).status).toBe(200);
    expect((await friend.post(`/api/groups/${g.id}/join`)).status).toBe(409);
  });
});

describe("requests to join", () => {
  let g: TGroup;
  beforeAll(async () => {
    g = await makeGroup({ joinPolicy: "request", capacity: 1 });
    expect((await member.post(`/api/groups/${g.id}/join`)).body.membership).toBe("requested");
    expect((await friend.post(`/api/groups/${g.id}/join`)).body.membership).toBe("requested");
  });

  it("its leaders and admins see who waits; members, another group's leader 403; another church 404", async () => {
    const res = await leader.get(`/api/groups/${g.id}/requests`);
    expect(res.status).toBe(200);
    expect(res.body.map((r: { userId: string }) => r.userId)).toEqual([member.user.id, friend.user.id]);
    expect(res.body[0]).toMatchObject({ firstName: "Mary", lastName: "User" });
    expect(typeof res.body[0].requestedAt).toBe("string");
    expect((await a.admin.get(`/api/groups/${g.id}/requests`)).status).toBe(200);
    expect((await member.get(`/api/groups/${g.id}/requests`)).status).toBe(403);
    expect((await otherLeader.get(`/api/groups/${g.id}/requests`)).status).toBe(403);
    expect((await b.admin.get(`/api/groups/${g.id}/requests`)).status).toBe(404);
    expect((await otherLeader.post(`/api/groups/${g.id}/requests/${member.user.id}/approve`)).status).toBe(403);
    expect((await member.post(`/api/groups/${g.id}/requests/${friend.user.id}/approve`)).status).toBe(403);
    expect((await b.admin.post(`/api/groups/${g.id}/requests/${member.user.id}/decline`)).status).toBe(404);
  });

  it("approving seats the member; the next approval is 409 when full and the request stays", async () => {
    const ok = await leader.post(`/api/groups/${g.id}/requests/${member.user.id}/approve`, { message: "Welcome!" });
    expect(ok.status, JSON.stringify(ok.body)).toBe(204);
    expect((await groupOf(member, g.id)).membership).toBe("member");
    const full = await leader.post(`/api/groups/${g.id}/requests/${friend.user.id}/approve`);
    expect(full.status).toBe(409);
    expect(full.body.message).toBe("This group is full");
    expect((await groupOf(friend, g.id)).membership).toBe("requested");
  });

  it("declining removes the request; an unknown request is 404; a bad message 400", async () => {
    const long = await leader.post(`/api/groups/${g.id}/requests/${friend.user.id}/decline`, {
      message: "x".repeat(501),
    });
    expect(long.status).toBe(400);
    expect(long.body.message).toBe("Message must be at most 500 characters");
    const res = await a.admin.post(`/api/groups/${g.id}/requests/${friend.user.id}/decline`, { message: "Full now" });
    expect(res.status).toBe(204);
    expect((await groupOf(friend, g.id)).membership).toBeNull();
    const again = await a.admin.post(`/api/groups/${g.id}/requests/${friend.user.id}/decline`);
    expect(again.status).toBe(404);
    expect(again.body.message).toBe("Join request not found");
    expect((await a.admin.post(`/api/groups/${g.id}/requests/${bMember.user.id}/approve`)).status).toBe(404);
    expect((await a.admin.post(`/api/groups/${g.id}/requests/nope/approve`)).status).toBe(404);
    expect(await t.db.select().from(groupJoinRequests).where(eq(groupJoinRequests.userId, friend.user.id))).toEqual([]);
  });
});

describe("the roster and what each person shows", () => {
  let g: TGroup;
  let other: TSignedIn;
  beforeAll(async () => {
    g = await makeGroup({ name: "Roster group" });
    other = await addMember(t.app, a, "CONGREGANT", "Olive");
    for (const p of [member, friend]) expect((await p.post(`/api/groups/${g.id}/join`)).status).toBe(200);
  });

  const setPhone = (who: TSignedIn, audience: string) =>
    t.db
      .update(users)
      .set({ phone: "+1 555 0100", privacy: { phone: audience } })
      .where(eq(users.id, who.user.id));

  async function phoneSeenBy(viewer: Caller, subject: TSignedIn): Promise<string | undefined> {
    const res = await viewer.get(`/api/groups/${g.id}/members`);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const people = res.body.map((x: unknown) => ZGroupMember.parse(x));
    return people.find((p: { id: string }) => p.id === subject.user.id)?.phone;
  }

  it("members, its leaders and admins read it (leaders first); others 403; another church 404", async () => {
    const res = await member.get(`/api/groups/${g.id}/members`);
    expect(res.status).toBe(200);
    expect(res.body[0]).toMatchObject({ id: leader.user.id, role: "leader" });
    expect(res.body.map((p: { id: string }) => p.id).sort()).toEqual(
      [leader.user.id, member.user.id, friend.user.id].sort(),
    );
    expect((await a.admin.get(`/api/groups/${g.id}/members`)).status).toBe(200);
    expect((await other.get(`/api/groups/${g.id}/members`)).status).toBe(403);
    expect((await otherLeader.get(`/api/groups/${g.id}/members`)).status).toBe(403);
    expect((await b.admin.get(`/api/groups/${g.id}/members`)).status).toBe(404);
  });

  it("'leaders': the group's leader and an admin see the phone, a fellow member does not", async () => {
    await setPhone(member, "leaders");
    expect(await phoneSeenBy(leader, member)).toBe("+1 555 0100");
    expect(await phoneSeenBy(a.admin, member)).toBe("+1 555 0100");
    expect(await phoneSeenBy(friend, member)).toBeUndefined();
    expect(await phoneSeenBy(member, member)).toBe("+1 555 0100");
  });

  it("'groups': a fellow member sees it", async () => {
    await setPhone(member, "groups");
    expect(await phoneSeenBy(friend, member)).toBe("+1 555 0100");
  });

  it("'nobody': nobody but themselves, the leader and admin included", async () => {
    await setPhone(member, "nobody");
    expect(await phoneSeenBy(friend, member)).toBeUndefined();
    expect(await phoneSeenBy(leader, member)).toBeUndefined();
    expect(await phoneSeenBy(a.admin, member)).toBeUndefined();
    expect(await phoneSeenBy(member, member)).toBe("+1 555 0100");
  });

  it("e-mail follows the defaults: leaders and admins only", async () => {
    const res = await friend.get(`/api/groups/${g.id}/members`);
    expect(res.body.find((p: { id: string }) => p.id === leader.user.id).email).toBeUndefined();
    const asLeader = await leader.get(`/api/groups/${g.id}/members`);
    expect(asLeader.body.find((p: { id: string }) => p.id === friend.user.id).email).toBe(friend.user.email);
  });
});
