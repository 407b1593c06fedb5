import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { Caller, createTestApp, type TTestApp } from "../../../test/app";
import { createChurch, invite, PASSWORD, signUp, uniqueEmail } from "../../../test/factories";
import { linkToken, receiveMail } from "../../../test/mail";
import { startSmtpServer } from "../../../test/smtp";
import { emailVerifications, signInFailures, users } from "../../db/schema";
import { INVALID_VERIFICATION_LINK, PASSWORD_NEEDED_TO_VERIFY } from "./email-verification.service";

let t: TTestApp;
let smtp: Awaited<ReturnType<typeof startSmtpServer>>;

beforeAll(async () => {
  smtp = await startSmtpServer();
  t = await createTestApp({ SMTP_URL: smtp.url });
});

describe("POST /api/auth/register", () => {
  it("creates the account, answers 201 with the user and sets an HttpOnly, SameSite=Lax session cookie", async () => {
    const email = uniqueEmail("new");
    const res = await t.app.inject({
      method: "POST",
      url: "/api/auth/register",
      payload: { email: email.toUpperCase(), password: PASSWORD, firstName: "Ruth" },
    });
    expect(res.statusCode).toBe(201);
    const body = res.json();
    expect(body).toMatchObject({
      email,
      firstName: "Ruth",
      lastName: null,
      role: "CONGREGANT",
      churchId: null,
      points: 0,
      church: null,
      profileImageUrl: null,
    });
    expect(typeof body.id).toBe("string");
    const cookie = String(res.headers["set-cookie"]);
    expect(cookie).toMatch(/fellowship_session=[\w-]{40,}/);
    expect(cookie).toMatch(/HttpOnly/);
    expect(cookie).toMatch(/SameSite=Lax/);
  });

  it("answers 409 for an e-mail already registered, in any letter case", async () => {
    const first = await signUp(t.app);
    const res = await new Caller(t.app).post("/api/auth/register", {
      email: first.user.email.toUpperCase(),
      password: PASSWORD,
    });
    expect(res.status).toBe(409);
    expect(res.body.message).toMatch(/already exists/);
  });

  it("refuses a short password or a bad e-mail with 400 and field details, storing nothing", async () => {
    const email = uniqueEmail("short");
    const short = await new Caller(t.app).post("/api/auth/register", { email, password: "1234567" });
    expect(short.status).toBe(400);
    expect(short.body.message).toBe("Password must be at least 8 characters");
    expect(short.body.errors[0].path).toBe("password");
    const bad = await new Caller(t.app).post("/api/auth/register", { email: "not-an-email", password: PASSWORD });
    expect(bad.status).toBe(400);
    expect(bad.body.errors[0].path).toBe("email");
    expect(await t.db.select().from(users).where(eq(users.email, email))).toHaveLength(0);
  });

  it("answers 400 for malformed JSON and 415 for a non-JSON body, never 5xx", async () => {
    const malformed = await t.app.inject({
      method: "POST",
      url: "/api/auth/register",
      payload: "{nope",
      headers: { "content-type": "application/json" },
    });
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json().message).toBeTruthy();
    const text = await t.app.inject({
      method: "POST",
      url: "/api/auth/register",
      payload: "hello",
      headers: { "content-type": "text/plain" },
    });
    expect(text.statusCode).toBe(415);
    const wrongTypes = await new Caller(t.app).post("/api/auth/register", { email: 5, password: ["x"] });
    expect(wrongTypes.status).toBe(400);
  });
});

describe("sign in and out", () => {
  it("signs in with the right password (200), refuses a wrong one (401), and /api/auth/user follows the session", async () => {
    const member = await signUp(t.app);
    const anon = new Caller(t.app);
    expect((await anon.get("/api/auth/user")).status).toBe(401);
    const wrong = await anon.post("/api/auth/login", { email: member.user.email, password: "wrong password" });
    expect(wrong.status).toBe(401);
    expect(wrong.body.message).toBe("Invalid email or password.");
    const ok = await anon.post("/api/auth/login", { email: member.user.email, password: PASSWORD });
    expect(ok.status).toBe(200);
    expect(ok.body.id).toBe(member.user.id);
    const me = await anon.get("/api/auth/user");
    expect(me.status).toBe(200);
    expect(Object.keys(me.body)).toEqual(
      expect.arrayContaining([
        "id",
        "email",
        "firstName",
        "lastName",
        "role",
        "churchId",
        "points",
        "profileImageUrl",
        "church",
      ]),
    );
    const out = await anon.get("/api/logout");
    expect(out.status).toBe(302);
    expect(out.headers.location).toBe("/");
    expect((await anon.get("/api/auth/user")).status).toBe(401);
    // The other session of the same user is untouched.
    expect((await member.get("/api/auth/user")).status).toBe(200);
  });

  it("a session cookie that was never issued is signed out", async () => {
    const forged = new Caller(t.app, "fellowship_session=abcdefghijklmnopqrstuvwxyz0123456789ABCDEFG");
    expect((await forged.get("/api/auth/user")).status).toBe(401);
  });

  it("locks an e-mail for 15 minutes after 10 failed sign-ins (429), even with the right password", async () => {
    const member = await signUp(t.app);
    const anon = new Caller(t.app);
    for (let i = 0; i < 10; i++) {
      expect(
        (await anon.post("/api/auth/login", { email: member.user.email, password: `wrong-${i}-password` })).status,
      ).toBe(401);
    }
    const locked = await anon.post("/api/auth/login", { email: member.user.email, password: PASSWORD });
    expect(locked.status).toBe(429);
    expect(Number(locked.headers["retry-after"])).toBeGreaterThan(14 * 60);
    expect(Number(locked.headers["retry-after"])).toBeLessThanOrEqual(15 * 60);
    // Another account behind the same address still signs in.
    const other = await signUp(t.app);
    expect(
      (await new Caller(t.app).post("/api/auth/login", { email: other.user.email, password: PASSWORD })).status,
    ).toBe(200);
  });

  it("parallel guesses cannot beat the limit: at most 10 are checked, the rest answer 429", async () => {
    const member = await signUp(t.app);
    const results = await Promise.all(
      Array.from({ length: 30 }, (_, i) =>
        new Caller(t.app).post("/api/auth/login", { email: member.user.email, password: `guess-${i}-password` }),
      ),
    );
    const statuses = results.map((r) => r.status);
    expect(statuses.filter((s) => s === 401).length).toBeLessThanOrEqual(10);
    expect(statuses.filter((s) => s === 429).length).toBeGreaterThanOrEqual(20);
    expect(
      (await new Caller(t.app).post("/api/auth/login", { email: member.user.email, password: PASSWORD })).status,
    ).toBe(429);
  });

  it("counts failures only within the last 15 minutes", async () => {
    const member = await signUp(t.app);
    const old = new Date(Date.now() - 16 * 60_000);
    await t.db
      .insert(signInFailures)
      .values(Array.from({ length: 9 }, () => ({ key: `email:${member.user.email}`, failedAt: old })));
    const anon = new Caller(t.app);
    expect((await anon.post("/api/auth/login", { email: member.user.email, password: "wrong password!" })).status).toBe(
      401,
    );
    expect((await anon.post("/api/auth/login", { email: member.user.email, password: PASSWORD })).status).toBe(200);
  });

  it("GET /api/login redirects to the sign-in page and keeps the invitation", async () => {
    const plain = await t.app.inject({ url: "/api/login" });
    expect(plain.statusCode).toBe(302);
    expect(plain.headers.location).toBe("/login");
    const withInvite = await t.app.inject({ url: "/api/login?invitation=abc_DEF-123" });
    expect(withInvite.headers.location).toBe("/login?invitation=abc_DEF-123");
  });
});

describe("password reset", () => {
  it("e-mails a one-time link over SMTP that sets a new password and ends the old sessions", async () => {
    const member = await signUp(t.app);
    const anon = new Caller(t.app);
    // A forged Host header must not change where the e-mailed link points.
    const res = await anon.request(
      "POST",
      "/api/auth/forgot-password",
      { email: member.user.email },
      { host: "evil.example" },
    );
    expect(res.status).toBe(202);
    const mail = await receiveMail(t.app, smtp, member.user.email, "Reset your Fellowship password");
    expect(mail.text).toContain("http://fellowship.test/reset-password?token=");
    expect(mail.text).not.toContain("evil.example");
    const token = /reset-password\?token=([\w-]+)/.exec(mail.text)?.[1];
    expect(token).toBeTruthy();

    const reset = await anon.post("/api/auth/reset-password", { token, password: "a brand new password" });
    expect(reset.status).toBe(200);
    expect(reset.body.id).toBe(member.user.id);
    expect((await member.get("/api/auth/user")).status).toBe(401);
    expect(
      (await new Caller(t.app).post("/api/auth/login", { email: member.user.email, password: "a brand new password" }))
        .status,
    ).toBe(200);
    const again = await new Caller(t.app).post("/api/auth/reset-password", { token, password: "yet another password" });
    expect(again.status).toBe(400);
  });

  it("answers the same 202 for an unknown e-mail and sends nothing", async () => {
    const email = uniqueEmail("ghost");
    const res = await new Caller(t.app).post("/api/auth/forgot-password", { email });
    expect(res.status).toBe(202);
    await t.app.mailer.flush();
    expect(smtp.messages.some((m) => m.to.includes(email))).toBe(false);
  });
});

describe("cross-site requests", () => {
  it("refuses a state-changing request whose Origin names another site with 403", async () => {
    const member = await signUp(t.app);
    const res = await member.request("POST", "/api/churches", { name: "Evil" }, { origin: "https://evil.example" });
    expect(res.status).toBe(403);
    expect((await member.get("/api/auth/user")).body.churchId).toBeNull();
    const same = await member.request("POST", "/api/churches", { name: "Good" }, { origin: "http://fellowship.test" });
    expect(same.status).toBe(201);
  });

  it("refuses a cross-site request without Origin by Sec-Fetch-Site", async () => {
    const res = await new Caller(t.app).request(
      "POST",
      "/api/auth/login",
      { email: "a@b.org", password: "x" },
      { "sec-fetch-site": "cross-site" },
    );
    expect(res.status).toBe(403);
  });
});

const CONFIRM_SUBJECT = "Confirm your Fellowship e-mail address";

/** Registers without an invitation and returns the caller and the token of the e-mailed link. */
async function signUpUnverified() {
  const member = await signUp(t.app);
  expect(member.user.emailVerified).toBe(false);
  const mail = await receiveMail(t.app, smtp, member.user.email, CONFIRM_SUBJECT);
  return { member, mail, token: linkToken(mail, "verify-email") };
}

const loginStatus = async (email: string, password: string) =>
  (await new Caller(t.app).post("/api/auth/login", { email, password })).status;

describe("e-mail address confirmation at registration", () => {
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

  it("registration without one answers 201 unconfirmed and e-mails a one-time link over SMTP that confirms the address", async () => {
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

describe("signing out (security item 7)", () => {
  async function logoutWith(headers: Record<string, string>) {
    const member = await signUp(t.app);
    const res = await member.request("GET", "/api/logout", undefined, headers);
    expect(res.status).toBe(302);
    expect(res.headers.location).toBe("/");
    return { member, res, isSignedIn: (await member.get("/api/auth/user")).status === 200 };
  }

  it.each([
    [
      "another site's link",
      { "sec-fetch-site": "cross-site", "sec-fetch-mode": "navigate", "sec-fetch-dest": "document" },
    ],
    [
      "another site's image",
      { "sec-fetch-site": "cross-site", "sec-fetch-mode": "no-cors", "sec-fetch-dest": "image" },
    ],
    [
      "an image on this site",
      { "sec-fetch-site": "same-origin", "sec-fetch-mode": "no-cors", "sec-fetch-dest": "image" },
    ],
    [
      "a frame on this site",
      { "sec-fetch-site": "same-origin", "sec-fetch-mode": "navigate", "sec-fetch-dest": "iframe" },
    ],
    [
      "a script's fetch on this site",
      { "sec-fetch-site": "same-origin", "sec-fetch-mode": "cors", "sec-fetch-dest": "empty" },
    ],
    [
      "a sibling subdomain's link",
      { "sec-fetch-site": "same-site", "sec-fetch-mode": "navigate", "sec-fetch-dest": "document" },
    ],
  ])("GET /api/logout from %s redirects to / without signing out", async (_label, headers) => {
    const { res, isSignedIn } = await logoutWith(headers);
    expect(isSignedIn).toBe(true);
    expect(res.headers["set-cookie"]).toBeUndefined();
  });

  it.each([
    ["a typed address", { "sec-fetch-site": "none", "sec-fetch-mode": "navigate", "sec-fetch-dest": "document" }],
    [
      "a link on this site",
      { "sec-fetch-site": "same-origin", "sec-fetch-mode": "navigate", "sec-fetch-dest": "document" },
    ],
    ["a client without Sec-Fetch headers", {}],
  ])("GET /api/logout from %s signs out and redirects to /", async (_label, headers) => {
    const { member, res, isSignedIn } = await logoutWith(headers);
    expect(isSignedIn).toBe(false);
    expect(String(res.headers["set-cookie"])).toMatch(/fellowship_session=;/);
    expect(member.cookie).toBeUndefined();
  });

  it("POST /api/logout answers 204, ends this session only and clears the cookie", async () => {
    const member = await signUp(t.app);
    const phone = new Caller(t.app);
    await phone.post("/api/auth/login", { email: member.user.email, password: PASSWORD });
    const previous = member.cookie;
    const res = await member.request("POST", "/api/logout", undefined, { origin: "http://fellowship.test" });
    expect(res.status).toBe(204);
    expect(String(res.headers["set-cookie"])).toMatch(/fellowship_session=;/);
    expect((await new Caller(t.app, previous).get("/api/auth/user")).status).toBe(401);
    expect((await phone.get("/api/auth/user")).status).toBe(200);
    // Signed out already: still 204.
    expect((await new Caller(t.app).post("/api/logout")).status).toBe(204);
  });

  it("POST /api/logout from another site is refused (403) and signs nobody out", async () => {
    const member = await signUp(t.app);
    const evil = await member.request("POST", "/api/logout", undefined, { origin: "https://evil.example" });
    expect(evil.status).toBe(403);
    const noOrigin = await member.request("POST", "/api/logout", undefined, { "sec-fetch-site": "cross-site" });
    expect(noOrigin.status).toBe(403);
    expect((await member.get("/api/auth/user")).status).toBe(200);
  });
});
