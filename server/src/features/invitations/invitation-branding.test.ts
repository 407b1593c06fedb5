import { ZPublicInvitation } from "@common/invitations";
import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { Caller, createTestApp, type TTestApp } from "../../../test/app";
import { createChurch, invite, signUp, uniqueEmail } from "../../../test/factories";
import { receiveMail } from "../../../test/mail";
import { makePng } from "../../../test/png";
import { startSmtpServer } from "../../../test/smtp";
import { invitations } from "../../db/schema/invitations";

let t: TTestApp;
let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
beforeAll(async () => {
  smtp = await startSmtpServer();
  t = await createTestApp({ SMTP_URL: smtp.url });
});

/** A church with a logo and a light brand colour (dark text on it), as an admin sets them. */
async function brandedChurch(name: string, brandColor = "#FACC15") {
  const c = await createChurch(t.app, name);
  const png = makePng(4, [250, 204, 21]);
  const res = await c.admin.put("/api/admin/church/settings", {
    name,
    address: null,
    phone: null,
    email: null,
    website: null,
    brandColor,
    logoUrl: `data:image/png;base64,${png.toString("base64")}`,
  });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  const logoUrl: string = res.body.logoUrl;
  expect(logoUrl).toMatch(new RegExp(`^/api/churches/${c.church.id}/logo\\?v=`));
  return { ...c, logoUrl };
}

/** The HTML part of a received message (quoted-printable already undone by the test server). */
const htmlOf = (raw: string) => raw.slice(raw.indexOf("<!doctype html>"), raw.indexOf("</html>") + 7);

describe("the invitation's details (GET /api/invite/{token})", () => {
  it("carry the church's name, logo and colour, and nothing else about the church", async () => {
    const c = await brandedChurch("Harbor Light Church");
    const email = uniqueEmail("door");
    const inv = await invite(c.admin, email, "GROUP_LEADER");
    const res = await new Caller(t.app).get(`/api/invite/${inv.token}`);
    expect(res.status).toBe(200);
    expect(ZPublicInvitation.strict().parse(res.body)).toEqual({
      email,
      role: "GROUP_LEADER",
      expiresAt: inv.expiresAt,
      church: { name: "Harbor Light Church", logoUrl: c.logoUrl, brandColor: "#FACC15" },
    });
    expect(Object.keys(res.body.church).sort()).toEqual(["brandColor", "logoUrl", "name"]);
    // The logo it names is served to a visitor who is not signed in.
    expect((await t.app.inject({ url: c.logoUrl })).statusCode).toBe(200);
  });

  it("a wrong, expired or used token answers 404 with the one sentence, and no church", async () => {
    const c = await brandedChurch("Quiet Waters Chapel");
    const inv = await invite(c.admin, uniqueEmail());
    const wrong = await new Caller(t.app).get(`/api/invite/${inv.token.slice(0, -2)}xx`);
    expect(wrong.status).toBe(404);
    expect(wrong.body.message).toBe("This invitation link is invalid, expired, or has already been used.");
    expect(JSON.stringify(wrong.body)).not.toMatch(/Quiet Waters|logo|#FACC15/i);

    await t.db
      .update(invitations)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(invitations.id, inv.id));
    const expired = await new Caller(t.app).get(`/api/invite/${inv.token}`);
    expect(expired.status).toBe(404);
    expect(JSON.stringify(expired.body)).not.toMatch(/Quiet Waters|logo|#FACC15/i);

    const used = await invite(c.admin, uniqueEmail("used"));
    await signUp(t.app, { email: used.email, invitationToken: used.token });
    const gone = await new Caller(t.app).get(`/api/invite/${used.token}`);
    expect(gone.status).toBe(404);
    expect(JSON.stringify(gone.body)).not.toMatch(/Quiet Waters/);
  });
});

describe("branded emails (over SMTP)", () => {
  it("the invitation email carries the church's name, absolute logo link and colour, with a readable text part", async () => {
    const c = await brandedChurch("Harbor Light Church");
    const email = uniqueEmail("branded");
    const inv = await invite(c.admin, email);
    const mail = await receiveMail(t.app, smtp, email, "You're invited to join Harbor Light Church");
    const html = htmlOf(mail.text);
    expect(html).toContain(`<img src="http://fellowship.test${c.logoUrl}"`);
    expect(html).toContain('alt="Harbor Light Church logo"');
    // The header bar and the button in the church's colour, with dark text on this light yellow.
    expect(html).toContain("background:#facc15;color:#1c1917");
    expect(html).toContain(`href="http://fellowship.test/invite/${inv.token}"`);
    // The plain-text part: the church, the words and the link, no markup.
    const plain = mail.text.slice(0, mail.text.indexOf("<!doctype html>")).replace(/\r\n/g, "\n");
    expect(plain).toContain("Harbor Light Church\n");
    expect(plain).toContain(`Accept Invitation: http://fellowship.test/invite/${inv.token}`);
    expect(plain).not.toMatch(/<(p|a|img|div)\b/);
  });

  it("a member's password reset email wears their church's look; someone with no church gets Fellowship's, without a logo", async () => {
    const c = await brandedChurch("Cedar Grove Church", "#1E3A8A");
    const email = uniqueEmail("reset");
    await signUp(t.app, { email, invitationToken: (await invite(c.admin, email)).token });
    const before = smtp.messages.length;
    expect((await new Caller(t.app).post("/api/auth/forgot-password", { email })).status).toBe(202);
    const reset = await receiveMail(t.app, smtp, email, "Reset your Fellowship password", { after: before });
    const html = htmlOf(reset.text);
    expect(html).toContain(`http://fellowship.test${c.logoUrl}`);
    expect(html).toContain("Cedar Grove Church");
    expect(html).toContain("background:#1e3a8a;color:#ffffff");

    const loner = uniqueEmail("loner");
    await signUp(t.app, { email: loner });
    const at = smtp.messages.length;
    await new Caller(t.app).post("/api/auth/forgot-password", { email: loner });
    const plainReset = await receiveMail(t.app, smtp, loner, "Reset your Fellowship password", { after: at });
    expect(htmlOf(plainReset.text)).not.toContain("<img");
    expect(htmlOf(plainReset.text)).toContain(">Fellowship</td>");
  });
});
