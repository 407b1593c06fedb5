import { beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TTestApp } from "../../test/app";

let t: TTestApp;
beforeAll(async () => {
  t = await createTestApp({ APP_URL: "https://app.example.org" });
});

describe("security headers", () => {
  it("API responses carry nosniff, frame and referrer headers, and HSTS behind https", async () => {
    const res = await t.app.inject({ url: "/api/auth/user" });
    expect(res.statusCode).toBe(401);
    expect(res.headers).toMatchObject({
      "x-content-type-options": "nosniff",
      "x-frame-options": "SAMEORIGIN",
      "referrer-policy": "strict-origin-when-cross-origin",
      "strict-transport-security": "max-age=31536000; includeSubDomains",
    });
  });

  it("pages carry a content security policy that allows only our scripts and the known players", async () => {
    const res = await t.app.inject({ url: "/manifest.webmanifest" });
    const csp = String(res.headers["content-security-policy"]);
    expect(csp).toContain("script-src 'self'");
    expect(csp).toContain("object-src 'none'");
    expect(csp).toContain("https://www.youtube-nocookie.com");
  });
});
