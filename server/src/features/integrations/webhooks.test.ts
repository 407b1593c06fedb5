import { createHmac, timingSafeEqual } from "node:crypto";
import dns from "node:dns";
import { sql } from "drizzle-orm";
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { createTestApp, type TTestApp } from "../../../test/app";
import {
  addMember,
  createChurch,
  invite,
  signUp,
  type TSignedIn,
  type TTestChurch,
  uniqueEmail,
} from "../../../test/factories";
import { PushServiceStandIn, type TPushRequest } from "../../../test/push-service";
import { integrations } from "../../db/schema/integrations";
import { queueMemberWebhook, type TWebhookMember, WEBHOOK_JOB, ZWebhookBody } from "./webhooks";

// A local receiver on loopback (it records requests and connections, answers 201 or what it is told).
let receiver: PushServiceStandIn;
let t: TTestApp;
const logLines: string[] = [];
/** Every webhook secret shown in this file: none may reach a log line or a queued job. */
const secretsShown: string[] = [];

beforeAll(async () => {
  receiver = await PushServiceStandIn.start();
  // Jobs run only when a test asks (runDue), so each try is seen.
  t = await createTestApp(
    { LOG_LEVEL: "trace" },
    {
      logger: { stream: { write: (l: string) => logLines.push(l) } },
      runJobs: false,
      integrations: { webhookTestOrigin: receiver.origin },
    },
  );
});

afterEach(() => {
  vi.restoreAllMocks();
});

const PLATFORMS = ["mailchimp", "planning_center", "church_community_builder"] as const;

/**
 * Connects `platform` with its webhook at `url`. The row is written directly (no provider key check:
 * that belongs to the providers' tests), then the admin rotates the webhook secret through the API,
 * whose answer shows it once: that is the secret the receiver verifies with.
 */
async function connectWebhook(c: TTestChurch, url: string, platform: (typeof PLATFORMS)[number] = "mailchimp") {
  const [row] = await t.db
    .insert(integrations)
    .values({
      churchId: c.church.id,
      platform,
      apiKeySealed: t.app.secrets.seal("key-that-no-test-checks-0000"),
      keyLast4: "0000",
      webhookUrl: url,
      webhookSecretSealed: t.app.secrets.seal("whsec_replaced_below"),
      config: {},
      createdBy: c.admin.user.id,
    })
    .returning();
  const res = await c.admin.patch(`/api/integrations/${row.id}`, { rotateWebhookSecret: true });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  const secret: string = res.body.webhookSecret;
  expect(secret).toMatch(/^whsec_/);
  secretsShown.push(secret);
  return { id: row.id, secret };
}

let pathCount = 0;
/** A fresh path on the receiver, with a token-like part a log line must not show. */
const newPath = () => `/hooks/catch/${++pathCount}/path-token-${Math.random().toString(36).slice(2)}`;

const webhookJobs = async () =>
  (
    await t.db.execute<{ payload: unknown; attempts: number; last_error: string | null }>(
      sql`select j.payload, j.attempts, j.last_error from graphile_worker._private_jobs j
        join graphile_worker._private_tasks k on k.id = j.task_id where k.identifier = ${WEBHOOK_JOB.name}`,
    )
  ).rows;

const makeRetriesDue = () =>
  t.db.execute(sql`update graphile_worker._private_jobs set run_at = now() where task_id =
    (select id from graphile_worker._private_tasks where identifier = ${WEBHOOK_JOB.name})`);

/** Checks the signature as a receiver would (HMAC-SHA256 of the raw body, hex, `sha256=` prefix) and parses the body. */
function verified(req: TPushRequest, secret: string) {
  const expected = Buffer.from(`sha256=${createHmac("sha256", secret).update(req.body).digest("hex")}`);
  const given = Buffer.from(String(req.headers["x-fellowship-signature"]));
  expect(given.length === expected.length && timingSafeEqual(given, expected), "signature verifies").toBe(true);
  expect(req.headers["content-type"]).toBe("application/json");
  const body = ZWebhookBody.parse(JSON.parse(req.body.toString("utf8")));
  expect(req.headers["x-fellowship-event"]).toBe(body.event);
  expect(req.headers["x-fellowship-delivery"]).toBe(body.id);
  return body;
}

async function join(c: TTestChurch, firstName = "Ruth"): Promise<TSignedIn> {
  return addMember(t.app, c, "CONGREGANT", firstName);
}

describe("webhooks: members joining and leaving (issue 12)", () => {
  it("a join through an invitation POSTs member.joined once, signed with the secret shown once", async () => {
    const c = await createChurch(t.app);
    const path = newPath();
    const hook = await connectWebhook(c, `${receiver.origin}${path}`);
    const ruth = await join(c, "Ruth");
    // Sent by the queue: the join's member.joined event, its integrations subscriber, the delivery.
    expect(receiver.to(path)).toEqual([]);
    await t.app.jobs.runDue();
    const [req] = await receiver.waitFor(path, 1);
    const body = verified(req, hook.secret);
    expect(body).toEqual({
      id: expect.any(String),
      event: "member.joined",
      occurredAt: expect.any(String),
      church: { id: c.church.id, name: c.church.name },
      member: { id: ruth.user.id, email: ruth.user.email, firstName: "Ruth", lastName: "User", role: "CONGREGANT" },
    });
    expect(req.headers["user-agent"]).toBe("Fellowship-Webhooks/1");
    // Signed with another secret, it would not verify.
    expect(String(req.headers["x-fellowship-signature"])).not.toBe(
      `sha256=${createHmac("sha256", "whsec_replaced_below").update(req.body).digest("hex")}`,
    );
    expect(await webhookJobs()).toEqual([]);
    expect(receiver.to(path)).toHaveLength(1);
  });

  it("accepting an invitation while signed in is a join too", async () => {
    const c = await createChurch(t.app);
    const path = newPath();
    const hook = await connectWebhook(c, `${receiver.origin}${path}`);
    const email = uniqueEmail("boaz");
    const boaz = await signUp(t.app, { email, firstName: "Boaz", lastName: "Ephrath" });
    const inv = await invite(c.admin, email, "GROUP_LEADER");
    expect((await boaz.post(`/api/invite/${inv.token}/accept`)).status).toBe(200);
    await t.app.jobs.runDue();
    const [req] = await receiver.waitFor(path, 1);
    expect(verified(req, hook.secret)).toMatchObject({
      event: "member.joined",
      member: { id: boaz.user.id, email, firstName: "Boaz", lastName: "Ephrath", role: "GROUP_LEADER" },
    });
  });

  it("an admin removing a member POSTs member.left once, with the role they had", async () => {
    const c = await createChurch(t.app);
    const naomi = await addMember(t.app, c, "GROUP_LEADER", "Naomi");
    await t.app.jobs.runDue(); // her join's event, before the webhook is connected
    const path = newPath();
    const hook = await connectWebhook(c, `${receiver.origin}${path}`);
    expect((await c.admin.delete(`/api/admin/members/${naomi.user.id}`)).status).toBe(204);
    await t.app.jobs.runDue();
    const reqs = await receiver.waitFor(path, 1);
    expect(reqs).toHaveLength(1);
    expect(verified(reqs[0], hook.secret)).toMatchObject({
      event: "member.left",
      church: { id: c.church.id },
      member: { id: naomi.user.id, email: naomi.user.email, firstName: "Naomi", role: "GROUP_LEADER" },
    });
  });

  it("retries a receiver that fails (5xx, a redirect) with back-off: the same delivery, byte for byte", async () => {
    const c = await createChurch(t.app);
    const path = newPath();
    const hook = await connectWebhook(c, `${receiver.origin}${path}`);
    // A redirect is never followed: it counts as a failure like any answer but 2xx.
    receiver.answer(path, 500, 302);
    await join(c);
    await t.app.jobs.runDue();
    expect(receiver.to(path)).toHaveLength(1);
    expect(await webhookJobs()).toMatchObject([{ attempts: 1, last_error: expect.stringContaining("500") }]);
    // Not due yet (back-off): running the queue now sends nothing more.
    await t.app.jobs.runDue();
    expect(receiver.to(path)).toHaveLength(1);
    await makeRetriesDue();
    await t.app.jobs.runDue();
    expect(await webhookJobs()).toMatchObject([{ attempts: 2, last_error: expect.stringContaining("302") }]);
    await makeRetriesDue();
    await t.app.jobs.runDue();
    const reqs = await receiver.waitFor(path, 3);
    expect(reqs).toHaveLength(3);
    const bodies = reqs.map((r) => verified(r, hook.secret));
    expect(new Set(bodies.map((b) => b.id)).size).toBe(1);
    expect(new Set(reqs.map((r) => r.body.toString("utf8"))).size).toBe(1);
    expect(await webhookJobs()).toEqual([]);
  });

  it("a join whose transaction rolls back sends nothing", async () => {
    const c = await createChurch(t.app);
    const path = newPath();
    const hook = await connectWebhook(c, `${receiver.origin}${path}`);
    const member: TWebhookMember = {
      id: c.admin.user.id,
      email: "x@example.org",
      firstName: null,
      lastName: null,
      role: "ADMIN",
    };
    await expect(
      t.db.transaction(async (tx) => {
        await queueMemberWebhook(tx, c.church.id, { event: "member.joined", member });
        // Queued within the transaction (seen from inside it), then rolled back with it. The
        // queued job carries no secret: it is read when sending.
        const inside = await tx.execute(sql`select j.payload from graphile_worker._private_jobs j
          join graphile_worker._private_tasks k on k.id = j.task_id where k.identifier = ${WEBHOOK_JOB.name}`);
        expect(inside.rows).toHaveLength(1);
        expect(JSON.stringify(inside.rows)).not.toContain(hook.secret);
        throw new Error("rolled back");
      }),
    ).rejects.toThrow("rolled back");
    expect(await webhookJobs()).toEqual([]);
    await t.app.jobs.runDue();
    expect(receiver.to(path)).toEqual([]);
  });

  it("another church's join does not reach this church's webhook", async () => {
    const a = await createChurch(t.app);
    const b = await createChurch(t.app);
    const pathA = newPath();
    const pathB = newPath();
    await connectWebhook(a, `${receiver.origin}${pathA}`);
    const hookB = await connectWebhook(b, `${receiver.origin}${pathB}`);
    const member = await join(b, "Orpah");
    await t.app.jobs.runDue();
    const [req] = await receiver.waitFor(pathB, 1);
    expect(verified(req, hookB.secret)).toMatchObject({ church: { id: b.church.id }, member: { id: member.user.id } });
    expect(receiver.to(pathA)).toEqual([]);
  });

  it("each integration with a webhook gets its own delivery; one without a URL gets none", async () => {
    const c = await createChurch(t.app);
    const [p1, p2] = [newPath(), newPath()];
    const h1 = await connectWebhook(c, `${receiver.origin}${p1}`, "mailchimp");
    const h2 = await connectWebhook(c, `${receiver.origin}${p2}`, "planning_center");
    const p3 = newPath();
    const none = await connectWebhook(c, `${receiver.origin}${p3}`, "church_community_builder");
    expect((await c.admin.patch(`/api/integrations/${none.id}`, { webhookUrl: "" })).status).toBe(200);
    await join(c);
    await t.app.jobs.runDue();
    const b1 = verified((await receiver.waitFor(p1, 1))[0], h1.secret);
    const b2 = verified((await receiver.waitFor(p2, 1))[0], h2.secret);
    expect([receiver.to(p1).length, receiver.to(p2).length, receiver.to(p3).length]).toEqual([1, 1, 0]);
    expect(b1.id).not.toBe(b2.id);
    expect(b1.member).toEqual(b2.member);
  });

  it("an inactive integration sends nothing, nor one turned inactive or disconnected after the join", async () => {
    const c = await createChurch(t.app);
    const path = newPath();
    const hook = await connectWebhook(c, `${receiver.origin}${path}`);
    const setActive = async (isActive: boolean) =>
      expect((await c.admin.patch(`/api/integrations/${hook.id}`, { isActive })).status).toBe(200);

    await setActive(false);
    await join(c, "Inactive");
    await t.app.jobs.runDue();
    expect(await webhookJobs()).toEqual([]);
    expect(receiver.to(path)).toEqual([]);

    // Queued while active (its first try failed), turned off before the retry: the job finds it
    // inactive and ends.
    receiver.answer(path, 500, 500);
    await setActive(true);
    await join(c, "Queued");
    await t.app.jobs.runDue();
    expect(await webhookJobs()).toMatchObject([{ attempts: 1 }]);
    await setActive(false);
    await makeRetriesDue();
    await t.app.jobs.runDue();
    expect(await webhookJobs()).toEqual([]);
    expect(receiver.to(path)).toHaveLength(1);

    // Queued, then disconnected.
    await setActive(true);
    await join(c, "Disconnected");
    await t.app.jobs.runDue();
    expect(await webhookJobs()).toMatchObject([{ attempts: 1 }]);
    expect((await c.admin.delete(`/api/integrations/${hook.id}`)).status).toBe(204);
    await makeRetriesDue();
    await t.app.jobs.runDue();
    expect(await webhookJobs()).toEqual([]);
    expect(receiver.to(path)).toHaveLength(2);
  });

  it("checks the address again when sending: a host now resolving to loopback, or a private literal, gets no connection and no retry", async () => {
    const c = await createChurch(t.app);
    // Stored as if they had passed the check when saved (then the name was re-pointed).
    await connectWebhook(c, `https://localhost:${receiver.port}/rebound`, "mailchimp");
    await connectWebhook(c, `https://127.0.0.1:${receiver.port}/literal`, "planning_center");
    await connectWebhook(c, `http://localhost:${receiver.port}/plain`, "church_community_builder");
    const other = await createChurch(t.app);
    // A public-looking name that resolves to loopback now (DNS rebinding).
    await connectWebhook(other, `https://hooks.fellowship-rebound.example:${receiver.port}/dns`);
    const lookup = dns.lookup;
    vi.spyOn(dns, "lookup").mockImplementation(((host: string, opts: object, cb: (...a: unknown[]) => void) =>
      host === "hooks.fellowship-rebound.example"
        ? cb(null, [{ address: "127.0.0.1", family: 4 }])
        : (lookup as unknown as (...a: unknown[]) => void)(host, opts, cb)) as never);
    const connections = receiver.connections;
    await join(c);
    await join(other);
    await t.app.jobs.runDue();
    expect(receiver.connections).toBe(connections);
    // Refused addresses are not worth a retry: the jobs ended.
    expect(await webhookJobs()).toEqual([]);
    const refusals = logLines.filter((l) => l.includes("webhook refused")).map((l) => JSON.parse(l).reason);
    expect(refusals.sort()).toEqual([
      "not a public address",
      "not a public address",
      "not a public address",
      "not https",
    ]);
  });

  it("no log line carries a webhook secret or the webhook URL's path", async () => {
    const c = await createChurch(t.app);
    const path = newPath();
    const hook = await connectWebhook(c, `${receiver.origin}${path}`);
    receiver.answer(path, 503);
    await join(c);
    await t.app.jobs.runDue();
    await makeRetriesDue();
    await t.app.jobs.runDue();
    expect(receiver.to(path)).toHaveLength(2);
    expect(logLines.some((l) => l.includes("webhook delivered"))).toBe(true);
    expect(logLines.some((l) => l.includes(hook.id))).toBe(true);
    for (const line of logLines) {
      for (const secret of secretsShown) expect(line).not.toContain(secret);
      expect(line).not.toContain("path-token-");
    }
  });
});
