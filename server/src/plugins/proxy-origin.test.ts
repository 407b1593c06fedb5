import { beforeAll, describe, expect, it } from "vitest";
import { Caller, createTestApp, type TTestApp } from "../../test/app";
import { PASSWORD, signUp } from "../../test/factories";
import { parseTrustProxy } from "../config";

const login = (c: Caller, email: string, password: string, xff: string) =>
  c.request("POST", "/api/auth/login", { email, password }, { "x-forwarded-for": xff });

/** Eleven wrong passwords, each claiming a new left-most address, from one real client behind the proxy. */
async function spoofedGuesses(t: TTestApp, email: string, realChain: (spoof: string) => string) {
  const statuses: number[] = [];
  for (let i = 0; i < 11; i++) {
    statuses.push((await login(new Caller(t.app), email, `wrong-${i}-pass`, realChain(`6.6.6.${i}`))).status);
  }
  return statuses;
}

describe("TRUST_PROXY (security item 4)", () => {
  it("reads hop counts and lists, and never trusts the client's own left-most address", () => {
    expect(parseTrustProxy(undefined)).toBe(false);
    expect(parseTrustProxy("0")).toBe(false);
    expect(parseTrustProxy("1")).toBe(1);
    expect(parseTrustProxy("true")).toBe(1);
    expect(parseTrustProxy("10.0.0.1, 10.0.0.0/8")).toBe("10.0.0.1,10.0.0.0/8");
  });

  describe("as a hop count (TRUST_PROXY=1)", () => {
    let t: TTestApp;
    beforeAll(async () => {
      t = await createTestApp({ TRUST_PROXY: "1" });
    });

    it("takes the address the proxy added, so a forged X-Forwarded-For cannot dodge the sign-in limit", async () => {
      const owner = await signUp(t.app);
      // nginx's $proxy_add_x_forwarded_for: the client's header, then the address the proxy saw.
      const statuses = await spoofedGuesses(t, owner.user.email, (spoof) => `${spoof}, 203.0.113.9`);
      expect(statuses.slice(0, 10)).toEqual(Array(10).fill(401));
      expect(statuses[10]).toBe(429);
      // Nor can the attacker get someone else's address locked: the owner, at another address, signs in.
      const res = await login(new Caller(t.app), owner.user.email, PASSWORD, "203.0.113.9, 198.51.100.4");
      expect(res.status).toBe(200);
    });

    it("TRUST_PROXY=true behaves as one hop", async () => {
      const t1 = await createTestApp({ TRUST_PROXY: "true" });
      const owner = await signUp(t1.app);
      const statuses = await spoofedGuesses(t1, owner.user.email, (spoof) => `${spoof}, 203.0.113.10`);
      expect(statuses[10]).toBe(429);
      expect((await login(new Caller(t1.app), owner.user.email, PASSWORD, "203.0.113.10, 198.51.100.6")).status).toBe(
        200,
      );
    });
  });

  describe("as a list of proxy addresses", () => {
    let t: TTestApp;
    beforeAll(async () => {
      // The test's requests arrive from 127.0.0.1, as from a local proxy; 10.0.0.2 is a second proxy in front.
      t = await createTestApp({ TRUST_PROXY: "127.0.0.1,10.0.0.2" });
    });

    it("skips the listed proxies from the right and uses the first address no proxy of ours vouches for", async () => {
      const owner = await signUp(t.app);
      const statuses = await spoofedGuesses(t, owner.user.email, (spoof) => `${spoof}, 203.0.113.11, 10.0.0.2`);
      expect(statuses[10]).toBe(429);
      expect((await login(new Caller(t.app), owner.user.email, PASSWORD, "198.51.100.5, 10.0.0.2")).status).toBe(200);
    });
  });
});

describe("Origin check without APP_URL (security item 11)", () => {
  let t: TTestApp;
  let caller: Caller;
  beforeAll(async () => {
    t = await createTestApp({ APP_URL: "" });
    caller = await signUp(t.app);
  });

  const post = (origin: string) =>
    caller.request("POST", "/api/churches", { name: "Grace Chapel" }, { host: "127.0.0.1:5000", origin });

  it("compares scheme, host and port, not the host alone", async () => {
    expect((await post("https://127.0.0.1:5000")).status).toBe(403);
    expect((await post("http://127.0.0.1:5001")).status).toBe(403);
    expect((await post("http://127.0.0.1.evil.example:5000")).status).toBe(403);
    expect((await post("null")).status).toBe(403);
    expect((await post("http://127.0.0.1:5000")).status).toBe(201);
  });
});

describe("content security policy (security item 11)", () => {
  it("lets the page open WebSockets to this site only", async () => {
    for (const appUrl of ["", "https://app.example.org"]) {
      const t = await createTestApp({ APP_URL: appUrl });
      const res = await t.app.inject({ url: "/manifest.webmanifest" });
      const connect = String(res.headers["content-security-policy"])
        .split(";")
        .map((d) => d.trim())
        .find((d) => d.startsWith("connect-src"));
      expect(connect).toBe(appUrl ? "connect-src 'self' wss://app.example.org" : "connect-src 'self'");
    }
  });
});
