import { getInvitationStatus } from "@common/invitation-helpers";
import { ZInvitation, ZPublicInvitation } from "@common/invitations";
import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { Caller, createTestApp, type TTestApp } from "../../../test/app";
import { findAuditEntries } from "../../../test/audit-entries";
import { addMember, createChurch, invite, PASSWORD, signUp, uniqueEmail } from "../../../test/factories";
import { drainJobs } from "../../../test/jobs";
import { startSmtpServer } from "../../../test/smtp";
import { churches } from "../../db/schema/churches";
import { invitations } from "../../db/schema/invitations";
import { users } from "../../db/schema/users";

let t: TTestApp;
let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
beforeAll(async () => {
  smtp = await startSmtpServer();
  t = await createTestApp({ SMTP_URL: smtp.url });
});

describe("invitations (admin)", () => {
  it("creates an invitation with a 256-bit token and a 14-day expiry, lists it and emails the link over SMTP", async () => {
    const c = await createChurch(t.app, "St Mark's");
    const email = uniqueEmail("invitee");
    const res = await c.admin.post("/api/invitations", { email: ` ${email.toUpperCase()} `, role: "GROUP_LEADER" });
    expect(res.status).toBe(201);
    const inv = ZInvitation.parse(res.body);
    expect(inv).toMatchObject({ email, role: "GROUP_LEADER", isUsed: false });
    expect(inv.token).toMatch(/^[\w-]{43}$/);
    const days = (new Date(inv.expiresAt).getTime() - new Date(inv.createdAt).getTime()) / 86_400_000;
    expect(days).toBeCloseTo(14, 2);
    expect(getInvitationStatus(inv)).toBe("Pending");

    const list = await c.admin.get("/api/invitations");
    expect(list.status).toBe(200);
    expect(list.body.map((i: { id: string }) => i.id)).toEqual([inv.id]);

    await t.app.mailer.flush();
    const mail = await smtp.waitFor(email);
    expect(mail.subject).toBe("You're invited to join St Mark's");
    expect(mail.text).toContain(`http://fellowship.test/invite/${inv.token}`);
  });

  it("refuses an empty email (400, spec message), a bad role (400), and a member already in the church (409)", async () => {
    const c = await createChurch(t.app);
    const empty = await c.admin.post("/api/invitations", { email: "  ", role: "CONGREGANT" });
    expect(empty.status).toBe(400);
    expect(empty.body.message).toBe("Please enter an email address.");
    expect((await c.admin.post("/api/invitations", { email: uniqueEmail(), role: "SUPER_ADMIN" })).status).toBe(400);
    const dup = await c.admin.post("/api/invitations", { email: c.admin.user.email, role: "CONGREGANT" });
    expect(dup.status).toBe(409);
    expect((await c.admin.get("/api/invitations")).body).toHaveLength(0);
  });

  it("answers 409 for a second pending invitation to the same email", async () => {
    const c = await createChurch(t.app);
    const email = uniqueEmail();
    await invite(c.admin, email);
    expect((await c.admin.post("/api/invitations", { email, role: "ADMIN" })).status).toBe(409);
  });

  it("deletes an invitation (204); another church's invitation answers 404 and stays", async () => {
    const a = await createChurch(t.app);
    const b = await createChurch(t.app);
    const inv = await invite(a.admin, uniqueEmail());
    expect((await b.admin.delete(`/api/invitations/${inv.id}`)).status).toBe(404);
    expect((await b.admin.get("/api/invitations")).body).toHaveLength(0);
    expect((await a.admin.get("/api/invitations")).body).toHaveLength(1);
    expect((await a.admin.delete(`/api/invitations/${inv.id}`)).status).toBe(204);
    expect((await a.admin.delete(`/api/invitations/${inv.id}`)).status).toBe(404);
    expect((await a.admin.delete("/api/invitations/not-a-uuid")).status).toBe(404);
  });

  it("records invitations made, sent again and revoked in the audit trail, without their links", async () => {
    const a = await createChurch(t.app);
    const b = await createChurch(t.app);
    const email = uniqueEmail();
    const inv = await invite(a.admin, email, "GROUP_LEADER");
    expect((await a.admin.post(`/api/invitations/${inv.id}/resend`)).status).toBe(200);
    expect((await b.admin.delete(`/api/invitations/${inv.id}`)).status).toBe(404);
    expect((await a.admin.delete(`/api/invitations/${inv.id}`)).status).toBe(204);
    const entries = await findAuditEntries(t.db, a.church.id);
    const byAction = (action: string) => entries.filter((e) => e.action === action);
    const target = { actorId: a.admin.user.id, targetType: "invitation", targetId: inv.id };
    expect(byAction("invitation.created")).toEqual([
      expect.objectContaining({
        ...target,
        changes: { email: [null, email], role: [null, "GROUP_LEADER"], sent: [null, true] },
      }),
    ]);
    expect(byAction("invitation.resent")).toEqual([expect.objectContaining(target)]);
    expect(byAction("invitation.revoked")).toEqual([
      expect.objectContaining({
        ...target,
        changes: { email: [email, null], role: ["GROUP_LEADER", null], isUsed: [false, null] },
      }),
    ]);
    expect(JSON.stringify(entries)).not.toContain(inv.token);
    expect((await findAuditEntries(t.db, b.church.id)).filter((e) => e.action.startsWith("invitation"))).toEqual([]);
  });

  it("refuses every invitation call to a congregant and a group leader (403) and to the signed-out (401)", async () => {
    const c = await createChurch(t.app);
    const inv = await invite(c.admin, uniqueEmail());
    for (const role of ["CONGREGANT", "GROUP_LEADER"] as const) {
      const member = await addMember(t.app, c, role);
      expect((await member.get("/api/invitations")).status).toBe(403);
      expect((await member.post("/api/invitations", { email: uniqueEmail(), role: "ADMIN" })).status).toBe(403);
      expect((await member.delete(`/api/invitations/${inv.id}`)).status).toBe(403);
    }
    expect((await new Caller(t.app).get("/api/invitations")).status).toBe(401);
    expect((await c.admin.get("/api/invitations")).body).toHaveLength(3);
  });
});

describe("accepting an invitation", () => {
  it("GET /api/invite/{token} is public and shows the role, email and church", async () => {
    const c = await createChurch(t.app, "Grace Fellowship");
    const email = uniqueEmail();
    const inv = await invite(c.admin, email, "ADMIN");
    const res = await new Caller(t.app).get(`/api/invite/${inv.token}`);
    expect(res.status).toBe(200);
    expect(ZPublicInvitation.parse(res.body)).toMatchObject({
      email,
      role: "ADMIN",
      church: { name: "Grace Fellowship" },
    });
    expect((await new Caller(t.app).get("/api/invite/unknown-token")).status).toBe(404);
  });

  it("registering with the token joins the church with the invited role and uses the invitation", async () => {
    const c = await createChurch(t.app);
    const email = uniqueEmail();
    const inv = await invite(c.admin, email, "GROUP_LEADER");
    const member = await signUp(t.app, { email, invitationToken: inv.token });
    expect(member.user).toMatchObject({ churchId: c.church.id, role: "GROUP_LEADER" });
    const [row] = await t.db.select().from(invitations).where(eq(invitations.id, inv.id));
    expect(row).toMatchObject({ isUsed: true, usedBy: member.user.id });
    expect((await new Caller(t.app).get(`/api/invite/${inv.token}`)).status).toBe(404);
    // The audit entry is written with the join, its actor the member themself.
    const [joined] = await findAuditEntries(t.db, c.church.id, "member.joined");
    expect(joined).toMatchObject({
      actorId: member.user.id,
      targetType: "member",
      targetId: member.user.id,
      changes: { role: [null, "GROUP_LEADER"], invitation: [null, inv.id] },
    });
    await drainJobs(t.app);
    const activity = await c.admin.get("/api/admin/recent-activity");
    expect(activity.body[0].description).toMatch(/joined the church as Group Leader/);
  });

  it("registering with someone else's invitation or a used one fails with 400 and creates no account", async () => {
    const c = await createChurch(t.app);
    const inv = await invite(c.admin, uniqueEmail());
    const stranger = uniqueEmail("stranger");
    const res = await new Caller(t.app).post("/api/auth/register", {
      email: stranger,
      password: PASSWORD,
      invitationToken: inv.token,
    });
    expect(res.status).toBe(400);
    expect(res.body.errors[0].path).toBe("invitationToken");
    expect(await t.db.select().from(users).where(eq(users.email, stranger))).toHaveLength(0);
    expect((await new Caller(t.app).get(`/api/invite/${inv.token}`)).status).toBe(200);
  });

  it("an expired invitation cannot be seen or used", async () => {
    const c = await createChurch(t.app);
    const email = uniqueEmail();
    const inv = await invite(c.admin, email);
    await t.db
      .update(invitations)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(invitations.id, inv.id));
    expect((await new Caller(t.app).get(`/api/invite/${inv.token}`)).status).toBe(404);
    const res = await new Caller(t.app).post("/api/auth/register", {
      email,
      password: PASSWORD,
      invitationToken: inv.token,
    });
    expect(res.status).toBe(400);
    const listed = (await c.admin.get("/api/invitations")).body[0];
    expect(getInvitationStatus(listed)).toBe("Expired");
  });

  it("accepting while signed in confirms the account's address and ends its other sessions", async () => {
    const t2 = await createChurch(t.app);
    const email = uniqueEmail("late");
    const phone = await signUp(t.app, { email });
    const laptop = new Caller(t.app);
    expect((await laptop.post("/api/auth/login", { email, password: PASSWORD })).status).toBe(200);
    expect((await phone.get("/api/auth/user")).body.emailVerified).toBe(false);
    const inv = await invite(t2.admin, email);
    expect((await phone.post(`/api/invite/${inv.token}/accept`)).status).toBe(200);
    const me = await phone.get("/api/auth/user");
    expect(me.body).toMatchObject({ emailVerified: true, churchId: t2.church.id });
    expect((await laptop.get("/api/auth/user")).status).toBe(401);
  });

  it("a signed-in user accepts with POST /api/invite/{token}/accept, only with the invited email", async () => {
    const c = await createChurch(t.app);
    const email = uniqueEmail();
    const inv = await invite(c.admin, email, "CONGREGANT");
    const wrong = await signUp(t.app);
    const refused = await wrong.post(`/api/invite/${inv.token}/accept`);
    expect(refused.status).toBe(403);
    expect((await wrong.get("/api/auth/user")).body.churchId).toBeNull();

    const right = await signUp(t.app, { email });
    const ok = await right.post(`/api/invite/${inv.token}/accept`);
    expect(ok.status).toBe(200);
    expect((await right.get("/api/auth/user")).body).toMatchObject({ churchId: c.church.id, role: "CONGREGANT" });
    expect((await right.post(`/api/invite/${inv.token}/accept`)).status).toBe(404);
    expect((await new Caller(t.app).post(`/api/invite/${inv.token}/accept`)).status).toBe(401);
  });

  it("a member of another church cannot accept (409) and the invitation stays usable", async () => {
    const a = await createChurch(t.app);
    const b = await createChurch(t.app);
    const inv = await invite(a.admin, b.admin.user.email);
    expect((await b.admin.post(`/api/invite/${inv.token}/accept`)).status).toBe(409);
    expect((await b.admin.get("/api/auth/user")).body.churchId).toBe(b.church.id);
    expect((await new Caller(t.app).get(`/api/invite/${inv.token}`)).status).toBe(200);
  });

  it("creating a church while accepting an invitation leaves the user in exactly one church", async () => {
    const c = await createChurch(t.app);
    const email = uniqueEmail();
    const inv = await invite(c.admin, email);
    const user = await signUp(t.app, { email });
    const [created, accepted] = await Promise.all([
      user.post("/api/churches", { name: "Racing Church" }),
      user.post(`/api/invite/${inv.token}/accept`),
    ]);
    expect([created.status, accepted.status].filter((s) => s < 300)).toHaveLength(1);
    const me = (await user.get("/api/auth/user")).body;
    if (created.status === 201) {
      expect(me).toMatchObject({ churchId: created.body.id, role: "ADMIN" });
      expect((await new Caller(t.app).get(`/api/invite/${inv.token}`)).status).toBe(200);
    } else {
      expect(me).toMatchObject({ churchId: c.church.id, role: "CONGREGANT" });
      const orphans = await t.db.select().from(churches).where(eq(churches.name, "Racing Church"));
      expect(orphans).toHaveLength(0);
    }
  });

  it("two accepts racing for one invitation: exactly one succeeds", async () => {
    const c = await createChurch(t.app);
    const email = uniqueEmail();
    const inv = await invite(c.admin, email);
    const x = await signUp(t.app, { email });
    const results = await Promise.all([
      x.post(`/api/invite/${inv.token}/accept`),
      x.post(`/api/invite/${inv.token}/accept`),
    ]);
    expect(results.map((r) => r.status).sort()).toEqual([200, 404]);
  });
});
