import { randomBytes } from "node:crypto";
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Caller, createTestApp, type TTestApp } from "../../../test/app";
import { createChurch, invite, PASSWORD, signUp, uniqueEmail } from "../../../test/factories";
import { linkToken, receiveMail } from "../../../test/mail";
import {
  OIDC_REDIRECT_URI,
  startOidcProvider,
  type TOidcAccount,
  type TOidcProvider,
} from "../../../test/oidc-provider";
import { startSmtpServer } from "../../../test/smtp";
import { oidcStates, users } from "../../db/schema";
import { ACCOUNT_EMAIL_UNVERIFIED, PROVIDER_EMAIL_UNVERIFIED, resetOidcDiscovery } from "./oidc.service";

let idp: TOidcProvider;
let t: TTestApp;
let smtp: Awaited<ReturnType<typeof startSmtpServer>>;

beforeAll(async () => {
  idp = await startOidcProvider();
  resetOidcDiscovery();
  smtp = await startSmtpServer();
  t = await createTestApp({
    SMTP_URL: smtp.url,
    OIDC_ISSUER: idp.issuer,
    OIDC_CLIENT_ID: idp.clientId,
    OIDC_CLIENT_SECRET: idp.clientSecret,
    OIDC_ALLOW_INSECURE: "1",
  });
});

afterAll(async () => {
  await idp?.close();
});

/**
 * A new account at the provider, with a unique subject and e-mail, whose address the provider has
 * confirmed unless `email_verified` says otherwise (set to undefined, the claim is left out).
 */
function providerAccount(fields: Partial<TOidcAccount> = {}) {
  const sub = `sub-${randomBytes(6).toString("hex")}`;
  const claims: TOidcAccount = {
    email: fields.email ?? uniqueEmail("sso"),
    email_verified: "email_verified" in fields ? fields.email_verified : true,
    given_name: fields.given_name ?? "Lydia",
    family_name: fields.family_name ?? "Thyatira",
  };
  if (claims.email_verified === undefined) delete claims.email_verified;
  idp.setAccount(sub, claims);
  return { sub, ...claims };
}

/** Where the callback sent the browser, and the error it shows there (if any). */
function callbackTarget(res: { headers: Record<string, unknown> }) {
  const location = new URL(String(res.headers.location), "http://x");
  return { path: location.pathname, error: location.searchParams.get("error") };
}

/** A password account whose address is confirmed: registered with an invitation e-mailed to it. */
async function verifiedPasswordAccount(firstName = "Phoebe") {
  const { admin } = await createChurch(t.app);
  const email = uniqueEmail(firstName.toLowerCase());
  const inv = await invite(admin, email);
  const member = await signUp(t.app, { email, firstName, invitationToken: inv.token });
  expect(member.user.emailVerified).toBe(true);
  return member;
}

const userCount = async () => (await t.db.select({ id: users.id }).from(users)).length;

/** GET /api/login[?invitation] → the provider's authorization URL (DESIGN.md sign-in contract). */
async function startSignIn(caller: Caller, invitation?: string): Promise<URL> {
  const q = invitation ? `?invitation=${encodeURIComponent(invitation)}` : "";
  const login = await caller.get(`/api/login${q}`);
  expect(login.status, JSON.stringify(login.body)).toBe(302);
  expect(String(login.headers.location)).toMatch(new RegExp(`^${idp.issuer}`));
  return new URL(String(login.headers.location));
}

/** The whole browser round trip; returns the app's answer to the provider's redirect. */
async function signInThroughProvider(caller: Caller, sub: string, invitation?: string) {
  const authorizationUrl = await startSignIn(caller, invitation);
  const back = await idp.signIn(authorizationUrl.href, sub);
  expect(`${back.origin}${back.pathname}`).toBe(OIDC_REDIRECT_URI);
  return caller.get(`${back.pathname}${back.search}`);
}

describe("GET /api/login with an OpenID Connect provider", () => {
  it("redirects to /api/login/oidc, which redirects to the provider's authorization endpoint with PKCE, state and nonce", async () => {
    const url = await startSignIn(new Caller(t.app), "tok123");
    const metadata = await (await fetch(`${idp.issuer}/.well-known/openid-configuration`)).json();
    expect(`${url.origin}${url.pathname}`).toBe(metadata.authorization_endpoint);
    const p = url.searchParams;
    expect(p.get("client_id")).toBe(idp.clientId);
    expect(p.get("response_type")).toBe("code");
    expect(p.get("redirect_uri")).toBe(OIDC_REDIRECT_URI);
    expect(p.get("scope")?.split(" ")).toEqual(expect.arrayContaining(["openid", "email", "profile"]));
    expect(p.get("code_challenge_method")).toBe("S256");
    expect(p.get("code_challenge")).toMatch(/^[\w-]{43}$/);
    expect(p.get("state")).toMatch(/^[\w-]{20,}$/);
    expect(p.get("nonce")).toMatch(/^[\w-]{20,}$/);
    // The state is remembered server-side with the invitation, never the PKCE verifier in the URL.
    const [saved] = await t.db
      .select()
      .from(oidcStates)
      .where(eq(oidcStates.state, p.get("state") ?? ""));
    expect(saved.invitationToken).toBe("tok123");
    expect(url.href).not.toContain(saved.codeVerifier);
  });

  it("each sign-in gets its own state, nonce and code challenge", async () => {
    const a = await startSignIn(new Caller(t.app));
    const b = await startSignIn(new Caller(t.app));
    for (const k of ["state", "nonce", "code_challenge"]) expect(a.searchParams.get(k)).not.toBe(b.searchParams.get(k));
  });
});

describe("the provider's callback", () => {
  it("creates the account from the provider's claims, sets an HttpOnly, SameSite=Lax session cookie and redirects to /", async () => {
    const acct = providerAccount({ email: uniqueEmail("Mixed.Case"), given_name: "Priscilla", family_name: "Aquila" });
    const caller = new Caller(t.app);
    const res = await signInThroughProvider(caller, acct.sub);
    expect(res.status).toBe(302);
    expect(res.headers.location).toBe("/");
    const cookie = String(res.headers["set-cookie"]);
    expect(cookie).toMatch(/fellowship_session=[\w-]{40,}/);
    expect(cookie).toMatch(/HttpOnly/);
    expect(cookie).toMatch(/SameSite=Lax/);

    const me = await caller.get("/api/auth/user");
    expect(me.status).toBe(200);
    expect(me.body).toMatchObject({
      email: acct.email.toLowerCase(),
      firstName: "Priscilla",
      lastName: "Aquila",
      churchId: null,
      role: "CONGREGANT",
      // The provider vouches for the address.
      emailVerified: true,
    });
    const [row] = await t.db.select().from(users).where(eq(users.id, me.body.id));
    expect(row.oidcSubject).toBe(`${idp.issuer}|${acct.sub}`);
    expect(row.emailVerifiedAt).toBeInstanceOf(Date);
    expect(row.passwordHash).toBeNull();
    expect(row.lastLogin).toBeInstanceOf(Date);

    // A second sign-in by the same subject (in a fresh browser) finds the same account.
    const again = new Caller(t.app);
    const second = await signInThroughProvider(again, acct.sub);
    expect(second.status).toBe(302);
    expect(second.headers.location).toBe("/");
    expect(again.cookie).toBeTruthy();
    expect(again.cookie).not.toBe(caller.cookie);
    const me2 = await again.get("/api/auth/user");
    expect(me2.body.id).toBe(me.body.id);
    expect(await t.db.select().from(users).where(eq(users.email, acct.email.toLowerCase()))).toHaveLength(1);
  });

  it("links a confirmed password account when the provider has verified the same e-mail, ending its other sessions", async () => {
    const existing = await verifiedPasswordAccount("Phoebe");
    const acct = providerAccount({ email: existing.user.email, given_name: "Other" });
    const caller = new Caller(t.app);
    const res = await signInThroughProvider(caller, acct.sub);
    expect(res.headers.location).toBe("/");
    const me = await caller.get("/api/auth/user");
    expect(me.body.id).toBe(existing.user.id);
    expect(me.body.firstName).toBe("Phoebe");
    const [row] = await t.db.select().from(users).where(eq(users.id, existing.user.id));
    expect(row.oidcSubject).toBe(`${idp.issuer}|${acct.sub}`);
    // Linking ends every other session; the owner's own password still works.
    expect((await existing.get("/api/auth/user")).status).toBe(401);
    const login = await new Caller(t.app).post("/api/auth/login", { email: existing.user.email, password: PASSWORD });
    expect(login.status).toBe(200);
  });

  it("does not take over an existing account when the provider has not verified the e-mail", async () => {
    const existing = await verifiedPasswordAccount();
    const acct = providerAccount({ email: existing.user.email, email_verified: false });
    const caller = new Caller(t.app);
    const res = await signInThroughProvider(caller, acct.sub);
    expect(res.status).toBe(302);
    expect(callbackTarget(res)).toEqual({ path: "/login", error: PROVIDER_EMAIL_UNVERIFIED });
    expect(caller.cookie).toBeUndefined();
    const [row] = await t.db.select().from(users).where(eq(users.id, existing.user.id));
    expect(row.oidcSubject).toBeNull();
    expect((await existing.get("/api/auth/user")).status).toBe(200);
  });

  it("joins the invited church with the invitation's role when the flow carries the invitation and the e-mail matches", async () => {
    const { church, admin } = await createChurch(t.app);
    const acct = providerAccount({ given_name: "Timothy", family_name: "Lystra" });
    const inv = await invite(admin, acct.email, "GROUP_LEADER");
    const caller = new Caller(t.app);
    const res = await signInThroughProvider(caller, acct.sub, inv.token);
    expect(res.status).toBe(302);
    expect(res.headers.location).toBe("/");
    const me = await caller.get("/api/auth/user");
    expect(me.body).toMatchObject({
      email: acct.email,
      churchId: church.id,
      role: "GROUP_LEADER",
      church: { name: church.name },
    });
    const list = await admin.get("/api/invitations");
    expect(list.status).toBe(200);
    expect(list.body.find((i: { id: string }) => i.id === inv.id)).toMatchObject({ isUsed: true });
  });

  it("refuses an invitation sent to another e-mail: no sign-in, the invitation stays unused", async () => {
    const { admin } = await createChurch(t.app);
    const inv = await invite(admin, uniqueEmail("someone-else"));
    const acct = providerAccount();
    const caller = new Caller(t.app);
    const res = await signInThroughProvider(caller, acct.sub, inv.token);
    expect(res.status).toBe(302);
    const location = new URL(String(res.headers.location), "http://x");
    expect(location.pathname).toBe("/login");
    expect(location.searchParams.get("error")).toMatch(/invitation was sent to/);
    expect(caller.cookie).toBeUndefined();
    const list = await admin.get("/api/invitations");
    expect(list.body.find((i: { id: string }) => i.id === inv.id)).toMatchObject({ isUsed: false });
  });

  it("does not sign in on an unknown, missing or replayed state, and never answers 5xx", async () => {
    const acct = providerAccount();
    const caller = new Caller(t.app);
    const authorizationUrl = await startSignIn(caller);
    const back = await idp.signIn(authorizationUrl.href, acct.sub);
    const path = `${back.pathname}${back.search}`;

    const forged = new URL(back);
    forged.searchParams.set("state", "not-a-state-we-issued");
    for (const url of [
      `${forged.pathname}${forged.search}`,
      "/api/callback",
      "/api/callback?code=abc",
      "/api/callback?error=access_denied&state=x",
    ]) {
      const res = await caller.get(url);
      expect(res.status, url).toBe(302);
      expect(String(res.headers.location), url).toMatch(/^\/login\?error=/);
      expect(caller.cookie, url).toBeUndefined();
    }

    // The genuine callback still works once (the forged one did not consume its state) ...
    const ok = await caller.get(path);
    expect(ok.headers.location).toBe("/");
    expect(caller.cookie).toBeTruthy();

    // ... and replaying it signs nobody in.
    const replayer = new Caller(t.app);
    const replay = await replayer.get(path);
    expect(replay.status).toBe(302);
    expect(String(replay.headers.location)).toMatch(/^\/login\?error=/);
    expect(replayer.cookie).toBeUndefined();
    expect(replay.headers["set-cookie"]).toBeUndefined();
  });

  it("a callback link finished by someone else does not sign another browser in (state cookie)", async () => {
    const attacker = new Caller(t.app);
    const authorizationUrl = await startSignIn(attacker);
    const back = await idp.signIn(authorizationUrl.href, providerAccount().sub);
    const victim = new Caller(t.app);
    const res = await victim.get(`${back.pathname}${back.search}`);
    expect(res.status).toBe(302);
    expect(String(res.headers.location)).toMatch(/^\/login\?error=/);
    expect(victim.cookie).toBeUndefined();
  });

  it("redirects to /login with an error when the user cancels at the provider", async () => {
    const caller = new Caller(t.app);
    const url = await startSignIn(caller);
    // The provider's answer for a cancelled sign-in, with the state it was given.
    const res = await caller.get(
      `/api/callback?error=access_denied&error_description=cancelled&state=${url.searchParams.get("state")}&iss=${encodeURIComponent(idp.issuer)}`,
    );
    expect(res.status).toBe(302);
    expect(String(res.headers.location)).toMatch(/^\/login\?error=/);
    expect(caller.cookie).toBeUndefined();
  });
});

describe("security item 2: an account registered by someone else for the owner's address", () => {
  /** The attacker registers the victim's address with a password and keeps the session. */
  async function attackerRegisters(victimEmail: string) {
    const attacker = await signUp(t.app, { email: victimEmail, firstName: "Mallory" });
    expect(attacker.user.emailVerified).toBe(false);
    return attacker;
  }

  it("the church's invitation, signed in through SSO, gives the owner the account: the attacker's password and session stop working", async () => {
    const victimEmail = uniqueEmail("victim");
    const attacker = await attackerRegisters(victimEmail);
    const { church, admin } = await createChurch(t.app);
    const inv = await invite(admin, victimEmail, "ADMIN");

    // The owner opens the invitation and signs in through the provider, which vouches for the address.
    const victim = new Caller(t.app);
    const acct = providerAccount({ email: victimEmail, given_name: "Victoria" });
    const res = await signInThroughProvider(victim, acct.sub, inv.token);
    expect(res.status).toBe(302);
    expect(res.headers.location).toBe("/");
    const me = await victim.get("/api/auth/user");
    expect(me.status).toBe(200);
    expect(me.body).toMatchObject({
      email: victimEmail,
      emailVerified: true,
      churchId: church.id,
      role: "ADMIN",
    });

    const [row] = await t.db.select().from(users).where(eq(users.email, victimEmail));
    expect(row.oidcSubject).toBe(`${idp.issuer}|${acct.sub}`);
    expect(row.passwordHash).toBeNull();
    expect(row.emailVerifiedAt).toBeInstanceOf(Date);
    // The attacker's session ended and their password no longer signs in.
    expect((await attacker.get("/api/auth/user")).status).toBe(401);
    const login = await new Caller(t.app).post("/api/auth/login", { email: victimEmail, password: PASSWORD });
    expect(login.status).toBe(401);
    // The owner keeps signing in through the provider.
    const again = new Caller(t.app);
    expect((await signInThroughProvider(again, acct.sub)).headers.location).toBe("/");
    expect((await again.get("/api/auth/user")).body.id).toBe(row.id);
  });

  it("without an invitation, SSO refuses the unconfirmed account with a clear message and links nothing", async () => {
    const victimEmail = uniqueEmail("victim");
    const attacker = await attackerRegisters(victimEmail);
    const acct = providerAccount({ email: victimEmail });
    const victim = new Caller(t.app);
    const res = await signInThroughProvider(victim, acct.sub);
    expect(res.status).toBe(302);
    expect(callbackTarget(res)).toEqual({ path: "/login", error: ACCOUNT_EMAIL_UNVERIFIED });
    expect(victim.cookie).toBeUndefined();
    const [row] = await t.db.select().from(users).where(eq(users.email, victimEmail));
    expect(row.oidcSubject).toBeNull();
    expect(row.emailVerifiedAt).toBeNull();
    expect(await t.db.select().from(users).where(eq(users.email, victimEmail))).toHaveLength(1);
    // Nothing changed for the account: its own session and password still work.
    expect((await attacker.get("/api/auth/user")).status).toBe(200);
  });

  it("an invitation sent to another address, or one already used, does not prove this one", async () => {
    const victimEmail = uniqueEmail("victim");
    await attackerRegisters(victimEmail);
    const { admin } = await createChurch(t.app);
    const elsewhere = await invite(admin, uniqueEmail("someone-else"));
    const acct = providerAccount({ email: victimEmail });
    const first = await signInThroughProvider(new Caller(t.app), acct.sub, elsewhere.token);
    expect(callbackTarget(first).error).toBe(ACCOUNT_EMAIL_UNVERIFIED);

    const used = await invite(admin, victimEmail);
    await t.db.execute(sql`update invitations set is_used = true where id = ${used.id}`);
    const second = await signInThroughProvider(new Caller(t.app), acct.sub, used.token);
    expect(callbackTarget(second).error).toBe(ACCOUNT_EMAIL_UNVERIFIED);
    const [row] = await t.db.select().from(users).where(eq(users.email, victimEmail));
    expect(row.oidcSubject).toBeNull();
    expect(row.passwordHash).not.toBeNull();
  });

  it("an owner whose address is confirmed by the link the attacker's registration sent takes the account back: SSO then links", async () => {
    const victimEmail = uniqueEmail("victim");
    const attacker = await attackerRegisters(victimEmail);
    const mail = await receiveMail(t.app, smtp, victimEmail, "Confirm your Fellowship e-mail address");
    const owner = new Caller(t.app);
    const verified = await owner.post("/api/auth/verify-email", {
      token: linkToken(mail, "verify-email"),
      password: "the owner's own password",
    });
    expect(verified.status).toBe(200);
    expect((await attacker.get("/api/auth/user")).status).toBe(401);
    const acct = providerAccount({ email: victimEmail });
    const res = await signInThroughProvider(new Caller(t.app), acct.sub);
    expect(res.headers.location).toBe("/");
  });

  it("a link made before this fix to an attacker's password account is cleaned up at the owner's next SSO sign-in", async () => {
    const victimEmail = uniqueEmail("victim");
    const attacker = await attackerRegisters(victimEmail);
    const acct = providerAccount({ email: victimEmail });
    // Legacy data: the old code linked a provider-verified address to the unconfirmed account.
    await t.db
      .update(users)
      .set({ oidcSubject: `${idp.issuer}|${acct.sub}` })
      .where(eq(users.id, attacker.user.id));
    const victim = new Caller(t.app);
    expect((await signInThroughProvider(victim, acct.sub)).headers.location).toBe("/");
    expect((await victim.get("/api/auth/user")).body).toMatchObject({ id: attacker.user.id, emailVerified: true });
    expect((await attacker.get("/api/auth/user")).status).toBe(401);
    const login = await new Caller(t.app).post("/api/auth/login", { email: victimEmail, password: PASSWORD });
    expect(login.status).toBe(401);
  });
});

describe("security item 2, variant: a provider that has not confirmed the address", () => {
  it.each([
    ["says email_verified: false", false],
    ['says email_verified: "false"', "false"],
    ["says nothing about it", undefined],
  ])("creates no account when the provider %s", async (_label, emailVerified) => {
    const before = await userCount();
    const acct = providerAccount({ email_verified: emailVerified });
    const caller = new Caller(t.app);
    const res = await signInThroughProvider(caller, acct.sub);
    expect(res.status).toBe(302);
    expect(callbackTarget(res)).toEqual({ path: "/login", error: PROVIDER_EMAIL_UNVERIFIED });
    expect(caller.cookie).toBeUndefined();
    expect(await userCount()).toBe(before);
    expect(await t.db.select().from(users).where(eq(users.email, acct.email))).toHaveLength(0);
  });

  it("does not claim an unconfirmed account either, even from an invitation sent to that address", async () => {
    const victimEmail = uniqueEmail("victim");
    const owner = await signUp(t.app, { email: victimEmail });
    const { admin } = await createChurch(t.app);
    const inv = await invite(admin, victimEmail, "ADMIN");
    const acct = providerAccount({ email: victimEmail, email_verified: false });
    const res = await signInThroughProvider(new Caller(t.app), acct.sub, inv.token);
    expect(callbackTarget(res).error).toBe(PROVIDER_EMAIL_UNVERIFIED);
    const [row] = await t.db.select().from(users).where(eq(users.id, owner.user.id));
    expect(row.oidcSubject).toBeNull();
    expect(row.churchId).toBeNull();
    expect((await owner.get("/api/auth/user")).status).toBe(200);
    const list = await admin.get("/api/invitations");
    expect(list.body.find((i: { id: string }) => i.id === inv.id)).toMatchObject({ isUsed: false });
  });

  it("an account linked by an unconfirmed SSO before this fix loses the link when its owner resets the password", async () => {
    const ownerEmail = uniqueEmail("owner");
    const acct = providerAccount({ email: ownerEmail, email_verified: false });
    // Legacy data: the old code created this account for the provider's unconfirmed address.
    const [legacy] = await t.db
      .insert(users)
      .values({ email: ownerEmail, oidcSubject: `${idp.issuer}|${acct.sub}` })
      .returning();
    // An already-linked subject still signs in, as it did.
    const attacker = new Caller(t.app);
    expect((await signInThroughProvider(attacker, acct.sub)).headers.location).toBe("/");
    expect((await attacker.get("/api/auth/user")).body).toMatchObject({ id: legacy.id, emailVerified: false });

    // The address's real owner resets the password from the e-mail.
    const owner = new Caller(t.app);
    expect((await owner.post("/api/auth/forgot-password", { email: ownerEmail })).status).toBe(202);
    const mail = await receiveMail(t.app, smtp, ownerEmail, "Reset your Fellowship password");
    const reset = await owner.post("/api/auth/reset-password", {
      token: linkToken(mail, "reset-password"),
      password: "the owner's new password",
    });
    expect(reset.status).toBe(200);
    expect(reset.body).toMatchObject({ id: legacy.id, emailVerified: true });
    const [row] = await t.db.select().from(users).where(eq(users.id, legacy.id));
    expect(row.oidcSubject).toBeNull();

    // The attacker's session ended and their SSO sign-in no longer reaches the account.
    expect((await attacker.get("/api/auth/user")).status).toBe(401);
    const retry = new Caller(t.app);
    const res = await signInThroughProvider(retry, acct.sub);
    expect(callbackTarget(res).error).toBe(PROVIDER_EMAIL_UNVERIFIED);
    expect(retry.cookie).toBeUndefined();
    expect((await owner.get("/api/auth/user")).body.id).toBe(legacy.id);
  });
});

describe("an unreachable provider", () => {
  it("sends the browser back to the sign-in page with an error (keeping the invitation), not a 5xx", async () => {
    const down = await createTestApp({
      OIDC_ISSUER: "http://127.0.0.1:9",
      OIDC_CLIENT_ID: "x",
      OIDC_CLIENT_SECRET: "y",
      OIDC_ALLOW_INSECURE: "1",
    });
    const res = await new Caller(down.app).get("/api/login/oidc?invitation=abc");
    expect(res.status).toBe(302);
    const location = new URL(String(res.headers.location), "http://x");
    expect(location.pathname).toBe("/login");
    expect(location.searchParams.get("invitation")).toBe("abc");
    expect(location.searchParams.get("error")).toMatch(/could not be reached/);
    // The working provider's app is unaffected by the other configuration's failed discovery.
    const url = await startSignIn(new Caller(t.app));
    expect(url.origin).toBe(idp.issuer);
  });
});

describe("without an OpenID Connect provider", () => {
  let plain: TTestApp;
  beforeAll(async () => {
    plain = await createTestApp();
  });

  it("GET /api/login/oidc answers 404 and /api/login redirects to the sign-in page", async () => {
    const oidc = await new Caller(plain.app).get("/api/login/oidc");
    expect(oidc.status).toBe(404);
    expect(oidc.body.message).toBeTruthy();
    const callback = await new Caller(plain.app).get("/api/callback?code=x&state=y");
    expect(callback.status).toBe(404);
    const login = await new Caller(plain.app).get("/api/login?invitation=abc");
    expect(login.status).toBe(302);
    expect(login.headers.location).toBe("/login?invitation=abc");
    const providers = await new Caller(plain.app).get("/api/auth/providers");
    expect(providers.body.oidc).toBeNull();
  });
});
