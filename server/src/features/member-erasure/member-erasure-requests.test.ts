import { DELETE_ACCOUNT_URL, eraseMemberUrl } from "@common/member-erasure-helpers";
import { eq, sql } from "drizzle-orm";
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { Caller, createTestApp, type TTestApp } from "../../../test/app";
import { findAuditEntries } from "../../../test/audit-entries";
import { addMember, createChurch, PASSWORD, setTimeZone, type TSignedIn } from "../../../test/factories";
import { drainJobs } from "../../../test/jobs";
import { sessions } from "../../db/schema/auth";
import { churches, memberErasures } from "../../db/schema/churches";
import { users } from "../../db/schema/users";
import { memberPseudonym } from "../../lib/pseudonym";
import { REMOVED_MEMBER_RETENTION_JOB } from "./removed-member-retention";

let t: TTestApp;
beforeAll(async () => {
  t = await createTestApp({}, { runJobs: false });
});
afterEach(() => {
  vi.useRealTimers();
});

const DAY_MS = 86_400_000;
const exists = async (id: string) => (await t.db.select().from(users).where(eq(users.id, id))).length > 0;
const signIn = (m: TSignedIn) => new Caller(t.app).post("/api/auth/login", { email: m.user.email, password: PASSWORD });

describe("POST /api/user/delete", () => {
  it("erases the caller with their password and the typed word; the session and the sign-in are gone", async () => {
    const c = await createChurch(t.app);
    const m = await addMember(t.app, c);
    const other = new Caller(t.app);
    expect((await other.post("/api/auth/login", { email: m.user.email, password: PASSWORD })).status).toBe(200);
    const oldCookie = m.cookie;

    const res = await m.post(DELETE_ACCOUNT_URL, { password: PASSWORD, confirm: "DELETE" });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toEqual({ ok: true });
    expect(m.cookie).toBeUndefined();
    expect(await exists(m.user.id)).toBe(false);
    expect((await new Caller(t.app, oldCookie).get("/api/auth/user")).status).toBe(401);
    expect((await other.get("/api/auth/user")).status).toBe(401);
    expect((await signIn(m)).status).toBe(401);

    const pseudonym = memberPseudonym(m.user.id);
    const [entry] = await findAuditEntries(t.db, c.church.id, "member.erased");
    expect(entry).toMatchObject({ actorId: pseudonym, targetId: pseudonym, actorFirstName: null, ip: null });
    expect(entry.changes).toEqual({});
    const [erasure] = await t.db.select().from(memberErasures).where(eq(memberErasures.pseudonym, pseudonym));
    expect(erasure.source).toBe("member");
  });

  it("refuses a wrong or missing password and a missing word, changing nothing", async () => {
    const c = await createChurch(t.app);
    const m = await addMember(t.app, c);
    const wrong = await m.post(DELETE_ACCOUNT_URL, { password: "not my password", confirm: "DELETE" });
    expect(wrong.status).toBe(400);
    expect(wrong.body.message).toBe("Your current password is incorrect.");
    const none = await m.post(DELETE_ACCOUNT_URL, { confirm: "DELETE" });
    expect(none.status).toBe(400);
    expect(none.body.message).toBe("Password is required");
    for (const body of [
      { password: PASSWORD },
      { password: PASSWORD, confirm: "delete" },
      { password: PASSWORD, confirm: 1 },
    ]) {
      const res = await m.post(DELETE_ACCOUNT_URL, body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.message).toBe("Type DELETE to confirm");
    }
    expect(await exists(m.user.id)).toBe(true);
    expect((await m.get("/api/auth/user")).status).toBe(200);
    expect(await findAuditEntries(t.db, c.church.id, "member.erased")).toEqual([]);
  });

  it("keeps the church's last admin (409 naming the church) until another admin exists", async () => {
    const c = await createChurch(t.app, "Grace Chapel");
    const res = await c.admin.post(DELETE_ACCOUNT_URL, { password: PASSWORD, confirm: "DELETE" });
    expect(res.status).toBe(409);
    expect(res.body.message).toBe(
      "You are the only admin of Grace Chapel. Make another member an admin first, then delete your account.",
    );
    expect(await exists(c.admin.user.id)).toBe(true);
    expect((await c.admin.get("/api/auth/user")).status).toBe(200);

    await addMember(t.app, c, "ADMIN");
    const ok = await c.admin.post(DELETE_ACCOUNT_URL, { password: PASSWORD, confirm: "DELETE" });
    expect(ok.status, JSON.stringify(ok.body)).toBe(200);
    expect(await exists(c.admin.user.id)).toBe(false);
  });

  it("lets an account without a password go only right after a sign-in", async () => {
    const c = await createChurch(t.app);
    const m = await addMember(t.app, c);
    await t.db
      .update(users)
      .set({ passwordHash: null, oidcSubject: `sub-${m.user.id}` })
      .where(eq(users.id, m.user.id));
    await t.db
      .update(sessions)
      .set({ createdAt: sql`now() - interval '11 minutes'` })
      .where(eq(sessions.userId, m.user.id));
    const stale = await m.post(DELETE_ACCOUNT_URL, { confirm: "DELETE" });
    expect(stale.status).toBe(403);
    expect(stale.body.message).toBe("Sign in again with Single Sign-On first, then delete your account.");
    expect(await exists(m.user.id)).toBe(true);

    await t.db
      .update(sessions)
      .set({ createdAt: sql`now() - interval '2 minutes'` })
      .where(eq(sessions.userId, m.user.id));
    const fresh = await m.post(DELETE_ACCOUNT_URL, { confirm: "DELETE" });
    expect(fresh.status, JSON.stringify(fresh.body)).toBe(200);
    expect(await exists(m.user.id)).toBe(false);
  });

  // The few minutes are counted on the app's clock, which may differ from the database's (separate
  // hosts, or a test's moved clock): the session is stamped with it.
  for (const [label, shiftMs, status] of [
    ["ahead of", 366 * DAY_MS, 200],
    ["behind", -366 * DAY_MS, 403],
  ] as const) {
    it(`judges the sign-in's freshness on one clock when the app's is ${label} the database's (${status})`, async () => {
      const c = await createChurch(t.app);
      const m = await addMember(t.app, c);
      vi.useFakeTimers({ toFake: ["Date"], now: new Date(Date.now() + shiftMs) });
      const caller = new Caller(t.app);
      expect((await caller.post("/api/auth/login", { email: m.user.email, password: PASSWORD })).status).toBe(200);
      await t.db
        .update(users)
        .set({ passwordHash: null, oidcSubject: `sub-${m.user.id}` })
        .where(eq(users.id, m.user.id));
      // Ahead: deleted at once after the sign-in; behind: 11 minutes later, the sign-in is not fresh.
      if (status === 403) vi.setSystemTime(new Date(Date.now() + 11 * 60_000));
      const res = await caller.post(DELETE_ACCOUNT_URL, { confirm: "DELETE" });
      expect(res.status, JSON.stringify(res.body)).toBe(status);
      expect(await exists(m.user.id)).toBe(status === 403);
    });
  }

  it("answers 401 signed out", async () => {
    expect((await new Caller(t.app).post(DELETE_ACCOUNT_URL, { password: PASSWORD, confirm: "DELETE" })).status).toBe(
      401,
    );
  });
});

describe("POST /api/admin/members/{id}/erase", () => {
  it("is for the church's admins: members and leaders 403, another church 404, bad reasons 400", async () => {
    const a = await createChurch(t.app);
    const b = await createChurch(t.app);
    const target = await addMember(t.app, a);
    const congregant = await addMember(t.app, a);
    const leader = await addMember(t.app, a, "GROUP_LEADER");
    const body = { reason: "Asked in person" };
    expect((await congregant.post(eraseMemberUrl(target.user.id), body)).status).toBe(403);
    expect((await leader.post(eraseMemberUrl(target.user.id), body)).status).toBe(403);
    expect((await new Caller(t.app).post(eraseMemberUrl(target.user.id), body)).status).toBe(401);
    const cross = await b.admin.post(eraseMemberUrl(target.user.id), body);
    expect(cross.status).toBe(404);
    expect((await a.admin.post(eraseMemberUrl(b.admin.user.id), body)).status).toBe(404);
    expect((await a.admin.post(eraseMemberUrl("00000000-0000-4000-8000-000000000000"), body)).status).toBe(404);
    expect((await a.admin.post(eraseMemberUrl("not-an-id"), body)).status).toBe(404);
    for (const [bad, message] of [
      [{}, "Say why the member is erased"],
      [{ reason: "  " }, "Say why the member is erased"],
      [{ reason: "x".repeat(501) }, "Keep the reason under 500 characters"],
    ] as const) {
      const res = await a.admin.post(eraseMemberUrl(target.user.id), bad);
      expect(res.status, JSON.stringify(bad)).toBe(400);
      expect(res.body.message).toBe(message);
    }
    const self = await a.admin.post(eraseMemberUrl(a.admin.user.id), body);
    expect(self.status).toBe(409);
    expect(self.body.message).toBe("To erase your own account, use Delete my account on your profile.");
    expect(await exists(target.user.id)).toBe(true);
    expect(await exists(a.admin.user.id)).toBe(true);
    expect(await findAuditEntries(t.db, a.church.id, "member.erased")).toEqual([]);
  });

  it("never tells the admin which anonymous requests were the member's", async () => {
    const c = await createChurch(t.app);
    const m = await addMember(t.app, c);
    const req = await m.post("/api/prayer-requests", { title: "Unsaid", description: "Quiet", isAnonymous: true });
    expect(req.status).toBe(201);
    await drainJobs(t.app);
    const res = await c.admin.post(eraseMemberUrl(m.user.id), { reason: "Asked by letter" });
    expect(res.status).toBe(200);
    expect(JSON.stringify(res.body)).not.toContain(req.body.id);
    await drainJobs(t.app);
    const entries = await findAuditEntries(t.db, c.church.id);
    expect(JSON.stringify(entries)).not.toContain(req.body.id);
    const [erased] = entries.filter((e) => e.action === "member.erased");
    expect(erased.changes).toEqual({ reason: [null, "Asked by letter"] });
    // The request itself left with its author.
    expect((await c.admin.get(`/api/prayer-requests/${req.body.id}`)).status).toBe(404);
  });
});

describe("removed members' retention", () => {
  it("erases a removed member once the church's days have passed, in every time zone, and no one else", async () => {
    const auckland = await createChurch(t.app);
    await setTimeZone(auckland, "Pacific/Auckland");
    const angeles = await createChurch(t.app);
    await setTimeZone(angeles, "America/Los_Angeles");
    await t.db.update(churches).set({ removedMemberRetentionDays: 10 }).where(eq(churches.id, angeles.church.id));
    const gone = await addMember(t.app, auckland);
    const goneLa = await addMember(t.app, angeles);
    const movedOn = await addMember(t.app, auckland);
    const stays = await addMember(t.app, auckland);
    for (const [church, m] of [
      [auckland, gone],
      [angeles, goneLa],
      [auckland, movedOn],
    ] as const) {
      expect((await church.admin.delete(`/api/admin/members/${m.user.id}`)).status).toBe(204);
    }
    // Removed from Auckland, then joined Los Angeles: that church's member now.
    await t.db.update(users).set({ churchId: angeles.church.id }).where(eq(users.id, movedOn.user.id));
    await drainJobs(t.app);

    const run = async (days: number) => {
      vi.useFakeTimers({ toFake: ["Date"], now: new Date(Date.now() + days * DAY_MS) });
      await t.app.jobs.add(REMOVED_MEMBER_RETENTION_JOB, {});
      await drainJobs(t.app);
      vi.useRealTimers();
    };
    await run(9);
    expect(await exists(goneLa.user.id)).toBe(true);
    await run(11);
    expect(await exists(goneLa.user.id)).toBe(false);
    expect(await exists(gone.user.id)).toBe(true);
    await run(29);
    expect(await exists(gone.user.id)).toBe(true);
    await run(31);
    expect(await exists(gone.user.id)).toBe(false);
    expect(await exists(movedOn.user.id)).toBe(true);
    expect(await exists(stays.user.id)).toBe(true);

    const [erasure] = await t.db
      .select()
      .from(memberErasures)
      .where(eq(memberErasures.pseudonym, memberPseudonym(gone.user.id)));
    expect(erasure).toMatchObject({ churchId: auckland.church.id, source: "retention" });
    const [entry] = await findAuditEntries(t.db, auckland.church.id, "member.erased");
    expect(entry).toMatchObject({ actorId: null, targetId: memberPseudonym(gone.user.id) });
    // The job queued its next run for the next day.
    const next = await t.db.execute<{ n: number }>(
      sql`select count(*)::int as n from graphile_worker.jobs where task_identifier = 'removed-member-retention'`,
    );
    expect(next.rows[0].n).toBe(1);
    const grants = await t.db.execute<{ n: number }>(
      sql`select count(*)::int as n from information_schema.role_table_grants
        where table_name = 'audit_entries' and grantee = current_user and privilege_type in ('DELETE', 'UPDATE', 'TRUNCATE')`,
    );
    expect(grants.rows[0].n).toBe(0);
  });
});
