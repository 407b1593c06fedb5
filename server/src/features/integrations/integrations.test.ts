import { AUDIT_MASK } from "@common/audit";
import { ZIntegration, ZIntegrationWithSecret } from "@common/integrations";
import { eq, sql } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { beforeAll, describe, expect, it } from "vitest";
import { afterFile } from "../../../test/after-file";
import { Caller, createTestApp, type TTestApp } from "../../../test/app";
import { findAuditEntries } from "../../../test/audit-entries";
import { addMember, createChurch, type TTestChurch } from "../../../test/factories";
import { startCcbStandIn } from "../../../test/stand-ins/ccb";
import { startMailchimpStandIn } from "../../../test/stand-ins/mailchimp";
import { startPlanningCenterStandIn } from "../../../test/stand-ins/planning-center";
import { makePeople } from "../../../test/stand-ins/stand-in-server";
import { buildApp } from "../../app";
import { loadConfig } from "../../config";
import { createDb } from "../../db/client";
import { integrations } from "../../db/schema/integrations";
import { NOT_PUBLIC_HOST } from "../../lib/public-address";

const MC_KEY = "0123456789abcdef0123456789abcdef-us21";
const PC_KEY = "pc_app_0123456789abcdef:pc_secret_fedcba9876543210";
const CCB_KEY = "apiuser:correct-horse-battery-staple";
const SHORT_CCB_KEY = "u:pw12345";
const NEW_MC_KEY = "fedcba9876543210fedcba9876543210-us6";
/** A public address written as a literal, so the check needs no DNS. */
const PUBLIC_HOOK = "https://93.184.215.14/hooks/fellowship";

const mailchimp = (over: Record<string, unknown> = {}) => ({
  platform: "mailchimp",
  apiKey: MC_KEY,
  webhookUrl: "",
  config: { audienceId: "a1b2c3d4e5" },
  ...over,
});

let t: TTestApp;
const logLines: string[] = [];
/** Every answer any caller got in this file, for the "no key in any answer" check. */
const answers: string[] = [];
const keysUsed = new Set([MC_KEY, PC_KEY, CCB_KEY]);

beforeAll(async () => {
  // Local stand-ins of the providers, which accept these keys (the key checks ask them).
  const pc = await startPlanningCenterStandIn({ keys: [PC_KEY], people: makePeople(3) });
  const mc = await startMailchimpStandIn({ keys: [MC_KEY, NEW_MC_KEY] });
  const ccb = await startCcbStandIn({ keys: [CCB_KEY, SHORT_CCB_KEY] });
  afterFile(() => Promise.all([pc.close(), mc.close(), ccb.close()]));
  // The most talkative level, into memory: no line may carry a key.
  t = await createTestApp(
    {
      LOG_LEVEL: "trace",
      PLANNING_CENTER_API_URL: pc.url,
      MAILCHIMP_API_URL: `${mc.url}/{dc}`,
      CCB_API_URL: `${ccb.url}/{subdomain}`,
    },
    { logger: { stream: { write: (l: string) => logLines.push(l) } }, runJobs: false },
  );
  const request = Caller.prototype.request;
  Caller.prototype.request = async function (this: Caller, ...args: Parameters<typeof request>) {
    const res = await request.apply(this, args);
    answers.push(typeof res.body === "string" ? res.body : JSON.stringify(res.body));
    return res;
  } as typeof request;
});

async function connect(c: TTestChurch, body: Record<string, unknown> = mailchimp()) {
  const res = await c.admin.post("/api/integrations", body);
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return ZIntegrationWithSecret.parse(res.body);
}

describe("integrations: connecting and listing (spec 2 §3, §7)", () => {
  it("connects Mailchimp: 201 with the key masked to its last 4 and the webhook secret shown once", async () => {
    const c = await createChurch(t.app);
    const created = await connect(c, mailchimp({ webhookUrl: PUBLIC_HOOK }));
    expect(created).toMatchObject({
      platform: "mailchimp",
      apiKey: "••••us21",
      webhookUrl: PUBLIC_HOOK,
      config: { audienceId: "a1b2c3d4e5" },
      syncStatus: "active",
      lastSync: null,
      lastError: null,
      isActive: true,
      counts: { seen: 0, added: 0, updated: 0, skipped: 0 },
    });
    expect(created.webhookSecret).toMatch(/^whsec_[\w-]{43}$/);

    const list = await c.admin.get("/api/integrations");
    expect(list.status).toBe(200);
    expect(list.body).toHaveLength(1);
    const listed = ZIntegration.strict().parse(list.body[0]);
    expect(listed).toEqual(ZIntegration.parse(created));
    expect(JSON.stringify(list.body)).not.toContain(created.webhookSecret);

    // At rest: sealed, no plain key or secret in the row.
    const [row] = await t.db.select().from(integrations).where(eq(integrations.id, created.id));
    expect(row.apiKeySealed).toMatch(/^v1\./);
    expect(row.webhookSecretSealed).toMatch(/^v1\./);
    expect(row.keyLast4).toBe("us21");
    expect(JSON.stringify(row)).not.toContain(MC_KEY);
    expect(JSON.stringify(row)).not.toContain(created.webhookSecret);
    expect(t.app.secrets.open(row.apiKeySealed)).toBe(MC_KEY);
  });

  it("connects one of each platform, and answers 409 for a second of the same", async () => {
    const c = await createChurch(t.app);
    const pc = await connect(c, { platform: "planning_center", apiKey: ` ${PC_KEY} ` });
    expect(pc).toMatchObject({ apiKey: "••••3210", config: {}, webhookUrl: null });
    const ccb = await connect(c, {
      platform: "church_community_builder",
      apiKey: CCB_KEY,
      config: { subdomain: "GraceChurch" },
    });
    expect(ccb).toMatchObject({ apiKey: "••••aple", config: { subdomain: "gracechurch" } });
    await connect(c, mailchimp({ config: {} }));
    const again = await c.admin.post("/api/integrations", { platform: "planning_center", apiKey: PC_KEY });
    expect(again.status).toBe(409);
    expect(again.body.message).toBe("Planning Center is already connected. Update or disconnect it instead.");
    const list = (await c.admin.get("/api/integrations")).body;
    expect(list.map((i: { platform: string }) => i.platform).sort()).toEqual([
      "church_community_builder",
      "mailchimp",
      "planning_center",
    ]);
  });

  it("shows nothing of a short key", async () => {
    const c = await createChurch(t.app);
    const short = SHORT_CCB_KEY;
    keysUsed.add(short);
    const ccb = await connect(c, { platform: "church_community_builder", apiKey: short, config: { subdomain: "x" } });
    expect(ccb.apiKey).toBe("••••");
  });

  it("refuses bad input with 400 and a clear message, never 5xx", async () => {
    const c = await createChurch(t.app);
    const cases: [Record<string, unknown>, string][] = [
      [{ apiKey: MC_KEY }, "Please select a platform to integrate with."],
      [{ platform: "", apiKey: MC_KEY }, "Please select a platform to integrate with."],
      [
        { platform: "salesforce", apiKey: MC_KEY },
        "Unknown platform: choose Planning Center, Church Community Builder or Mailchimp.",
      ],
      [{ platform: "mailchimp" }, "Please enter the API key."],
      [{ platform: "mailchimp", apiKey: "   " }, "Please enter the API key."],
      [{ platform: "mailchimp", apiKey: 42 }, "Please enter the API key."],
      [
        { platform: "mailchimp", apiKey: `${"a".repeat(500)}-us21` },
        "The API key is too long (at most 500 characters).",
      ],
      [
        { platform: "mailchimp", apiKey: "0123456789abcdef" },
        "A Mailchimp API key ends with its data center, like -us21 (Account, Extras, API keys).",
      ],
      [
        { platform: "planning_center", apiKey: "justonetoken0123456789" },
        "A Planning Center key is a personal access token's application id and secret, written as applicationId:secret.",
      ],
      [
        { platform: "church_community_builder", apiKey: "nopassword", config: { subdomain: "grace" } },
        "A Church Community Builder key is the API user's name and password, written as user:password.",
      ],
      [{ platform: "mailchimp", apiKey: "abc def-us21" }, "The API key must not contain spaces."],
      [
        { platform: "church_community_builder", apiKey: CCB_KEY },
        "Please enter your church's CCB subdomain (the part before .ccbchurch.com).",
      ],
      [
        { platform: "church_community_builder", apiKey: CCB_KEY, config: { subdomain: "evil.com/x" } },
        "The CCB subdomain is the part before .ccbchurch.com: letters, digits and dashes.",
      ],
      [
        mailchimp({ config: { audienceId: "../lists" } }),
        "The Mailchimp audience id is letters and digits (Audience settings, Audience ID).",
      ],
      [mailchimp({ config: { audienceId: "abc", extra: 1 } }), 'Unrecognized key: "extra"'],
      [
        { platform: "planning_center", apiKey: PC_KEY, config: { baseUrl: "http://127.0.0.1" } },
        'Unrecognized key: "baseUrl"',
      ],
      [mailchimp({ config: [] }), "config must be an object."],
      [mailchimp({ config: "x" }), "config must be an object."],
      [mailchimp({ webhookUrl: 5 }), "The webhook URL must be text."],
      [
        mailchimp({ webhookUrl: `https://example.org/${"x".repeat(2000)}` }),
        "The webhook URL is too long (at most 2000 characters).",
      ],
    ];
    for (const [body, message] of cases) {
      const res = await c.admin.post("/api/integrations", body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.message, JSON.stringify(body)).toBe(message);
    }
    const notJson = await c.admin.request("POST", "/api/integrations", "platform=mailchimp", {
      "content-type": "application/json",
    });
    expect(notJson.status).toBe(400);
    expect((await c.admin.get("/api/integrations")).body).toEqual([]);
  });

  it("refuses webhook URLs the server must not post to (http, loopback, private, link-local, unresolvable)", async () => {
    const c = await createChurch(t.app);
    const cases: [string, string][] = [
      ["not a url", "enter a full address such as https://example.org/hooks/fellowship"],
      ["http://93.184.215.14/hook", "it must be an https address"],
      ["ftp://93.184.215.14/hook", "it must be an https address"],
      ["https://93.184.215.14:8443/hook", "it must use the standard https port"],
      ["https://user:pw@93.184.215.14/hook", "it must not carry a user name or password"],
      ["https://127.0.0.1/hook", NOT_PUBLIC_HOST],
      ["https://[::1]/hook", NOT_PUBLIC_HOST],
      ["https://localhost/hook", NOT_PUBLIC_HOST],
      ["https://10.0.0.5/hook", NOT_PUBLIC_HOST],
      ["https://192.168.1.1/hook", NOT_PUBLIC_HOST],
      ["https://172.16.3.4/hook", NOT_PUBLIC_HOST],
      ["https://169.254.169.254/latest/meta-data", NOT_PUBLIC_HOST],
      ["https://[::ffff:10.0.0.1]/hook", NOT_PUBLIC_HOST],
      ["https://hooks.example.invalid/x", NOT_PUBLIC_HOST],
    ];
    for (const [url, why] of cases) {
      const res = await c.admin.post("/api/integrations", mailchimp({ webhookUrl: url }));
      expect(res.status, url).toBe(400);
      expect(res.body.message, url).toBe(`This webhook URL cannot be used: ${why}.`);
      expect(res.body.errors?.[0]?.path, url).toBe("webhookUrl");
    }
    expect((await c.admin.get("/api/integrations")).body).toEqual([]);
  });
});

describe("integrations: update, disconnect, sync now", () => {
  it("updates isActive, config, webhook URL and key; rotating shows a new webhook secret once", async () => {
    const c = await createChurch(t.app);
    const created = await connect(c);
    const url = `/api/integrations/${created.id}`;
    const off = await c.admin.patch(url, {
      isActive: false,
      config: { audienceId: "ffff0000" },
      webhookUrl: PUBLIC_HOOK,
    });
    expect(off.status, JSON.stringify(off.body)).toBe(200);
    expect(off.body).toMatchObject({ isActive: false, config: { audienceId: "ffff0000" }, webhookUrl: PUBLIC_HOOK });
    expect(off.body.webhookSecret).toBeUndefined();

    const newKey = NEW_MC_KEY;
    keysUsed.add(newKey);
    const rekeyed = await c.admin.patch(url, { apiKey: newKey, webhookUrl: null });
    expect(rekeyed.body).toMatchObject({ apiKey: "••••-us6", webhookUrl: null });
    const [row] = await t.db.select().from(integrations).where(eq(integrations.id, created.id));
    expect(t.app.secrets.open(row.apiKeySealed)).toBe(newKey);

    const rotated = await c.admin.patch(url, { rotateWebhookSecret: true });
    expect(rotated.body.webhookSecret).toMatch(/^whsec_/);
    expect(rotated.body.webhookSecret).not.toBe(created.webhookSecret);
    const [after] = await t.db.select().from(integrations).where(eq(integrations.id, created.id));
    expect(t.app.secrets.open(after.webhookSecretSealed ?? "")).toBe(rotated.body.webhookSecret);
    expect(JSON.stringify((await c.admin.get("/api/integrations")).body)).not.toContain(rotated.body.webhookSecret);
  });

  it("records connecting, updating, a new key or secret and disconnecting in the audit trail, keys masked", async () => {
    const c = await createChurch(t.app);
    const other = await createChurch(t.app);
    const created = await connect(c, mailchimp({ webhookUrl: PUBLIC_HOOK }));
    const url = `/api/integrations/${created.id}`;
    expect((await c.admin.patch(url, { isActive: false, config: { audienceId: "ffff0000" } })).status).toBe(200);
    expect((await c.admin.patch(url, { apiKey: NEW_MC_KEY })).status).toBe(200);
    const rotated = await c.admin.patch(url, { rotateWebhookSecret: true });
    expect(rotated.status).toBe(200);
    expect((await other.admin.delete(url)).status).toBe(404);
    expect((await c.admin.delete(url)).status).toBe(204);

    const entries = (await findAuditEntries(t.db, c.church.id)).filter((e) => e.action.startsWith("integration."));
    const target = { actorId: c.admin.user.id, targetType: "integration", targetId: created.id };
    expect(entries.map((e) => e.action)).toEqual([
      "integration.created",
      "integration.updated",
      "integration.key_rotated",
      "integration.key_rotated",
      "integration.deleted",
    ]);
    for (const e of entries) expect(e).toMatchObject(target);
    expect(entries[0].changes).toEqual({
      platform: [null, "mailchimp"],
      webhookUrl: [null, PUBLIC_HOOK],
      config: [null, { audienceId: "a1b2c3d4e5" }],
      apiKey: [null, AUDIT_MASK],
      webhookSecret: [null, AUDIT_MASK],
    });
    expect(entries[1].changes).toEqual({
      config: [{ audienceId: "a1b2c3d4e5" }, { audienceId: "ffff0000" }],
      isActive: [true, false],
    });
    expect(entries[2].changes).toEqual({ apiKey: [AUDIT_MASK, AUDIT_MASK] });
    expect(entries[3].changes).toEqual({ webhookSecret: [AUDIT_MASK, AUDIT_MASK] });
    expect(entries[4].changes).toEqual({ platform: ["mailchimp", null], webhookUrl: [PUBLIC_HOOK, null] });
    // No key, secret or sealed value anywhere in the entries.
    const [sealedNow] = await t.db.select().from(integrations).where(eq(integrations.churchId, c.church.id));
    const text = JSON.stringify(entries);
    for (const secret of [MC_KEY, NEW_MC_KEY, created.webhookSecret, rotated.body.webhookSecret, "us21", "-us6"])
      expect(text).not.toContain(secret);
    expect(sealedNow).toBeUndefined();
    expect((await findAuditEntries(t.db, other.church.id)).filter((e) => e.action.startsWith("integration."))).toEqual(
      [],
    );
  });

  it("refuses bad updates with 400 (nothing to change, odd config, bad key, bad webhook, unknown fields)", async () => {
    const c = await createChurch(t.app);
    const { id } = await connect(c, {
      platform: "church_community_builder",
      apiKey: CCB_KEY,
      config: { subdomain: "grace" },
    });
    const url = `/api/integrations/${id}`;
    const cases: [unknown, string][] = [
      [{}, "Nothing to change."],
      [
        { config: { subdomain: "" } },
        "The CCB subdomain is the part before .ccbchurch.com: letters, digits and dashes.",
      ],
      [{ config: { audienceId: "abc" } }, "Please enter your church's CCB subdomain (the part before .ccbchurch.com)."],
      [
        { apiKey: "no-colon-here-at-all" },
        "A Church Community Builder key is the API user's name and password, written as user:password.",
      ],
      [{ webhookUrl: "http://example.org/x" }, "This webhook URL cannot be used: it must be an https address."],
      [{ isActive: "yes" }, "isActive must be true or false."],
      [{ rotateWebhookSecret: false }, "rotateWebhookSecret can only be true."],
      [{ platform: "mailchimp" }, 'Unrecognized key: "platform"'],
    ];
    for (const [body, message] of cases) {
      const res = await c.admin.patch(url, body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.message, JSON.stringify(body)).toBe(message);
    }
    expect((await c.admin.patch("/api/integrations/not-a-uuid", { isActive: false })).status).toBe(404);
    expect(
      (await c.admin.patch("/api/integrations/00000000-0000-4000-8000-000000000000", { isActive: false })).status,
    ).toBe(404);
    const [row] = await t.db.select().from(integrations).where(eq(integrations.id, id));
    expect(row.config).toEqual({ subdomain: "grace" });
  });

  it("disconnects (204, then 404) and the platform can be connected again", async () => {
    const c = await createChurch(t.app);
    const { id } = await connect(c);
    expect((await c.admin.delete(`/api/integrations/${id}`)).status).toBe(204);
    expect((await c.admin.delete(`/api/integrations/${id}`)).status).toBe(404);
    expect((await c.admin.get("/api/integrations")).body).toEqual([]);
    await connect(c);
  });

  it("Sync now: 202 syncing with one keyed job, which syncs in the background", async () => {
    const c = await createChurch(t.app);
    const { id } = await connect(c, { platform: "planning_center", apiKey: PC_KEY });
    const res = await c.admin.post(`/api/integrations/${id}/sync`);
    expect(res.status).toBe(202);
    expect(res.body).toMatchObject({ id, syncStatus: "syncing", lastError: null });
    // A second press replaces the waiting job rather than adding one.
    expect((await c.admin.post(`/api/integrations/${id}/sync`)).status).toBe(202);
    const jobs = await t.db.execute<{ n: number }>(
      sql`select count(*)::int as n from graphile_worker._private_jobs j
        join graphile_worker._private_tasks t on t.id = j.task_id
        where t.identifier = 'integrations.sync' and j.payload->>'integrationId' = ${id}`,
    );
    expect(jobs.rows[0].n).toBe(1);
    await t.app.jobs.runDue();
    const [after] = (await c.admin.get("/api/integrations")).body;
    expect(after).toMatchObject({
      syncStatus: "active",
      lastError: null,
      counts: { seen: 3, added: 3, updated: 0, skipped: 0 },
    });
    expect(after.lastSync).not.toBeNull();
    // The finished sync is the system's entry, with its counts.
    const [synced] = await findAuditEntries(t.db, c.church.id, "integration.synced");
    expect(synced).toMatchObject({
      actorId: null,
      ip: null,
      targetType: "integration",
      targetId: id,
      changes: { seen: [null, 3], added: [null, 3], updated: [null, 0] },
    });

    await c.admin.patch(`/api/integrations/${id}`, { isActive: false });
    const inactive = await c.admin.post(`/api/integrations/${id}/sync`);
    expect(inactive.status).toBe(409);
    expect(inactive.body.message).toBe("This integration is inactive: turn it on before syncing.");
  });
});

describe("integrations: who may call (role and cross-church)", () => {
  it("answers 401 signed out and 403 to congregants and group leaders on every endpoint", async () => {
    const c = await createChurch(t.app);
    const { id } = await connect(c);
    const endpoints: [string, string, unknown?][] = [
      ["GET", "/api/integrations"],
      ["POST", "/api/integrations", { platform: "planning_center", apiKey: PC_KEY }],
      ["PATCH", `/api/integrations/${id}`, { isActive: false }],
      ["DELETE", `/api/integrations/${id}`],
      ["POST", `/api/integrations/${id}/sync`],
    ];
    const congregant = await addMember(t.app, c, "CONGREGANT");
    const leader = await addMember(t.app, c, "GROUP_LEADER", "Leader");
    for (const [method, url, body] of endpoints) {
      expect((await new Caller(t.app).request(method as "GET", url, body)).status, `${method} ${url}`).toBe(401);
      for (const who of [congregant, leader]) {
        const res = await who.request(method as "GET", url, body);
        expect(res.status, `${method} ${url}`).toBe(403);
      }
    }
    const [row] = await t.db.select().from(integrations).where(eq(integrations.id, id));
    expect(row).toMatchObject({ isActive: true, syncStatus: "active" });
    expect((await c.admin.get("/api/integrations")).body).toHaveLength(1);
  });

  it("gives another church's admin 404 on every id, and lists only their own", async () => {
    const a = await createChurch(t.app);
    const b = await createChurch(t.app);
    const { id } = await connect(a);
    expect((await b.admin.get("/api/integrations")).body).toEqual([]);
    expect((await b.admin.patch(`/api/integrations/${id}`, { isActive: false })).status).toBe(404);
    expect((await b.admin.patch(`/api/integrations/${id}`, { rotateWebhookSecret: true })).status).toBe(404);
    expect((await b.admin.delete(`/api/integrations/${id}`)).status).toBe(404);
    expect((await b.admin.post(`/api/integrations/${id}/sync`)).status).toBe(404);
    // Church B has a Mailchimp of its own, whatever A has.
    await connect(b);
    const [row] = await t.db.select().from(integrations).where(eq(integrations.id, id));
    expect(row).toMatchObject({ isActive: true, syncStatus: "active" });
  });
});

describe("integrations: a changed APP_SECRET", () => {
  let other: FastifyInstance;
  beforeAll(async () => {
    // A second app on the same database whose APP_SECRET is not the one the keys were sealed with.
    const db = createDb(t.dbUrl, { max: 2 });
    other = await buildApp({
      config: { ...t.config, appSecret: "a different secret, also long enough" },
      db,
      logger: false,
      serveClient: false,
      runJobs: false,
    });
    await other.ready();
    afterFile(async () => {
      await other.close();
      await db.$client.end();
    });
  });

  it("shows needs_key with a re-enter message (never 5xx); Sync now 409; a new key mends it", async () => {
    const c = await createChurch(t.app);
    const { id } = await connect(c, mailchimp({ webhookUrl: PUBLIC_HOOK }));
    // Queued under the old secret, run under the new one: the job marks it needs_key.
    expect((await c.admin.post(`/api/integrations/${id}/sync`)).status).toBe(202);
    const admin = new Caller(other, c.admin.cookie);
    await other.jobs.runDue();
    const [row] = await t.db.select().from(integrations).where(eq(integrations.id, id));
    expect(row.syncStatus).toBe("needs_key");

    const list = await admin.get("/api/integrations");
    expect(list.status).toBe(200);
    expect(list.body[0]).toMatchObject({
      id,
      apiKey: "••••us21",
      syncStatus: "needs_key",
      lastError: "The stored key can no longer be read (the server's APP_SECRET changed). Please re-enter the key.",
    });
    const sync = await admin.post(`/api/integrations/${id}/sync`);
    expect(sync.status).toBe(409);
    expect(sync.body.message).toContain("Please re-enter the key.");
    expect((await admin.patch(`/api/integrations/${id}`, { isActive: false })).status).toBe(200);

    // Re-entering the key under the new secret: active again, and a new webhook secret (the old one
    // no longer opens either), shown once.
    const mended = await admin.patch(`/api/integrations/${id}`, { apiKey: MC_KEY, isActive: true });
    expect(mended.status).toBe(200);
    expect(mended.body).toMatchObject({ syncStatus: "active", lastError: null, isActive: true });
    expect(mended.body.webhookSecret).toMatch(/^whsec_/);
    expect((await admin.get("/api/integrations")).body[0].syncStatus).toBe("active");
    // The first app (old secret) now cannot read it.
    expect((await c.admin.get("/api/integrations")).body[0].syncStatus).toBe("needs_key");
  });
});

describe("integrations: production without APP_SECRET", () => {
  it("refuses to store a key (409, clear message) until APP_SECRET is set", async () => {
    const config = loadConfig({ ...process.env, NODE_ENV: "production", APP_SECRET: "" });
    expect(config.appSecretFromEnv).toBe(false);
    const db = createDb(t.dbUrl, { max: 2 });
    const prod = await buildApp({
      config: { ...t.config, isProduction: true, appSecretFromEnv: false },
      db,
      logger: false,
      serveClient: false,
      runJobs: false,
    });
    await prod.ready();
    try {
      const c = await createChurch(t.app);
      const res = await new Caller(prod, c.admin.cookie).post("/api/integrations", mailchimp());
      expect(res.status).toBe(409);
      expect(res.body.message).toBe(
        "Integrations need APP_SECRET: set it in the server's environment and restart, then connect again.",
      );
    } finally {
      await prod.close();
      await db.$client.end();
    }
  });
});

describe("integrations: no key in any answer or log line", () => {
  it("never answered or logged a key, nor stored one in plain text", async () => {
    expect(answers.length).toBeGreaterThan(50);
    const log = logLines.join("");
    // The log did see these requests (trace level), just never their keys.
    expect(log).toContain("/api/integrations");
    const rows = JSON.stringify(await t.db.select().from(integrations));
    const queue = JSON.stringify((await t.db.execute(sql`select payload from graphile_worker._private_jobs`)).rows);
    for (const key of keysUsed) {
      for (const answer of answers) expect(answer).not.toContain(key);
      expect(log).not.toContain(key);
      expect(rows).not.toContain(key);
      expect(queue).not.toContain(key);
    }
  });
});
