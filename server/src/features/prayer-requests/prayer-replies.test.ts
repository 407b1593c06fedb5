import { PRAYER_REPLY_MAX, type TPrayerReply, ZPrayerReply } from "@common/prayer-replies";
import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { type Caller, createTestApp, type TTestApp } from "../../../test/app";
import { addMember, createChurch, type TSignedIn, type TTestChurch } from "../../../test/factories";
import { drainJobs } from "../../../test/jobs";
import { unzip } from "../../../test/zip";
import { notifications } from "../../db/schema/community";
import { prayerRequestReplies, prayerRequests } from "../../db/schema/prayer";

/**
 * Issue 28: a pastor's private reply to a prayer request. The thread is its author's and the
 * church's admins'; nobody else learns it exists, and nothing in it, or in anything the admins can
 * read, ties an anonymous request to its author.
 */

let t: TTestApp;
beforeAll(async () => {
  t = await createTestApp();
});

const url = (id: string) => `/api/prayer-requests/${id}/replies`;

async function ask(who: Caller, over: Record<string, unknown> = {}): Promise<string> {
  const res = await who.post("/api/prayer-requests", {
    title: "Strength for this week",
    description: "Work has been very hard.",
    isAnonymous: false,
    ...over,
  });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body.id;
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

describe("a prayer request's private replies", () => {
  let c: TTestChurch;
  let author: TSignedIn;
  let congregant: TSignedIn;
  let leader: TSignedIn;
  let admin2: TSignedIn;
  let other: TTestChurch;

  beforeAll(async () => {
    c = await createChurch(t.app);
    author = await addMember(t.app, c, "CONGREGANT", "Hannah");
    congregant = await addMember(t.app, c, "CONGREGANT", "Eli");
    leader = await addMember(t.app, c, "GROUP_LEADER", "Gideon");
    admin2 = await addMember(t.app, c, "ADMIN", "Deborah");
    other = await createChurch(t.app);
  });

  it("a pastor replies, the author is told and answers, and the pastor is told", async () => {
    const id = await ask(author);
    const first = await reply(c.admin, id, "  We are praying for you, Hannah.  ");
    expect(first).toMatchObject({
      message: "We are praying for you, Hannah.",
      fromAuthor: false,
      author: { id: c.admin.user.id, firstName: "Pastor", lastName: "Admin" },
    });
    const heard = (await noticesOf(author)).filter((n) => n.relatedId === id);
    expect(heard).toMatchObject([
      { kind: "prayer_replied", title: "A pastor replied", link: `/prayer-requests?thread=${id}` },
    ]);

    const answer = await reply(author, id, "Thank you, it means a lot.");
    // A named request's author is not named in their own replies either: the thread is theirs.
    expect(answer).toMatchObject({ fromAuthor: true, author: null });
    expect(await thread(author, id)).toEqual([first, answer]);
    expect(await thread(admin2, id)).toEqual([first, answer]);

    // The pastor who replied is told; another admin who did not reply is not, nor the author.
    const toPastor = (await noticesOf(c.admin)).filter((n) => n.kind === "prayer_reply_answered");
    expect(toPastor).toMatchObject([{ title: "The person who asked answered", relatedId: id }]);
    expect((await noticesOf(admin2)).filter((n) => n.kind === "prayer_reply_answered")).toEqual([]);
    expect((await noticesOf(author)).filter((n) => n.kind === "prayer_reply_answered")).toEqual([]);
    const [stored] = await t.db.select().from(prayerRequestReplies).where(eq(prayerRequestReplies.id, answer.id));
    expect(stored).toMatchObject({ authorId: null, fromAuthor: true });
  });

  it("the author's first word, before any pastor replied, reaches every admin", async () => {
    const id = await ask(author, { isAnonymous: true });
    await reply(author, id, "Is anyone there?");
    for (const a of [c.admin, admin2])
      expect((await noticesOf(a)).filter((n) => n.relatedId === id)).toMatchObject([{ kind: "prayer_reply_answered" }]);
  });

  it("nobody else reads or writes the thread: other members, group leaders, another church (404), signed out (401)", async () => {
    const id = await ask(author);
    await reply(c.admin, id, "With you.");
    for (const who of [congregant, leader, other.admin]) {
      const get = await who.get(url(id));
      expect(get.status).toBe(404);
      expect(get.body.message).toBe("Prayer request not found");
      expect((await who.post(url(id), { message: "Hello" })).status).toBe(404);
    }
    const signedOut = await t.app.inject({ method: "GET", url: url(id) });
    expect(signedOut.statusCode).toBe(401);
    expect((await c.admin.get(url("9b0c6f4e-0000-4000-8000-000000000000"))).status).toBe(404);
    expect((await t.db.select().from(prayerRequestReplies).where(eq(prayerRequestReplies.requestId, id))).length).toBe(
      1,
    );
  });

  it("bad input is a 400 with a sentence, and nothing is stored", async () => {
    const id = await ask(author);
    const cases: [unknown, string][] = [
      [{}, "Message is required"],
      [{ message: "   " }, "Message is required"],
      [{ message: 7 }, "Message is required"],
      [{ message: "x".repeat(PRAYER_REPLY_MAX + 1) }, `Message must be at most ${PRAYER_REPLY_MAX} characters`],
    ];
    for (const [body, message] of cases) {
      const res = await c.admin.post(url(id), body);
      expect(res.status, JSON.stringify(res.body)).toBe(400);
      expect(res.body.message).toBe(message);
    }
    // A malformed id is the same 404 as an unknown one (lib/params.ts).
    expect((await c.admin.get(url("not-an-id"))).status).toBe(404);
    expect(await thread(c.admin, id)).toEqual([]);
    // The longest allowed is taken.
    await reply(author, id, "y".repeat(PRAYER_REPLY_MAX));
  });

  it("follows the request's fate: answered or hidden closes it (409, still readable), deleted takes it along", async () => {
    const answered = await ask(author);
    const kept = await reply(c.admin, answered, "Praying.");
    expect((await author.patch(`/api/prayer-requests/${answered}/answered`, {})).status).toBe(200);
    for (const who of [author, c.admin]) {
      const res = await who.post(url(answered), { message: "One more" });
      expect(res.status).toBe(409);
      expect(res.body.message).toBe("This prayer has been answered: its replies are closed.");
      expect(await thread(who, answered)).toEqual([kept]);
    }

    const hidden = await ask(author, { isAnonymous: true });
    await reply(author, hidden, "Please pray.");
    expect((await c.admin.patch(`/api/prayer-requests/${hidden}/hidden`, { hidden: true })).status).toBe(200);
    for (const who of [author, c.admin]) {
      const res = await who.post(url(hidden), { message: "More" });
      expect(res.status).toBe(409);
      expect(res.body.message).toBe("This prayer request is hidden: its replies are closed.");
      expect((await thread(who, hidden)).length).toBe(1);
    }

    await t.db.delete(prayerRequests).where(eq(prayerRequests.id, hidden));
    expect(await t.db.select().from(prayerRequestReplies).where(eq(prayerRequestReplies.requestId, hidden))).toEqual(
      [],
    );
    expect((await author.get(url(hidden))).status).toBe(404);
  });

  it("answers in the caller's language", async () => {
    const id = await ask(author);
    const res = await c.admin.request("POST", url(id), { message: "" }, { "accept-language": "es" });
    expect(res.status).toBe(400);
    expect(res.body.message).not.toBe("Message is required");
  });
});

/** Every record (an element of any list) of an answer, to look for what ties a person to a request. */
function records(x: unknown): unknown[] {
  if (Array.isArray(x)) return x.flatMap(records);
  if (x && typeof x === "object") {
    const nested = Object.values(x).filter((v) => Array.isArray(v));
    return nested.length > 0 ? nested.flatMap(records) : [x];
  }
  return [];
}

describe("an anonymous request's author, as far as the pastor can look", () => {
  it("is found in no answer the admin can ask for, nor tied to the request in the church export", async () => {
    const c = await createChurch(t.app);
    const author = await addMember(t.app, c, "CONGREGANT", "Zerubbabel");
    const marks = [author.user.id, author.user.email, "Zerubbabel"];
    const title = "A quiet burden nobody knows";
    const id = await ask(author, { isAnonymous: true, title });
    // Some ordinary life of the author, so that their name does appear in the church's other rows.
    await ask(author, { title: "For my neighbour" });
    await reply(c.admin, id, "We are with you.");
    await reply(author, id, "Thank you, pastor.");
    await reply(c.admin, id, "Shall we meet?");
    await drainJobs(t.app);

    const leaks = (what: string, body: unknown) => {
      const text = JSON.stringify(body);
      for (const m of marks) expect(text, `${what} names the author`).not.toContain(m);
    };
    // The thread, the wall's anonymous request, the admin's notifications: nothing of the author at all.
    const replies = await c.admin.get(url(id));
    expect(replies.body.map((r: TPrayerReply) => r.fromAuthor)).toEqual([false, true, false]);
    expect(replies.body[1].author).toBeNull();
    leaks("the thread", replies.body);
    const wall = await c.admin.get("/api/prayer-requests?limit=100");
    leaks(
      "the wall's request",
      wall.body.find((r: { id: string }) => r.id === id),
    );
    const notes = await c.admin.get("/api/notifications");
    expect(notes.status).toBe(200);
    expect(JSON.stringify(notes.body)).toContain("The person who asked answered");
    leaks("the admin's notifications", notes.body);

    // The lists that name the author elsewhere: no entry about the request names them.
    for (const path of [
      "/api/prayer-requests?limit=100",
      "/api/admin/audit",
      "/api/admin/recent-activity",
      "/api/admin/stats",
    ]) {
      const res = await c.admin.get(path);
      expect(res.status, path).toBe(200);
      for (const r of records(res.body)) {
        const text = JSON.stringify(r);
        if (text.includes(id) || text.includes(title)) leaks(path, r);
      }
    }

    const zip = await t.app.inject({
      method: "GET",
      url: "/api/admin/church-export.zip",
      headers: { cookie: c.admin.cookie ?? "" },
    });
    expect(zip.statusCode).toBe(200);
    const files = await unzip(zip.rawPayload);
    const repliesCsv = files.get("prayer-request-replies.csv")?.toString("utf8") ?? "";
    expect(repliesCsv).toContain("Thank you, pastor.");
    for (const [name, bytes] of files) {
      for (const line of bytes.toString("utf8").split("\n")) {
        if (line.includes(id) || line.includes(title)) for (const m of marks) expect(line, name).not.toContain(m);
      }
    }
  });
});

describe("the replies in a member's own data", () => {
  const download = async (who: TSignedIn, path: string) => {
    const res = await t.app.inject({ method: "GET", url: path, headers: { cookie: who.cookie ?? "" } });
    expect(res.statusCode, res.body).toBe(200);
    const files = await unzip(res.rawPayload);
    return JSON.parse(String(files.get("prayer-request-replies.json") ?? "[]")) as Record<string, unknown>[];
  };

  it("holds the threads of their own requests, and a pastor's replies; an admin's copy for them leaves out their anonymous threads", async () => {
    const c = await createChurch(t.app);
    const author = await addMember(t.app, c, "CONGREGANT", "Ruth");
    const named = await ask(author);
    const anonymous = await ask(author, { isAnonymous: true });
    const elsewhere = await ask(await addMember(t.app, c), {});
    await reply(c.admin, named, "Praying, Ruth.");
    await reply(author, anonymous, "Nobody knows this yet.");
    await reply(c.admin, elsewhere, "Not Ruth's thread.");

    const own = await download(author, "/api/user/export.zip");
    expect(own.map((r) => [r.requestId, r.message]).sort()).toEqual(
      [
        [named, "Praying, Ruth."],
        [anonymous, "Nobody knows this yet."],
      ].sort(),
    );
    const pastors = await download(c.admin, "/api/user/export.zip");
    expect(pastors.map((r) => r.message).sort()).toEqual(["Not Ruth's thread.", "Praying, Ruth."]);
    const forHer = await download(c.admin, `/api/admin/members/${author.user.id}/export.zip`);
    expect(forHer.map((r) => r.message)).toEqual(["Praying, Ruth."]);
  });
});
