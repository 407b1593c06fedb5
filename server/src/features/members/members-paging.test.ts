import { MEMBERS_PAGE_LIMIT, type TMember } from "@common/members";
import { sql } from "drizzle-orm";
import { PgDialect } from "drizzle-orm/pg-core";
import { beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TTestApp } from "../../../test/app";
import { explainRows } from "../../../test/explain-rows";
import { addMember, createChurch, type TTestChurch } from "../../../test/factories";
import { expectAdminsOnly, expectBadQueries, nextLink, walkPages } from "../../../test/list-paging";
import type { TChurchCtx } from "../../lib/context";
import { membersPageSql } from "./members.repo";

/*
 * Issue 30 ("every list pages on the server"): GET /api/admin/members answers the same array, a
 * page at a time, with `Link: rel="next"` while more follow.
 */

let t: TTestApp;
let big: TTestChurch;
const BIG = 1_200;

/** `n` members of the church inserted by SQL; `sameMoment` gives them all one created_at. */
async function insertMembers(church: TTestChurch, n: number, prefix: string, sameMoment = false) {
  await t.db.execute(sql`
    insert into users (church_id, email, first_name, last_name, church_joined_at, created_at)
    select ${church.church.id}, ${prefix} || '-' || ${church.church.id}::text || '-' || g || '@example.com', 'Person', 'No. ' || g, now(),
           case when ${sameMoment} then timestamptz '2026-01-01 00:00:00.123456+00'
                else timestamptz '2026-01-01' + g * interval '1 second' end
      from generate_series(1, ${n}::int) as g`);
}

beforeAll(async () => {
  t = await createTestApp();
  big = await createChurch(t.app);
  await insertMembers(big, BIG, "big");
  await t.db.execute(sql`analyze users`);
}, 120_000);

describe("GET /api/admin/members in pages", () => {
  it("answers a first page of 100 with a next link, and the pages walk every member once, oldest first", async () => {
    const first = await big.admin.get("/api/admin/members");
    expect(first.status).toBe(200);
    expect(first.body).toHaveLength(MEMBERS_PAGE_LIMIT);
    expect(nextLink(first.headers)).toMatch(/^\/api\/admin\/members\?after=/);

    const pages = await walkPages<TMember>(big.admin, "/api/admin/members?limit=250");
    expect(pages.map((p) => p.length)).toEqual([250, 250, 250, 250, 201]);
    const all = pages.flat();
    expect(new Set(all.map((m) => m.id)).size).toBe(BIG + 1);
    const keys = all.map((m) => m.createdAt);
    expect([...keys].sort()).toEqual(keys);
    // The next link keeps the page size it was asked with.
    expect(nextLink((await big.admin.get("/api/admin/members?limit=7")).headers)).toMatch(/limit=7/);
  });

  it("neither skips nor repeats members created in the same microsecond", async () => {
    const c = await createChurch(t.app);
    await insertMembers(c, 95, "same", true);
    const pages = await walkPages<TMember>(c.admin, "/api/admin/members?limit=10");
    expect(pages).toHaveLength(10);
    const ids = pages.flat().map((m) => m.id);
    expect(ids).toHaveLength(96);
    expect(new Set(ids).size).toBe(96);
  });

  it("a church of a few members gets them all on one page, without a next link", async () => {
    const c = await createChurch(t.app);
    await addMember(t.app, c, "CONGREGANT", "Ruth");
    const res = await c.admin.get("/api/admin/members");
    expect(res.body).toHaveLength(2);
    expect(res.headers.link).toBeUndefined();
  });

  it("a cursor from church A shows church B only its own members", async () => {
    const b = await createChurch(t.app);
    await insertMembers(b, 30, "b");
    const first = await big.admin.get("/api/admin/members?limit=5");
    const link = nextLink(first.headers) as string;
    const res = await b.admin.get(link.replace("limit=5", "limit=100"));
    expect(res.status).toBe(200);
    const members = res.body as TMember[];
    expect(members.length).toBeGreaterThan(0);
    expect(members.every((m) => m.churchId === b.church.id)).toBe(true);
  });

  it("refuses congregants and group leaders (403) and the signed-out (401) on a later page too", async () => {
    const link = nextLink((await big.admin.get("/api/admin/members?limit=5")).headers) as string;
    await expectAdminsOnly(t.app, big, link);
  });

  it("answers 400 with a clear message to a bad limit or cursor", async () => {
    await expectBadQueries(big.admin, "/api/admin/members", [
      ["limit=0", "limit must be at least 1"],
      ["limit=501", "limit must be at most 500"],
      ["limit=ten", "limit must be a number"],
      ["after=nonsense", "after must be the cursor of a previous page"],
      [`after=${Buffer.from("2026-01-01|x").toString("base64url")}`, "after must be the cursor of a previous page"],
    ]);
  });

  it("reads a page's worth of users, first page or later, never the whole church (EXPLAIN)", async () => {
    const ctx = {
      db: t.db,
      churchId: big.church.id,
      userId: big.admin.user.id,
      role: "ADMIN",
    } as unknown as TChurchCtx;
    const pages = await walkPages<TMember>(big.admin, "/api/admin/members?limit=500");
    // A later page with most of the church after it (near its end, PostgreSQL rightly reads the
    // few rows left by a bitmap and sorts them: still at most what remains, never the whole church).
    const later = pages[0][200];
    const cursorAt = later.createdAt.replace("Z", "000Z");
    for (const query of [{ limit: 100 }, { limit: 100, after: { at: cursorAt, id: later.id } }]) {
      const { read, seqScans, plan } = await explainRows(
        t.db,
        new PgDialect().sqlToQuery(membersPageSql(ctx, query)),
        "users",
      );
      expect(seqScans, plan).not.toContain("users");
      // The page, one more (is there a next?) and the rows sharing the cursor's time, passed over by
      // id (the seed gives a few members one time; PostgreSQL 15 read 103): a page's worth, never 1,029.
      expect(read, plan).toBeLessThanOrEqual(110);
    }
  });
});
