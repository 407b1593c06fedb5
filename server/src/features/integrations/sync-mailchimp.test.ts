import type { TIntegration } from "@common/integrations";
import { eq } from "drizzle-orm";
import { beforeAll, beforeEach, describe, expect, it } from "vitest";
import { afterFile } from "../../../test/after-file";
import { createTestApp, type TTestApp } from "../../../test/app";
import { createChurch, type TTestChurch } from "../../../test/factories";
import { connectIntegration, standInEnv, syncNow } from "../../../test/stand-ins/drive-sync";
import { startMailchimpStandIn, subscriberHash, type TMailchimpStandIn } from "../../../test/stand-ins/mailchimp";
import { randomKey } from "../../../test/stand-ins/stand-in-server";
import { integrations } from "../../db/schema/integrations";
import { users } from "../../db/schema/users";
import { MAILCHIMP_CONCURRENCY } from "./integrations.sync";

const AUDIENCE = "a1b2c3d4e5";
let t: TTestApp;
let mc: TMailchimpStandIn;

beforeAll(async () => {
  // Audiences are strict here: an id it does not know answers 404.
  mc = await startMailchimpStandIn({ audiences: [AUDIENCE, "f0f0f0f0"] });
  afterFile(() => mc.close());
  t = await createTestApp(standInEnv({ mailchimp: mc }), { runJobs: false });
});

beforeEach(() => mc.reset());

const puts = () => mc.requests.filter((r) => r.method === "PUT");

async function connect(c: TTestChurch, config: Record<string, unknown> = { audienceId: AUDIENCE }) {
  return connectIntegration(c.admin, { platform: "mailchimp", apiKey: mc.key, config });
}

/** `n` members of the church, written straight to the database (the sync reads members, however they joined). */
async function addMembers(c: TTestChurch, n: number, tag = randomKey(6)) {
  const rows = Array.from({ length: n }, (_, i) => ({
    email: `member${i + 1}.${tag}@example.org`,
    firstName: `Member${i + 1}`,
    lastName: `Family-${tag}`,
    role: "CONGREGANT",
    churchId: c.church.id,
    churchJoinedAt: new Date(),
  }));
  return t.db.insert(users).values(rows).returning();
}

describe("Mailchimp: the key check", () => {
  it("pings with the key on its data centre, refuses with Mailchimp's reason, checks the audience", async () => {
    const c = await createChurch(t.app);
    const wrong = `${randomKey(32)}-us21`;
    const refused = await c.admin.post("/api/integrations", { platform: "mailchimp", apiKey: wrong, config: {} });
    expect(refused.status).toBe(400);
    expect(refused.body.message).toBe(
      "Mailchimp refused the key: Your API key may be invalid, or you've attempted to access the wrong datacenter.",
    );
    expect(refused.body.errors[0].path).toBe("apiKey");
    expect(mc.requests.at(-1)).toMatchObject({ method: "GET", path: "/us21/3.0/ping", status: 401 });

    const noSuchAudience = await c.admin.post("/api/integrations", {
      platform: "mailchimp",
      apiKey: mc.key,
      config: { audienceId: "abc123" },
    });
    expect(noSuchAudience.status).toBe(400);
    expect(noSuchAudience.body.message).toBe(
      "Mailchimp has no audience with the ID abc123: check the Audience ID (Audience, Settings, Audience name and defaults).",
    );
    expect(noSuchAudience.body.errors[0].path).toBe("config.audienceId");

    const ok = await connect(c, {});
    // The data centre came from the key's suffix.
    expect([...mc.state.dataCentres]).toEqual(["us21"]);
    // A new audience is checked with the stored key.
    const badAudience = await c.admin.patch(`/api/integrations/${ok.id}`, { config: { audienceId: "nothere1" } });
    expect(badAudience.status).toBe(400);
    expect(badAudience.body.message).toContain("Mailchimp has no audience with the ID nothere1");
    expect((await c.admin.patch(`/api/integrations/${ok.id}`, { config: { audienceId: "f0f0f0f0" } })).status).toBe(
      200,
    );
  });

  it("without an audience, a sync ends in a clear error", async () => {
    const c = await createChurch(t.app);
    const { id } = await connect(c, {});
    expect(await syncNow(t.app, c.admin, id)).toMatchObject({
      syncStatus: "error",
      lastError:
        "Choose the Mailchimp audience to fill: enter its Audience ID (Audience, Settings, Audience name and defaults), then sync again.",
    });
    expect(puts()).toHaveLength(0);
  });
});

describe("Mailchimp: the sync", () => {
  it("upserts every member (in batches, a few at once), leaves an unsubscribed member unsubscribed", async () => {
    const c = await createChurch(t.app);
    const members = await addMembers(c, 230);
    const unsubscribed = members[7];
    mc.seedMember(AUDIENCE, {
      email_address: unsubscribed.email,
      status: "unsubscribed",
      merge_fields: { FNAME: "Old" },
    });
    const forgotten = members[8];
    mc.state.forgotten.add(forgotten.email);
    const { id } = await connect(c);

    const done = await syncNow(t.app, c.admin, id);
    // The admin is a member too: 231.
    expect(done).toMatchObject({
      syncStatus: "active",
      lastError: null,
      counts: { seen: 231, added: 230, updated: 0, skipped: 1 },
    });
    expect(puts()).toHaveLength(231);
    for (const r of puts()) expect(r.path).toMatch(new RegExp(`^/us21/3\\.0/lists/${AUDIENCE}/members/[0-9a-f]{32}$`));
    const m = mc.getMember(AUDIENCE, members[0].email);
    expect(m).toEqual({
      email_address: members[0].email,
      status: "subscribed",
      merge_fields: { FNAME: members[0].firstName, LNAME: members[0].lastName },
    });
    expect(mc.state.lists.get(AUDIENCE)?.has(subscriberHash(members[0].email.toUpperCase()))).toBe(true);
    expect(mc.getMember(AUDIENCE, unsubscribed.email)).toMatchObject({
      status: "unsubscribed",
      merge_fields: { FNAME: unsubscribed.firstName },
    });
    expect(mc.getMember(AUDIENCE, forgotten.email)).toBeUndefined();
    expect(mc.state.maxInFlight).toBeGreaterThan(1);
    expect(mc.state.maxInFlight).toBeLessThanOrEqual(MAILCHIMP_CONCURRENCY);

    // Later: only what changed is sent, and a status is still never touched.
    await t.db.update(users).set({ lastName: "Renamed" }).where(eq(users.id, unsubscribed.id));
    mc.reset();
    const again = await syncNow(t.app, c.admin, id);
    expect(again.counts).toEqual({ seen: 231, added: 0, updated: 1, skipped: 230 });
    // Only the renamed member: the address Mailchimp would not take is not asked again until it changes.
    expect(puts()).toHaveLength(1);
    expect(mc.getMember(AUDIENCE, unsubscribed.email)).toMatchObject({
      status: "unsubscribed",
      merge_fields: { LNAME: "Renamed" },
    });
  });

  it("waits out a 429 for its Retry-After, and a key refused mid-sync ends in error with Mailchimp's reason", async () => {
    const c = await createChurch(t.app);
    await addMembers(c, 30);
    const { id } = await connect(c);
    mc.knobs.rateLimitNext = 1;
    const done = await syncNow(t.app, c.admin, id);
    expect(done).toMatchObject({ syncStatus: "active", counts: { seen: 31, added: 31 } });
    const limited = mc.requests.find((r) => r.status === 429);
    const retriedAfter = mc.requests.filter((r) => r.method === "PUT" && r.at >= (limited?.at ?? 0) + 950);
    expect(limited).toBeDefined();
    expect(retriedAfter.length).toBeGreaterThan(0);

    const other = await createChurch(t.app);
    await addMembers(other, 150);
    const second = await connect(other);
    mc.reset();
    mc.knobs.refuseAfterPage = 40;
    const failed: TIntegration = await syncNow(t.app, other.admin, second.id);
    expect(failed).toMatchObject({
      syncStatus: "error",
      lastError:
        "Mailchimp refused the key: Your API key may be invalid, or you've attempted to access the wrong datacenter.",
    });
    expect(failed.lastError).not.toContain(mc.key);
    const [row] = await t.db.select().from(integrations).where(eq(integrations.id, second.id));
    expect(JSON.stringify(row)).not.toContain(mc.key);
  });
});
