import { randomBytes } from "node:crypto";
import { getSignInErrorMessage } from "@common/auth-helpers";
import { expect } from "vitest";
import { resetOidcDiscovery } from "../src/features/auth/oidc.service";
import { afterFile } from "./after-file";
import { type Caller, createTestApp, type TTestApp } from "./app";
import { uniqueEmail } from "./factories";
import { OIDC_REDIRECT_URI, startOidcProvider, type TOidcAccount, type TOidcProvider } from "./oidc-provider";
import { startSmtpServer } from "./smtp";

export type TOidcApp = { idp: TOidcProvider; t: TTestApp; smtp: Awaited<ReturnType<typeof startSmtpServer>> };

/** The app signing in through a real provider of its own, with a real SMTP server (call in beforeAll). */
export async function startOidcApp(): Promise<TOidcApp> {
  const idp = await startOidcProvider();
  afterFile(() => idp.close());
  resetOidcDiscovery();
  const smtp = await startSmtpServer();
  const t = await createTestApp({
    SMTP_URL: smtp.url,
    OIDC_ISSUER: idp.issuer,
    OIDC_CLIENT_ID: idp.clientId,
    OIDC_CLIENT_SECRET: idp.clientSecret,
    OIDC_ALLOW_INSECURE: "1",
  });
  return { idp, t, smtp };
}

/**
 * A new account at the provider, with a unique subject and e-mail, whose address the provider has
 * confirmed unless `email_verified` says otherwise (set to undefined, the claim is left out).
 */
export function providerAccount(idp: TOidcProvider, fields: Partial<TOidcAccount> = {}) {
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

/** GET /api/login[?invitation] → the provider's authorization URL (DESIGN.md sign-in contract). */
export async function startSignIn(idp: TOidcProvider, caller: Caller, invitation?: string): Promise<URL> {
  const q = invitation ? `?invitation=${encodeURIComponent(invitation)}` : "";
  const login = await caller.get(`/api/login${q}`);
  expect(login.status, JSON.stringify(login.body)).toBe(302);
  expect(String(login.headers.location)).toMatch(new RegExp(`^${idp.issuer}`));
  return new URL(String(login.headers.location));
}

/** The whole browser round trip; returns the app's answer to the provider's redirect. */
export async function signInThroughProvider(idp: TOidcProvider, caller: Caller, sub: string, invitation?: string) {
  const authorizationUrl = await startSignIn(idp, caller, invitation);
  const back = await idp.signIn(authorizationUrl.href, sub);
  expect(`${back.origin}${back.pathname}`).toBe(OIDC_REDIRECT_URI);
  return caller.get(`${back.pathname}${back.search}`);
}

/** Where the callback sent the browser, and the error it shows there (if any). */
export function callbackTarget(res: { headers: Record<string, unknown> }) {
  const location = new URL(String(res.headers.location), "http://x");
  // The page shows the words its code stands for.
  return { path: location.pathname, error: getSignInErrorMessage(location.searchParams.get("error")) };
}
