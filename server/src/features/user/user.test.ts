import { and, eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { Caller, createTestApp, type TTestApp } from "../../../test/app";
import { addMember, createChurch, createEvent, createSermon, signUp } from "../../../test/factories";
import { pointsLedger } from "../../db/schema/points";

let t: TTestApp;
beforeAll(async () => {
  t = await createTestApp();
});

const stats = async (c: Caller) => (await c.get("/api/user/stats")).body;

describe("GET /api/user/stats: points and counts are per church", () => {
  it("a member who moves to another church starts there from zero; the old church keeps its history", async () => {
    const a = await createChurch(t.app);
    const b = await createChurch(t.app);
    const member = await addMember(t.app, a);
    const sermon = await createSermon(a.admin);
    const now = Date.now();
    const event = await createEvent(a.admin, {
      startTime: new Date(now - 10 * 60_000).toISOString(),
      endTime: new Date(now + 50 * 60_000).toISOString(),
    });
    expect((await member.post(`/api/sermons/${sermon.id}/watch`)).body.pointsAwarded).toBe(10);
    expect((await member.post(`/api/events/${event.id}/check-in`)).status).toBeLessThan(300);
    expect(await stats(member)).toEqual({ points: 10, sermonsWatched: 1, eventsAttended: 1, streaks: {} });

    // Removed from A, invited to B.
    expect((await a.admin.delete(`/api/admin/members/${member.user.id}`)).status).toBe(204);
    expect((await member.get("/api/auth/user")).body.points).toBe(0);
    const inv = (await b.admin.post("/api/invitations", { email: member.user.email, role: "CONGREGANT" })).body;
    expect((await member.post(`/api/invite/${inv.token}/accept`)).status).toBe(200);
    expect((await member.get("/api/auth/user")).body).toMatchObject({ churchId: b.church.id, points: 0 });
    expect(await stats(member)).toEqual({ points: 0, sermonsWatched: 0, eventsAttended: 0, streaks: {} });
    const members = (await b.admin.get("/api/admin/members")).body as { id: string; points: number }[];
    expect(members.find((m) => m.id === member.user.id)?.points).toBe(0);

    // A keeps the record, and the member's points there come back if they return.
    const kept = await t.db
      .select()
      .from(pointsLedger)
      .where(and(eq(pointsLedger.userId, member.user.id), eq(pointsLedger.churchId, a.church.id)));
    expect(kept).toHaveLength(1);
    expect((await b.admin.delete(`/api/admin/members/${member.user.id}`)).status).toBe(204);
    const back = (await a.admin.post("/api/invitations", { email: member.user.email, role: "CONGREGANT" })).body;
    expect((await member.post(`/api/invite/${back.token}/accept`)).status).toBe(200);
    expect(await stats(member)).toMatchObject({ points: 10, sermonsWatched: 1, eventsAttended: 1 });
    // The same sermon pays nothing twice in the same church.
    expect((await member.post(`/api/sermons/${sermon.id}/watch`)).body.pointsAwarded).toBe(0);
  });

  it("answers 401 signed out and 403 to an account without a church", async () => {
    expect((await new Caller(t.app).get("/api/user/stats")).status).toBe(401);
    expect((await (await signUp(t.app)).get("/api/user/stats")).status).toBe(403);
  });
});
