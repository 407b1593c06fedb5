import { GROUP_PUSH_BATCH_MINUTES } from "@common/groups";
import { and, eq, inArray, sql } from "drizzle-orm";
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { createTestApp, type TTestApp } from "../../../test/app";
import { addMember, createChurch, type TSignedIn } from "../../../test/factories";
import { makeGroup } from "../../../test/group-thread";
import { drainJobs } from "../../../test/jobs";
import { notifications } from "../../db/schema/community";

let t: TTestApp;
beforeAll(async () => {
  // Jobs run only when drained: a post hidden before its notification job runs is a real order here.
  t = await createTestApp({}, { runJobs: false });
});
afterEach(() => {
  vi.useRealTimers();
});

const groupNotes = async (who: TSignedIn) => {
  await drainJobs(t.app);
  return t.db
    .select()
    .from(notifications)
    .where(and(eq(notifications.userId, who.user.id), inArray(notifications.kind, ["group_post", "group_prayer"])));
};

/** Makes the last hour's group notifications older than the batch time, as if an hour had passed. */
const anHourLater = (groupId: string) =>
  t.db
    .update(notifications)
    .set({ createdAt: sql`now() - make_interval(mins => ${GROUP_PUSH_BATCH_MINUTES + 1})` })
    .where(eq(notifications.relatedId, groupId));

async function world() {
  const c = await createChurch(t.app);
  const [leader, member, fellow, outsider] = await Promise.all([
    addMember(t.app, c, "GROUP_LEADER", "Leah"),
    addMember(t.app, c, "CONGREGANT", "Mark"),
    addMember(t.app, c, "CONGREGANT", "Fay"),
    addMember(t.app, c, "CONGREGANT", "Otto"),
  ]);
  const groupId = await makeGroup(t.db, c, { leaders: [leader], members: [member, fellow] });
  return { c, leader, member, fellow, outsider, groupId };
}

describe("group thread notifications (issue 27)", () => {
  it("a post tells the group's members and leaders (not its author, not others), at most once per group per hour", async () => {
    const w = await world();
    const b = await createChurch(t.app);
    const first = await w.member.post(`/api/groups/${w.groupId}/posts`, { message: "Potluck on Friday!" });
    expect(first.status).toBe(201);
    for (const who of [w.leader, w.fellow]) {
      const [note, ...more] = await groupNotes(who);
      expect(more).toEqual([]);
      expect(note).toMatchObject({
        kind: "group_post",
        title: expect.stringMatching(/^New in Group /),
        message: "Mark User: Potluck on Friday!",
        link: `/groups/${w.groupId}`,
        relatedId: w.groupId,
      });
    }
    expect(await groupNotes(w.member)).toEqual([]);
    expect(await groupNotes(w.outsider)).toEqual([]);
    expect(await groupNotes(w.c.admin)).toEqual([]);
    expect(await groupNotes(b.admin)).toEqual([]);

    // More posts and a prayer request within the hour: nothing new for those already told.
    await w.leader.post(`/api/groups/${w.groupId}/posts`, { message: "Bring chairs" });
    await w.member.post(`/api/groups/${w.groupId}/prayers`, { title: "Travel", description: "Safe roads." });
    expect(await groupNotes(w.fellow)).toHaveLength(1);
    // The author of the first post had not been told of anything: the leader's post reaches them.
    expect((await groupNotes(w.member)).map((n) => n.message)).toEqual(["Leah User: Bring chairs"]);

    await anHourLater(w.groupId);
    await w.member.post(`/api/groups/${w.groupId}/prayers`, { title: "My exam", description: "On Monday." });
    const later = (await groupNotes(w.fellow)).find((n) => n.kind === "group_prayer");
    expect(later).toMatchObject({ message: "Mark User asked for prayer: My exam" });
  });

  it("an anonymous group prayer request names nobody in what the group is told, and its author is not told", async () => {
    const w = await world();
    const res = await w.member.post(`/api/groups/${w.groupId}/prayers`, {
      title: "A hard week",
      description: "Please pray.",
      isAnonymous: true,
    });
    expect(res.status).toBe(201);
    for (const who of [w.leader, w.fellow]) {
      const [note] = await groupNotes(who);
      expect(note.kind).toBe("group_prayer");
      expect(note.message).toMatch(/^Someone in Group \w+ asked for prayer: A hard week$/);
      expect(JSON.stringify(note)).not.toContain("Mark");
      expect(JSON.stringify(note)).not.toContain(w.member.user.id);
    }
    expect(await groupNotes(w.member)).toEqual([]);
  });

  it("reads in each member's own language", async () => {
    const w = await world();
    expect((await w.fellow.patch("/api/user/preferences", { language: "es" })).status).toBe(200);
    await w.member.post(`/api/groups/${w.groupId}/prayers`, { title: "Trabajo", description: "Por favor." });
    await drainJobs(t.app);
    const list = await w.fellow.get("/api/notifications");
    expect(list.status).toBe(200);
    const note = list.body.notifications.find((n: { link: string }) => n.link === `/groups/${w.groupId}`);
    expect(note.title).toMatch(/^Petición de oración en /);
    expect(note.message).toBe("Mark User pidió oración: Trabajo");
  });

  it("a post hidden before the queue got to it tells nobody", async () => {
    const w = await world();
    const p = await w.member.post(`/api/groups/${w.groupId}/posts`, { message: "Wrong group, sorry" });
    expect((await w.member.delete(`/api/groups/${w.groupId}/posts/${p.body.id}`)).status).toBe(204);
    expect(await groupNotes(w.fellow)).toEqual([]);
  });

  // The hour is counted on the database's clock, the one the notifications are stored with: the app's
  // may differ (separate hosts, or a test's moved clock).
  it("tells a member once an hour when the app's clock is ahead of the database's", async () => {
    vi.useFakeTimers({ toFake: ["Date"], now: new Date(Date.now() + 366 * 86_400_000) });
    const w = await world();
    expect((await w.member.post(`/api/groups/${w.groupId}/posts`, { message: "Potluck on Friday!" })).status).toBe(201);
    expect(await groupNotes(w.fellow)).toHaveLength(1);
    expect((await w.leader.post(`/api/groups/${w.groupId}/posts`, { message: "Bring chairs" })).status).toBe(201);
    expect(await groupNotes(w.fellow)).toHaveLength(1);
  });

  it("tells a member again after the hour when the app's clock is behind the database's", async () => {
    vi.useFakeTimers({ toFake: ["Date"], now: new Date(Date.now() - 366 * 86_400_000) });
    const w = await world();
    expect((await w.member.post(`/api/groups/${w.groupId}/posts`, { message: "Potluck on Friday!" })).status).toBe(201);
    expect(await groupNotes(w.fellow)).toHaveLength(1);
    await anHourLater(w.groupId);
    expect((await w.leader.post(`/api/groups/${w.groupId}/posts`, { message: "Bring chairs" })).status).toBe(201);
    expect((await groupNotes(w.fellow)).map((n) => n.message).sort()).toEqual([
      "Leah User: Bring chairs",
      "Mark User: Potluck on Friday!",
    ]);
  });
});
