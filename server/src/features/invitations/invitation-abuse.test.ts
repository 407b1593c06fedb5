import { and, desc, eq } from "drizzle-orm";
import LinkifyIt from "linkify-it";
import { beforeAll, describe, expect, it, vi } from "vitest";
import { Caller, createTestApp, type TTestApp } from "../../../test/app";
import { addMember, createChurch, invite, signUp, uniqueEmail } from "../../../test/factories";
import { drainJobs } from "../../../test/jobs";
import { queuedMail } from "../../../test/mail";
import { invitationSends, invitations } from "../../db/schema/invitations";
import { users } from "../../db/schema/users";
import { sha256 } from "../../lib/crypto";
import { sealLegacyInvitationTokens } from "./invitations.service";

const DAY_MS = 86_400_000;

let t: TTestApp;
beforeAll(async () => {
  // E-mails stay queued, so the tests can count and read them.
  t = await createTestApp({ INVITATION_EMAILS_PER_DAY: "5" }, { runJobs: false });
});

const pendingMailTo = (to: string) => queuedMail(t.db, to);

describe("invitation email limits (security item 3)", () => {
  it("a recipient gets at most 3 invitation emails a day, whatever churches send them, even through delete and re-invite", async () => {
    const victim = uniqueEmail("victim");
    const a = await createChurch(t.app);
    const b = await createChurch(t.app);
    const first = await invite(a.admin, victim);
    expect((await a.admin.delete(`/api/invitations/${first.id}`)).status).toBe(204);
    await invite(a.admin, victim);
    await invite(b.admin, victim, "ADMIN");

    const c = await createChurch(t.app);
    const refused = await c.admin.post("/api/invitations", { email: victim, role: "CONGREGANT" });
    expect(refused.status).toBe(429);
    expect(refused.body.message).toMatch(new RegExp(`${victim} has already received 3 invitation emails`));
    expect(refused.body.message).toMatch(/again in \d+ h \d+ min/);
    expect(Number(refused.headers["retry-after"])).toBeGreaterThan(23 * 3600);
    // Nothing sent, nothing stored: the three e-mails are the three allowed ones.
    expect(await pendingMailTo(victim)).toHaveLength(3);
    expect((await c.admin.get("/api/invitations")).body).toHaveLength(0);
    const sends = await t.db.select().from(invitationSends).where(eq(invitationSends.recipient, victim));
    expect(sends).toHaveLength(3);
  });

  it("holds with the app's clock a year ahead of the database's (the sends are stamped with the clock they are counted by)", async () => {
    const victim = uniqueEmail("victim");
    vi.useFakeTimers({ toFake: ["Date"], now: new Date(Date.now() + 365 * DAY_MS) });
    try {
      const a = await createChurch(t.app);
      const b = await createChurch(t.app);
      await invite(a.admin, victim);
      await invite(a.admin, uniqueEmail("other"));
      await invite(b.admin, victim);
      await invite(b.admin, uniqueEmail("other"));
      const c = await createChurch(t.app);
      await invite(c.admin, victim);
      // The victim has had three: a fourth is refused, whoever sends it; another address still gets one.
      expect((await c.admin.post("/api/invitations", { email: uniqueEmail("x"), role: "CONGREGANT" })).status).toBe(
        201,
      );
      const d = await createChurch(t.app);
      const again = await d.admin.post("/api/invitations", { email: victim, role: "CONGREGANT" });
      expect(again.status).toBe(429);
    } finally {
      vi.useRealTimers();
    }
  });

  it("resending counts too, and the limit holds under parallel requests", async () => {
    const victim = uniqueEmail("victim");
    const a = await createChurch(t.app);
    const inv = await invite(a.admin, victim);
    const results = await Promise.all(
      Array.from({ length: 6 }, () => a.admin.post(`/api/invitations/${inv.id}/resend`)),
    );
    expect(results.filter((r) => r.status === 200)).toHaveLength(2);
    expect(results.filter((r) => r.status === 429)).toHaveLength(4);
    expect(await pendingMailTo(victim)).toHaveLength(3);
  });

  it("a church sends at most INVITATION_EMAILS_PER_DAY invitation emails a day", async () => {
    const a = await createChurch(t.app);
    for (let i = 0; i < 5; i++) await invite(a.admin, uniqueEmail(`guest${i}`));
    const next = uniqueEmail("guest5");
    const refused = await a.admin.post("/api/invitations", { email: next, role: "CONGREGANT" });
    expect(refused.status).toBe(429);
    expect(refused.body.message).toMatch(
      /Your church has sent its 5 invitation emails for today\. You can send more in/,
    );
    expect(await pendingMailTo(next)).toHaveLength(0);
    // Another church is not held back by this one.
    const b = await createChurch(t.app);
    await invite(b.admin, next);
  });

  it("resend: pending only, admins only, own church only", async () => {
    const a = await createChurch(t.app);
    const b = await createChurch(t.app);
    const member = await addMember(t.app, a, "GROUP_LEADER");
    const inv = await invite(a.admin, uniqueEmail());
    expect((await member.post(`/api/invitations/${inv.id}/resend`)).status).toBe(403);
    expect((await new Caller(t.app).post(`/api/invitations/${inv.id}/resend`)).status).toBe(401);
    expect((await b.admin.post(`/api/invitations/${inv.id}/resend`)).status).toBe(404);
    expect((await a.admin.post("/api/invitations/not-an-id/resend")).status).toBe(404);
    const used = await t.db.select().from(invitations).where(eq(invitations.usedBy, member.user.id));
    expect((await a.admin.post(`/api/invitations/${used[0].id}/resend`)).status).toBe(409);
    const ok = await a.admin.post(`/api/invitations/${inv.id}/resend`);
    expect(ok.status).toBe(200);
    expect(ok.body.token).toBe(inv.token);
  });

  it("shows church and member names as plain text, never as links", async () => {
    const phishing = "URGENT: verify your bank account at http://evil.example/login or www.bank-verify.example";
    const { admin } = await createChurch(t.app, phishing);
    await t.db
      .update(users)
      .set({ firstName: "Visit", lastName: "evil.example@attacker.example" })
      .where(eq(users.id, admin.user.id));
    await t.app.userCache.invalidate("user", admin.user.id);
    const to = uniqueEmail("target");
    const inv = await invite(admin, to);
    const [mail] = await pendingMailTo(to);
    const link = `http://fellowship.test/invite/${inv.token}`;
    const linkify = new LinkifyIt();
    // The only things a mail client may link are our invitation link and the recipient's own address.
    for (const text of [mail.subject, mail.text, mail.html ?? ""]) {
      const found = (linkify.match(text) ?? []).map((m) => m.url);
      expect(
        found.every((url) => url === link || url === `mailto:${to}`),
        JSON.stringify({ found, link, to }),
      ).toBe(true);
    }
    expect(mail.text).toContain(link);
    expect(mail.html?.match(/<a /g)).toHaveLength(1);
    expect(mail.html).toContain(`href="${link}"`);
    // Still readable as the church's name.
    expect(mail.subject).toMatch(/^You're invited to join URGENT: verify your bank account at http:/);
  });
});

describe("invitations of a removed or demoted admin (security item 6)", () => {
  it("are revoked when the admin is demoted: the link answers 404 and registering with it joins nothing", async () => {
    const c = await createChurch(t.app);
    const second = await addMember(t.app, c, "ADMIN", "Second");
    const email = uniqueEmail("accomplice");
    const inv = await invite(second, email, "ADMIN");
    // A link another admin sent: the demoted admin could copy it too (Copy Link).
    const copied = await invite(c.admin, uniqueEmail("friend"), "ADMIN");
    expect((await c.admin.patch(`/api/admin/members/${second.user.id}`, { role: "CONGREGANT" })).status).toBe(200);

    for (const token of [inv.token, copied.token]) {
      expect((await new Caller(t.app).get(`/api/invite/${token}`)).status).toBe(404);
    }
    const reg = await new Caller(t.app).post("/api/auth/register", {
      email,
      password: "a good long password",
      invitationToken: inv.token,
    });
    expect(reg.status).toBe(400);
    const [account] = await t.db.select().from(users).where(eq(users.email, email));
    expect(account).toBeUndefined();
    await drainJobs(t.app);
    const activity = (await c.admin.get("/api/admin/recent-activity")).body;
    expect(activity.map((a: { description: string }) => a.description)).toContain(
      "2 pending invitations were revoked because Second User is no longer an admin. Send them again.",
    );
    // The remaining admin can invite again; the demoted one cannot.
    await invite(c.admin, uniqueEmail("again"));
    expect((await second.post("/api/invitations", { email: uniqueEmail(), role: "ADMIN" })).status).toBe(403);
  });

  it("are revoked when the admin is removed; a signed-in user cannot accept them", async () => {
    const c = await createChurch(t.app);
    const second = await addMember(t.app, c, "ADMIN", "Leaving");
    const email = uniqueEmail("accomplice");
    const inv = await invite(second, email, "ADMIN");
    expect((await c.admin.delete(`/api/admin/members/${second.user.id}`)).status).toBe(204);
    const user = await signUp(t.app, { email });
    expect((await user.post(`/api/invite/${inv.token}/accept`)).status).toBe(404);
    expect((await user.get("/api/auth/user")).body.churchId).toBeNull();
    const left = await t.db.select().from(invitations).where(eq(invitations.churchId, c.church.id));
    expect(left.filter((i) => !i.isUsed)).toHaveLength(0);
  });

  it("removing a congregant leaves the church's invitations alone", async () => {
    const c = await createChurch(t.app);
    const member = await addMember(t.app, c);
    const inv = await invite(c.admin, uniqueEmail("guest"));
    expect((await c.admin.delete(`/api/admin/members/${member.user.id}`)).status).toBe(204);
    expect((await new Caller(t.app).get(`/api/invite/${inv.token}`)).status).toBe(200);
  });

  it("an invitation racing the admin's demotion does not survive it", async () => {
    const c = await createChurch(t.app);
    const second = await addMember(t.app, c, "ADMIN", "Racing");
    const results = await Promise.all([
      ...Array.from({ length: 5 }, (_, i) =>
        second.post("/api/invitations", { email: uniqueEmail(`r${i}`), role: "ADMIN" }),
      ),
      c.admin.patch(`/api/admin/members/${second.user.id}`, { role: "CONGREGANT" }),
    ]);
    expect(results.every((r) => r.status < 500)).toBe(true);
    const pending = await t.db
      .select()
      .from(invitations)
      .where(and(eq(invitations.invitedBy, second.user.id), eq(invitations.isUsed, false)));
    expect(pending).toHaveLength(0);
  });
});

describe("invitations made before tokens were encrypted", () => {
  it("are sealed at start: the plain token is cleared, the link keeps working and Copy Link still shows it", async () => {
    const c = await createChurch(t.app);
    const token = "legacyTokenMadeBeforeTheUpgrade_0123456789abc";
    const [row] = await t.db
      .insert(invitations)
      .values({
        churchId: c.church.id,
        email: uniqueEmail("old"),
        role: "CONGREGANT",
        tokenHash: sha256(token),
        legacyToken: token,
        invitedBy: c.admin.user.id,
        expiresAt: new Date(Date.now() + 86_400_000),
      })
      .returning();
    expect(await sealLegacyInvitationTokens(t.db, t.app.secrets)).toBeGreaterThanOrEqual(1);
    const [after] = await t.db
      .select()
      .from(invitations)
      .where(eq(invitations.id, row.id))
      .orderBy(desc(invitations.createdAt));
    expect(after.legacyToken).toBeNull();
    expect(after.tokenSealed).not.toContain(token);
    expect((await new Caller(t.app).get(`/api/invite/${token}`)).status).toBe(200);
    const listed = (await c.admin.get("/api/invitations")).body.find((i: { id: string }) => i.id === row.id);
    expect(listed.token).toBe(token);
  });
});
