import { and, eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { createSecondInstance, createTestApp, type TTestApp } from "../../../test/app";
import { addMember, createChurch } from "../../../test/factories";
import { makeGroup } from "../../../test/group-thread";
import { drainJobs } from "../../../test/jobs";
import { openSocket, socketUrl, type TTestSocket } from "../../../test/socket";
import { groupMembers } from "../../db/schema/groups";
import { publish } from "../../lib/domain-events";

let t: TTestApp;
let url: string;
beforeAll(async () => {
  t = await createTestApp();
  url = await socketUrl(t.app);
});

async function joinGroup(cookie: string | undefined, groupId: string, at = url): Promise<TTestSocket> {
  const s = await openSocket(at, cookie);
  s.send({ type: "join_group", groupId });
  await s.next("group_joined", (f) => f.groupId === groupId);
  return s;
}

const settle = () => new Promise((r) => setTimeout(r, 300));

describe("/ws: a group thread's room", () => {
  it("a member receives a fellow member's post live, once; a hidden post is taken off", async () => {
    const c = await createChurch(t.app);
    const leader = await addMember(t.app, c, "GROUP_LEADER", "Leah");
    const member = await addMember(t.app, c, "CONGREGANT", "Mark");
    const groupId = await makeGroup(t.db, c, { leaders: [leader], members: [member] });
    const listening = await joinGroup(member.cookie, groupId);
    const admin = await joinGroup(c.admin.cookie, groupId);

    const sent = (await leader.post(`/api/groups/${groupId}/posts`, { message: "See you Tuesday" })).body;
    const frame = await listening.next("group_post");
    expect(frame).toEqual({ type: "group_post", groupId, post: sent });
    expect((await admin.next("group_post")).post.id).toBe(sent.id);

    expect((await leader.delete(`/api/groups/${groupId}/posts/${sent.id}`)).status).toBe(204);
    expect(await listening.next("group_post_hidden")).toEqual({ type: "group_post_hidden", groupId, id: sent.id });
    await settle();
    expect(listening.frames.filter((f) => f.type === "group_post")).toHaveLength(1);
  });

  it("refuses a non-member's join_group (a leader of another group too) and another church's; they receive nothing", async () => {
    const a = await createChurch(t.app);
    const b = await createChurch(t.app);
    const leader = await addMember(t.app, a, "GROUP_LEADER");
    const outsider = await addMember(t.app, a);
    const otherLeader = await addMember(t.app, a, "GROUP_LEADER");
    await makeGroup(t.db, a, { leaders: [otherLeader] });
    const groupId = await makeGroup(t.db, a, { leaders: [leader] });
    const own = await joinGroup(leader.cookie, groupId);

    const strangers = await Promise.all([
      openSocket(url, outsider.cookie),
      openSocket(url, otherLeader.cookie),
      openSocket(url, b.admin.cookie),
    ]);
    for (const s of strangers) {
      s.send({ type: "join_group", groupId });
      expect((await s.next("error")).message).toMatch(/not available/);
    }
    strangers[0].send({ type: "join_group", groupId: "not-an-id" });
    await strangers[0].next("error", () => true, 1);

    await leader.post(`/api/groups/${groupId}/posts`, { message: "Members only" });
    await own.next("group_post");
    await settle();
    for (const s of strangers) expect(s.frames.every((f) => f.type === "error")).toBe(true);
  });

  it("reaches a member whose socket is on another process", async () => {
    const c = await createChurch(t.app);
    const leader = await addMember(t.app, c, "GROUP_LEADER");
    const member = await addMember(t.app, c);
    const groupId = await makeGroup(t.db, c, { leaders: [leader], members: [member] });
    const second = await createSecondInstance(t);
    const elsewhere = await joinGroup(member.cookie, groupId, await socketUrl(second));
    const sent = (await leader.post(`/api/groups/${groupId}/posts`, { message: "Across processes" })).body;
    expect((await elsewhere.next("group_post")).post.id).toBe(sent.id);
  });

  it("a member who leaves the group is dropped from its room at once, and cannot join again", async () => {
    const c = await createChurch(t.app);
    const leader = await addMember(t.app, c, "GROUP_LEADER");
    const member = await addMember(t.app, c);
    const groupId = await makeGroup(t.db, c, { leaders: [leader], members: [member] });
    const s = await joinGroup(member.cookie, groupId);
    // What the groups feature does when a member leaves: the row goes and group.member_left is recorded.
    await t.db.transaction(async (tx) => {
      await tx
        .delete(groupMembers)
        .where(and(eq(groupMembers.groupId, groupId), eq(groupMembers.userId, member.user.id)));
      await publish(tx, "group.member_left", {
        churchId: c.church.id,
        actorId: member.user.id,
        groupId,
        userId: member.user.id,
      });
    });
    await drainJobs(t.app);
    expect(await s.next("group_left")).toEqual({ type: "group_left", groupId });
    await leader.post(`/api/groups/${groupId}/posts`, { message: "After you left" });
    s.send({ type: "join_group", groupId });
    await s.next("error");
    await settle();
    expect(s.frames.some((f) => f.type === "group_post")).toBe(false);
  });

  it("a member removed from the church hears nothing more from any group", async () => {
    const c = await createChurch(t.app);
    const leader = await addMember(t.app, c, "GROUP_LEADER");
    const member = await addMember(t.app, c);
    const groupId = await makeGroup(t.db, c, { leaders: [leader], members: [member] });
    const s = await joinGroup(member.cookie, groupId);
    const res = await c.admin.delete(`/api/admin/members/${member.user.id}`);
    expect(res.status, JSON.stringify(res.body)).toBeLessThan(300);
    await drainJobs(t.app);
    await s.closed;
    await leader.post(`/api/groups/${groupId}/posts`, { message: "After removal" });
    await settle();
    expect(s.frames.some((f) => f.type === "group_post")).toBe(false);
    expect(t.app.groupHub.roomSize(groupId)).toBe(0);
  });
});
