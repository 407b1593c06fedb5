import { eq, lt } from "drizzle-orm";
import * as oidc from "openid-client";
import type { TConfig } from "../../config";
import type { TDb } from "../../db/client";
import { oidcStates, users } from "../../db/schema";
import { badRequest, conflict } from "../../lib/errors";
import { redeemInvitation } from "../invitations/invitations.service";
import { createSession } from "./sessions.repo";

const STATE_TTL_MS = 10 * 60_000;

type TOidcConfig = NonNullable<TConfig["oidc"]>;

/**
 * Discovery is done once per provider configuration and kept; a failure is retried on the next
 * sign-in. Keyed by the configuration so that an app built with another provider (tests) never
 * talks to a stale one.
 */
let discovered: { key: string; config: Promise<oidc.Configuration> } | undefined;

function getConfiguration(cfg: TOidcConfig): Promise<oidc.Configuration> {
  const key = JSON.stringify([cfg.issuer, cfg.clientId, cfg.clientSecret ?? null, cfg.allowInsecure]);
  if (discovered?.key !== key) {
    const entry = {
      key,
      config: oidc
        .discovery(
          new URL(cfg.issuer),
          cfg.clientId,
          cfg.clientSecret,
          undefined,
          cfg.allowInsecure ? { execute: [oidc.allowInsecureRequests] } : undefined,
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
  const codeVerifier = oidc.randomPKCECodeVerifier();
  const state = oidc.randomState();
  const nonce = oidc.randomNonce();
  await db.delete(oidcStates).where(lt(oidcStates.createdAt, new Date(Date.now() - STATE_TTL_MS)));
  await db.insert(oidcStates).values({ state, codeVerifier, nonce, invitationToken: invitationToken ?? null });
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

/**
 * Completes the provider's redirect: finds the account by subject, then by verified e-mail, or
 * creates it; joins the invitation's church when the sign-in started from an invitation.
 */
export async function completeAuthorization(
  db: TDb,
  cfg: TOidcConfig,
  callbackUrl: URL,
  browserState: string | undefined,
): Promise<{ userId: string; token: string; invitationToken: string | null }> {
  const config = await getConfiguration(cfg);
  const stateParam = callbackUrl.searchParams.get("state") ?? "";
  // The state must also come back in the cookie of the browser that started the sign-in, so a
  // callback link made by someone else cannot sign this browser into their account.
  if (!browserState || browserState !== stateParam)
    throw badRequest("This sign-in link has expired. Please try again.");
  const [saved] = await db.delete(oidcStates).where(eq(oidcStates.state, stateParam)).returning();
  if (!saved || saved.createdAt.getTime() < Date.now() - STATE_TTL_MS)
    throw badRequest("This sign-in link has expired. Please try again.");
  const tokens = await oidc.authorizationCodeGrant(config, callbackUrl, {
    pkceCodeVerifier: saved.codeVerifier,
    expectedState: saved.state,
    expectedNonce: saved.nonce,
  });
  const idToken = tokens.claims();
  if (!idToken) throw badRequest("The sign-in provider sent no identity.");
  // Many providers (oidc-provider by default, for one) put the scope's claims (email, names) only in
  // the userinfo response, not in the ID token: ask for them there, bound to the ID token's subject.
  let claims: Record<string, unknown> = idToken;
  if (config.serverMetadata().userinfo_endpoint) {
    claims = { ...idToken, ...(await oidc.fetchUserInfo(config, tokens.access_token, idToken.sub)) };
  }
  const subject = `${cfg.issuer}|${idToken.sub}`;
  const email = typeof claims.email === "string" ? claims.email.trim().toLowerCase() : "";
  if (!email) throw badRequest("The sign-in provider did not share an e-mail address.");
  // Some providers send the boolean as a string.
  const emailVerified = claims.email_verified === true || claims.email_verified === "true";
  const firstName =
    typeof claims.given_name === "string" && claims.given_name.trim() ? claims.given_name.trim().slice(0, 100) : null;
  const lastName =
    typeof claims.family_name === "string" && claims.family_name.trim()
      ? claims.family_name.trim().slice(0, 100)
      : null;

  return db.transaction(async (tx) => {
    let [user] = await tx.select().from(users).where(eq(users.oidcSubject, subject));
    if (!user) {
      const [sameEmail] = await tx.select().from(users).where(eq(users.email, email));
      if (sameEmail) {
        // Only a provider that vouches for the address may take over the account that owns it.
        if (!emailVerified) {
          throw conflict("An account with this e-mail address already exists. Sign in with your password instead.");
        }
        await tx.update(users).set({ oidcSubject: subject }).where(eq(users.id, sameEmail.id));
        user = sameEmail;
      }
    }
    if (!user) {
      [user] = await tx.insert(users).values({ email, oidcSubject: subject, firstName, lastName }).returning();
    }
    await tx.update(users).set({ lastLogin: new Date() }).where(eq(users.id, user.id));
    if (saved.invitationToken && !user.churchId) {
      await redeemInvitation(tx, { id: user.id, email: user.email, churchId: null }, saved.invitationToken);
    }
    return { userId: user.id, token: await createSession(tx, user.id), invitationToken: saved.invitationToken };
  });
}
