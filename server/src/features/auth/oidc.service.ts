import type { TSignInError } from "@common/auth";
import { SIGN_IN_ERRORS } from "@common/auth-helpers";
import { eq, lt } from "drizzle-orm";
import type { Configuration } from "openid-client";
import type { TConfig } from "../../config";
import type { TDb } from "../../db/client";
import { oidcStates } from "../../db/schema/auth";
import { users } from "../../db/schema/users";
import type { TAppCtx } from "../../lib/context";
import { markEmailProved } from "../../lib/email-proof";
import { AppError, badRequest, conflict, forbidden } from "../../lib/errors";
import { getUsableInvitation, redeemInvitation } from "../../lib/membership";
import { accountChanged, createSession, deleteUserSessions } from "../../lib/sessions";

const STATE_TTL_MS = 10 * 60_000;

type TOidcConfig = NonNullable<TConfig["oidc"]>;

/**
 * Discovery is done once per provider configuration and kept; a failure is retried on the next
 * sign-in. Keyed by the configuration so that an app built with another provider (tests) never
 * talks to a stale one.
 */
let discovered: { key: string; config: Promise<Configuration> } | undefined;

/** openid-client loads on the first sign-in with a provider, not at every start of every app. */
const loadClient = () => import("openid-client");

function getConfiguration(cfg: TOidcConfig): Promise<Configuration> {
  const key = JSON.stringify([cfg.issuer, cfg.clientId, cfg.clientSecret ?? null, cfg.allowInsecure]);
  if (discovered?.key !== key) {
    const entry = {
      key,
      config: loadClient()
        .then((client) =>
          client.discovery(
            new URL(cfg.issuer),
            cfg.clientId,
            cfg.clientSecret,
            undefined,
            cfg.allowInsecure ? { execute: [client.allowInsecureRequests] } : undefined,
          ),
        )
        .catch((err) => {
          if (discovered === entry) discovered = undefined;
          throw err;
        }),
    };
    discovered = entry;
  }
  return discovered.config;
}

/** Test hook: forget the discovered provider (tests start a new one per file). */
export function resetOidcDiscovery(): void {
  discovered = undefined;
}

export async function createAuthorizationUrl(
  db: TDb,
  cfg: TOidcConfig,
  redirectUri: string,
  invitationToken?: string,
): Promise<{ url: string; state: string }> {
  const config = await getConfiguration(cfg);
  const oidc = await loadClient();
  const codeVerifier = oidc.randomPKCECodeVerifier();
  const state = oidc.randomState();
  const nonce = oidc.randomNonce();
  // Stamped with the app's clock, the one its age is judged by here and at the callback (the column's
  // default is the database's now(), which may differ from the app's by more than the state lives).
  const now = new Date();
  await db.delete(oidcStates).where(lt(oidcStates.createdAt, new Date(now.getTime() - STATE_TTL_MS)));
  await db
    .insert(oidcStates)
    .values({ state, codeVerifier, nonce, invitationToken: invitationToken ?? null, createdAt: now });
  const url = oidc.buildAuthorizationUrl(config, {
    redirect_uri: redirectUri,
    scope: "openid email profile",
    code_challenge: await oidc.calculatePKCECodeChallenge(codeVerifier),
    code_challenge_method: "S256",
    state,
    nonce,
  });
  return { url: url.toString(), state };
}

export const PROVIDER_EMAIL_UNVERIFIED = SIGN_IN_ERRORS.provider_email_unverified;
export const ACCOUNT_EMAIL_UNVERIFIED = SIGN_IN_ERRORS.account_email_unverified;

/** Whether the sign-in started from an invitation that is still usable and was e-mailed to `email`. */
async function isInvitedAddress(db: TDb, invitationToken: string | null, email: string): Promise<boolean> {
  if (!invitationToken) return false;
  try {
    const { invitation } = await getUsableInvitation(db, invitationToken);
    return invitation.email === email;
  } catch (err) {
    if (err instanceof AppError) return false;
    throw err;
  }
}

type TUserRow = typeof users.$inferSelect;

/**
 * Which account this provider identity signs in to. A linked subject signs in to its account. An
 * address counts only when the provider vouches for it, and it links to an existing account only
 * when that account's owner has proved the address to us too, or when an invitation e-mailed to
 * it proves it now. Claiming an account by that proof drops what its unproved holder set (the
 * password, the sessions); any link ends the account's other sessions.
 */
async function findOrLinkAccount(
  tx: TDb,
  identity: {
    subject: string;
    email: string;
    emailVerified: boolean;
    firstName: string | null;
    lastName: string | null;
  },
  invitationToken: string | null,
): Promise<{ user: TUserRow; droppedSessions: string[] }> {
  const { subject, email, emailVerified } = identity;
  const [linked] = await tx.select().from(users).where(eq(users.oidcSubject, subject)).for("update");
  if (linked) {
    // A link made before addresses were confirmed, to an account whose address nobody proved, by a
    // provider that does not vouch for the address now: it may be someone else's identity.
    if (!linked.emailVerifiedAt && !emailVerified) throw forbidden(PROVIDER_EMAIL_UNVERIFIED);
    // A link made before addresses were confirmed (an account registered by someone else with a
    // password, then linked by the address's owner): the provider now vouches for the address, so
    // the password and sessions of whoever registered it go, as when an account is claimed.
    if (!linked.emailVerifiedAt && emailVerified && linked.email === email) {
      await markEmailProved(tx, linked.id, { proof: "provider", passwordHash: null });
      await tx.update(users).set({ oidcSubject: subject }).where(eq(users.id, linked.id));
      return { user: linked, droppedSessions: await deleteUserSessions(tx, linked.id) };
    }
    return { user: linked, droppedSessions: [] };
  }
  if (!emailVerified) throw forbidden(PROVIDER_EMAIL_UNVERIFIED);
  const [sameEmail] = await tx.select().from(users).where(eq(users.email, email)).for("update");
  if (!sameEmail) {
    const [created] = await tx
      .insert(users)
      .values({
        email,
        oidcSubject: subject,
        firstName: identity.firstName,
        lastName: identity.lastName,
        emailVerifiedAt: new Date(),
        emailProof: "provider",
      })
      .returning();
    return { user: created, droppedSessions: [] };
  }
  if (!sameEmail.emailVerifiedAt) {
    if (!(await isInvitedAddress(tx, invitationToken, email))) throw conflict(ACCOUNT_EMAIL_UNVERIFIED);
    // The invitation was e-mailed to this address: its owner is signing in. A password set
    // before now was not necessarily theirs.
    await markEmailProved(tx, sameEmail.id, { proof: "provider", passwordHash: null });
  } else if (sameEmail.emailProof === "invitation") {
    // Proved only by an invitation token, which the church's admins saw too: whoever registered
    // with it may not own the address. The provider does; a password set before goes.
    await markEmailProved(tx, sameEmail.id, { proof: "provider", passwordHash: null });
  }
  await tx.update(users).set({ oidcSubject: subject }).where(eq(users.id, sameEmail.id));
  return { user: sameEmail, droppedSessions: await deleteUserSessions(tx, sameEmail.id) };
}

/**
 * Completes the provider's redirect: finds or links the account (findOrLinkAccount) and joins the
 * invitation's church when the sign-in started from an invitation. Sessions the sign-in ended
 * (a link that proved the address) end in every process's cache too.
 */
export async function completeAuthorization(
  ctx: TAppCtx,
  cfg: TOidcConfig,
  callbackUrl: URL,
  browserState: string | undefined,
): Promise<{ userId: string; token: string; invitationToken: string | null }> {
  const { db } = ctx;
  const config = await getConfiguration(cfg);
  const oidc = await loadClient();
  const stateParam = callbackUrl.searchParams.get("state") ?? "";
  // The state must also come back in the cookie of the browser that started the sign-in, so a
  // callback link made by someone else cannot sign this browser into their account.
  if (!browserState || browserState !== stateParam) throw badRequest(SIGN_IN_ERRORS.link_expired);
  const [saved] = await db.delete(oidcStates).where(eq(oidcStates.state, stateParam)).returning();
  if (!saved || saved.createdAt.getTime() < Date.now() - STATE_TTL_MS) throw badRequest(SIGN_IN_ERRORS.link_expired);
  const tokens = await oidc.authorizationCodeGrant(config, callbackUrl, {
    pkceCodeVerifier: saved.codeVerifier,
    expectedState: saved.state,
    expectedNonce: saved.nonce,
  });
  const idToken = tokens.claims();
  if (!idToken) throw badRequest(SIGN_IN_ERRORS.provider_no_identity);
  // Many providers (oidc-provider by default, for one) put the scope's claims (email, names) only in
  // the userinfo response, not in the ID token: ask for them there, bound to the ID token's subject.
  let claims: Record<string, unknown> = idToken;
  if (config.serverMetadata().userinfo_endpoint) {
    claims = { ...idToken, ...(await oidc.fetchUserInfo(config, tokens.access_token, idToken.sub)) };
  }
  const subject = `${cfg.issuer}|${idToken.sub}`;
  const email = typeof claims.email === "string" ? claims.email.trim().toLowerCase() : "";
  if (!email) throw badRequest(SIGN_IN_ERRORS.provider_no_email);
  // Some providers send the boolean as a string.
  const emailVerified = claims.email_verified === true || claims.email_verified === "true";
  const firstName =
    typeof claims.given_name === "string" && claims.given_name.trim() ? claims.given_name.trim().slice(0, 100) : null;
  const lastName =
    typeof claims.family_name === "string" && claims.family_name.trim()
      ? claims.family_name.trim().slice(0, 100)
      : null;

  const result = await db.transaction(async (tx) => {
    const { user, droppedSessions } = await findOrLinkAccount(
      tx,
      { subject, email, emailVerified, firstName, lastName },
      saved.invitationToken,
    );
    await tx.update(users).set({ lastLogin: new Date() }).where(eq(users.id, user.id));
    if (saved.invitationToken && !user.churchId) {
      await redeemInvitation(tx, { id: user.id, email: user.email, churchId: null }, saved.invitationToken);
    }
    return {
      userId: user.id,
      token: await createSession(tx, user.id),
      invitationToken: saved.invitationToken,
      droppedSessions,
    };
  });
  await accountChanged(ctx, result.userId, result.droppedSessions);
  return { userId: result.userId, token: result.token, invitationToken: result.invitationToken };
}

/**
 * The code the sign-in page is sent back with: a refusal of ours by its words, an invitation that
 * could not be used (its own message names addresses, so it stays on the server), else "failed".
 */
export function toSignInErrorCode(err: unknown): TSignInError {
  if (!(err instanceof AppError)) return "failed";
  const known = (Object.keys(SIGN_IN_ERRORS) as TSignInError[]).find((k) => SIGN_IN_ERRORS[k] === err.message);
  return known ?? "invitation_unusable";
}
