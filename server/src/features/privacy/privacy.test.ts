import { CHURCH_PRIVACY_URL, invitationPrivacyUrl, ZChurchPrivacy } from "@common/privacy";
import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { Caller, createTestApp, type TTestApp } from "../../../test/app";
import { addMember, createChurch, invite, type TTestChurch, uniqueEmail } from "../../../test/factories";
import { churches } from "../../db/schema/churches";
import { invitations } from "../../db/schema/invitations";
import { getBackupDays } from "./privacy.service";

let t: TTestApp;
beforeAll(async () => {
  // Backups every 12 hours, the newest 10 kept: about 5 days.
  t = await createTestApp({ BACKUP_INTERVAL_HOURS: "12", BACKUP_KEEP: "10" });
});

async function setChurch(c: TTestChurch, values: Partial<typeof churches.$inferInsert>) {
  await t.db.update(churches).set(values).where(eq(churches.id, c.church.id));
}

describe("GET /api/church/privacy", () => {
  it("answers the caller's church: contact details, the retention settings' defaults and the backups", async () => {
    const c = await createChurch(t.app, "Grace Privacy Chapel");
    await setChurch(c, { email: "office@grace.example", phone: "+1 555 0100", address: "1 Church Lane" });
    const member = await addMember(t.app, c, "CONGREGANT", "Petra");
    const res = await member.get(CHURCH_PRIVACY_URL);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const body = ZChurchPrivacy.parse(res.body);
    expect(body).toMatchObject({
      church: {
        name: "Grace Privacy Chapel",
        email: "office@grace.example",
        phone: "+1 555 0100",
        address: "1 Church Lane",
        website: null,
      },
      privacyContact: null,
      retentionDays: { chat: 365, notifications: 90, audit: 730, removedMembers: 30 },
      backupDays: 5,
    });
    // Nothing but the church's own details: no member's name or e-mail, no feed token or slug.
    const text = JSON.stringify(res.body);
    expect(text).not.toContain(member.user.email);
    expect(text).not.toContain(c.admin.user.email);
    expect(Object.keys(res.body).sort()).toEqual(["backupDays", "church", "privacyContact", "retentionDays"]);
  });

  it("is the same for every role, and 401 signed out", async () => {
    const c = await createChurch(t.app);
    const leader = await addMember(t.app, c, "GROUP_LEADER", "Lea");
    const congregant = await addMember(t.app, c, "CONGREGANT", "Cong");
    const answers = await Promise.all([c.admin, leader, congregant].map((who) => who.get(CHURCH_PRIVACY_URL)));
    for (const res of answers) expect(res.status).toBe(200);
    expect(answers[1].body).toEqual(answers[0].body);
    expect(answers[2].body).toEqual(answers[0].body);

    const res = await new Caller(t.app).get(CHURCH_PRIVACY_URL);
    expect(res.status).toBe(401);
  });

  it("follows the settings when they change, and each church sees only its own", async () => {
    const a = await createChurch(t.app, "Alpha Privacy Church");
    const b = await createChurch(t.app, "Beta Privacy Church");
    const memberA = await addMember(t.app, a, "CONGREGANT", "Anna");
    const memberB = await addMember(t.app, b, "CONGREGANT", "Boris");
    await setChurch(a, {
      chatRetentionDays: 30,
      notificationRetentionDays: 14,
      auditRetentionDays: 400,
      removedMemberRetentionDays: 7,
      privacyContact: "  Write to Deacon Mary, privacy@alpha.example  ",
      email: "office@alpha.example",
    });
    await setChurch(b, { chatRetentionDays: 180, privacyContact: "Beta's data officer", email: "office@beta.example" });

    const seenA = await memberA.get(CHURCH_PRIVACY_URL);
    expect(seenA.body).toMatchObject({
      church: { name: "Alpha Privacy Church", email: "office@alpha.example" },
      privacyContact: "Write to Deacon Mary, privacy@alpha.example",
      retentionDays: { chat: 30, notifications: 14, audit: 400, removedMembers: 7 },
    });
    const seenB = await memberB.get(CHURCH_PRIVACY_URL);
    expect(seenB.body).toMatchObject({
      church: { name: "Beta Privacy Church", email: "office@beta.example" },
      privacyContact: "Beta's data officer",
      retentionDays: { chat: 180, notifications: 90, audit: 730, removedMembers: 30 },
    });
    // Neither church's figures or words reach the other.
    expect(JSON.stringify(seenB.body)).not.toMatch(/Alpha|alpha\.example|Deacon Mary/);
    expect(JSON.stringify(seenA.body)).not.toMatch(/Beta|beta\.example/);

    // A contact cleared to blank is no contact: the page falls back to the church's e-mail.
    await setChurch(a, { privacyContact: "   ", chatRetentionDays: 60 });
    const after = await memberA.get(CHURCH_PRIVACY_URL);
    expect(after.body).toMatchObject({ privacyContact: null, retentionDays: { chat: 60 } });
  });
});

describe("GET /api/church/privacy after Church Settings", () => {
  it("shows what an admin saves in Church Settings, at once", async () => {
    const c = await createChurch(t.app, "Settings Privacy Chapel");
    const member = await addMember(t.app, c, "CONGREGANT", "Sid");
    const settings = (await c.admin.get("/api/admin/church/settings")).body;
    const saved = await c.admin.put("/api/admin/church/settings", {
      ...settings,
      email: "office@settings.example",
      chatRetentionDays: 90,
      notificationRetentionDays: 30,
      removedMemberRetentionDays: 7,
      privacyContact: "Ask our data steward, Jo",
    });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    const res = await member.get(CHURCH_PRIVACY_URL);
    expect(res.body).toMatchObject({
      church: { email: "office@settings.example" },
      privacyContact: "Ask our data steward, Jo",
      retentionDays: { chat: 90, notifications: 30, audit: 730, removedMembers: 7 },
    });
  });
});

describe("GET /api/invite/:token/privacy", () => {
  it("answers the invitation's church to someone signed out, the same as its members see", async () => {
    const c = await createChurch(t.app, "Invite Privacy Chapel");
    await setChurch(c, { privacyContact: "Ask Pastor Jo", notificationRetentionDays: 45 });
    const other = await createChurch(t.app, "Unrelated Chapel");
    await setChurch(other, { privacyContact: "Somebody else" });
    const inv = await invite(c.admin, uniqueEmail("newcomer"));
    const visitor = new Caller(t.app);
    const res = await visitor.get(invitationPrivacyUrl(inv.token));
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toEqual((await c.admin.get(CHURCH_PRIVACY_URL)).body);
    expect(res.body).toMatchObject({ privacyContact: "Ask Pastor Jo", retentionDays: { notifications: 45 } });
    // Nothing of the invitation itself (its address, its role) nor of another church.
    expect(JSON.stringify(res.body)).not.toContain(inv.email);
    expect(JSON.stringify(res.body)).not.toMatch(/Unrelated|Somebody else/);
  });

  it("is 404 for an unknown, malformed, expired or used invitation", async () => {
    const c = await createChurch(t.app);
    const visitor = new Caller(t.app);
    expect((await visitor.get(invitationPrivacyUrl("no-such-token-at-all"))).status).toBe(404);
    expect((await visitor.get("/api/invite/bad%20token!/privacy")).status).toBe(404);

    const expired = await invite(c.admin, uniqueEmail("late"));
    await t.db
      .update(invitations)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(invitations.id, expired.id));
    const late = await visitor.get(invitationPrivacyUrl(expired.token));
    expect(late.status).toBe(404);
    expect(late.body.message).toBeTruthy();

    const used = await invite(c.admin, uniqueEmail("used"));
    await t.db.update(invitations).set({ isUsed: true }).where(eq(invitations.id, used.id));
    expect((await visitor.get(invitationPrivacyUrl(used.token))).status).toBe(404);
  });
});

describe("getBackupDays", () => {
  it("is the interval times the count kept, in whole days rounded up; null without backups", () => {
    expect(getBackupDays({ intervalHours: 24, keep: 7 })).toBe(7);
    expect(getBackupDays({ intervalHours: 6, keep: 5 })).toBe(2);
    expect(getBackupDays({ intervalHours: 0, keep: 7 })).toBeNull();
  });
});
