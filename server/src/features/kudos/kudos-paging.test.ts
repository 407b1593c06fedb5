import { KUDOS_LIST_LIMIT, type TKudos } from "@common/kudos";
import { sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { Caller, createTestApp, type TTestApp } from "../../../test/app";
import { addMember, createChurch, type TSignedIn, type TTestChurch } from "../../../test/factories";
import { nextLink, walkPages } from "../../../test/list-paging";

/*
 * Issue 30 ("every list pages on the server"): GET /api/kudos answers its first 100 as before (kept
 * in memory), and older kudos a page at a time after the cursor of `Link: rel="next"`.
 */

let t: TTestApp;
let c: TTestChurch;
let giver: TSignedIn;
let receiver: TSignedIn;
const APPROVED = 250;

/** `n` kudos from `from` to `to` by SQL, a minute apart from `start` (or all in one microsecond). */
async function insertKudos(
  church: TTestChurch,
  from: string,
  to: string,
  n: number,
  status: string,
  start: string,
  same = false,
) {
  await t.db.execute(sql`
    insert into kudos (church_id, from_user_id, to_user_id, type, category, title, message, status, created_at)
    select ${church.church.id}, ${from}, ${to}, 'servant_heart', 'service', ${status} || ' ' || g, 'Thank you', ${status},
           case when ${same} then timestamptz '2025-06-01 00:00:00.654321+00'
                else ${start}::timestamptz + g * interval '1 minute' end
      from generate_series(1, ${n}::int) as g`);
}

beforeAll(async () => {
  t = await createTestApp();
  c = await createChurch(t.app);
  giver = await addMember(t.app, c, "CONGREGANT", "Giver");
  receiver = await addMember(t.app, c, "CONGREGANT", "Receiver");
  await insertKudos(c, c.admin.user.id, receiver.user.id, APPROVED, "approved", "2025-01-01");
  // The giver's own pending ones, among the approved in time: only the giver sees them.
  await insertKudos(c, giver.user.id, receiver.user.id, 30, "pending", "2025-01-01 00:00:30");
}, 120_000);

describe("GET /api/kudos in pages", () => {
  it("walks every approved kudos once, newest first; the giver's walk has their pending ones too", async () => {
    const first = await receiver.get("/api/kudos");
    expect(first.body).toHaveLength(KUDOS_LIST_LIMIT);
    expect(nextLink(first.headers)).toMatch(/^\/api\/kudos\?after=/);
    const all = (await walkPages<TKudos>(receiver, "/api/kudos")).flat();
    expect(all.map((k) => k.title)).toEqual(Array.from({ length: APPROVED }, (_, i) => `approved ${APPROVED - i}`));

    const own = (await walkPages<TKudos>(giver, "/api/kudos")).flat();
    expect(own).toHaveLength(APPROVED + 30);
    expect(new Set(own.map((k) => k.id)).size).toBe(APPROVED + 30);
    const times = own.map((k) => k.createdAt);
    expect([...times].sort().reverse()).toEqual(times);
  });

  it("neither skips nor repeats kudos of the same microsecond", async () => {
    const d = await createChurch(t.app);
    const m = await addMember(t.app, d, "CONGREGANT", "Same");
    await insertKudos(d, d.admin.user.id, m.user.id, 230, "approved", "2025-01-01", true);
    const pages = await walkPages<TKudos>(m, "/api/kudos");
    expect(pages.map((p) => p.length)).toEqual([100, 100, 30]);
    expect(new Set(pages.flat().map((k) => k.id)).size).toBe(230);
  });

  it("a church of few kudos gets no next link", async () => {
    const d = await createChurch(t.app);
    const m = await addMember(t.app, d, "CONGREGANT", "Few");
    await insertKudos(d, d.admin.user.id, m.user.id, 3, "approved", "2025-01-01");
    const res = await m.get("/api/kudos");
    expect(res.body).toHaveLength(3);
    expect(res.headers.link).toBeUndefined();
  });

  it("a cursor from church A shows church B only its own kudos; the signed-out are refused", async () => {
    const d = await createChurch(t.app);
    const m = await addMember(t.app, d, "CONGREGANT", "Other");
    await insertKudos(d, d.admin.user.id, m.user.id, 2, "approved", "2024-01-01");
    const link = nextLink((await receiver.get("/api/kudos")).headers) as string;
    const res = await m.get(link);
    expect(res.status).toBe(200);
    expect((res.body as TKudos[]).map((k) => k.title)).toEqual(["approved 2", "approved 1"]);
    expect((await new Caller(t.app).get(link)).status).toBe(401);
  });

  it("answers 400 to a bad cursor", async () => {
    const res = await receiver.get("/api/kudos?after=nope");
    expect(res.status).toBe(400);
    expect(JSON.stringify(res.body)).toContain("after must be the cursor of a previous page");
  });
});
