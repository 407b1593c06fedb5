import { SESSION_PROBE_HEADER } from "@common/auth-helpers";
import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { Caller, createTestApp, type TTestApp } from "../../../test/app";
import { PASSWORD, signUp, uniqueEmail } from "../../../test/factories";
import { receiveMail } from "../../../test/mail";
import { startSmtpServer } from "../../../test/smtp";
import { signInFailures } from "../../db/schema/auth";
import { users } from "../../db/schema/users";

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

  it("answers 409 for an email already registered, in any letter case", async () => {
    const first = await signUp(t.app);
    const res = await new Caller(t.app).post("/api/auth/register", {
      email: first.user.email.toUpperCase(),
      password: PASSWORD,
    });
    expect(res.status).toBe(409);
    expect(res.body.message).toMatch(/already exists/);
  });

  it("refuses a short password or a bad email with 400 and field details, storing nothing", async () => {
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

  it("answers the web app's session probe 204 when signed out (no failed request in the browser), the user when signed in", async () => {
    const member = await signUp(t.app);
    const probe = { [SESSION_PROBE_HEADER]: "1" };
    const anon = await new Caller(t.app).request("GET", "/api/auth/user", undefined, probe);
    expect(anon.status).toBe(204);
    expect(anon.body).toBe("");
    const me = await member.request("GET", "/api/auth/user", undefined, probe);
    expect(me.status).toBe(200);
    expect(me.body.id).toBe(member.user.id);
    // Without the probe, signed out stays a 401 for every other caller.
    expect((await new Caller(t.app).get("/api/auth/user")).status).toBe(401);
  });

  it("a session cookie that was never issued is signed out", async () => {
    const forged = new Caller(t.app, "fellowship_session=abcdefghijklmnopqrstuvwxyz0123456789ABCDEFG");
    expect((await forged.get("/api/auth/user")).status).toBe(401);
  });

  it("locks an email for 15 minutes after 10 failed sign-ins (429), even with the right password", async () => {
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
  it("emails a one-time link over SMTP that sets a new password and ends the old sessions", async () => {
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

  it("answers the same 202 for an unknown email and sends nothing", async () => {
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
