import { type TGroupPrayer, ZGroupPrayer } from "@common/group-prayers";
import { type TPrayerReply, ZPrayerReply } from "@common/prayer-replies";
import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { type Caller, createTestApp, type TTestApp } from "../../../test/app";
import { addMember, createChurch, type TSignedIn, type TTestChurch } from "../../../test/factories";
import { makeGroup } from "../../../test/group-thread";
import { drainJobs } from "../../../test/jobs";
import { unzip } from "../../../test/zip";
import { notifications } from "../../db/schema/community";
import { groupPrayers, groups } from "../../db/schema/groups";
import { prayerRequestReplies } from "../../db/schema/prayer";

/**
 * Issue 28 (E2): the private thread on a GROUP's prayer, at the same paths as a church request's
 * (`/api/prayer-requests/{id}/replies` with the group prayer's id): its author, the church's admins
 * and the leaders of that group; nobody else learns it exists, and an anonymous author is named in
 * nothing the leaders or admins can read.
 */

let t: TTestApp;
beforeAll(async () => {
  t = await createTestApp();
});

const url = (id: string) => `/api/prayer-requests/${id}/replies`;

async function share(who: Caller, groupId: string, over: Record<string, unknown> = {}): Promise<TGroupPrayer> {
  const res = await who.post(`/api/groups/${groupId}/prayers`, {
    title: "My job interview",
    description: "On Friday morning.",
    isAnonymous: false,
    ...over,
  });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return ZGroupPrayer.parse(res.body);
}

async function reply(who: Caller, id: string, message: string): Promise<TPrayerReply> {
  const res = await who.post(url(id), { message });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return ZPrayerReply.parse(res.body);
}

async function thread(who: Caller, id: string): Promise<TPrayerReply[]> {
  const res = await who.get(url(id));
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.map((r: unknown) => ZPrayerReply.parse(r));
}

const noticesOf = async (who: TSignedIn) => {
  await drainJobs(t.app);
  return t.db.select().from(notifications).where(eq(notifications.userId, who.user.id));
};

describe("private replies on a group's prayer", () => {
  let c: TTestChurch;
  let author: TSignedIn;
  let leader: TSignedIn;
  let fellow: TSignedIn;
  let otherLeader: TSignedIn;
  let outsider: TSignedIn;
  let admin2: TSignedIn;
  let other: TTestChurch;
  let groupId: string;

  beforeAll(async () => {
    c = await createChurch(t.app);
    author = await addMember(t.app, c, "CONGREGANT", "Hannah");
    leader = await addMember(t.app, c, "GROUP_LEADER", "Leah");
    fellow = await addMember(t.app, c, "CONGREGANT", "Fay");
    otherLeader = await addMember(t.app, c, "GROUP_LEADER", "Olive");
    outsider = await addMember(t.app, c, "CONGREGANT", "Otto");
    admin2 = await addMember(t.app, c, "ADMIN", "Deborah");
    other = await createChurch(t.app);
    groupId = await makeGroup(t.db, c, { leaders: [leader], members: [author, fellow] });
    await makeGroup(t.db, c, { leaders: [otherLeader], members: [outsider] });
  });

  it("the group's leader replies, the author is told (to the group's Prayer tab) and answers, and the leader is told", async () => {
    const { id } = await share(author, groupId);
    const first = await reply(leader, id, "  Praying for Friday, Hannah.  ");
    expect(first).toMatchObject({
      message: "Praying for Friday, Hannah.",
      fromAuthor: false,
      author: { id: leader.user.id, firstName: "Leah" },
    });
    expect((await noticesOf(author)).filter((n) => n.relatedId === id)).toMatchObject([
      { kind: "prayer_replied", link: `/groups/${groupId}?tab=prayers&thread=${id}` },
    ]);

    const answer = await reply(author, id, "Thank you, Leah.");
    expect(answer).toMatchObject({ fromAuthor: true, author: null });
    const admins = await reply(c.admin, id, "The pastors pray too.");
    expect(await thread(author, id)).toEqual([first, answer, admins]);
    expect(await thread(leader, id)).toEqual([first, answer, admins]);
    expect(await thread(admin2, id)).toEqual([first, answer, admins]);

    const [stored] = await t.db.select().from(prayerRequestReplies).where(eq(prayerRequestReplies.id, answer.id));
    expect(stored).toMatchObject({ authorId: null, fromAuthor: true, groupPrayerId: id, requestId: null });
    // The leader who replied is told of the answer; an admin who had not replied yet is not.
    expect((await noticesOf(leader)).filter((n) => n.kind === "prayer_reply_answered")).toMatchObject([
      { relatedId: id, title: "The person who asked answered" },
    ]);
    expect((await noticesOf(admin2)).filter((n) => n.kind === "prayer_reply_answered")).toEqual([]);
  });

  it("the author's first word, before anyone replied, reaches the group's leaders and the church's admins only", async () => {
    const { id } = await share(author, groupId, { isAnonymous: true });
    await reply(author, id, "Is anyone there?");
    for (const who of [leader, c.admin, admin2])
      expect((await noticesOf(who)).filter((n) => n.relatedId === id)).toMatchObject([
        { kind: "prayer_reply_answered" },
      ]);
    for (const who of [otherLeader, fellow, author])
      expect((await noticesOf(who)).filter((n) => n.relatedId === id)).toEqual([]);
  });

  it("nobody else reads or writes it: a plain member of the group, a leader of another group, a member outside, another church (404); signed out 401", async () => {
    const { id } = await share(author, groupId);
    await reply(leader, id, "With you.");
    for (const who of [fellow, otherLeader, outsider, other.admin]) {
      const get = await who.get(url(id));
      expect(get.status).toBe(404);
      expect(get.body.message).toBe("Prayer request not found");
      expect((await who.post(url(id), { message: "Hello" })).status).toBe(404);
    }
    expect((await t.app.inject({ method: "GET", url: url(id) })).statusCode).toBe(401);
    expect(
      (await t.db.select().from(prayerRequestReplies).where(eq(prayerRequestReplies.groupPrayerId, id))).length,
    ).toBe(1);
  });

  it("bad input is a 400 with a sentence, and nothing is stored", async () => {
    const { id } = await share(author, groupId);
    for (const body of [{}, { message: "   " }, { message: 7 }]) {
      const res = await leader.post(url(id), body);
      expect(res.status).toBe(400);
      expect(res.body.message).toBe("Message is required");
    }
    expect(await thread(leader, id)).toEqual([]);
  });

  it("follows the prayer's fate: answered or hidden closes it (409, readable), the group archived closes it, removed takes it along", async () => {
    const answered = await share(author, groupId);
    const kept = await reply(leader, answered.id, "Praying.");
    expect((await author.patch(`/api/groups/${groupId}/prayers/${answered.id}/answered`, {})).status).toBe(200);
    for (const who of [author, leader, c.admin]) {
      const res = await who.post(url(answered.id), { message: "One more" });
      expect(res.status).toBe(409);
      expect(res.body.message).toBe("This prayer has been answered: its replies are closed.");
      expect(await thread(who, answered.id)).toEqual([kept]);
    }

    const hidden = await share(author, groupId);
    await reply(author, hidden.id, "Please pray.");
    await t.db.update(groupPrayers).set({ hiddenAt: new Date() }).where(eq(groupPrayers.id, hidden.id));
    const res = await c.admin.post(url(hidden.id), { message: "More" });
    expect(res.status).toBe(409);
    expect(res.body.message).toBe("This prayer request is hidden: its replies are closed.");

    const g2 = await makeGroup(t.db, c, { leaders: [leader], members: [author] });
    const archived = await share(author, g2);
    await reply(leader, archived.id, "Before the group closed.");
    await t.db.update(groups).set({ archivedAt: new Date() }).where(eq(groups.id, g2));
    expect((await author.post(url(archived.id), { message: "Still there?" })).status).toBe(409);
    expect((await thread(author, archived.id)).length).toBe(1);
    // Leading an archived group is leading nothing: the thread is the author's and the admins'.
    expect((await leader.get(url(archived.id))).status).toBe(404);

    await t.db.delete(groupPrayers).where(eq(groupPrayers.id, hidden.id));
    expect(
      await t.db.select().from(prayerRequestReplies).where(eq(prayerRequestReplies.groupPrayerId, hidden.id)),
    ).toEqual([]);
    expect((await author.get(url(hidden.id))).status).toBe(404);
  });
});

describe("an anonymous group prayer's author, as far as the leader and the pastor can look", () => {
  it("is found in no thread, group list, notification or church-export line about the prayer; the author's own data holds the thread", async () => {
    const c = await createChurch(t.app);
    const author = await addMember(t.app, c, "CONGREGANT", "Zerubbabel");
    const leader = await addMember(t.app, c, "GROUP_LEADER", "Leah");
    const groupId = await makeGroup(t.db, c, { leaders: [leader], members: [author] });
    const marks = [author.user.id, author.user.email, "Zerubbabel"];
    const title = "A quiet burden nobody knows";
    const { id } = await share(author, groupId, { isAnonymous: true, title });
    // The group's notice goes out once per batch time: the anonymous prayer's goes first, so it is
    // the one the members get (the named one after it is batched away, as a member expects).
    await drainJobs(t.app);
    await share(author, groupId, { title: "For my neighbour" });
    await reply(leader, id, "We are with you.");
    await reply(author, id, "Thank you, Leah.");
    await reply(c.admin, id, "Shall we meet?");
    await drainJobs(t.app);

    const leaks = (what: string, body: unknown) => {
      const text = JSON.stringify(body);
      for (const m of marks) expect(text, `${what} names the author`).not.toContain(m);
    };
    for (const who of [leader, c.admin]) {
      const replies = await thread(who, id);
      expect(replies.map((r) => r.fromAuthor)).toEqual([false, true, false]);
      expect(replies[1].author).toBeNull();
      leaks("the thread", replies);
      const list = await who.get(`/api/groups/${groupId}/prayers`);
      leaks(
        "the group's prayer",
        list.body.find((p: { id: string }) => p.id === id),
      );
      const notes = await who.get("/api/notifications");
      expect(notes.status).toBe(200);
      // The leader, a member of the group, was told of it; the pastor, outside it, of the replies only.
      if (who === leader) expect(JSON.stringify(notes.body)).toContain(title);
      leaks("the notifications", notes.body);
    }

    const zip = await t.app.inject({
      method: "GET",
      url: "/api/admin/church-export.zip",
      headers: { cookie: c.admin.cookie ?? "" },
    });
    expect(zip.statusCode).toBe(200);
    const files = await unzip(zip.rawPayload);
    expect(files.get("prayer-request-replies.csv")?.toString("utf8")).toContain("Thank you, Leah.");
    for (const [name, bytes] of files)
      for (const line of bytes.toString("utf8").split("\n"))
        if (line.includes(id) || line.includes(title)) for (const m of marks) expect(line, name).not.toContain(m);

    const own = await t.app.inject({
      method: "GET",
      url: "/api/user/export.zip",
      headers: { cookie: author.cookie ?? "" },
    });
    expect(own.statusCode).toBe(200);
    const mine = JSON.parse(String((await unzip(own.rawPayload)).get("prayer-request-replies.json") ?? "[]")) as {
      groupPrayerId: string;
      message: string;
    }[];
    expect(mine.map((r) => r.message).sort()).toEqual(["Shall we meet?", "Thank you, Leah.", "We are with you."]);
    expect(mine.every((r) => r.groupPrayerId === id)).toBe(true);
    // An admin downloading for her leaves out her anonymous thread.
    const forHer = await t.app.inject({
      method: "GET",
      url: `/api/admin/members/${author.user.id}/export.zip`,
      headers: { cookie: c.admin.cookie ?? "" },
    });
    expect(forHer.statusCode).toBe(200);
    expect(String((await unzip(forHer.rawPayload)).get("prayer-request-replies.json") ?? "[]")).not.toContain(
      "Thank you, Leah.",
    );
  });
});
