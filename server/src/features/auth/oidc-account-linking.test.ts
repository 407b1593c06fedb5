import { eq, sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { Caller, type TTestApp } from "../../../test/app";
import { createChurch, invite, PASSWORD, signUp, uniqueEmail } from "../../../test/factories";
import { linkToken, receiveMail } from "../../../test/mail";
import {
  callbackTarget,
  providerAccount as newProviderAccount,
  signInThroughProvider as signInThrough,
  startOidcApp,
  type TOidcApp,
} from "../../../test/oidc-flow";
import type { TOidcAccount, TOidcProvider } from "../../../test/oidc-provider";
import { users } from "../../db/schema/users";
import { ACCOUNT_EMAIL_UNVERIFIED, PROVIDER_EMAIL_UNVERIFIED } from "./oidc.service";

// Security item 2, "Single sign-on takes over accounts by e-mail", reproduced against a real
// OpenID Connect provider (oidc-provider) and shown refused.

let idp: TOidcProvider;
let t: TTestApp;
let smtp: TOidcApp["smtp"];

beforeAll(async () => {
  ({ idp, t, smtp } = await startOidcApp());
});

const providerAccount = (fields: Partial<TOidcAccount> = {}) => newProviderAccount(idp, fields);
const signInThroughProvider = (caller: Caller, sub: string, invitation?: string) =>
  signInThrough(idp, caller, sub, invitation);
const userCount = async () => (await t.db.select({ id: users.id }).from(users)).length;

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
    const mail = await receiveMail(t.app, smtp, victimEmail, "Confirm your Fellowship email address");
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
    // A link to an account whose address nobody proved, from a provider that does not vouch for
    // the address, no longer signs in.
    const attacker = new Caller(t.app);
    expect(callbackTarget(await signInThroughProvider(attacker, acct.sub)).error).toBe(PROVIDER_EMAIL_UNVERIFIED);
    expect(attacker.cookie).toBeUndefined();

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

    // The link is gone, and the SSO sign-in still does not reach the account.
    const retry = new Caller(t.app);
    const res = await signInThroughProvider(retry, acct.sub);
    expect(callbackTarget(res).error).toBe(PROVIDER_EMAIL_UNVERIFIED);
    expect(retry.cookie).toBeUndefined();
    expect((await owner.get("/api/auth/user")).body.id).toBe(legacy.id);
  });

  it("a legacy link of that kind to someone's password account does not sign in either", async () => {
    const owner = await signUp(t.app, { email: uniqueEmail("owner") });
    const acct = providerAccount({ email: owner.user.email, email_verified: false });
    await t.db
      .update(users)
      .set({ oidcSubject: `${idp.issuer}|${acct.sub}` })
      .where(eq(users.id, owner.user.id));
    const attacker = new Caller(t.app);
    expect(callbackTarget(await signInThroughProvider(attacker, acct.sub)).error).toBe(PROVIDER_EMAIL_UNVERIFIED);
    expect(attacker.cookie).toBeUndefined();
  });
});

describe("security item 2: an invitation proves an address only as far as its admins cannot", () => {
  it("an admin who registers the owner's address with their own invitation loses the password when the owner signs in through SSO", async () => {
    const ownerEmail = uniqueEmail("owner");
    const { admin } = await createChurch(t.app);
    // The admin sees the invitation's token (Copy Link) and registers the address with it.
    const inv = await invite(admin, ownerEmail);
    const planted = await signUp(t.app, { email: ownerEmail, invitationToken: inv.token });
    expect(planted.user.emailVerified).toBe(true);
    expect((await admin.delete(`/api/admin/members/${planted.user.id}`)).status).toBe(204);

    // The address's owner signs in through a provider that vouches for it.
    const acct = providerAccount({ email: ownerEmail });
    const owner = new Caller(t.app);
    expect((await signInThroughProvider(owner, acct.sub)).headers.location).toBe("/");
    expect((await owner.get("/api/auth/user")).body.id).toBe(planted.user.id);

    // The password the admin chose and the session they held both stop working.
    const login = await new Caller(t.app).post("/api/auth/login", { email: ownerEmail, password: PASSWORD });
    expect(login.status).toBe(401);
    expect((await planted.get("/api/auth/user")).status).toBe(401);
    const [row] = await t.db.select().from(users).where(eq(users.id, planted.user.id));
    expect(row).toMatchObject({ passwordHash: null, emailProof: "provider" });
  });

  it("an address proved by its mailbox keeps its password when SSO links", async () => {
    const ownerEmail = uniqueEmail("owner");
    const owner = await signUp(t.app, { email: ownerEmail });
    const mail = await receiveMail(t.app, smtp, ownerEmail, "Confirm your Fellowship email address");
    expect((await owner.post("/api/auth/verify-email", { token: linkToken(mail, "verify-email") })).status).toBe(200);
    const acct = providerAccount({ email: ownerEmail });
    expect((await signInThroughProvider(new Caller(t.app), acct.sub)).headers.location).toBe("/");
    const login = await new Caller(t.app).post("/api/auth/login", { email: ownerEmail, password: PASSWORD });
    expect(login.status).toBe(200);
  });
});
