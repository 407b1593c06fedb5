import { beforeAll, describe, expect, it } from "vitest";
import { Caller, createTestApp, type TTestApp } from "../../../test/app";
import { PASSWORD, signUp } from "../../../test/factories";

let t: TTestApp;

beforeAll(async () => {
  t = await createTestApp();
});

describe("signing out (security item 7)", () => {
  async function logoutWith(headers: Record<string, string>) {
    const member = await signUp(t.app);
    const res = await member.request("GET", "/api/logout", undefined, headers);
    expect(res.status).toBe(302);
    expect(res.headers.location).toBe("/");
    return { member, res, isSignedIn: (await member.get("/api/auth/user")).status === 200 };
  }

  it.each([
    [
      "another site's link",
      { "sec-fetch-site": "cross-site", "sec-fetch-mode": "navigate", "sec-fetch-dest": "document" },
    ],
    [
      "another site's image",
      { "sec-fetch-site": "cross-site", "sec-fetch-mode": "no-cors", "sec-fetch-dest": "image" },
    ],
    [
      "an image on this site",
      { "sec-fetch-site": "same-origin", "sec-fetch-mode": "no-cors", "sec-fetch-dest": "image" },
    ],
    [
      "a frame on this site",
      { "sec-fetch-site": "same-origin", "sec-fetch-mode": "navigate", "sec-fetch-dest": "iframe" },
    ],
    [
      "a script's fetch on this site",
      { "sec-fetch-site": "same-origin", "sec-fetch-mode": "cors", "sec-fetch-dest": "empty" },
    ],
    [
      "a sibling subdomain's link",
      { "sec-fetch-site": "same-site", "sec-fetch-mode": "navigate", "sec-fetch-dest": "document" },
    ],
  ])("GET /api/logout from %s redirects to / without signing out", async (_label, headers) => {
    const { res, isSignedIn } = await logoutWith(headers);
    expect(isSignedIn).toBe(true);
    expect(res.headers["set-cookie"]).toBeUndefined();
  });

  it.each([
    ["a typed address", { "sec-fetch-site": "none", "sec-fetch-mode": "navigate", "sec-fetch-dest": "document" }],
    [
      "a link on this site",
      { "sec-fetch-site": "same-origin", "sec-fetch-mode": "navigate", "sec-fetch-dest": "document" },
    ],
    ["a client without Sec-Fetch headers", {}],
  ])("GET /api/logout from %s signs out and redirects to /", async (_label, headers) => {
    const { member, res, isSignedIn } = await logoutWith(headers);
    expect(isSignedIn).toBe(false);
    expect(String(res.headers["set-cookie"])).toMatch(/fellowship_session=;/);
    expect(member.cookie).toBeUndefined();
  });

  it("POST /api/logout answers 204, ends this session only and clears the cookie", async () => {
    const member = await signUp(t.app);
    const phone = new Caller(t.app);
    await phone.post("/api/auth/login", { email: member.user.email, password: PASSWORD });
    const previous = member.cookie;
    const res = await member.request("POST", "/api/logout", undefined, { origin: "http://fellowship.test" });
    expect(res.status).toBe(204);
    expect(String(res.headers["set-cookie"])).toMatch(/fellowship_session=;/);
    expect((await new Caller(t.app, previous).get("/api/auth/user")).status).toBe(401);
    expect((await phone.get("/api/auth/user")).status).toBe(200);
    // Signed out already: still 204.
    expect((await new Caller(t.app).post("/api/logout")).status).toBe(204);
  });

  it("POST /api/logout from another site is refused (403) and signs nobody out", async () => {
    const member = await signUp(t.app);
    const evil = await member.request("POST", "/api/logout", undefined, { origin: "https://evil.example" });
    expect(evil.status).toBe(403);
    const noOrigin = await member.request("POST", "/api/logout", undefined, { "sec-fetch-site": "cross-site" });
    expect(noOrigin.status).toBe(403);
    expect((await member.get("/api/auth/user")).status).toBe(200);
  });
});
