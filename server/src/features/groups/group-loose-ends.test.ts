import { type TGroup, ZGroup } from "@common/groups";
import type { TNotification } from "@common/notifications";
import { and, eq } from "drizzle-orm";
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { createTestApp, type TTestApp } from "../../../test/app";
import { findAuditEntries } from "../../../test/audit-entries";
import { addMember, createChurch, type TSignedIn, type TTestChurch } from "../../../test/factories";
import { drainJobs } from "../../../test/jobs";
import { groupMembers } from "../../db/schema/groups";
import { users } from "../../db/schema/users";

/**
 * Issue 27's loose ends: a join request's notice names nobody by e-mail; a group whose last leader
 * leaves the church or stops leading stays, leaderless, and the church's admins are told.
 */

let t: TTestApp;
let a: TTestChurch;
let b: TTestChurch;
let leader: TSignedIn;

beforeAll(async () => {
  t = await createTestApp();
  a = await createChurch(t.app);
  b = await createChurch(t.app);
  leader = await addMember(t.app, a, "CONGREGANT", "Lydia");
});
afterEach(() => {
  vi.useRealTimers();
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

describe("a request to join from a member with no name", () => {
  it("reads 'A church member' (in the leader's language), never their e-mail", async () => {
    const g = await makeGroup({ name: "Nameless Welcome" });
    const asker = await addMember(t.app, a, "CONGREGANT", "Gone");
    await t.db.update(users).set({ firstName: null, lastName: null }).where(eq(users.id, asker.user.id));
    expect((await asker.post(`/api/groups/${g.id}/join`)).body.membership).toBe("requested");
    const [note] = await notificationsOf(leader, "group_join_requested");
    expect(note.message).toBe("A church member asked to join Nameless Welcome.");
    expect(JSON.stringify(note)).not.toContain(asker.user.email);
    expect((await leader.patch("/api/user/preferences", { language: "es" })).status).toBe(200);
    const [spanish] = await notificationsOf(leader, "group_join_requested");
    expect(spanish.message).toBe("Un miembro de la iglesia pidió unirse a Nameless Welcome.");
    expect((await leader.patch("/api/user/preferences", { language: "en" })).status).toBe(200);
  });
});

const roleIn = async (groupId: string, who: TSignedIn) =>
  (
    await t.db
      .select({ role: groupMembers.role })
      .from(groupMembers)
      .where(and(eq(groupMembers.groupId, groupId), eq(groupMembers.userId, who.user.id)))
  )[0]?.role ?? null;

const leaderlessNotes = async (who: TSignedIn, groupId: string) =>
  (await notificationsOf(who, "group_leaderless")).filter((n) => n.link === `/groups/${groupId}`);

describe("a group left without a leader", () => {
  it("its last leader removed from the church: the group stays, leaderless, and the admins are told", async () => {
    const last = await addMember(t.app, a, "CONGREGANT", "Leah");
    const other = await addMember(t.app, a, "CONGREGANT", "Omar");
    const alone = await makeGroup({ name: "Left Alone", joinPolicy: "open", leaderIds: [last.user.id] });
    const shared = await makeGroup({ name: "Still Led", leaderIds: [last.user.id, other.user.id] });
    const m = await addMember(t.app, a, "CONGREGANT", "Mia");
    expect((await m.post(`/api/groups/${alone.id}/join`)).status).toBe(200);
    expect((await a.admin.delete(`/api/admin/members/${last.user.id}`)).status).toBe(204);
    const [note] = await leaderlessNotes(a.admin, alone.id);
    expect(note).toMatchObject({
      title: "Left Alone has no leader",
      message: "Left Alone has no leader now. Name one on the group's page.",
    });
    const g = ZGroup.parse((await a.admin.get(`/api/groups/${alone.id}`)).body);
    expect(g).toMatchObject({ leaders: [], memberCount: 1 });
    // Its members keep their place; a group with another leader tells nobody.
    expect(await roleIn(alone.id, m)).toBe("member");
    expect(await leaderlessNotes(a.admin, shared.id)).toEqual([]);
    expect(ZGroup.parse((await a.admin.get(`/api/groups/${shared.id}`)).body).leaders.map((l) => l.id)).toEqual([
      other.user.id,
    ]);
    // Members are not told; nor is another church's admin; the job run again tells nobody twice.
    expect(await leaderlessNotes(m, alone.id)).toEqual([]);
    expect(await leaderlessNotes(b.admin, alone.id)).toEqual([]);
    await drainJobs(t.app);
    expect(await leaderlessNotes(a.admin, alone.id)).toHaveLength(1);
  });

  // A leader's row is stamped by the database (joined_at's default), the leaving by the app's clock:
  // while they are away no clock is compared, so an app clock behind the database's keeps nothing.
  it("a removed leader and member keeps no place when the app's clock is behind the database's", async () => {
    vi.useFakeTimers({ toFake: ["Date"], now: new Date(Date.now() - 366 * 86_400_000) });
    const gone = await addMember(t.app, a, "CONGREGANT", "Lou");
    const led = await makeGroup({ name: "Led Then Left", leaderIds: [gone.user.id] });
    const joined = await makeGroup({ name: "Joined Then Left", joinPolicy: "open" });
    expect((await gone.post(`/api/groups/${joined.id}/join`)).status).toBe(200);
    expect(await roleIn(led.id, gone)).toBe("leader");
    expect((await a.admin.delete(`/api/admin/members/${gone.user.id}`)).status).toBe(204);
    await drainJobs(t.app);
    expect(await roleIn(led.id, gone)).toBeNull();
    expect(await roleIn(joined.id, gone)).toBeNull();
  });

  it("a member who leads nothing leaving tells nobody", async () => {
    const g = await makeGroup({ name: "Quiet One", joinPolicy: "open" });
    const m = await addMember(t.app, a, "CONGREGANT", "Max");
    expect((await m.post(`/api/groups/${g.id}/join`)).status).toBe(200);
    expect((await a.admin.delete(`/api/admin/members/${m.user.id}`)).status).toBe(204);
    expect(await leaderlessNotes(a.admin, g.id)).toEqual([]);
  });

  it("a leader made Church Member stops leading: stays as a member when there is room, leaves a full group", async () => {
    const gl = await addMember(t.app, a, "CONGREGANT", "Gil");
    const roomy = await makeGroup({ name: "Roomy", joinPolicy: "open", leaderIds: [gl.user.id] });
    const full = await makeGroup({ name: "Packed", joinPolicy: "open", capacity: 1, leaderIds: [gl.user.id] });
    const filler = await addMember(t.app, a, "CONGREGANT", "Fil");
    expect((await filler.post(`/api/groups/${full.id}/join`)).status).toBe(200);
    // Leading made Gil a Group Leader; the admin makes him a Church Member again.
    expect((await a.admin.get(`/api/groups/${roomy.id}`)).body.leaders[0].id).toBe(gl.user.id);
    const res = await a.admin.patch(`/api/admin/members/${gl.user.id}`, { role: "CONGREGANT" });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    await drainJobs(t.app);
    expect(await roleIn(roomy.id, gl)).toBe("member");
    expect(await roleIn(full.id, gl)).toBeNull();
    expect(ZGroup.parse((await gl.get(`/api/groups/${roomy.id}`)).body).membership).toBe("member");
    const [note] = await leaderlessNotes(a.admin, roomy.id);
    expect(note.title).toBe("Roomy has no leader");
    expect(await leaderlessNotes(a.admin, full.id)).toHaveLength(1);
  });

  it("a leader made an admin, or a Group Leader made one again, keeps leading", async () => {
    const gl = await addMember(t.app, a, "CONGREGANT", "Ivy");
    const g = await makeGroup({ name: "Kept", leaderIds: [gl.user.id] });
    expect((await a.admin.patch(`/api/admin/members/${gl.user.id}`, { role: "ADMIN" })).status).toBe(200);
    await drainJobs(t.app);
    expect(await roleIn(g.id, gl)).toBe("leader");
    // Demoted, then made a Group Leader again before the queue ran: nothing is undone.
    await t.db.update(users).set({ role: "GROUP_LEADER" }).where(eq(users.id, gl.user.id));
    expect((await a.admin.patch(`/api/admin/members/${gl.user.id}`, { role: "CONGREGANT" })).status).toBe(200);
    await t.db.update(users).set({ role: "GROUP_LEADER" }).where(eq(users.id, gl.user.id));
    await drainJobs(t.app);
    expect(await roleIn(g.id, gl)).toBe("leader");
    expect(await leaderlessNotes(a.admin, g.id)).toEqual([]);
  });
});

describe("meetings added one by one, in the audit trail", () => {
  it("a leader adding a meeting records group_meeting.created; refused ones record nothing", async () => {
    const g = await makeGroup({ name: "Audited" });
    const startsAt = new Date(Date.now() + 3 * 86_400_000).toISOString();
    const res = await leader.post(`/api/groups/${g.id}/meetings`, { startsAt, note: "At the park" });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    const entries = await findAuditEntries(t.db, a.church.id, "group_meeting.created");
    const entry = entries.find((e) => e.targetId === res.body.id);
    expect(entry).toMatchObject({
      targetType: "group_meeting",
      actorId: leader.user.id,
      changes: { group: [null, "Audited"], startsAt: [null, startsAt], note: [null, "At the park"] },
    });
    // The same time again (409), a day out of range (400), a member (403): no entry.
    expect((await leader.post(`/api/groups/${g.id}/meetings`, { startsAt })).status).toBe(409);
    const far = new Date(Date.now() + 400 * 86_400_000).toISOString();
    expect((await leader.post(`/api/groups/${g.id}/meetings`, { startsAt: far })).status).toBe(400);
    const m = await addMember(t.app, a, "CONGREGANT", "Noa");
    const later = new Date(Date.now() + 4 * 86_400_000).toISOString();
    expect((await m.post(`/api/groups/${g.id}/meetings`, { startsAt: later })).status).toBe(403);
    expect((await b.admin.post(`/api/groups/${g.id}/meetings`, { startsAt: later })).status).toBe(404);
    expect(await findAuditEntries(t.db, b.church.id, "group_meeting.created")).toEqual([]);
    expect(await findAuditEntries(t.db, a.church.id, "group_meeting.created")).toHaveLength(entries.length);
    // The admin reads it in the audit log.
    const log = await a.admin.get("/api/admin/audit?action=group_meeting.created");
    expect(log.status, JSON.stringify(log.body)).toBe(200);
    expect(JSON.stringify(log.body)).toContain(res.body.id);
  });
});
