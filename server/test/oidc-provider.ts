import http from "node:http";
import type { AddressInfo } from "node:net";
// @ts-expect-error oidc-provider ships no type declarations (and @types/oidc-provider is not installed).
import { Provider } from "oidc-provider";

/**
 * The claims the provider gives for an account. `email_verified` may be left out (the provider
 * then says nothing about the address) or sent as a string, as some providers do.
 */
export type TOidcAccount = {
  email: string;
  email_verified?: boolean | string;
  given_name?: string;
  family_name?: string;
};

export type TOidcProvider = {
  issuer: string;
  clientId: string;
  clientSecret: string;
  /** Adds (or replaces) the account the provider signs in as `sub`, with exactly these claims. */
  setAccount(sub: string, claims: TOidcAccount): void;
  /**
   * Plays the user at the provider: opens `authorizationUrl`, signs in as `sub` through the
   * development login form, grants consent, and returns the redirect back to the app (the URL
   * carrying `code`, `state` and `iss`).
   */
  signIn(authorizationUrl: string, sub: string): Promise<URL>;
  close(): Promise<void>;
};

export const OIDC_REDIRECT_URI = "http://fellowship.test/api/callback";

/**
 * A real OpenID Connect provider (panva's oidc-provider) on 127.0.0.1 with a random port and its
 * default settings: PKCE required, client_secret_basic for the registered client, scope claims
 * delivered from the userinfo endpoint (conformIdTokenClaims), development login and consent pages.
 */
export async function startOidcProvider(): Promise<TOidcProvider> {
  const accounts = new Map<string, TOidcAccount>();
  let handler: http.RequestListener = (_req, res) => res.writeHead(503).end();
  const server = http.createServer((req, res) => handler(req, res));
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  const issuer = `http://127.0.0.1:${port}`;
  const clientId = "fellowship";
  const clientSecret = "fellowship-client-secret-which-is-long-enough";

  const provider = new Provider(issuer, {
    clients: [{ client_id: clientId, client_secret: clientSecret, redirect_uris: [OIDC_REDIRECT_URI] }],
    cookies: { keys: ["oidc-provider-test-cookie-key"] },
    ttl: { Interaction: 600, Session: 3600, Grant: 3600, AccessToken: 600, IdToken: 600 },
    claims: { openid: ["sub"], email: ["email", "email_verified"], profile: ["given_name", "family_name"] },
    async findAccount(_ctx: unknown, sub: string) {
      const account = accounts.get(sub);
      if (!account) return undefined;
      return { accountId: sub, claims: async () => ({ sub, ...account }) };
    },
  });
  provider.on("server_error", (_ctx: unknown, err: Error) => console.error("oidc-provider server_error", err));
  handler = provider.callback();

  async function signIn(authorizationUrl: string, sub: string): Promise<URL> {
    const jar = new Map<string, string>();
    const request = async (url: string, init: RequestInit = {}) => {
      const res = await fetch(new URL(url, issuer), {
        ...init,
        redirect: "manual",
        headers: {
          ...(init.headers as Record<string, string>),
          cookie: [...jar].map(([k, v]) => `${k}=${v}`).join("; "),
        },
      });
      for (const line of res.headers.getSetCookie()) {
        const [pair, ...attrs] = line.split(";");
        const eq = pair.indexOf("=");
        const name = pair.slice(0, eq).trim();
        const value = pair.slice(eq + 1).trim();
        const expired = attrs.some((a) => /^\s*expires=Thu, 01 Jan 1970/i.test(a) || /^\s*max-age=0\s*$/i.test(a));
        if (!value || expired) jar.delete(name);
        else jar.set(name, value);
      }
      return res;
    };

    let res = await request(authorizationUrl);
    for (let step = 0; step < 10; step++) {
      if (res.status < 300 || res.status >= 400) {
        throw new Error(`oidc-provider answered ${res.status}: ${(await res.text()).slice(0, 500)}`);
      }
      const location = new URL(res.headers.get("location") ?? "", issuer);
      await res.arrayBuffer();
      if (location.origin !== issuer) return location;
      if (location.pathname.startsWith("/interaction/")) {
        // The development interaction page: a login form, or a consent form.
        const page = await (await request(location.href)).text();
        const prompt = /name="prompt" value="(\w+)"/.exec(page)?.[1];
        const body =
          prompt === "login"
            ? new URLSearchParams({ prompt, login: sub, password: "any" })
            : new URLSearchParams({ prompt: prompt ?? "" });
        res = await request(location.href, {
          method: "POST",
          body,
          headers: { "content-type": "application/x-www-form-urlencoded" },
        });
      } else {
        res = await request(location.href);
      }
    }
    throw new Error("oidc-provider: too many redirects");
  }

  return {
    issuer,
    clientId,
    clientSecret,
    setAccount: (sub, claims) => void accounts.set(sub, claims),
    signIn,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
