import { type TGroup, ZGroup } from "@common/groups";
import type { TNotification } from "@common/notifications";
import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TTestApp } from "../../../test/app";
import { addMember, createChurch, type TSignedIn, type TTestChurch } from "../../../test/factories";
import { drainJobs } from "../../../test/jobs";
import { groupJoinRequests, groupMembers } from "../../db/schema/groups";

let t: TTestApp;
let a: TTestChurch;
let leader: TSignedIn;

beforeAll(async () => {
  // The queue runs only when a test drains it: "answered before the queue runs" must not race it.
  t = await createTestApp({}, { runJobs: false });
  a = await createChurch(t.app);
  leader = await addMember(t.app, a, "CONGREGANT", "Lydia");
});

async function makeGroup(over: Record<string, unknown> = {}): Promise<TGroup> {
  const res = await a.admin.post("/api/groups", {
    name: "Home Group",
    kind: "bible_study",
    joinPolicy: "request",
    visibility: "listed",
    leaderIds: [leader.user.id],
    ...over,
  });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return ZGroup.parse(res.body);
}

async function notificationsOf(who: TSignedIn, kind: string): Promise<TNotification[]> {
  await drainJobs(t.app);
  const res = await who.get(`/api/notifications?kind=${kind}`);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.notifications;
}

describe("notifications of requests to join", () => {
  it("a request reaches the group's leaders (not the admin), in each one's language", async () => {
    const g = await makeGroup({ name: "Wednesday Women" });
    const esLeader = await addMember(t.app, a, "CONGREGANT", "Elena");
    expect((await a.admin.patch(`/api/groups/${g.id}`, { leaderIds: [leader.user.id, esLeader.user.id] })).status).toBe(
      200,
    );
    expect((await esLeader.patch("/api/user/preferences", { language: "es" })).status).toBe(200);
    const asker = await addMember(t.app, a, "CONGREGANT", "Ruth");
    expect((await asker.post(`/api/groups/${g.id}/join`)).body.membership).toBe("requested");
    const [note] = await notificationsOf(leader, "group_join_requested");
    expect(note).toMatchObject({
      title: "Request to join Wednesday Women",
      message: "Ruth User asked to join Wednesday Women.",
      link: `/groups/${g.id}`,
    });
    const [spanish] = await notificationsOf(esLeader, "group_join_requested");
    expect(spanish.title).toBe("Solicitud para unirse a Wednesday Women");
    expect(await notificationsOf(a.admin, "group_join_requested")).toEqual([]);
    expect(await notificationsOf(asker, "group_join_requested")).toEqual([]);
    // Asking again while waiting tells nobody twice.
    await asker.post(`/api/groups/${g.id}/join`);
    expect(await notificationsOf(leader, "group_join_requested")).toHaveLength(1);
  });

  it("approved and declined reach the member, with the leader's message", async () => {
    const g = await makeGroup({ name: "Youth Band" });
    const yes = await addMember(t.app, a, "CONGREGANT", "Yara");
    const no = await addMember(t.app, a, "CONGREGANT", "Noah");
    await yes.post(`/api/groups/${g.id}/join`);
    await no.post(`/api/groups/${g.id}/join`);
    expect((await leader.post(`/api/groups/${g.id}/requests/${yes.user.id}/approve`)).status).toBe(204);
    expect(
      (await leader.post(`/api/groups/${g.id}/requests/${no.user.id}/decline`, { message: "We are full this term" }))
        .status,
    ).toBe(204);
    const [welcome] = await notificationsOf(yes, "group_request_answered");
    expect(welcome).toMatchObject({
      title: "Welcome to Youth Band",
      message: "Your request to join Youth Band was approved.",
      link: `/groups/${g.id}`,
    });
    const [sorry] = await notificationsOf(no, "group_request_answered");
    expect(sorry.message).toBe("Your request to join Youth Band was not accepted this time: “We are full this term”");
    expect(await notificationsOf(leader, "group_request_answered")).toEqual([]);
  });

  it("a request answered before the queue runs, or a group archived, tells nobody", async () => {
    const g = await makeGroup({ name: "Short-lived" });
    const asker = await addMember(t.app, a, "CONGREGANT", "Quinn");
    const before = (await notificationsOf(leader, "group_join_requested")).length;
    await asker.post(`/api/groups/${g.id}/join`);
    await asker.post(`/api/groups/${g.id}/leave`);
    expect(await notificationsOf(leader, "group_join_requested")).toHaveLength(before);
    const other = await makeGroup({ name: "Archived soon" });
    const late = await addMember(t.app, a, "CONGREGANT", "Lena");
    await late.post(`/api/groups/${other.id}/join`);
    await a.admin.delete(`/api/groups/${other.id}`);
    expect(await notificationsOf(leader, "group_join_requested")).toHaveLength(before);
  });
});

describe("a member removed from the church", () => {
  it("loses every group and waiting request of that church at once", async () => {
    const open = await makeGroup({ name: "Open one", joinPolicy: "open" });
    const asked = await makeGroup({ name: "Asked one" });
    const led = await makeGroup({ name: "Led one", joinPolicy: "open" });
    const m = await addMember(t.app, a, "CONGREGANT", "Gone");
    expect((await m.post(`/api/groups/${open.id}/join`)).status).toBe(200);
    expect((await m.post(`/api/groups/${asked.id}/join`)).status).toBe(200);
    expect((await a.admin.patch(`/api/groups/${led.id}`, { leaderIds: [leader.user.id, m.user.id] })).status).toBe(200);
    expect((await a.admin.delete(`/api/admin/members/${m.user.id}`)).status).toBe(204);
    // At once, before the queue: no longer counted, listed or led.
    const led2 = ZGroup.parse((await leader.get(`/api/groups/${led.id}`)).body);
    expect(led2.leaders.map((l) => l.id)).toEqual([leader.user.id]);
    expect(ZGroup.parse((await leader.get(`/api/groups/${open.id}`)).body).memberCount).toBe(0);
    const roster = await a.admin.get(`/api/groups/${open.id}/members`);
    expect(roster.body.map((p: { id: string }) => p.id)).not.toContain(m.user.id);
    expect((await leader.get(`/api/groups/${asked.id}/requests`)).body).toEqual([]);
    // Then their rows go.
    await drainJobs(t.app);
    expect(await t.db.select().from(groupMembers).where(eq(groupMembers.userId, m.user.id))).toEqual([]);
    expect(await t.db.select().from(groupJoinRequests).where(eq(groupJoinRequests.userId, m.user.id))).toEqual([]);
    // Another member's places stay.
    expect(await t.db.select().from(groupMembers).where(eq(groupMembers.userId, leader.user.id))).not.toEqual([]);
  });
});
