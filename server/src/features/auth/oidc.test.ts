import { eq } from "drizzle-orm";
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { Caller, createTestApp, type TTestApp } from "../../../test/app";
import { createChurch, invite, PASSWORD, signUp, uniqueEmail } from "../../../test/factories";
import {
  callbackTarget,
  providerAccount as newProviderAccount,
  signInThroughProvider as signInThrough,
  startSignIn as start,
  startOidcApp,
} from "../../../test/oidc-flow";
import { OIDC_REDIRECT_URI, type TOidcAccount, type TOidcProvider } from "../../../test/oidc-provider";
import { oidcStates } from "../../db/schema/auth";
import { users } from "../../db/schema/users";
import { PROVIDER_EMAIL_UNVERIFIED } from "./oidc.service";

let idp: TOidcProvider;
let t: TTestApp;

beforeAll(async () => {
  ({ idp, t } = await startOidcApp());
});
afterEach(() => {
  vi.useRealTimers();
});

const providerAccount = (fields: Partial<TOidcAccount> = {}) => newProviderAccount(idp, fields);
const startSignIn = (caller: Caller, invitation?: string) => start(idp, caller, invitation);
const signInThroughProvider = (caller: Caller, sub: string, invitation?: string) =>
  signInThrough(idp, caller, sub, invitation);

/** A password account whose address is confirmed: registered with an invitation e-mailed to it. */
async function verifiedPasswordAccount(firstName = "Phoebe") {
  const { admin } = await createChurch(t.app);
  const email = uniqueEmail(firstName.toLowerCase());
  const inv = await invite(admin, email);
  const member = await signUp(t.app, { email, firstName, invitationToken: inv.token });
  expect(member.user.emailVerified).toBe(true);
  // As if its owner had since used a confirmation or reset link (an invitation alone is a weaker
  // proof: oidc-account-linking.test.ts).
  await t.db.update(users).set({ emailProof: "mailbox" }).where(eq(users.id, member.user.id));
  return member;
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

  it("links a confirmed password account when the provider has verified the same email, ending its other sessions", async () => {
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

  it("does not take over an existing account when the provider has not verified the email", async () => {
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

  it("joins the invited church with the invitation's role when the flow carries the invitation and the email matches", async () => {
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

  it("refuses an invitation sent to another email: no sign-in, the invitation stays unused", async () => {
    const { admin } = await createChurch(t.app);
    const inv = await invite(admin, uniqueEmail("someone-else"));
    const acct = providerAccount();
    const caller = new Caller(t.app);
    const res = await signInThroughProvider(caller, acct.sub, inv.token);
    expect(res.status).toBe(302);
    const location = new URL(String(res.headers.location), "http://x");
    expect(location.pathname).toBe("/login");
    expect(location.searchParams.get("error")).toBe("invitation_unusable");
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

  // A state lives 10 minutes on the app's clock, which may differ from the database's (separate hosts,
  // or a test's moved clock): it is stamped with the app's, so the difference neither expires it at
  // once nor keeps it alive.
  it("signs in when the app's clock is ahead of the database's", async () => {
    const acct = providerAccount();
    vi.useFakeTimers({ toFake: ["Date"], now: new Date(Date.now() + 366 * 86_400_000) });
    const caller = new Caller(t.app);
    const res = await signInThroughProvider(caller, acct.sub);
    expect(res.headers.location).toBe("/");
    expect(caller.cookie).toBeTruthy();
  });

  it("drops states older than 10 minutes when the app's clock is behind the database's", async () => {
    vi.useFakeTimers({ toFake: ["Date"], now: new Date(Date.now() - 366 * 86_400_000) });
    const old = (await startSignIn(new Caller(t.app))).searchParams.get("state") ?? "";
    const stored = async (state: string) =>
      (await t.db.select().from(oidcStates).where(eq(oidcStates.state, state))).length;
    expect(await stored(old)).toBe(1);
    vi.setSystemTime(new Date(Date.now() + 11 * 60_000));
    // The next sign-in clears the states that have expired.
    const fresh = (await startSignIn(new Caller(t.app))).searchParams.get("state") ?? "";
    expect(await stored(old)).toBe(0);
    expect(await stored(fresh)).toBe(1);
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
    expect(location.searchParams.get("error")).toBe("provider_unreachable");
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
