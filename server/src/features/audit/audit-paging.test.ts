import type { TAuditEntryResponse } from "@common/audit";
import { sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TTestApp } from "../../../test/app";
import { explainRows } from "../../../test/explain-rows";
import { createChurch, type TTestChurch } from "../../../test/factories";
import { expectAdminsOnly, nextLink, walkPages } from "../../../test/list-paging";
import { findEntries } from "./audit.service";

/*
 * Issue 30 ("every list pages on the server"): GET /api/admin/audit pages by cursor, newest first,
 * with `Link: rel="next"` while more follow; a deep page starts at its cursor instead of an offset.
 */

let t: TTestApp;
let big: TTestChurch;
const BIG = 3_000;

/** `n` entries by SQL, a minute apart (or all in one microsecond), every tenth a role change. */
async function insertEntries(church: TTestChurch, n: number, sameMoment = false) {
  await t.db.execute(sql`
    insert into audit_entries (church_id, action, target_type, target_id, created_at)
    select ${church.church.id}, case when g % 10 = 0 then 'member.role_changed' else 'sermon.updated' end,
           'sermon', g::text,
           case when ${sameMoment} then timestamptz '2026-01-01 00:00:00.123456+00'
                else timestamptz '2026-01-01' + g * interval '1 minute' end
      from generate_series(1, ${n}::int) as g`);
}

beforeAll(async () => {
  t = await createTestApp();
  big = await createChurch(t.app);
  await insertEntries(big, BIG);
  await t.db.execute(sql`analyze audit_entries`);
}, 120_000);

const seeded = (entries: TAuditEntryResponse[]) => entries.filter((e) => e.targetType === "sermon");

describe("GET /api/admin/audit in pages", () => {
  it("the pages walk every entry once, newest first, by the Link header; filters stay on the next link", async () => {
    const pages = await walkPages<TAuditEntryResponse>(big.admin, "/api/admin/audit?limit=200");
    const all = seeded(pages.flat());
    expect(all).toHaveLength(BIG);
    expect(new Set(all.map((e) => e.id)).size).toBe(BIG);
    expect(all[0].targetId).toBe(String(BIG));
    expect(all.map((e) => Number(e.targetId))).toEqual(Array.from({ length: BIG }, (_, i) => BIG - i));

    const filtered = await walkPages<TAuditEntryResponse>(
      big.admin,
      "/api/admin/audit?limit=50&action=member.role_changed",
    );
    expect(filtered.flat().map((e) => e.action)).toEqual(Array(BIG / 10).fill("member.role_changed"));
    expect(filtered).toHaveLength(BIG / 10 / 50);
  });

  it("neither skips nor repeats entries of the same microsecond", async () => {
    const c = await createChurch(t.app);
    await insertEntries(c, 75, true);
    const pages = await walkPages<TAuditEntryResponse>(c.admin, "/api/admin/audit?limit=10");
    const ids = seeded(pages.flat()).map((e) => e.id);
    expect(ids).toHaveLength(75);
    expect(new Set(ids).size).toBe(75);
  });

  it("a next link drops an offset it was asked with (the cursor says where the page starts)", async () => {
    const reference = (await big.admin.get("/api/admin/audit?limit=30")).body as TAuditEntryResponse[];
    const first = await big.admin.get("/api/admin/audit?limit=5&offset=10");
    expect((first.body as TAuditEntryResponse[]).map((e) => e.id)).toEqual(reference.slice(10, 15).map((e) => e.id));
    const link = nextLink(first.headers) as string;
    expect(link).not.toMatch(/offset/);
    const next = await big.admin.get(link);
    expect((next.body as TAuditEntryResponse[]).map((e) => e.id)).toEqual(reference.slice(15, 20).map((e) => e.id));
  });

  it("a cursor from church A shows church B only its own entries; members and the signed-out are refused", async () => {
    const b = await createChurch(t.app);
    await insertEntries(b, 3);
    const link = nextLink((await big.admin.get("/api/admin/audit?limit=5")).headers) as string;
    // B's entries are as old as A's: past A's cursor, B sees its own only.
    const res = await b.admin.get(link);
    expect(res.status).toBe(200);
    expect(seeded(res.body as TAuditEntryResponse[]).map((e) => e.targetId)).toEqual(["3", "2", "1"]);
    await expectAdminsOnly(t.app, big, link);
  });

  it("answers 400 to a bad cursor", async () => {
    const res = await big.admin.get("/api/admin/audit?after=not-a-cursor");
    expect(res.status).toBe(400);
    expect(JSON.stringify(res.body)).toContain("after must be the cursor of a previous page");
  });

  it("a deep page reads about a page of entries (EXPLAIN), where the offset read every entry before it", async () => {
    const ctx = { churchId: big.church.id, timeZone: "UTC" };
    const base = { limit: 51, offset: 0, action: undefined, actorId: undefined, from: undefined, to: undefined };
    const deep = { at: "2026-01-01T10:00:00.000000Z", id: "00000000-0000-4000-8000-000000000000" };
    const byCursor = await explainRows(t.db, findEntries(t.db, ctx, { ...base, after: deep }).toSQL(), "audit_entries");
    expect(byCursor.seqScans, byCursor.plan).not.toContain("audit_entries");
    // The page, one more (is there a next?), the cursor's own time passed over by id, and the row
    // that ends the incremental sort's last group.
    expect(byCursor.read, byCursor.plan).toBeLessThanOrEqual(base.limit + 3);
    const byOffset = await explainRows(
      t.db,
      findEntries(t.db, ctx, { ...base, offset: 2_400, after: undefined }).toSQL(),
      "audit_entries",
    );
    expect(byOffset.read).toBeGreaterThan(2_400);
  });
});
