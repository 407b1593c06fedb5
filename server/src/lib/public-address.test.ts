import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TTestApp } from "../../test/app";
import { createChurch, type TTestChurch } from "../../test/factories";
import { FakeBrowser } from "../../test/push-service";
import { pushSubscriptions } from "../db/schema/community";
import { NOT_PUBLIC_HOST } from "./public-address";

let t: TTestApp;
let c: TTestChurch;
beforeAll(async () => {
  t = await createTestApp({}, { runJobs: false });
  c = await createChurch(t.app);
});

/** The answer as bytes on the wire: status, content type and body, nothing parsed. */
async function rawAnswer(url: string, payload: object) {
  const res = await t.app.inject({ method: "POST", url, payload, headers: { cookie: c.admin.cookie ?? "" } });
  return { status: res.statusCode, type: res.headers["content-type"], body: res.payload };
}

// A name the resolver does not know, one that resolves to loopback, and literal private addresses:
// if any two answered differently, anyone could ask the server which internal names its DNS knows.
const HOSTS = ["nothing-here.example.invalid", "localhost", "10.0.0.5", "[fd00::1]", "169.254.169.254"];

describe("an unresolvable host and a private one get byte-identical answers (issue 23)", () => {
  it("for a push subscription's endpoint", async () => {
    const { keys } = new FakeBrowser({ origin: "https://push.example.org" }).subscription();
    const answers = [];
    for (const host of HOSTS) {
      answers.push(
        await rawAnswer("/api/notifications/subscribe", { subscription: { endpoint: `https://${host}/push/x`, keys } }),
      );
    }
    expect(answers[0].status).toBe(400);
    expect(JSON.parse(answers[0].body).message).toContain(NOT_PUBLIC_HOST);
    for (const a of answers) expect(a).toEqual(answers[0]);
    expect(await t.db.select().from(pushSubscriptions).where(eq(pushSubscriptions.userId, c.admin.user.id))).toEqual(
      [],
    );
  });

  it("for an integration's webhook URL", async () => {
    const answers = [];
    for (const host of HOSTS) {
      answers.push(
        await rawAnswer("/api/integrations", {
          platform: "mailchimp",
          apiKey: "0123456789abcdef0123456789abcdef-us21",
          webhookUrl: `https://${host}/hook`,
          config: { audienceId: "a1b2c3d4e5" },
        }),
      );
    }
    expect(answers[0].status).toBe(400);
    expect(JSON.parse(answers[0].body).message).toBe(`This webhook URL cannot be used: ${NOT_PUBLIC_HOST}.`);
    for (const a of answers) expect(a).toEqual(answers[0]);
    expect((await c.admin.get("/api/integrations")).body).toEqual([]);
  });
});
