import { eq, sql } from "drizzle-orm";
import { beforeAll, beforeEach, describe, expect, it } from "vitest";
import { afterFile } from "../../../test/after-file";
import { createTestApp, type TTestApp } from "../../../test/app";
import { createChurch, type TTestChurch } from "../../../test/factories";
import { startCcbStandIn, type TCcbState } from "../../../test/stand-ins/ccb";
import { connectIntegration, standInEnv, syncNow } from "../../../test/stand-ins/drive-sync";
import { makePeople, type TStandIn } from "../../../test/stand-ins/stand-in-server";
import { integrations } from "../../db/schema/integrations";
import { invitations } from "../../db/schema/invitations";

let t: TTestApp;
let ccb: TStandIn<TCcbState>;
const DAY_MS = 86_400_000;

beforeAll(async () => {
  ccb = await startCcbStandIn();
  afterFile(() => ccb.close());
  t = await createTestApp(standInEnv({ ccb }), { runJobs: false });
});

beforeEach(() => ccb.reset());

const pageRequests = () => ccb.requests.filter((r) => r.query.per_page === "100");

function connect(c: TTestChurch, subdomain = "gracechurch") {
  return connectIntegration(c.admin, {
    platform: "church_community_builder",
    apiKey: ccb.key,
    config: { subdomain },
  });
}

const invitationsOf = (c: TTestChurch) => t.db.select().from(invitations).where(eq(invitations.churchId, c.church.id));

describe("CCB: the key check", () => {
  it("asks the church's subdomain with the API user, and refuses with CCB's reason", async () => {
    const c = await createChurch(t.app);
    const refused = await c.admin.post("/api/integrations", {
      platform: "church_community_builder",
      apiKey: "apiuser:wrong-password",
      config: { subdomain: "GraceChurch" },
    });
    expect(refused.status).toBe(400);
    expect(refused.body.message).toBe("Church Community Builder refused the API user: Invalid username or password.");
    expect(refused.body.errors[0].path).toBe("apiKey");
    // The admin reads CCB's refusal in their language; CCB's own words stay as CCB wrote them (issue 26).
    const inKorean = await c.admin.request(
      "POST",
      "/api/integrations",
      { platform: "church_community_builder", apiKey: "apiuser:wrong-password", config: { subdomain: "GraceChurch" } },
      { "accept-language": "ko" },
    );
    expect(inKorean.status).toBe(400);
    expect(inKorean.body.message).toBe(
      "Church Community Builder에서 API 사용자를 거부했어요: Invalid username or password.",
    );
    expect(ccb.requests.at(-1)).toMatchObject({
      path: "/gracechurch/api.php",
      query: { srv: "individual_profiles", page: "1", per_page: "1" },
      status: 401,
      user: "apiuser",
    });
    const ok = await connect(c);
    expect(ok).toMatchObject({ syncStatus: "active", config: { subdomain: "gracechurch" } });
    expect([...ccb.state.subdomains]).toEqual(["gracechurch"]);
  });
});

describe("CCB: the sync", () => {
  it("reads 250 people in 3 XML pages, then only those modified since the last sync", async () => {
    const c = await createChurch(t.app);
    const people = makePeople(250);
    const old = new Date(Date.now() - 30 * DAY_MS);
    for (const p of people) p.modifiedAt = old;
    people[3].email = null;
    people[4].firstName = "Ana & <Bea>";
    ccb.state.people = people;
    const { id } = await connect(c);

    const done = await syncNow(t.app, c.admin, id);
    expect(done).toMatchObject({ syncStatus: "active", counts: { seen: 250, added: 249, updated: 0, skipped: 1 } });
    expect(pageRequests().map((r) => [r.path, r.query.page, r.query.modified_since])).toEqual([
      ["/gracechurch/api.php", "1", undefined],
      ["/gracechurch/api.php", "2", undefined],
      ["/gracechurch/api.php", "3", undefined],
    ]);
    const rows = await invitationsOf(c);
    expect(rows).toHaveLength(249);
    expect(rows.every((r) => r.source === "church_community_builder" && r.sentAt === null)).toBe(true);
    expect(rows.find((r) => r.email === people[4].email)?.firstName).toBe("Ana & <Bea>");
    const [row] = await t.db.select().from(integrations).where(eq(integrations.id, id));
    const since = new Date(Date.now() - DAY_MS).toISOString().slice(0, 10);
    expect(row.cursor).toMatchObject({ modifiedSince: since });

    // Later: one renamed today; CCB is asked only for those modified since.
    people[10].firstName = "Changed";
    people[10].modifiedAt = new Date();
    ccb.reset();
    const again = await syncNow(t.app, c.admin, id);
    expect(again.counts).toEqual({ seen: 1, added: 0, updated: 1, skipped: 0 });
    expect(pageRequests().map((r) => [r.query.page, r.query.modified_since])).toEqual([["1", since]]);
    expect((await invitationsOf(c)).find((r) => r.email === people[10].email)?.firstName).toBe("Changed");
    expect(await invitationsOf(c)).toHaveLength(249);
  });

  it("waits out a 429 for its Retry-After; a password changed mid-sync ends in error with CCB's reason", async () => {
    const c = await createChurch(t.app);
    ccb.state.people = makePeople(150);
    const { id } = await connect(c);
    ccb.knobs.rateLimitNext = 1;
    ccb.knobs.refuseAfterPage = 1;
    const failed = await syncNow(t.app, c.admin, id);
    expect(failed).toMatchObject({
      syncStatus: "error",
      lastError: "Church Community Builder refused the API user: Invalid username or password.",
      counts: { seen: 100, added: 100 },
    });
    const listed = await c.admin.request("GET", "/api/integrations", undefined, { "accept-language": "es" });
    expect(listed.body[0].lastError).toBe(
      "Church Community Builder rechazó el usuario de la API: Invalid username or password.",
    );
    const [limited, retried] = pageRequests();
    expect(limited).toMatchObject({ status: 429, query: { page: "1" } });
    expect(retried).toMatchObject({ status: 200, query: { page: "1" } });
    expect(retried.at - limited.at).toBeGreaterThanOrEqual(950);
    // The failed sync left no modified_since behind: the next one reads everyone again, without duplicates.
    const [row] = await t.db.select().from(integrations).where(eq(integrations.id, id));
    expect(row.cursor).not.toHaveProperty("modifiedSince");
    expect(row.cursor).not.toHaveProperty("run");
    ccb.reset();
    const done = await syncNow(t.app, c.admin, id);
    expect(done).toMatchObject({ syncStatus: "active", counts: { seen: 150, added: 50, skipped: 100 } });
    expect(await invitationsOf(c)).toHaveLength(150);
    const unique = await t.db.execute<{ n: number }>(
      sql`select count(distinct email)::int as n from invitations where church_id = ${c.church.id}`,
    );
    expect(unique.rows[0].n).toBe(150);
  });

  it("another subdomain starts afresh: everyone read again from the new site, nobody invited twice", async () => {
    const c = await createChurch(t.app);
    const people = makePeople(20);
    ccb.state.people = people;
    const { id } = await connect(c);
    expect((await syncNow(t.app, c.admin, id)).counts).toMatchObject({ seen: 20, added: 20 });
    const moved = await c.admin.patch(`/api/integrations/${id}`, { config: { subdomain: "gracenew" } });
    expect(moved.status).toBe(200);
    const [row] = await t.db.select().from(integrations).where(eq(integrations.id, id));
    expect(row.cursor).toBeNull();
    ccb.reset();
    const again = await syncNow(t.app, c.admin, id);
    expect(again.counts).toEqual({ seen: 20, added: 0, updated: 0, skipped: 20 });
    expect(pageRequests().map((r) => [r.path, r.query.modified_since])).toEqual([["/gracenew/api.php", undefined]]);
    expect(await invitationsOf(c)).toHaveLength(20);
  });
});
