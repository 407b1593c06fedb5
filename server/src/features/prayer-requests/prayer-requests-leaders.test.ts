import { ANONYMOUS_NAME, type TPrayerRequest, ZPrayerRequest } from "@common/prayer";
import { parse } from "csv-parse/sync";
import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import type { Caller } from "../../../test/app";
import { createTestApp, type TTestApp } from "../../../test/app";
import { addMember, createChurch, type TSignedIn, type TTestChurch } from "../../../test/factories";
import { drainJobs } from "../../../test/jobs";
import { unzip } from "../../../test/zip";
import { activities } from "../../db/schema/admin";
import { notifications } from "../../db/schema/community";
import { prayerRequests } from "../../db/schema/prayer";

/**
 * Issue 24: a "leaders" prayer request is seen only by the church's admins and its author, in every
 * answer that carries requests or news of them.
 */

let t: TTestApp;
beforeAll(async () => {
  t = await createTestApp();
});

async function ask(who: Caller, over: Record<string, unknown> = {}): Promise<TPrayerRequest> {
  const res = await who.post("/api/prayer-requests", {
    title: "Struggling at home",
    description: "Please pray for my marriage.",
    ...over,
  });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return ZPrayerRequest.parse(res.body);
}

/** The wall as `who` reads it: the first page (cut from the cached rows) and one query past it. */
async function walls(who: Caller): Promise<TPrayerRequest[][]> {
  const first = await who.get("/api/prayer-requests");
  const large = await who.get("/api/prayer-requests?limit=100");
  expect(first.status).toBe(200);
  expect(large.status).toBe(200);
  return [first.body, large.body];
}

async function sees(who: Caller, id: string): Promise<TPrayerRequest | undefined> {
  const [first, large] = await walls(who);
  const a = first.find((r) => r.id === id);
  const b = large.find((r) => r.id === id);
  expect(a).toEqual(b);
  return a;
}

/** What members were told of a request, once the queue has delivered the events' effects. */
async function notificationsAbout(id: string) {
  await drainJobs(t.app);
  return t.db
    .select({ userId: notifications.userId, kind: notifications.kind })
    .from(notifications)
    .where(eq(notifications.relatedId, id));
}

describe("prayer requests for the pastors and leaders only", () => {
  let c: TTestChurch;
  let author: TSignedIn;
  let congregant: TSignedIn;
  let leader: TSignedIn;
  let admin2: TSignedIn;
  let other: TTestChurch;

  beforeAll(async () => {
    c = await createChurch(t.app);
    author = await addMember(t.app, c, "CONGREGANT", "Hannah");
    congregant = await addMember(t.app, c, "CONGREGANT", "Ruth");
    leader = await addMember(t.app, c, "GROUP_LEADER", "Gideon");
    admin2 = await addMember(t.app, c, "ADMIN", "Deborah");
    other = await createChurch(t.app);
  });

  it("defaults to the whole church, which every member sees", async () => {
    const r = await ask(author);
    expect(r.visibility).toBe("church");
    expect((await sees(congregant, r.id))?.visibility).toBe("church");
  });

  it("is seen by its author and the admins, never by a congregant, a group leader or another church", async () => {
    const r = await ask(author, { visibility: "leaders" });
    expect(r).toMatchObject({ visibility: "leaders", isMine: true, userName: "Hannah User" });
    expect(await sees(author, r.id)).toMatchObject({ visibility: "leaders", isMine: true });
    for (const a of [c.admin, admin2]) {
      expect(await sees(a, r.id)).toMatchObject({ visibility: "leaders", isMine: false, userName: "Hannah User" });
    }
    for (const who of [congregant, leader, other.admin]) {
      expect(await sees(who, r.id)).toBeUndefined();
      // Paging past it by its id finds nothing of it either.
      expect(
        (await who.get(`/api/prayer-requests?before=${r.id}`)).body.map((x: TPrayerRequest) => x.id),
      ).not.toContain(r.id);
      const pray = await who.post(`/api/prayer-requests/${r.id}/pray`);
      expect(pray.status).toBe(404);
      expect(pray.body.message).toBe("Prayer request not found");
      expect((await who.patch(`/api/prayer-requests/${r.id}/answered`)).status).toBe(404);
    }
    // Only an admin may hide; another church's admin gets 404.
    expect((await leader.patch(`/api/prayer-requests/${r.id}/hidden`, { hidden: true })).status).toBe(403);
    expect((await other.admin.patch(`/api/prayer-requests/${r.id}/hidden`, { hidden: true })).status).toBe(404);
  });

  it("an anonymous one is shown to the admins without its author", async () => {
    const r = await ask(author, { visibility: "leaders", isAnonymous: true });
    const seenByAdmin = await sees(c.admin, r.id);
    expect(seenByAdmin).toMatchObject({
      visibility: "leaders",
      isAnonymous: true,
      userName: ANONYMOUS_NAME,
      userImageUrl: null,
      isMine: false,
    });
    expect(JSON.stringify(seenByAdmin)).not.toContain(author.user.id);
    expect(await sees(author, r.id)).toMatchObject({ isMine: true, userName: ANONYMOUS_NAME });
    expect(await sees(leader, r.id)).toBeUndefined();
    // The admins' activity line names nobody and says who it is for.
    await drainJobs(t.app);
    const [line] = await t.db
      .select()
      .from(activities)
      .where(eq(activities.churchId, c.church.id))
      .orderBy(activities.createdAt)
      .then((rows) => rows.slice(-1));
    expect(line).toMatchObject({
      userId: null,
      description: "A prayer request was shared for the pastors and leaders",
    });
  });

  it("tells nobody when shared; its prayers and answer reach only those who can still see it", async () => {
    const r = await ask(author, { visibility: "leaders" });
    expect(await notificationsAbout(r.id)).toEqual([]);

    // Both admins pray; the author hears that someone prayed (once that day).
    for (const a of [c.admin, admin2]) expect((await a.post(`/api/prayer-requests/${r.id}/pray`)).status).toBe(200);
    expect(await notificationsAbout(r.id)).toEqual([{ userId: author.user.id, kind: "prayer_prayed" }]);

    // The second admin becomes a congregant: they may no longer see it, nor hear of its answer.
    const demote = await c.admin.patch(`/api/admin/members/${admin2.user.id}`, { role: "CONGREGANT" });
    expect(demote.status, JSON.stringify(demote.body)).toBe(200);
    expect(await sees(admin2, r.id)).toBeUndefined();

    const answered = await author.patch(`/api/prayer-requests/${r.id}/answered`, { answerNote: "Thank you" });
    expect(answered.status).toBe(200);
    const rows = await notificationsAbout(r.id);
    expect(rows.filter((n) => n.kind === "prayer_answered")).toEqual([
      { userId: c.admin.user.id, kind: "prayer_answered" },
    ]);
    const heard = rows.map((n) => n.userId);
    for (const who of [congregant, leader, admin2]) expect(heard).not.toContain(who.user.id);

    // Nor does the bell of a member carry anything of it.
    for (const who of [congregant, leader, admin2]) {
      const bell = await who.get("/api/notifications");
      expect(JSON.stringify(bell.body)).not.toContain(r.id);
    }
  });

  it("answered by an admin, a church request still tells every member who prayed", async () => {
    const r = await ask(author);
    expect((await congregant.post(`/api/prayer-requests/${r.id}/pray`)).status).toBe(200);
    expect((await c.admin.patch(`/api/prayer-requests/${r.id}/answered`)).status).toBe(200);
    const answered = (await notificationsAbout(r.id)).filter((n) => n.kind === "prayer_answered");
    expect(answered).toEqual([{ userId: congregant.user.id, kind: "prayer_answered" }]);
  });

  it("the admin dashboard's prayer figure counts what admins see, leaders-only requests included", async () => {
    const fresh = await createChurch(t.app);
    const member = await addMember(t.app, fresh);
    await ask(member);
    await ask(member, { visibility: "leaders" });
    await ask(member, { visibility: "leaders", isAnonymous: true });
    const stats = await fresh.admin.get("/api/admin/stats");
    expect(stats.status).toBe(200);
    expect(stats.body.prayerRequests).toBe(3);
    // What a member sees of the same wall: their own three; another member only the church one.
    const other = await addMember(t.app, fresh);
    expect((await other.get("/api/prayer-requests")).body).toHaveLength(1);
    expect((await member.get("/api/admin/stats")).status).toBe(403);
  });

  it("refuses an unknown visibility with a sentence and stores nothing", async () => {
    const before = await t.db.select().from(prayerRequests).where(eq(prayerRequests.churchId, c.church.id));
    const res = await author.post("/api/prayer-requests", { title: "T", description: "D", visibility: "pastors" });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe('visibility must be "church" or "leaders"');
    const after = await t.db.select().from(prayerRequests).where(eq(prayerRequests.churchId, c.church.id));
    expect(after).toHaveLength(before.length);
  });

  it("stays in the admins' church export, with its visibility", async () => {
    const r = await ask(author, { visibility: "leaders", isAnonymous: true });
    const res = await t.app.inject({
      method: "GET",
      url: "/api/admin/church-export.zip",
      headers: { cookie: c.admin.cookie ?? "" },
    });
    expect(res.statusCode).toBe(200);
    const files = await unzip(res.rawPayload);
    const rows: Record<string, string>[] = parse(files.get("prayer-requests.csv")?.toString("utf8") ?? "", {
      columns: true,
      bom: true,
    });
    expect(rows.find((x) => x.id === r.id)).toMatchObject({ visibility: "leaders", isAnonymous: "true", authorId: "" });
    const forLeader = await t.app.inject({
      method: "GET",
      url: "/api/admin/church-export.zip",
      headers: { cookie: leader.cookie ?? "" },
    });
    expect(forLeader.statusCode).toBe(403);
  });
});
