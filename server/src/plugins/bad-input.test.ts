import { beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TTestApp } from "../../test/app";
import { createChurch, type TTestChurch } from "../../test/factories";

let t: TTestApp;
let c: TTestChurch;
beforeAll(async () => {
  t = await createTestApp();
  c = await createChurch(t.app);
});

const ODD_VALUES: unknown[] = [
  "a\u0000b",
  "\ud800",
  "x".repeat(100_000),
  -1,
  1e308,
  null,
  true,
  [],
  {},
  "' or 1=1 --",
  "<script>alert(1)</script>",
  "😀🙏",
];

const ENDPOINTS: [string, string, Record<string, unknown>][] = [
  [
    "POST",
    "/api/live-stream/start",
    { title: "Odd", description: "D", streamUrl: null, chatEnabled: true, recordingEnabled: false },
  ],
  ["PATCH", "/api/live-stream", { title: "Odd", description: "D", streamUrl: null, chatEnabled: true }],
  ["PUT", "/api/live-stream/moderators", { userIds: [] }],
  [
    "POST",
    "/api/auth/register",
    {
      email: "odd@example.org",
      password: "long enough password",
      firstName: "A",
      lastName: "B",
      invitationToken: "tok",
    },
  ],
  ["POST", "/api/auth/login", { email: "odd@example.org", password: "whatever" }],
  ["POST", "/api/auth/forgot-password", { email: "odd@example.org" }],
  ["POST", "/api/auth/reset-password", { token: "abc", password: "long enough password" }],
  ["POST", "/api/churches", { name: "Odd" }],
  ["POST", "/api/invitations", { email: "odd2@example.org", role: "CONGREGANT" }],
  [
    "PUT",
    "/api/admin/church/settings",
    {
      name: "N",
      address: "A",
      phone: "P",
      email: "e@x.org",
      website: "https://x.org",
      brandColor: "#112233",
      timeZone: "UTC",
      logoUrl: null,
    },
  ],
];

describe("no input produces a 5xx", () => {
  it("every field of every write endpoint, with odd values, answers 2xx or 4xx", async () => {
    for (const [method, url, body] of ENDPOINTS) {
      for (const field of Object.keys(body)) {
        for (const value of ODD_VALUES) {
          const res = await c.admin.request(method as "POST", url, { ...body, [field]: value });
          expect(res.status, `${method} ${url} ${field}=${JSON.stringify(value)?.slice(0, 40)}`).toBeLessThan(500);
        }
      }
    }
  });

  it("odd path parameters and query strings answer 4xx", async () => {
    for (const path of [
      "/api/invite/a%00b",
      "/api/invite/%F0%9F%99%8F",
      "/api/invite/..%2F..%2Fetc",
      "/api/login?invitation=a%00b",
      "/api/login?invitation=x&invitation=y",
      "/api/churches/%00/logo",
    ]) {
      const res = await c.admin.get(path);
      expect(res.status, path).toBeLessThan(500);
    }
    for (const path of ["/api/invite/a%00b/accept", "/api/admin/members/%00"]) {
      expect((await c.admin.post(path)).status, path).toBeLessThan(500);
    }
  });

  it("a raw NUL character in JSON text is refused with 400 and the reason", async () => {
    const res = await c.admin.post("/api/churches", { name: "x\u0000y" });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe("Text must not contain NUL characters.");
  });
});
