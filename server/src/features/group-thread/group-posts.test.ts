import { type TGroupPost, ZGroupPost } from "@common/groups";
import { LIVE_MESSAGE_RATE } from "@common/live-helpers";
import { eq, sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { type Caller, createTestApp, type TTestApp } from "../../../test/app";
import { findAuditEntries } from "../../../test/audit-entries";
import { addMember, createChurch, type TSignedIn, type TTestChurch } from "../../../test/factories";
import { makeGroup } from "../../../test/group-thread";
import { groupPosts } from "../../db/schema/groups";
import type { TChurchCtx } from "../../lib/context";
import { groupPostsQuery } from "./group-posts.repo";

let t: TTestApp;
beforeAll(async () => {
  t = await createTestApp();
});

type TWorld = {
  c: TTestChurch;
  leader: TSignedIn;
  member: TSignedIn;
  otherLeader: TSignedIn;
  outsider: TSignedIn;
  groupId: string;
  otherGroupId: string;
};

/** A church with a group (a leader, a member), another group with its own leader, and a member in neither. */
async function world(): Promise<TWorld> {
  const c = await createChurch(t.app);
  const [leader, member, otherLeader, outsider] = await Promise.all([
    addMember(t.app, c, "GROUP_LEADER", "Leah"),
    addMember(t.app, c, "CONGREGANT", "Mark"),
    addMember(t.app, c, "GROUP_LEADER", "Olive"),
    addMember(t.app, c, "CONGREGANT", "Otto"),
  ]);
  const groupId = await makeGroup(t.db, c, { leaders: [leader], members: [member] });
  const otherGroupId = await makeGroup(t.db, c, { leaders: [otherLeader] });
  return { c, leader, member, otherLeader, outsider, groupId, otherGroupId };
}

async function post(who: Caller, groupId: string, message: string, parentId?: string): Promise<TGroupPost> {
  const res = await who.post(`/api/groups/${groupId}/posts`, { message, ...(parentId ? { parentId } : {}) });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return ZGroupPost.parse(res.body);
}

async function page(who: Caller, groupId: string, query = ""): Promise<TGroupPost[]> {
  const res = await who.get(`/api/groups/${groupId}/posts${query}`);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.map((p: unknown) => ZGroupPost.parse(p));
}

describe("a group's thread: posts and replies", () => {
  it("members and leaders post and read newest first; a reply names its parent; the author is named", async () => {
    const w = await world();
    const first = await post(w.member, w.groupId, "  Who brings snacks?  ");
    expect(first).toMatchObject({
      message: "Who brings snacks?",
      parentId: null,
      author: { id: w.member.user.id, firstName: "Mark" },
    });
    const reply = await post(w.leader, w.groupId, "I will", first.id);
    expect(reply.parentId).toBe(first.id);
    const posts = await page(w.member, w.groupId);
    expect(posts.map((p) => p.id)).toEqual([reply.id, first.id]);
    // An admin who is not in the group may read (and moderate), not write.
    expect((await page(w.c.admin, w.groupId)).map((p) => p.id)).toEqual([reply.id, first.id]);
    const adminPost = await w.c.admin.post(`/api/groups/${w.groupId}/posts`, { message: "Hello" });
    expect(adminPost.status).toBe(403);
  });

  it("pages by (created_at, id) with `before`, the same post never twice", async () => {
    const w = await world();
    const base = Date.now() - 60_000;
    // Some posts share a time: the id breaks the tie.
    const rows = await t.db
      .insert(groupPosts)
      .values(
        Array.from({ length: 25 }, (_, i) => ({
          groupId: w.groupId,
          churchId: w.c.church.id,
          authorId: w.member.user.id,
          message: `Post ${i}`,
          createdAt: new Date(base + Math.floor(i / 3) * 1000),
        })),
      )
      .returning({ id: groupPosts.id });
    const seen: string[] = [];
    let before = "";
    for (;;) {
      const got = await page(w.leader, w.groupId, `?limit=7${before ? `&before=${before}` : ""}`);
      if (got.length === 0) break;
      seen.push(...got.map((p) => p.id));
      before = got[got.length - 1].id;
    }
    expect(seen).toHaveLength(25);
    expect(new Set(seen).size).toBe(25);
    expect(new Set(seen)).toEqual(new Set(rows.map((r) => r.id)));
    // An id of another group names no position: an empty page.
    const elsewhere = await post(w.otherLeader, w.otherGroupId, "Elsewhere");
    expect(await page(w.leader, w.groupId, `?before=${elsewhere.id}`)).toEqual([]);
  });

  it("refuses bad input with a clear message and stores nothing", async () => {
    const w = await world();
    const url = `/api/groups/${w.groupId}/posts`;
    for (const bad of [
      {},
      { message: "   " },
      { message: "x".repeat(2001) },
      { message: 5 },
      { message: "ok", extra: 1 },
    ]) {
      const res = await w.member.post(url, bad);
      expect(res.status, JSON.stringify(bad)).toBe(400);
      expect(res.body.message).toBeTruthy();
    }
    const other = await post(w.otherLeader, w.otherGroupId, "Other group's");
    const wrongParent = await w.member.post(url, { message: "Reply", parentId: other.id });
    expect(wrongParent.status).toBe(400);
    expect(wrongParent.body.message).toMatch(/parentId/);
    expect((await w.member.post(url, { message: "Reply", parentId: "nope" })).status).toBe(400);
    for (const q of ["?limit=0", "?limit=101", "?limit=x", "?before=nope"])
      expect((await w.member.get(`${url}${q}`)).status, q).toBe(400);
    expect(await page(w.member, w.groupId)).toEqual([]);
  });

  it("is closed to non-members (403), a leader of another group included; another church gets 404", async () => {
    const w = await world();
    await post(w.member, w.groupId, "Only for us");
    for (const who of [w.outsider, w.otherLeader]) {
      expect((await who.get(`/api/groups/${w.groupId}/posts`)).status).toBe(403);
      expect((await who.post(`/api/groups/${w.groupId}/posts`, { message: "Hi" })).status).toBe(403);
    }
    const b = await createChurch(t.app);
    const mb = await addMember(t.app, b);
    expect((await mb.get(`/api/groups/${w.groupId}/posts`)).status).toBe(404);
    expect((await b.admin.get(`/api/groups/${w.groupId}/posts`)).status).toBe(404);
    expect((await b.admin.post(`/api/groups/${w.groupId}/posts`, { message: "Hi" })).status).toBe(404);
    // An unlisted group is not there at all for a non-member.
    const hidden = await makeGroup(t.db, w.c, { leaders: [w.leader], visibility: "unlisted" });
    expect((await w.outsider.get(`/api/groups/${hidden}/posts`)).status).toBe(404);
    expect((await t.db.select().from(groupPosts).where(eq(groupPosts.churchId, w.c.church.id))).length).toBe(1);
  });

  it("holds live chat's limit per member", async () => {
    const w = await world();
    const results = await Promise.all(
      Array.from({ length: LIVE_MESSAGE_RATE.count + 3 }, (_, i) =>
        w.member.post(`/api/groups/${w.groupId}/posts`, { message: `Quick ${i}` }),
      ),
    );
    expect(results.filter((r) => r.status === 201)).toHaveLength(LIVE_MESSAGE_RATE.count);
    const refused = results.filter((r) => r.status === 429);
    expect(refused).toHaveLength(3);
    expect(refused[0].headers["retry-after"]).toBe(String(LIVE_MESSAGE_RATE.seconds));
    // The limit is the member's: the leader still posts.
    await post(w.leader, w.groupId, "Slow down, friends");
  });
});

describe("a group's thread: moderation", () => {
  it("the author hides their own; the group's leader and an admin hide any; others 403; hidden posts leave every answer", async () => {
    const w = await world();
    const mine = await post(w.member, w.groupId, "Oops");
    const second = await post(w.member, w.groupId, "Off topic");
    const third = await post(w.leader, w.groupId, "Announcement");
    const fourth = await post(w.member, w.groupId, "Still here");

    // A fellow member and another group's leader may not hide someone else's post.
    const fellow = await addMember(t.app, w.c);
    await makeGroup(t.db, w.c, { members: [fellow] });
    expect((await w.member.delete(`/api/groups/${w.groupId}/posts/${third.id}`)).status).toBe(403);
    expect((await w.otherLeader.delete(`/api/groups/${w.groupId}/posts/${second.id}`)).status).toBe(403);

    expect((await w.member.delete(`/api/groups/${w.groupId}/posts/${mine.id}`)).status).toBe(204);
    expect((await w.leader.delete(`/api/groups/${w.groupId}/posts/${second.id}`)).status).toBe(204);
    expect((await w.c.admin.delete(`/api/groups/${w.groupId}/posts/${third.id}`)).status).toBe(204);
    // Again: nothing changes.
    expect((await w.leader.delete(`/api/groups/${w.groupId}/posts/${second.id}`)).status).toBe(204);

    expect((await page(w.member, w.groupId)).map((p) => p.id)).toEqual([fourth.id]);
    expect((await page(w.c.admin, w.groupId)).map((p) => p.id)).toEqual([fourth.id]);
    // The leader's and the admin's moderation is in the audit trail; the author removing their own is not.
    const audit = await findAuditEntries(t.db, w.c.church.id, "group.post_hidden");
    expect(audit.map((e) => [e.actorId, e.targetId])).toEqual([
      [w.leader.user.id, second.id],
      [w.c.admin.user.id, third.id],
    ]);
    // A reply to a hidden post is refused.
    expect((await w.member.post(`/api/groups/${w.groupId}/posts`, { message: "Re", parentId: mine.id })).status).toBe(
      400,
    );
  });

  it("another church's ids are 404; a post of another group is 404 here", async () => {
    const w = await world();
    const p = await post(w.member, w.groupId, "Ours");
    const b = await createChurch(t.app);
    expect((await b.admin.delete(`/api/groups/${w.groupId}/posts/${p.id}`)).status).toBe(404);
    const other = await post(w.otherLeader, w.otherGroupId, "Theirs");
    expect((await w.leader.delete(`/api/groups/${w.groupId}/posts/${other.id}`)).status).toBe(404);
    expect((await w.leader.delete(`/api/groups/${w.groupId}/posts/not-an-id`)).status).toBe(404);
    expect(await page(w.member, w.groupId)).toHaveLength(1);
  });
});

describe("a group's thread: the cost of a page", () => {
  it("reads a page's rows from the index, not the thread: 5,000 posts, first and later pages", async () => {
    const w = await world();
    await t.db.execute(sql`
      insert into group_posts (group_id, church_id, author_id, message, created_at)
      select ${w.groupId}, ${w.c.church.id}, ${w.member.user.id}, 'Post ' || n, now() - make_interval(secs => n)
        from generate_series(1, 5000) as n`);
    await t.db.execute(sql`analyze group_posts`);
    const ctx = { db: t.db, churchId: w.c.church.id, userId: w.member.user.id } as unknown as TChurchCtx;
    const [middle] = await t.db
      .select({ id: groupPosts.id })
      .from(groupPosts)
      .where(eq(groupPosts.message, "Post 2500"));
    for (const before of [undefined, middle.id]) {
      const q = groupPostsQuery(ctx, w.groupId, { limit: 30, before }).toSQL();
      const { rows } = await t.db.$client.query(`explain (analyze, format json) ${q.sql}`, q.params as unknown[]);
      const plan = JSON.stringify(rows[0]["QUERY PLAN"]);
      expect(plan).toContain("group_posts_group_created_idx");
      expect(plan).not.toContain('"Sort"');
      // Every node that read group_posts by the index read at most the page (plus the `before` lookup).
      const scans = [...plan.matchAll(/"Index Name":"group_posts_group_created_idx"[^}]*?"Actual Rows":(\d+)/g)];
      expect(scans.length, plan).toBeGreaterThan(0);
      for (const m of scans) expect(Number(m[1]), plan).toBeLessThanOrEqual(31);
    }
  }, 60_000);
});
