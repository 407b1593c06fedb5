import type { TIntegration } from "@common/integrations";
import { and, eq, sql } from "drizzle-orm";
import { beforeAll, beforeEach, describe, expect, it } from "vitest";
import { afterFile } from "../../../test/after-file";
import { Caller, createTestApp, type TTestApp } from "../../../test/app";
import { createChurch, invite, signUp, type TTestChurch, uniqueEmail } from "../../../test/factories";
import { drainJobs } from "../../../test/jobs";
import { connectIntegration, standInEnv, syncNow, waitForSync } from "../../../test/stand-ins/drive-sync";
import type { TPlanningCenterState } from "../../../test/stand-ins/planning-center";
import { startPlanningCenterStandIn } from "../../../test/stand-ins/planning-center";
import { makePeople, type TStandIn } from "../../../test/stand-ins/stand-in-server";
import { buildApp } from "../../app";
import { createDb } from "../../db/client";
import { integrationPeople, integrations } from "../../db/schema/integrations";
import { invitationSends, invitations } from "../../db/schema/invitations";
import { users } from "../../db/schema/users";
import { checkPlanningCenterKey } from "./providers/planning-center";

let t: TTestApp;
let pc: TStandIn<TPlanningCenterState>;
const logLines: string[] = [];

beforeAll(async () => {
  pc = await startPlanningCenterStandIn();
  afterFile(() => pc.close());
  t = await createTestApp(
    { LOG_LEVEL: "trace", ...standInEnv({ planningCenter: pc }) },
    { logger: { stream: { write: (l: string) => logLines.push(l) } }, runJobs: false },
  );
});

beforeEach(() => pc.reset());

const pageRequests = () => pc.requests.filter((r) => r.query.include === "emails");

async function connect(c: TTestChurch): Promise<TIntegration> {
  return connectIntegration(c.admin, { platform: "planning_center", apiKey: pc.key });
}

async function invitationsOf(c: TTestChurch) {
  return t.db.select().from(invitations).where(eq(invitations.churchId, c.church.id));
}

describe("Planning Center: the key check", () => {
  it("accepts a token Planning Center accepts, refuses with its reason, and says when it cannot be reached", async () => {
    const c = await createChurch(t.app);
    const refused = await c.admin.post("/api/integrations", { platform: "planning_center", apiKey: "app123:wrong456" });
    expect(refused.status).toBe(400);
    expect(refused.body.message).toBe(
      "Planning Center refused the key: Please provide valid credentials: your application id and secret were not accepted.",
    );
    expect(refused.body.errors[0].path).toBe("apiKey");
    // Asked for one person, with the token as HTTP Basic.
    expect(pc.requests.at(-1)).toMatchObject({
      method: "GET",
      path: "/people/v2/people",
      query: { per_page: "1" },
      status: 401,
      user: "app123",
    });
    expect((await c.admin.get("/api/integrations")).body).toEqual([]);

    // An app whose Planning Center address answers nothing.
    const gone = await startPlanningCenterStandIn();
    await gone.close();
    const db = createDb(t.dbUrl, { max: 2 });
    const other = await buildApp({
      config: { ...t.config, integrationUrls: { ...t.config.integrationUrls, planningCenter: gone.url } },
      db,
      logger: false,
      serveClient: false,
      runJobs: false,
    });
    await other.ready();
    try {
      const res = await new Caller(other, c.admin.cookie).post("/api/integrations", {
        platform: "planning_center",
        apiKey: pc.key,
      });
      expect(res.status).toBe(400);
      expect(res.body.message).toBe("Could not reach Planning Center (ECONNREFUSED). Try again in a moment.");
    } finally {
      await other.close();
      await db.$client.end();
    }

    const ok = await connect(c);
    expect(ok).toMatchObject({ platform: "planning_center", syncStatus: "active", lastSync: null });
    expect(pc.requests.at(-1)).toMatchObject({ query: { per_page: "1" }, status: 200 });
  });

  it("gives up on a provider that does not answer in time, and waits out a 429 at check time too", async () => {
    const settings = { urls: t.config.integrationUrls, timeoutMs: 200, maxRetryAfterMs: 5000, maxRateLimitWaits: 2 };
    pc.knobs.delayMs = 1000;
    await expect(checkPlanningCenterKey(pc.key, settings)).rejects.toMatchObject({
      kind: "unreachable",
      message: "Planning Center did not answer within 0.2 s. Try again in a moment.",
    });
    pc.knobs.delayMs = 0;
    pc.knobs.rateLimitNext = 1;
    await checkPlanningCenterKey(pc.key, settings);
    expect(pc.requests.map((r) => r.status).slice(-2)).toEqual([429, 200]);
  });
});

describe("Planning Center: the sync", () => {
  it("reads 250 people in 3 pages into invitations waiting for review, matches members by email, emails nobody", async () => {
    const c = await createChurch(t.app);
    const member = await signUp(t.app, { email: uniqueEmail("member"), firstName: "Jon", lastName: "Smyth" });
    const memberInvite = await invite(c.admin, member.user.email);
    expect((await member.post(`/api/invite/${memberInvite.token}/accept`)).status).toBe(200);
    const invited = uniqueEmail("invited");
    await invite(c.admin, invited);

    const people = makePeople(250);
    Object.assign(people[0], { email: member.user.email.toUpperCase(), firstName: "Jonathan", lastName: "Smith" });
    people[1].email = invited;
    people[2].email = null;
    people[3].email = "not-an-address";
    people[4].email = people[5].email?.toUpperCase() ?? null;
    pc.state.people = people;
    const { id } = await connect(c);

    const done = await syncNow(t.app, c.admin, id);
    expect(done).toMatchObject({
      syncStatus: "active",
      lastError: null,
      counts: { seen: 250, added: 245, updated: 1, skipped: 4 },
    });
    expect(done.lastSync).not.toBeNull();
    expect(pageRequests().map((r) => [r.query.offset, r.query.per_page])).toEqual([
      ["0", "100"],
      ["100", "100"],
      ["200", "100"],
    ]);

    const rows = (await invitationsOf(c)).filter((i) => i.source === "planning_center");
    expect(rows).toHaveLength(245);
    expect(rows.every((r) => r.sentAt === null && r.role === "CONGREGANT" && !r.isUsed)).toBe(true);
    expect(rows.find((r) => r.email === people[10].email)).toMatchObject({
      firstName: people[10].firstName,
      lastName: people[10].lastName,
    });
    expect(rows.filter((r) => r.email === people[5].email)).toHaveLength(1);
    // Nothing e-mailed: only the two invitations sent by hand.
    const sends = await t.db.select().from(invitationSends).where(eq(invitationSends.churchId, c.church.id));
    expect(sends).toHaveLength(2);
    const [renamed] = await t.db.select().from(users).where(eq(users.id, member.user.id));
    expect(renamed).toMatchObject({ firstName: "Jonathan", lastName: "Smith" });
    const known = await t.db.select().from(integrationPeople).where(eq(integrationPeople.integrationId, id));
    expect(known).toHaveLength(250);
    expect(known.find((k) => k.externalId === people[0].id)?.userId).toBe(member.user.id);
    // The admin's list shows them waiting for review.
    // All 245 on one page (the list pages by 100 unless asked for more, issue 30).
    const listed = (await c.admin.get("/api/invitations?limit=500")).body as {
      email: string;
      sentAt?: string | null;
    }[];
    expect(listed.filter((i) => i.email === people[10].email)).toHaveLength(1);
    // The admins' feed says so, once, from the finished sync's event (integration.synced).
    await drainJobs(t.app);
    const feed = (await c.admin.get("/api/admin/recent-activity")).body as { description: string }[];
    expect(feed.filter((a) => a.description.includes("sync:")).map((a) => a.description)).toEqual([
      "Planning Center sync: 245 people waiting for review",
    ]);
  });

  it("a later sync brings changed names in (members by the remembered id), invites only new people, never twice", async () => {
    const c = await createChurch(t.app);
    const member = await signUp(t.app, { email: uniqueEmail("member"), firstName: "Ann", lastName: "Lee" });
    const memberInvite = await invite(c.admin, member.user.email);
    expect((await member.post(`/api/invite/${memberInvite.token}/accept`)).status).toBe(200);
    const people = makePeople(120);
    Object.assign(people[0], { email: member.user.email, firstName: "Ann", lastName: "Lee" });
    pc.state.people = people;
    const { id } = await connect(c);
    expect((await syncNow(t.app, c.admin, id)).counts).toEqual({ seen: 120, added: 119, updated: 0, skipped: 1 });

    // The member changes their own name here: it stands while Planning Center's record does not change.
    await t.db.update(users).set({ firstName: "Annie" }).where(eq(users.id, member.user.id));
    // In Planning Center: the member's e-mail and surname change, a name changes, a person is new,
    // another's e-mail changes; the admin deleted one waiting invitation.
    Object.assign(people[0], { email: uniqueEmail("ann.new"), firstName: "Annie", lastName: "Lee-Park" });
    people[10].firstName = "Renamed";
    people[12].email = uniqueEmail("moved");
    people.push(...makePeople(1, { firstId: 9001 }));
    const deleted = (await invitationsOf(c)).find((i) => i.email === people[11].email);
    expect((await c.admin.delete(`/api/invitations/${deleted?.id}`)).status).toBe(204);
    pc.state.people = [...people];

    const again = await syncNow(t.app, c.admin, id);
    expect(again.counts).toEqual({ seen: 121, added: 2, updated: 2, skipped: 117 });
    const [m] = await t.db.select().from(users).where(eq(users.id, member.user.id));
    expect(m).toMatchObject({ firstName: "Annie", lastName: "Lee-Park", email: member.user.email });
    const rows = await invitationsOf(c);
    const synced = rows.filter((r) => r.source === "planning_center");
    expect(synced).toHaveLength(119 - 1 + 2);
    expect(synced.find((r) => r.email === people[10].email)?.firstName).toBe("Renamed");
    expect(synced.some((r) => r.email === people[11].email)).toBe(false);
    expect(synced.some((r) => r.email === people[12].email)).toBe(true);
    expect(new Set(synced.map((r) => r.email)).size).toBe(synced.length);

    // Nothing changed since: a third sync changes nothing.
    expect((await syncNow(t.app, c.admin, id)).counts).toEqual({ seen: 121, added: 0, updated: 0, skipped: 121 });
    expect(await invitationsOf(c)).toHaveLength(rows.length);
  });

  it("shows progress while it runs, and waits out a 429 for its Retry-After", async () => {
    const c = await createChurch(t.app);
    pc.state.people = makePeople(250);
    const { id } = await connect(c);
    pc.knobs.rateLimitNext = 1;
    pc.knobs.holdAfterPage = 1;
    expect((await c.admin.post(`/api/integrations/${id}/sync`)).status).toBe(202);
    const running = t.app.jobs.runDue();
    await expect
      .poll(async () => ((await c.admin.get("/api/integrations")).body as TIntegration[])[0], { timeout: 10_000 })
      .toMatchObject({ syncStatus: "syncing", counts: { seen: 100, added: 100 } });
    pc.release();
    await running;
    const done = await waitForSync(t.app, c.admin, id);
    expect(done).toMatchObject({ syncStatus: "active", counts: { seen: 250, added: 250 } });
    const [limited, retried] = pageRequests();
    expect(limited).toMatchObject({ status: 429, query: { offset: "0" } });
    expect(retried).toMatchObject({ status: 200, query: { offset: "0" } });
    // Retry-After: 1 (seconds) was respected.
    expect(retried.at - limited.at).toBeGreaterThanOrEqual(950);
  });

  it("a key refused mid-sync ends in error with Planning Center's reason; the next sync goes on without duplicates", async () => {
    const c = await createChurch(t.app);
    pc.state.people = makePeople(250);
    const { id } = await connect(c);
    pc.knobs.refuseAfterPage = 1;
    const failed = await syncNow(t.app, c.admin, id);
    expect(failed).toMatchObject({
      syncStatus: "error",
      lastError:
        "Planning Center refused the key: Please provide valid credentials: your application id and secret were not accepted.",
      counts: { seen: 100, added: 100 },
    });
    expect(await invitationsOf(c)).toHaveLength(100);

    pc.knobs.refuseAfterPage = null;
    const done = await syncNow(t.app, c.admin, id);
    expect(done).toMatchObject({
      syncStatus: "active",
      lastError: null,
      counts: { seen: 250, added: 150, skipped: 100 },
    });
    const rows = await invitationsOf(c);
    expect(rows).toHaveLength(250);
    expect(new Set(rows.map((r) => r.email)).size).toBe(250);
  });

  it("a Retry-After longer than we wait ends the sync with a clear error at once", async () => {
    const c = await createChurch(t.app);
    pc.state.people = makePeople(5);
    const { id } = await connect(c);
    pc.knobs.rateLimitNext = 1;
    pc.knobs.retryAfterSeconds = 3600;
    const failed = await syncNow(t.app, c.admin, id);
    expect(failed).toMatchObject({
      syncStatus: "error",
      lastError:
        "Planning Center is limiting how often we may ask (rate limit, retry in about 60 min). The next sync will try again.",
    });
  });

  it("stops when the integration is turned off mid-sync, and only syncs active integrations", async () => {
    const c = await createChurch(t.app);
    pc.state.people = makePeople(250);
    const { id } = await connect(c);
    pc.knobs.holdAfterPage = 1;
    expect((await c.admin.post(`/api/integrations/${id}/sync`)).status).toBe(202);
    const running = t.app.jobs.runDue();
    await expect.poll(() => pageRequests().length, { timeout: 10_000 }).toBe(2);
    expect((await c.admin.patch(`/api/integrations/${id}`, { isActive: false })).status).toBe(200);
    pc.release();
    await running;
    const [row] = await t.db.select().from(integrations).where(eq(integrations.id, id));
    expect(row).toMatchObject({ syncStatus: "active", isActive: false, seen: 100 });
    expect(await invitationsOf(c)).toHaveLength(100);
    expect((await c.admin.post(`/api/integrations/${id}/sync`)).status).toBe(409);
  });
});

describe("Planning Center: keys stay secret", () => {
  it("no log line, row or job carries the key, and no invitation was emailed", async () => {
    const [appId, secret] = pc.key.split(":");
    const log = logLines.join("");
    expect(log).toContain("/api/integrations");
    const rows = JSON.stringify(await t.db.select().from(integrations));
    const queue = JSON.stringify(
      (await t.db.execute(sql`select payload, last_error from graphile_worker._private_jobs`)).rows,
    );
    for (const s of [pc.key, secret]) {
      expect(log).not.toContain(s);
      expect(rows).not.toContain(s);
      expect(queue).not.toContain(s);
    }
    expect(rows).not.toContain(appId);
    const synced = await t.db
      .select()
      .from(invitations)
      .where(and(eq(invitations.source, "planning_center"), sql`${invitations.sentAt} is not null`));
    expect(synced).toEqual([]);
  });
});
