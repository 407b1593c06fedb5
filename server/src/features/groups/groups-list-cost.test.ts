import type { TGroup } from "@common/groups";
import { sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TTestApp } from "../../../test/app";
import { explainRows } from "../../../test/explain-rows";
import { addMember, createChurch, type TSignedIn, type TTestChurch } from "../../../test/factories";
import type { TChurchCtx } from "../../lib/context";
import { groupsPageQuery } from "./groups.repo";

/*
 * Issue 30 ("every list pages on the server"): GET /api/groups picks its page of groups first and
 * reads the members of that page's groups only. 200 groups of 11 (a leader and 10 members) is 2,200
 * rows of group_members; a page of 20 must read about 20 × 11 of them, wherever the page is.
 */

const GROUPS = 200;
const PER_GROUP = 11;
const LIMIT = 20;

let t: TTestApp;
let c: TTestChurch;
let member: TSignedIn;

beforeAll(async () => {
  t = await createTestApp();
  c = await createChurch(t.app);
  member = await addMember(t.app, c, "CONGREGANT", "Mara");
  const churchId = c.church.id;
  await t.db.execute(sql`
    insert into users (church_id, email, first_name, last_name, church_joined_at)
    select ${churchId}, 'cost-' || ${churchId}::text || '-' || n || '@example.com', 'Person', 'No. ' || n, now()
      from generate_series(1, 400) as n`);
  await t.db.execute(sql`
    insert into groups (church_id, name, kind, capacity, visibility)
    select ${churchId}, 'Group ' || lpad(g::text, 3, '0'), 'bible_study', case when g % 4 = 0 then 12 end,
           case when g % 10 = 0 then 'unlisted' else 'listed' end
      from generate_series(1, ${GROUPS}::int) as g`);
  await t.db.execute(sql`
    with people as (select id, row_number() over (order by id) as n from users where church_id = ${churchId} and email like 'cost-%'),
         grp as (select id, row_number() over (order by name) as n from groups where church_id = ${churchId})
    insert into group_members (group_id, church_id, user_id, role, seat)
    select grp.id, ${churchId}, people.id, case when k = 0 then 'leader' else 'member' end, case when k > 0 then k end
      from grp cross join generate_series(0, ${PER_GROUP - 1}::int) as k
      join people on people.n = 1 + ((grp.n * ${PER_GROUP} + k) % 400)
    on conflict do nothing`);
  // The member is in two groups (one of them unlisted) and has asked to join a third.
  await t.db.execute(sql`
    insert into group_members (group_id, church_id, user_id, role)
    select id, ${churchId}, ${member.user.id}, 'member' from groups
     where church_id = ${churchId} and name in ('Group 002', 'Group 010')`);
  await t.db.execute(sql`
    insert into group_join_requests (group_id, church_id, user_id)
    select id, ${churchId}, ${member.user.id} from groups where church_id = ${churchId} and name = 'Group 003'`);
  await t.db.execute(sql`analyze users; analyze groups; analyze group_members; analyze group_join_requests`);
}, 120_000);

describe("GET /api/groups: the cost of a page", () => {
  it("answers the page as before: counts, leaders and the caller's place per group", async () => {
    const res = await member.get(`/api/groups?limit=${LIMIT}`);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const page = res.body as TGroup[];
    expect(page).toHaveLength(LIMIT);
    // Listed groups by name, and the member's unlisted one (Group 010) among them.
    expect(page.slice(0, 4).map((g) => g.name)).toEqual(["Group 001", "Group 002", "Group 003", "Group 004"]);
    expect(page.find((g) => g.name === "Group 010")?.membership).toBe("member");
    expect(page.find((g) => g.name === "Group 020")).toBeUndefined();
    expect(page.find((g) => g.name === "Group 002")).toMatchObject({ membership: "member", memberCount: 11 });
    expect(page.find((g) => g.name === "Group 003")).toMatchObject({ membership: "requested", memberCount: 10 });
    expect(page.find((g) => g.name === "Group 001")).toMatchObject({ membership: null, memberCount: 10 });
    for (const g of page) {
      expect(g.leaders).toHaveLength(1);
      expect(g.leaders[0]).toEqual({ id: expect.any(String), firstName: "Person", lastName: expect.any(String) });
    }
    const next = await member.get(`/api/groups?limit=${LIMIT}&after=${page[LIMIT - 1].id}`);
    expect((next.body as TGroup[])[0].name > page[LIMIT - 1].name).toBe(true);
  });

  it("reads only the page's members (EXPLAIN): the first page, a later one, and with hasSpace", async () => {
    const ctx = {
      db: t.db,
      churchId: c.church.id,
      userId: member.user.id,
      role: "CONGREGANT",
    } as unknown as TChurchCtx;
    const first = await member.get(`/api/groups?limit=100`);
    const later = (first.body as TGroup[])[99].id;
    for (const query of [{ limit: LIMIT }, { limit: LIMIT, after: later }, { limit: LIMIT, hasSpace: true }]) {
      const q = groupsPageQuery(ctx, { query }).toSQL();
      const { root, read, seqScans, plan } = await explainRows(t.db, q, "group_members");
      expect(root["Actual Rows"], plan).toBe(LIMIT);
      expect(seqScans, plan).not.toContain("group_members");
      // The page's members and leaders, the caller's own rows, and (hasSpace) the counts of the
      // groups passed over to fill the page: about a page's worth, never the 2,200 of every group.
      const bound = (query.hasSpace ? 2 : 1) * LIMIT * (PER_GROUP + 2);
      expect(read, plan).toBeLessThanOrEqual(bound);
      expect(read, plan).toBeLessThan((GROUPS * PER_GROUP) / 4);
    }
  }, 60_000);
});
