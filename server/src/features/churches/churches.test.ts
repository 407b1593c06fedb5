import { ZAuthUser } from "@common/auth";
import { ZChurch } from "@common/churches";
import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { Caller, createTestApp, type TTestApp } from "../../../test/app";
import { findAuditEntries } from "../../../test/audit-entries";
import { addMember, createChurch, signUp } from "../../../test/factories";
import { drainJobs } from "../../../test/jobs";
import { churches } from "../../db/schema/churches";

let t: TTestApp;
beforeAll(async () => {
  t = await createTestApp();
});

describe("POST /api/churches", () => {
  it("creates the church with 201 and makes its creator the ADMIN", async () => {
    const leader = await signUp(t.app, { firstName: "Grace" });
    const res = await leader.post("/api/churches", { name: "  Hope Chapel  " });
    expect(res.status).toBe(201);
    expect(ZChurch.parse(res.body)).toMatchObject({ name: "Hope Chapel", brandColor: "#6366F1", logoUrl: null });
    const me = ZAuthUser.parse((await leader.get("/api/auth/user")).body);
    expect(me).toMatchObject({ role: "ADMIN", churchId: res.body.id, church: { name: "Hope Chapel", logoUrl: null } });
    const [entry] = await findAuditEntries(t.db, res.body.id, "church.created");
    expect(entry).toMatchObject({
      actorId: leader.user.id,
      targetType: "church",
      targetId: res.body.id,
      changes: { name: [null, "Hope Chapel"], slug: [null, res.body.slug], timeZone: [null, res.body.timeZone] },
    });
    await drainJobs(t.app);
    const activity = await leader.get("/api/admin/recent-activity");
    expect(activity.body[0].description).toBe("Hope Chapel was created");
  });

  it("answers 409 to a user who already has a church, and creates nothing", async () => {
    const { admin } = await createChurch(t.app);
    const before = await t.db.select().from(churches);
    const res = await admin.post("/api/churches", { name: "Second" });
    expect(res.status).toBe(409);
    expect(await t.db.select().from(churches)).toHaveLength(before.length);
  });

  it("answers 409 to a member who joined by invitation", async () => {
    const c = await createChurch(t.app);
    const member = await addMember(t.app, c);
    expect((await member.post("/api/churches", { name: "Breakaway" })).status).toBe(409);
  });

  it("refuses an empty or over-long name with 400 and the spec's message", async () => {
    const leader = await signUp(t.app);
    const empty = await leader.post("/api/churches", { name: "   " });
    expect(empty.status).toBe(400);
    expect(empty.body.message).toBe("Please enter a church name.");
    expect((await leader.post("/api/churches", { name: "x".repeat(121) })).status).toBe(400);
    expect((await leader.post("/api/churches", {})).status).toBe(400);
    expect((await leader.get("/api/auth/user")).body.churchId).toBeNull();
  });

  it("needs a signed-in user (401)", async () => {
    expect((await new Caller(t.app).post("/api/churches", { name: "Anon" })).status).toBe(401);
  });

  it("makes one church when the same user submits twice at once", async () => {
    const leader = await signUp(t.app);
    const results = await Promise.all([
      leader.post("/api/churches", { name: "Twin A" }),
      leader.post("/api/churches", { name: "Twin B" }),
    ]);
    expect(results.map((r) => r.status).sort()).toEqual([201, 409]);
    const mine = await t.db.select().from(churches).where(eq(churches.name, "Twin A"));
    const other = await t.db.select().from(churches).where(eq(churches.name, "Twin B"));
    expect(mine.length + other.length).toBe(1);
  });
});

describe("member-only and admin-only calls", () => {
  it("a signed-in user without a church gets 403 from church calls", async () => {
    const loner = await signUp(t.app);
    expect((await loner.get("/api/user/stats")).status).toBe(403);
    expect((await loner.get("/api/admin/members")).status).toBe(403);
  });

  it("unknown API paths answer 404 JSON", async () => {
    const res = await new Caller(t.app).get("/api/does-not-exist");
    expect(res.status).toBe(404);
    expect(res.body).toEqual({ message: "Not found" });
  });
});
