import { ZPushPayload } from "@common/notifications";
import { beforeAll, describe, expect, it } from "vitest";
import { type Caller, createTestApp, type TTestApp } from "../../../test/app";
import { addMember, createChurch, createEvent, invite, uniqueEmail } from "../../../test/factories";
import { drainJobs } from "../../../test/jobs";
import { receiveMail } from "../../../test/mail";
import { FakeBrowser, PushServiceStandIn } from "../../../test/push-service";
import { startSmtpServer } from "../../../test/smtp";

/**
 * Issue 26's "Done means": an e-mail and a push to a Spanish-speaking member are in Spanish when an
 * English-speaking admin triggers them; each recipient reads their own language (their choice, else
 * their church's default), never the sender's.
 */
let t: TTestApp;
let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
let standIn: PushServiceStandIn;
beforeAll(async () => {
  smtp = await startSmtpServer();
  standIn = await PushServiceStandIn.start();
  t = await createTestApp({ SMTP_URL: smtp.url }, { push: { testEndpointOrigin: standIn.origin } });
});

async function subscribe(who: Caller) {
  const browser = new FakeBrowser(standIn);
  const res = await who.post("/api/notifications/subscribe", { subscription: browser.subscription() });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return browser;
}

/** The one push `browser` received, decrypted. */
async function pushTo(browser: FakeBrowser) {
  await drainJobs(t.app);
  const [request] = await standIn.waitFor(browser.path, 1);
  return ZPushPayload.parse(browser.decrypt(request.body));
}

async function setDefaultLanguage(admin: Caller, defaultLanguage: string) {
  const { name, address, phone, email, website, brandColor, logoUrl } = (await admin.get("/api/admin/church/settings"))
    .body;
  const res = await admin.put("/api/admin/church/settings", {
    name,
    address,
    phone,
    email,
    website,
    brandColor,
    logoUrl,
    defaultLanguage,
  });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
}

describe("what the server sends a member is in the member's language", () => {
  it("an English-speaking admin's event reaches a Spanish member's phone in Spanish, an English member's in English", async () => {
    const c = await createChurch(t.app);
    expect((await c.admin.patch("/api/user/preferences", { language: "en" })).status).toBe(200);
    const ruth = await addMember(t.app, c, "CONGREGANT", "Ruth");
    const boaz = await addMember(t.app, c, "CONGREGANT", "Boaz");
    expect((await ruth.patch("/api/user/preferences", { language: "es" })).status).toBe(200);
    const [ruthPhone, boazPhone] = [await subscribe(ruth), await subscribe(boaz)];

    await createEvent(c.admin, { title: "Picnic" });
    expect(await pushTo(ruthPhone)).toMatchObject({ title: "Nuevo evento", body: "Picnic" });
    expect(await pushTo(boazPhone)).toMatchObject({ title: "New event", body: "Picnic" });
    // The admin still reads English.
    expect((await c.admin.patch("/api/user/preferences", {})).body.message).toBe("Choose a preference to change");
  });

  it("a member who chose nothing reads their church's default: French in one church, while another church's member keeps theirs", async () => {
    const fr = await createChurch(t.app);
    await setDefaultLanguage(fr.admin, "fr");
    expect((await fr.admin.patch("/api/user/preferences", { language: "en" })).status).toBe(200);
    const marie = await addMember(t.app, fr, "CONGREGANT", "Marie");
    const other = await createChurch(t.app);
    const sam = await addMember(t.app, other, "CONGREGANT", "Sam");
    const [mariePhone, samPhone] = [await subscribe(marie), await subscribe(sam)];

    await createEvent(fr.admin, { title: "Culte de Noël" });
    await createEvent(other.admin, { title: "Carols" });
    const marieSaw = await pushTo(mariePhone);
    expect(marieSaw.body).toBe("Culte de Noël");
    expect(marieSaw.title).not.toBe("New event");
    expect(marieSaw.title).toMatch(/événement/i);
    expect(await pushTo(samPhone)).toMatchObject({ title: "New event", body: "Carols" });
  });

  it("e-mails: an English-speaking admin's invitation goes out in the church's Spanish, a Spanish member's reset link in Spanish", async () => {
    const c = await createChurch(t.app);
    await setDefaultLanguage(c.admin, "es");
    expect((await c.admin.patch("/api/user/preferences", { language: "en" })).status).toBe(200);
    const churchName = (await c.admin.get("/api/admin/church/settings")).body.name as string;

    const newcomer = uniqueEmail("nuevo");
    await invite(c.admin, newcomer);
    const invitation = await receiveMail(t.app, smtp, newcomer, `Te invitan a unirte a ${churchName}`);
    expect(invitation.text).toContain(`Únete a ${churchName}`);

    const ana = await addMember(t.app, c, "CONGREGANT", "Ana");
    expect((await ana.patch("/api/user/preferences", { language: "es" })).status).toBe(200);
    const res = await ana.post("/api/auth/forgot-password", { email: ana.user.email });
    expect(res.status).toBe(202);
    expect(res.body.message).not.toMatch(/If an account exists/);
    const reset = await receiveMail(t.app, smtp, ana.user.email, "Restablece tu contraseña de Fellowship");
    expect(reset.text).toContain("Restablece tu contraseña");
  });
});
