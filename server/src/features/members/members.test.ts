import { ZMember } from "@common/members";
import { beforeAll, describe, expect, it } from "vitest";
import { Caller, createTestApp, type TTestApp } from "../../../test/app";
import { findAuditEntries } from "../../../test/audit-entries";
import { addMember, createChurch } from "../../../test/factories";
import { drainJobs } from "../../../test/jobs";
import { LAST_ADMIN } from "./members.service";

let t: TTestApp;
beforeAll(async () => {
  t = await createTestApp();
});

describe("GET /api/admin/members", () => {
  it("lists only the church's members with the spec's fields, including lastActiveAt", async () => {
    const a = await createChurch(t.app);
    const b = await createChurch(t.app);
    const m1 = await addMember(t.app, a, "GROUP_LEADER", "Lydia");
    await addMember(t.app, b, "CONGREGANT", "Other");
    const res = await a.admin.get("/api/admin/members");
    expect(res.status).toBe(200);
    const members = res.body.map((m: unknown) => ZMember.parse(m));
    expect(members.map((m: { id: string }) => m.id).sort()).toEqual([a.admin.user.id, m1.user.id].sort());
    expect(members.every((m: { churchId: string }) => m.churchId === a.church.id)).toBe(true);
    expect(members.find((m: { id: string }) => m.id === m1.user.id)).toMatchObject({
      role: "GROUP_LEADER",
      firstName: "Lydia",
    });
    expect(members.find((m: { id: string }) => m.id === a.admin.user.id).lastActiveAt).not.toBeNull();
  });

  it("gives when a member signed in and was last seen as the day, not the moment (anonymous prayer stays anonymous)", async () => {
    const c = await createChurch(t.app);
    const m = await addMember(t.app, c, "CONGREGANT", "Zebedee");
    const today = `${new Date().toISOString().slice(0, 10)}T00:00:00.000Z`;
    // Being seen is written beside the request, not in it: wait for the write to land.
    await expect
      .poll(async () => {
        const list = (await c.admin.get("/api/admin/members")).body as { id: string }[];
        return list.find((x) => x.id === m.user.id);
      })
      .toMatchObject({ lastLogin: today, lastActiveAt: today });
  });

  it("refuses congregants and group leaders (403) and the signed-out (401)", async () => {
    const c = await createChurch(t.app);
    for (const role of ["CONGREGANT", "GROUP_LEADER"] as const) {
      const m = await addMember(t.app, c, role);
      expect((await m.get("/api/admin/members")).status).toBe(403);
    }
    expect((await new Caller(t.app).get("/api/admin/members")).status).toBe(401);
  });
});

describe("PATCH /api/admin/members/{id}", () => {
  it("changes a member's role; the member's own session sees the new role at once", async () => {
    const c = await createChurch(t.app);
    const m = await addMember(t.app, c);
    expect((await m.get("/api/admin/stats")).status).toBe(403);
    const res = await c.admin.patch(`/api/admin/members/${m.user.id}`, { role: "ADMIN" });
    expect(res.status).toBe(200);
    expect(res.body.role).toBe("ADMIN");
    expect((await m.get("/api/auth/user")).body.role).toBe("ADMIN");
    expect((await m.get("/api/admin/stats")).status).toBe(200);
  });

  it("records the role change in the audit trail with the change's transaction; a refused change records nothing", async () => {
    const a = await createChurch(t.app);
    const b = await createChurch(t.app);
    const m = await addMember(t.app, a, "CONGREGANT", "Priscilla");
    const mb = await addMember(t.app, b);
    expect((await a.admin.patch(`/api/admin/members/${m.user.id}`, { role: "GROUP_LEADER" })).status).toBe(200);
    const entries = await findAuditEntries(t.db, a.church.id, "member.role_changed");
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({
      actorId: a.admin.user.id,
      targetType: "member",
      targetId: m.user.id,
      changes: { role: ["CONGREGANT", "GROUP_LEADER"] },
    });
    // Another church's member (404), a congregant (403), the last admin (409): nothing recorded.
    expect((await a.admin.patch(`/api/admin/members/${mb.user.id}`, { role: "ADMIN" })).status).toBe(404);
    expect((await m.patch(`/api/admin/members/${m.user.id}`, { role: "ADMIN" })).status).toBe(403);
    expect((await a.admin.patch(`/api/admin/members/${a.admin.user.id}`, { role: "CONGREGANT" })).status).toBe(409);
    expect(await findAuditEntries(t.db, a.church.id, "member.role_changed")).toHaveLength(1);
    expect(await findAuditEntries(t.db, b.church.id, "member.role_changed")).toEqual([]);
    // The feed's line follows from the event.
    await drainJobs(t.app);
    const feed = (await a.admin.get("/api/admin/recent-activity")).body.map(
      (x: { description: string }) => x.description,
    );
    expect(feed).toContain("Priscilla User is now Group Leader");
  });

  it("refuses to demote the last admin (409), but allows it once there is another", async () => {
    const c = await createChurch(t.app);
    const demote = await c.admin.patch(`/api/admin/members/${c.admin.user.id}`, { role: "CONGREGANT" });
    expect(demote.status).toBe(409);
    expect(demote.body.message).toBe(LAST_ADMIN);
    const other = await addMember(t.app, c, "ADMIN");
    expect((await c.admin.patch(`/api/admin/members/${c.admin.user.id}`, { role: "CONGREGANT" })).status).toBe(200);
    expect((await other.patch(`/api/admin/members/${other.user.id}`, { role: "GROUP_LEADER" })).status).toBe(409);
  });

  it("two admins demoting each other at once leave the church one admin", async () => {
    const c = await createChurch(t.app);
    const other = await addMember(t.app, c, "ADMIN");
    const results = await Promise.all([
      c.admin.patch(`/api/admin/members/${other.user.id}`, { role: "CONGREGANT" }),
      other.patch(`/api/admin/members/${c.admin.user.id}`, { role: "CONGREGANT" }),
    ]);
    // The loser is refused either by the lock (409) or, if it starts after the winner
    // committed, because it is no longer an admin (403).
    const statuses = results.map((r) => r.status).sort();
    expect(statuses[0]).toBe(200);
    expect([403, 409]).toContain(statuses[1]);
    const members = (await t.db.query.users.findMany()).filter((u) => u.churchId === c.church.id);
    expect(members.filter((u) => u.role === "ADMIN")).toHaveLength(1);
  });

  it("validates the role (400) and answers 404 for another church's member or a malformed id", async () => {
    const a = await createChurch(t.app);
    const b = await createChurch(t.app);
    const mb = await addMember(t.app, b);
    const bad = await a.admin.patch(`/api/admin/members/${a.admin.user.id}`, { role: "SUPER_ADMIN" });
    expect(bad.status).toBe(400);
    expect(bad.body.errors[0].path).toBe("role");
    expect((await a.admin.patch(`/api/admin/members/${mb.user.id}`, { role: "ADMIN" })).status).toBe(404);
    expect((await mb.get("/api/auth/user")).body.role).toBe("CONGREGANT");
    expect((await a.admin.patch("/api/admin/members/12345", { role: "ADMIN" })).status).toBe(404);
  });

  it("refuses a congregant (403) even with a valid body", async () => {
    const c = await createChurch(t.app);
    const m = await addMember(t.app, c);
    expect((await m.patch(`/api/admin/members/${m.user.id}`, { role: "ADMIN" })).status).toBe(403);
    expect((await m.patch(`/api/admin/members/${m.user.id}`, { role: "nope" })).status).toBe(403);
  });
});

describe("DELETE /api/admin/members/{id}", () => {
  it("removes a member from the church; their session loses the church at once", async () => {
    const c = await createChurch(t.app);
    const m = await addMember(t.app, c, "GROUP_LEADER", "Silas");
    expect((await c.admin.delete(`/api/admin/members/${m.user.id}`)).status).toBe(204);
    expect((await m.get("/api/auth/user")).body).toMatchObject({ churchId: null, role: "CONGREGANT", church: null });
    expect((await m.get("/api/user/stats")).status).toBe(403);
    const ids = (await c.admin.get("/api/admin/members")).body.map((x: { id: string }) => x.id);
    expect(ids).not.toContain(m.user.id);
    const [removed] = await findAuditEntries(t.db, c.church.id, "member.removed");
    expect(removed).toMatchObject({
      actorId: c.admin.user.id,
      targetType: "member",
      targetId: m.user.id,
      changes: { role: ["GROUP_LEADER", null] },
    });
    await drainJobs(t.app);
    expect((await c.admin.get("/api/admin/recent-activity")).body[0].description).toMatch(/Silas .* was removed/);
  });

  it("will not remove the last admin (409), nor another church's member (404), nor for a congregant (403)", async () => {
    const a = await createChurch(t.app);
    const b = await createChurch(t.app);
    const mb = await addMember(t.app, b);
    const ma = await addMember(t.app, a);
    expect((await a.admin.delete(`/api/admin/members/${a.admin.user.id}`)).status).toBe(409);
    expect((await a.admin.delete(`/api/admin/members/${mb.user.id}`)).status).toBe(404);
    expect((await mb.get("/api/auth/user")).body.churchId).toBe(b.church.id);
    expect((await ma.delete(`/api/admin/members/${a.admin.user.id}`)).status).toBe(403);
  });
});
