import type { TInvitation } from "@common/invitations";
import { sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TTestApp } from "../../../test/app";
import { explainRows } from "../../../test/explain-rows";
import { createChurch, type TTestChurch } from "../../../test/factories";
import { expectAdminsOnly, expectBadQueries, nextLink, walkPages } from "../../../test/list-paging";
import type { TChurchCtx } from "../../lib/context";
import { findInvitationsPage } from "./invitations.repo";

/*
 * Issue 30 ("every list pages on the server"): GET /api/invitations answers the same array, newest
 * first, a page at a time, with `Link: rel="next"` while more follow.
 */

let t: TTestApp;
let big: TTestChurch;
const BIG = 1_100;

async function insertInvitations(church: TTestChurch, n: number, prefix: string, sameMoment = false) {
  await t.db.execute(sql`
    insert into invitations (church_id, email, role, token_hash, expires_at, created_at)
    select ${church.church.id}, ${prefix} || '-' || g || '@example.com', 'CONGREGANT',
           md5(${church.church.id}::text || ${prefix} || g), now() + interval '7 days',
           case when ${sameMoment} then timestamptz '2026-01-01 00:00:00.123456+00'
                else timestamptz '2026-01-01' + g * interval '1 second' end
      from generate_series(1, ${n}::int) as g`);
}

beforeAll(async () => {
  t = await createTestApp();
  big = await createChurch(t.app);
  await insertInvitations(big, BIG, "big");
  await t.db.execute(sql`analyze invitations`);
}, 120_000);

describe("GET /api/invitations in pages", () => {
  it("answers a first page of 100 with a next link; the pages walk every invitation once, newest first", async () => {
    const first = await big.admin.get("/api/invitations");
    expect(first.status).toBe(200);
    expect(first.body).toHaveLength(100);
    expect(nextLink(first.headers)).toMatch(/^\/api\/invitations\?after=/);
    const pages = await walkPages<TInvitation>(big.admin, "/api/invitations?limit=300");
    expect(pages.map((p) => p.length)).toEqual([300, 300, 300, 200]);
    const all = pages.flat();
    expect(new Set(all.map((i) => i.id)).size).toBe(BIG);
    const keys = all.map((i) => i.createdAt);
    expect([...keys].sort().reverse()).toEqual(keys);
    expect(all[0].email).toBe(`big-${BIG}@example.com`);
  });

  it("neither skips nor repeats invitations made in the same microsecond", async () => {
    const c = await createChurch(t.app);
    await insertInvitations(c, 45, "same", true);
    const pages = await walkPages<TInvitation>(c.admin, "/api/invitations?limit=10");
    expect(pages).toHaveLength(5);
    const ids = pages.flat().map((i) => i.id);
    expect(new Set(ids).size).toBe(45);
    expect(ids).toHaveLength(45);
  });

  it("a cursor from church A shows church B only its own invitations", async () => {
    const b = await createChurch(t.app);
    await insertInvitations(b, 5, "b");
    const link = nextLink((await big.admin.get("/api/invitations?limit=5")).headers) as string;
    // B's invitations are older than A's cursor: B sees its own, never A's.
    const res = await b.admin.get(link);
    expect(res.status).toBe(200);
    expect((res.body as TInvitation[]).map((i) => i.email).sort()).toEqual(
      [1, 2, 3, 4, 5].map((n) => `b-${n}@example.com`).sort(),
    );
  });

  it("refuses congregants and group leaders (403) and the signed-out (401), on a later page too", async () => {
    const link = nextLink((await big.admin.get("/api/invitations?limit=5")).headers) as string;
    await expectAdminsOnly(t.app, big, link);
  });

  it("answers 400 to a bad limit or cursor", async () => {
    await expectBadQueries(big.admin, "/api/invitations", [
      ["limit=0", "limit must be at least 1"],
      ["limit=501", "limit must be at most 500"],
      ["after=%%%", "after must be the cursor of a previous page"],
    ]);
  });

  it("reads a page's worth of invitations, first page or later (EXPLAIN)", async () => {
    const ctx = {
      db: t.db,
      churchId: big.church.id,
      userId: big.admin.user.id,
      role: "ADMIN",
    } as unknown as TChurchCtx;
    const later = { at: "2026-01-01T00:10:00.000000Z", id: "ffffffff-ffff-4fff-bfff-ffffffffffff" };
    for (const query of [{ limit: 100 }, { limit: 100, after: later }]) {
      const { read, seqScans, plan } = await explainRows(t.db, findInvitationsPage(ctx, query).toSQL(), "invitations");
      expect(seqScans, plan).not.toContain("invitations");
      // The page, one more (is there a next?) and the cursor's own row, passed over by id.
      expect(read, plan).toBeLessThanOrEqual(102);
    }
  });
});
