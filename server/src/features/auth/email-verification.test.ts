import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { Caller, createTestApp, type TTestApp } from "../../../test/app";
import { createChurch, invite, PASSWORD, signUp, uniqueEmail } from "../../../test/factories";
import { linkToken, receiveMail } from "../../../test/mail";
import { startSmtpServer } from "../../../test/smtp";
import { emailVerifications } from "../../db/schema/auth";
import { users } from "../../db/schema/users";
import { INVALID_VERIFICATION_LINK, PASSWORD_NEEDED_TO_VERIFY } from "./email-verification.service";

// Security item 2: an account's address counts as confirmed only through something e-mailed to it.

let t: TTestApp;
let smtp: Awaited<ReturnType<typeof startSmtpServer>>;

beforeAll(async () => {
  smtp = await startSmtpServer();
  t = await createTestApp({ SMTP_URL: smtp.url });
});

const CONFIRM_SUBJECT = "Confirm your Fellowship email address";

/** Registers without an invitation and returns the caller and the token of the e-mailed link. */
async function signUpUnverified() {
  const member = await signUp(t.app);
  expect(member.user.emailVerified).toBe(false);
  const mail = await receiveMail(t.app, smtp, member.user.email, CONFIRM_SUBJECT);
  return { member, mail, token: linkToken(mail, "verify-email") };
}

const loginStatus = async (email: string, password: string) =>
  (await new Caller(t.app).post("/api/auth/login", { email, password })).status;

describe("email address confirmation at registration", () => {
  it("registration with an invitation for the address counts as confirmed and sends no confirmation link", async () => {
    const { admin } = await createChurch(t.app);
    const email = uniqueEmail("invited");
    const inv = await invite(admin, email);
    const member = await signUp(t.app, { email, invitationToken: inv.token });
    expect(member.user.emailVerified).toBe(true);
    expect((await member.get("/api/auth/user")).body.emailVerified).toBe(true);
    const [row] = await t.db.select().from(users).where(eq(users.id, member.user.id));
    expect(row.emailVerifiedAt).toBeInstanceOf(Date);
    await t.app.mailer.flush();
    expect(smtp.messages.filter((m) => m.to.includes(email)).map((m) => m.subject)).not.toContain(CONFIRM_SUBJECT);
  });

  it("registration without one answers 201 unconfirmed and emails a one-time link over SMTP that confirms the address", async () => {
    const { member, mail, token } = await signUpUnverified();
    expect(mail.text).toContain("http://fellowship.test/verify-email?token=");
    expect(token).toMatch(/^[\w-]{43}$/);
    // Only the token's hash is stored, with a 24-hour expiry.
    const [stored] = await t.db.select().from(emailVerifications).where(eq(emailVerifications.userId, member.user.id));
    expect(stored.tokenHash).not.toBe(token);
    expect(stored.expiresAt.getTime() - Date.now()).toBeGreaterThan(23.9 * 3_600_000);
    expect(stored.expiresAt.getTime() - Date.now()).toBeLessThanOrEqual(24 * 3_600_000);

    const ok = await member.post("/api/auth/verify-email", { token });
    expect(ok.status).toBe(200);
    expect(ok.body).toMatchObject({ id: member.user.id, emailVerified: true });
    expect((await member.get("/api/auth/user")).body.emailVerified).toBe(true);
    const again = await member.post("/api/auth/verify-email", { token });
    expect(again.status).toBe(400);
    expect(again.body.message).toBe(INVALID_VERIFICATION_LINK);
  });

  it("a failed registration (409) sends no link", async () => {
    const first = await signUp(t.app);
    await t.app.mailer.flush();
    const before = smtp.messages.length;
    const dup = await new Caller(t.app).post("/api/auth/register", { email: first.user.email, password: PASSWORD });
    expect(dup.status).toBe(409);
    await t.app.mailer.flush();
    expect(smtp.messages.length).toBe(before);
  });
});

describe("POST /api/auth/verify-email", () => {
  it("in a browser signed in to the account: confirms, keeps the password and this session, ends every other session", async () => {
    const { member, token } = await signUpUnverified();
    const phone = new Caller(t.app);
    expect((await phone.post("/api/auth/login", { email: member.user.email, password: PASSWORD })).status).toBe(200);
    const res = await member.post("/api/auth/verify-email", { token });
    expect(res.status).toBe(200);
    expect(res.headers["set-cookie"]).toBeUndefined();
    expect((await member.get("/api/auth/user")).status).toBe(200);
    expect((await phone.get("/api/auth/user")).status).toBe(401);
    expect(await loginStatus(member.user.email, PASSWORD)).toBe(200);
  });

  it("in another browser: a new password is required (400), replaces the old one, ends every session and signs this browser in", async () => {
    const { member, token } = await signUpUnverified();
    const other = new Caller(t.app);
    const missing = await other.post("/api/auth/verify-email", { token });
    expect(missing.status).toBe(400);
    expect(missing.body.message).toBe(PASSWORD_NEEDED_TO_VERIFY);
    expect(missing.body.errors[0].path).toBe("password");
    const short = await other.post("/api/auth/verify-email", { token, password: "1234567" });
    expect(short.status).toBe(400);
    expect(short.body.errors[0]).toMatchObject({ path: "password", message: "Password must be at least 8 characters" });
    // Refusals leave the link usable and the account as it was.
    expect((await member.get("/api/auth/user")).body.emailVerified).toBe(false);

    const res = await other.post("/api/auth/verify-email", { token, password: "the owner's password" });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ id: member.user.id, emailVerified: true });
    expect(String(res.headers["set-cookie"])).toMatch(/fellowship_session=[\w-]{40,}; .*HttpOnly/);
    expect((await other.get("/api/auth/user")).body.id).toBe(member.user.id);
    expect((await member.get("/api/auth/user")).status).toBe(401);
    expect(await loginStatus(member.user.email, PASSWORD)).toBe(401);
    expect(await loginStatus(member.user.email, "the owner's password")).toBe(200);
  });

  it("in a browser signed in to another account: that session ends and the browser is signed in to the link's account", async () => {
    const { member, token } = await signUpUnverified();
    const someoneElse = await signUp(t.app);
    const previous = someoneElse.cookie;
    const res = await someoneElse.post("/api/auth/verify-email", { token, password: "the owner's password" });
    expect(res.status).toBe(200);
    expect((await someoneElse.get("/api/auth/user")).body.id).toBe(member.user.id);
    expect((await new Caller(t.app, previous).get("/api/auth/user")).status).toBe(401);
  });

  it("drops an SSO subject linked while the address was unconfirmed", async () => {
    const { member, token } = await signUpUnverified();
    await t.db.update(users).set({ oidcSubject: "https://idp.example|attacker" }).where(eq(users.id, member.user.id));
    expect((await member.post("/api/auth/verify-email", { token })).status).toBe(200);
    const [row] = await t.db.select().from(users).where(eq(users.id, member.user.id));
    expect(row.oidcSubject).toBeNull();
    expect(row.emailVerifiedAt).toBeInstanceOf(Date);
  });

  it("refuses an unknown, expired or malformed token with 400 and a clear message, never 5xx", async () => {
    const { member, token } = await signUpUnverified();
    const unknown = await member.post("/api/auth/verify-email", { token: "not-a-token-we-sent" });
    expect(unknown.status).toBe(400);
    expect(unknown.body).toMatchObject({ message: INVALID_VERIFICATION_LINK, errors: [{ path: "token" }] });
    await t.db
      .update(emailVerifications)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(emailVerifications.userId, member.user.id));
    const expired = await member.post("/api/auth/verify-email", { token });
    expect(expired.status).toBe(400);
    expect(expired.body.message).toBe(INVALID_VERIFICATION_LINK);
    for (const body of [{}, { token: "" }, { token: 5 }, { token: "x".repeat(201) }, { token, password: ["x"] }]) {
      const res = await member.post("/api/auth/verify-email", body);
      expect(res.status, JSON.stringify(body)).toBe(400);
    }
    expect((await member.get("/api/auth/user")).body.emailVerified).toBe(false);
  });
});

describe("POST /api/auth/verify-email/resend", () => {
  it("answers 401 signed out", async () => {
    expect((await new Caller(t.app).post("/api/auth/verify-email/resend")).status).toBe(401);
  });

  it("sends a new working link (202); 409 once confirmed", async () => {
    const { member } = await signUpUnverified();
    const before = smtp.messages.length;
    const res = await member.post("/api/auth/verify-email/resend");
    expect(res.status).toBe(202);
    expect(res.body.message).toContain(member.user.email);
    const mail = await receiveMail(t.app, smtp, member.user.email, CONFIRM_SUBJECT, { after: before });
    expect((await member.post("/api/auth/verify-email", { token: linkToken(mail, "verify-email") })).status).toBe(200);
    const done = await member.post("/api/auth/verify-email/resend");
    expect(done.status).toBe(409);
    expect(done.body.message).toMatch(/already confirmed/);
  });

  it("sends at most 3 an hour per account (429), while another account still can", async () => {
    const { member } = await signUpUnverified();
    for (let i = 0; i < 3; i++) expect((await member.post("/api/auth/verify-email/resend")).status).toBe(202);
    const limited = await member.post("/api/auth/verify-email/resend");
    expect(limited.status).toBe(429);
    expect(limited.body.message).toMatch(/Too many requests/);
    const other = await signUp(t.app);
    expect((await other.post("/api/auth/verify-email/resend")).status).toBe(202);
  });
});

describe("password reset confirms the address", () => {
  async function resetTo(email: string, password: string) {
    const before = smtp.messages.length;
    expect((await new Caller(t.app).post("/api/auth/forgot-password", { email })).status).toBe(202);
    const mail = await receiveMail(t.app, smtp, email, "Reset your Fellowship password", { after: before });
    return new Caller(t.app).post("/api/auth/reset-password", { token: linkToken(mail, "reset-password"), password });
  }

  it("an unconfirmed account becomes confirmed, loses an SSO subject linked before, and its pending links stop working", async () => {
    const { member, token } = await signUpUnverified();
    await t.db.update(users).set({ oidcSubject: "https://idp.example|someone" }).where(eq(users.id, member.user.id));
    const reset = await resetTo(member.user.email, "a brand new password");
    expect(reset.status).toBe(200);
    expect(reset.body.emailVerified).toBe(true);
    const [row] = await t.db.select().from(users).where(eq(users.id, member.user.id));
    expect(row.oidcSubject).toBeNull();
    expect((await member.get("/api/auth/user")).status).toBe(401);
    expect((await new Caller(t.app).post("/api/auth/verify-email", { token, password: PASSWORD })).status).toBe(400);
  });

  it("a confirmed account keeps its SSO subject", async () => {
    const { admin } = await createChurch(t.app);
    const email = uniqueEmail("confirmed");
    const member = await signUp(t.app, { email, invitationToken: (await invite(admin, email)).token });
    await t.db.update(users).set({ oidcSubject: "https://idp.example|owner" }).where(eq(users.id, member.user.id));
    expect((await resetTo(email, "a brand new password")).status).toBe(200);
    const [row] = await t.db.select().from(users).where(eq(users.id, member.user.id));
    expect(row.oidcSubject).toBe("https://idp.example|owner");
  });
});
