import { type TGroupPrayer, ZGroupPrayer, ZGroupPrayResult } from "@common/group-prayers";
import { ANONYMOUS_NAME } from "@common/prayer";
import { eq } from "drizzle-orm";
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { type Caller, createTestApp, type TTestApp } from "../../../test/app";
import { addMember, createChurch, setTimeZone, type TSignedIn, type TTestChurch } from "../../../test/factories";
import { makeGroup } from "../../../test/group-thread";
import { drainJobs } from "../../../test/jobs";
import { notifications } from "../../db/schema/community";
import { groupPrayers } from "../../db/schema/groups";
import { GROUP_THREAD_DATA_KINDS } from "./group-thread.export";

let t: TTestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterEach(() => {
  vi.useRealTimers();
});

type TWorld = {
  c: TTestChurch;
  leader: TSignedIn;
  member: TSignedIn;
  fellow: TSignedIn;
  otherLeader: TSignedIn;
  outsider: TSignedIn;
  groupId: string;
  otherGroupId: string;
};

async function world(): Promise<TWorld> {
  const c = await createChurch(t.app);
  const [leader, member, fellow, otherLeader, outsider] = await Promise.all([
    addMember(t.app, c, "GROUP_LEADER", "Leah"),
    addMember(t.app, c, "CONGREGANT", "Mark"),
    addMember(t.app, c, "CONGREGANT", "Fay"),
    addMember(t.app, c, "GROUP_LEADER", "Olive"),
    addMember(t.app, c, "CONGREGANT", "Otto"),
  ]);
  const groupId = await makeGroup(t.db, c, { leaders: [leader], members: [member, fellow] });
  const otherGroupId = await makeGroup(t.db, c, { leaders: [otherLeader] });
  return { c, leader, member, fellow, otherLeader, outsider, groupId, otherGroupId };
}

const body = (over: Record<string, unknown> = {}) => ({
  title: "My job interview",
  description: "On Friday morning.",
  isAnonymous: false,
  ...over,
});

async function share(who: Caller, groupId: string, over: Record<string, unknown> = {}): Promise<TGroupPrayer> {
  const res = await who.post(`/api/groups/${groupId}/prayers`, body(over));
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return ZGroupPrayer.parse(res.body);
}

async function list(who: Caller, groupId: string, query = ""): Promise<TGroupPrayer[]> {
  const res = await who.get(`/api/groups/${groupId}/prayers${query}`);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.map((p: unknown) => ZGroupPrayer.parse(p));
}

describe("a group's prayer requests", () => {
  it("a member shares one with the group; the group sees it named, newest first, and pages with `before`", async () => {
    const w = await world();
    const first = await share(w.member, w.groupId, { title: "  First  " });
    expect(first).toMatchObject({
      title: "First",
      userName: "Mark User",
      userId: w.member.user.id,
      isMine: true,
      canAnswer: true,
      prayedCount: 0,
      prayedToday: false,
    });
    const second = await share(w.leader, w.groupId, { title: "Second" });
    const seen = await list(w.fellow, w.groupId);
    expect(seen.map((p) => p.id)).toEqual([second.id, first.id]);
    expect(seen[1]).toMatchObject({ isMine: false, canAnswer: false, userName: "Mark User" });
    expect((await list(w.fellow, w.groupId, "?limit=1")).map((p) => p.id)).toEqual([second.id]);
    expect((await list(w.fellow, w.groupId, `?limit=1&before=${second.id}`)).map((p) => p.id)).toEqual([first.id]);
    expect(await list(w.fellow, w.groupId, `?before=${first.id}`)).toEqual([]);
    // An admin may look.
    expect((await list(w.c.admin, w.groupId)).map((p) => p.id)).toEqual([second.id, first.id]);
  });

  it("an anonymous author is named to nobody, the group's leader and the church's admin included; isMine only for the author", async () => {
    const w = await world();
    const p = await share(w.member, w.groupId, { isAnonymous: true });
    expect(p).toMatchObject({ userName: ANONYMOUS_NAME, userId: null, userImageUrl: null, isMine: true });
    for (const who of [w.leader, w.c.admin, w.fellow]) {
      const [seen] = await list(who, w.groupId);
      expect(seen).toMatchObject({ userName: ANONYMOUS_NAME, userId: null, userImageUrl: null, isMine: false });
      expect(JSON.stringify(seen)).not.toContain(w.member.user.id);
      expect(JSON.stringify(seen)).not.toContain("Mark");
    }
    // Nothing of the author in the "I prayed" answer either.
    const prayed = await w.leader.post(`/api/groups/${w.groupId}/prayers/${p.id}/prayed`);
    expect(JSON.stringify(prayed.body)).not.toContain(w.member.user.id);
  });

  it("'I prayed' counts once per person per church day; the author marks it answered, others may not; then no more prayers", async () => {
    const w = await world();
    await setTimeZone(w.c, "Pacific/Auckland");
    const p = await share(w.member, w.groupId);
    const url = `/api/groups/${w.groupId}/prayers/${p.id}`;
    vi.useFakeTimers({ toFake: ["Date"], now: new Date("2026-03-02T10:00:00Z") });
    const once = await w.fellow.post(`${url}/prayed`);
    expect(ZGroupPrayResult.parse(once.body)).toEqual({ counted: true, prayedCount: 1, prayedToday: true });
    expect((await w.fellow.post(`${url}/prayed`)).body).toEqual({ counted: false, prayedCount: 1, prayedToday: true });
    expect((await w.leader.post(`${url}/prayed`)).body).toMatchObject({ counted: true, prayedCount: 2 });
    expect((await list(w.fellow, w.groupId))[0]).toMatchObject({ prayedCount: 2, prayedToday: true });
    // 11:00 UTC is past midnight in Auckland: a new church day.
    vi.setSystemTime(new Date("2026-03-02T11:30:00Z"));
    expect((await w.fellow.post(`${url}/prayed`)).body).toMatchObject({ counted: true, prayedCount: 3 });
    vi.useRealTimers();

    for (const who of [w.leader, w.c.admin, w.fellow]) expect((await who.patch(`${url}/answered`)).status).toBe(403);
    const answered = await w.member.patch(`${url}/answered`);
    expect(answered.status).toBe(200);
    expect(answered.body).toMatchObject({ isAnswered: true, canAnswer: false });
    expect((await w.member.patch(`${url}/answered`)).status).toBe(200);
    expect((await w.fellow.post(`${url}/prayed`)).status).toBe(409);
  });

  it("never appears on the church's prayer wall nor in its notifications", async () => {
    const w = await world();
    await share(w.member, w.groupId, { title: "Group only" });
    const wall = await w.fellow.get("/api/prayer-requests?limit=100");
    expect(wall.status).toBe(200);
    expect(JSON.stringify(wall.body)).not.toContain("Group only");
    expect(JSON.stringify((await w.c.admin.get("/api/prayer-requests?limit=100")).body)).not.toContain("Group only");
    await drainJobs(t.app);
    const notes = await t.db.select().from(notifications).where(eq(notifications.churchId, w.c.church.id));
    // The group hears of it (group_prayer); nothing of church prayer's kinds.
    expect(notes.filter((n) => n.kind.startsWith("prayer"))).toEqual([]);
  });

  it("is closed to non-members (403), a leader of another group included; another church gets 404", async () => {
    const w = await world();
    const p = await share(w.member, w.groupId);
    for (const who of [w.outsider, w.otherLeader]) {
      expect((await who.get(`/api/groups/${w.groupId}/prayers`)).status).toBe(403);
      expect((await who.post(`/api/groups/${w.groupId}/prayers`, body())).status).toBe(403);
      expect((await who.post(`/api/groups/${w.groupId}/prayers/${p.id}/prayed`)).status).toBe(403);
      expect((await who.patch(`/api/groups/${w.groupId}/prayers/${p.id}/answered`)).status).toBe(403);
    }
    // An admin who is not in the group reads and prays, and does not share.
    expect((await w.c.admin.post(`/api/groups/${w.groupId}/prayers`, body())).status).toBe(403);
    expect((await w.c.admin.post(`/api/groups/${w.groupId}/prayers/${p.id}/prayed`)).status).toBe(200);

    const b = await createChurch(t.app);
    const mb = await addMember(t.app, b);
    for (const who of [mb, b.admin]) {
      expect((await who.get(`/api/groups/${w.groupId}/prayers`)).status).toBe(404);
      expect((await who.post(`/api/groups/${w.groupId}/prayers`, body())).status).toBe(404);
      expect((await who.post(`/api/groups/${w.groupId}/prayers/${p.id}/prayed`)).status).toBe(404);
    }
    // A request of another group named under this one is not there.
    const elsewhere = await share(w.otherLeader, w.otherGroupId);
    expect((await w.leader.post(`/api/groups/${w.groupId}/prayers/${elsewhere.id}/prayed`)).status).toBe(404);
    expect((await w.member.post(`/api/groups/${w.groupId}/prayers/not-an-id/prayed`)).status).toBe(404);
  });

  it("refuses bad input with a clear message and stores nothing", async () => {
    const w = await world();
    const url = `/api/groups/${w.groupId}/prayers`;
    for (const bad of [
      {},
      body({ title: "  " }),
      body({ description: "" }),
      body({ title: "x".repeat(121) }),
      body({ isAnonymous: "yes" }),
      body({ extra: 1 }),
    ]) {
      const res = await w.member.post(url, bad);
      expect(res.status, JSON.stringify(bad)).toBe(400);
      expect(res.body.message).toBeTruthy();
    }
    for (const q of ["?limit=0", "?limit=101", "?before=nope"])
      expect((await w.member.get(`${url}${q}`)).status).toBe(400);
    expect(await t.db.select().from(groupPrayers).where(eq(groupPrayers.groupId, w.groupId))).toEqual([]);
  });

  it("the church export leaves an anonymous author out: no author on the request, not their own 'I prayed'", async () => {
    const w = await world();
    const p = await share(w.member, w.groupId, { isAnonymous: true });
    await w.member.post(`/api/groups/${w.groupId}/prayers/${p.id}/prayed`);
    await w.fellow.post(`/api/groups/${w.groupId}/prayers/${p.id}/prayed`);
    const read = (file: string) => {
      const kind = GROUP_THREAD_DATA_KINDS.find((k) => k.file === file);
      if (!kind) throw new Error(file);
      const ctx = { churchId: w.c.church.id } as Parameters<typeof kind.where>[0];
      return t.db.select(kind.fields).from(kind.table).where(kind.where(ctx));
    };
    const [row] = await read("group-prayers.csv");
    expect(row).toMatchObject({ id: p.id, authorId: null });
    const taps = await read("group-prayers-prayed.csv");
    expect(taps.map((x) => x.userId)).toEqual([w.fellow.user.id]);
  });
});
