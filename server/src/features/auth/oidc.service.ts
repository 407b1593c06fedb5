import { eq, lt } from "drizzle-orm";
import * as oidc from "openid-client";
import type { TConfig } from "../../config";
import type { TDb } from "../../db/client";
import { oidcStates, users } from "../../db/schema";
import { badRequest } from "../../lib/errors";
import { redeemInvitation } from "../invitations/invitations.service";
import { createSession } from "./sessions.repo";

const STATE_TTL_MS = 10 * 60_000;

type TOidcConfig = NonNullable<TConfig["oidc"]>;

/** Discovery is done once per process and kept; a failure is retried on the next sign-in. */
let discovered: Promise<oidc.Configuration> | undefined;

function getConfiguration(cfg: TOidcConfig): Promise<oidc.Configuration> {
  if (!discovered) {
    discovered = oidc
      .discovery(
        new URL(cfg.issuer),
        cfg.clientId,
        cfg.clientSecret,
        undefined,
        cfg.allowInsecure ? { execute: [oidc.allowInsecureRequests] } : undefined,
      )
      .catch((err) => {
        discovered = undefined;
        throw err;
      });
  }
  return discovered;
}

/** Test hook: forget the discovered provider (tests start a new one per file). */
export function resetOidcDiscovery(): void {
  discovered = undefined;
}

export async function createAuthorizationUrl(db: TDb, cfg: TOidcConfig, redirectUri: string, invitationToken?: string): Promise<string> {
  const config = await getConfiguration(cfg);
  const codeVerifier = oidc.randomPKCECodeVerifier();
  const state = oidc.randomState();
  const nonce = oidc.randomNonce();
  await db.delete(oidcStates).where(lt(oidcStates.createdAt, new Date(Date.now() - STATE_TTL_MS)));
  await db.insert(oidcStates).values({ state, codeVerifier, nonce, invitationToken: invitationToken ?? null });
  return oidc
    .buildAuthorizationUrl(config, {
      redirect_uri: redirectUri,
      scope: "openid email profile",
      code_challenge: await oidc.calculatePKCECodeChallenge(codeVerifier),
      code_challenge_method: "S256",
      state,
      nonce,
    })
    .toString();
}

/**
 * Completes the provider's redirect: finds the account by subject, then by verified e-mail, or
 * creates it; joins the invitation's church when the sign-in started from an invitation.
 */
export async function completeAuthorization(
  db: TDb,
  cfg: TOidcConfig,
  callbackUrl: URL,
): Promise<{ userId: string; token: string; invitationToken: string | null }> {
  const config = await getConfiguration(cfg);
  const stateParam = callbackUrl.searchParams.get("state") ?? "";
  const [saved] = await db.delete(oidcStates).where(eq(oidcStates.state, stateParam)).returning();
  if (!saved || saved.createdAt.getTime() < Date.now() - STATE_TTL_MS) throw badRequest("This sign-in link has expired. Please try again.");
  const tokens = await oidc.authorizationCodeGrant(config, callbackUrl, {
    pkceCodeVerifier: saved.codeVerifier,
    expectedState: saved.state,
    expectedNonce: saved.nonce,
  });
  const claims = tokens.claims();
  if (!claims) throw badRequest("The sign-in provider sent no identity.");
  const subject = `${cfg.issuer}|${claims.sub}`;
  const email = typeof claims.email === "string" ? claims.email.toLowerCase() : null;
  if (!email) throw badRequest("The sign-in provider did not share an e-mail address.");
  const firstName = typeof claims.given_name === "string" ? claims.given_name : null;
  const lastName = typeof claims.family_name === "string" ? claims.family_name : null;

  return db.transaction(async (tx) => {
    let [user] = await tx.select().from(users).where(eq(users.oidcSubject, subject));
    if (!user && claims.email_verified === true) {
      [user] = await tx.select().from(users).where(eq(users.email, email));
      if (user) await tx.update(users).set({ oidcSubject: subject }).where(eq(users.id, user.id));
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
