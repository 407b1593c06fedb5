import { type TSearchResult, ZSearchAnswer } from "@common/search";
import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { Caller, createTestApp, type TTestApp } from "../../../test/app";
import {
  addMember,
  createChurch,
  createEvent,
  createSermon,
  type TSignedIn,
  type TTestChurch,
} from "../../../test/factories";
import { groupMembers } from "../../db/schema/groups";
import { sermons } from "../../db/schema/sermons";

let t: TTestApp;
beforeAll(async () => {
  t = await createTestApp();
});

async function find(who: Caller, q: string): Promise<TSearchResult[]> {
  const res = await who.get(`/api/search?q=${encodeURIComponent(q)}`);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return ZSearchAnswer.parse(res.body).results;
}

const titles = (results: TSearchResult[], type?: TSearchResult["type"]) =>
  results.filter((r) => !type || r.type === type).map((r) => r.title);

async function pray(who: Caller, over: Record<string, unknown> = {}) {
  const res = await who.post("/api/prayer-requests", {
    title: "Healing for my knee",
    description: "Surgery is on Tuesday morning.",
    ...over,
  });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body as { id: string };
}

async function giveKudos(from: Caller, toUserId: string, over: Record<string, unknown> = {}) {
  const res = await from.post("/api/kudos", {
    toUserId,
    type: "servant_heart",
    category: "service",
    title: "Thank you for the coffee",
    message: "You served every Sunday this month.",
    ...over,
  });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body as { id: string };
}

describe("GET /api/search: sermons and events", () => {
  let c: TTestChurch;
  let member: Caller;
  beforeAll(async () => {
    c = await createChurch(t.app);
    member = await addMember(t.app, c);
    await createSermon(c.admin, {
      title: "The Prodigal Son",
      speaker: "Pastor Miriam Okafor",
      scripture: "Luke 15:11-32",
      series: "Parables",
      description: "A father runs to meet his son.",
    });
    await createSermon(c.admin, { title: "Walking in Faith", speaker: "Pastor John", scripture: "Hebrews 11:1" });
    await createEvent(c.admin, {
      title: "Harvest Potluck",
      location: "Fellowship Hall",
      description: "Bring a dish to share.",
    });
  });

  it("finds a sermon by a word of its title, by its speaker and by its scripture", async () => {
    const byTitle = await find(member, "prodigal");
    expect(byTitle.filter((r) => r.type === "sermon")).toEqual([
      expect.objectContaining({ title: "The Prodigal Son", url: expect.stringMatching(/^\/sermons\/[0-9a-f-]{36}$/) }),
    ]);
    expect(byTitle[0].snippet).toContain("Pastor Miriam Okafor");
    expect(titles(await find(member, "Okafor"), "sermon")).toEqual(["The Prodigal Son"]);
    expect(titles(await find(member, "Luke 15"), "sermon")).toEqual(["The Prodigal Son"]);
    expect(titles(await find(member, "Hebrews"), "sermon")).toEqual(["Walking in Faith"]);
  });

  it("matches the last word as a prefix, as the member types it", async () => {
    expect(titles(await find(member, "prod"), "sermon")).toEqual(["The Prodigal Son"]);
    expect(titles(await find(member, "prodigal s"), "sermon")).toEqual(["The Prodigal Son"]);
    // Only the last word is a prefix: the words before it are whole words.
    expect(titles(await find(member, "prod son"), "sermon")).toEqual([]);
    expect(titles(await find(member, "harv"), "event")).toEqual(["Harvest Potluck"]);
  });

  it("finds events by their place and answers their page", async () => {
    const [found] = (await find(member, "fellowship hall")).filter((r) => r.type === "event");
    expect(found).toMatchObject({
      title: "Harvest Potluck",
      url: expect.stringMatching(/^\/events\/[0-9a-f-]{36}$/),
    });
    expect(found.snippet).toContain("Fellowship Hall");
  });

  it("ranks a title match above a match in the description", async () => {
    const c2 = await createChurch(t.app);
    await createSermon(c2.admin, { title: "Living Hope", description: "On the mountain of transfiguration." });
    await createSermon(c2.admin, { title: "Transfiguration", description: "Jesus on the mountain." });
    const results = await find(c2.admin, "transfiguration");
    expect(titles(results, "sermon")).toEqual(["Transfiguration", "Living Hope"]);
    // The description match shows where the word is.
    expect(results.find((r) => r.title === "Living Hope")?.snippet).toContain("transfiguration");
  });

  it("never shows a draft sermon to a member; an admin finds it", async () => {
    const draft = await createSermon(c.admin, { title: "Unfinished Recording" });
    // A draft is what a stopped live stream leaves; mark this one as such directly.
    await t.db.update(sermons).set({ isDraft: true }).where(eq(sermons.id, draft.id));
    expect(titles(await find(member, "unfinished"), "sermon")).toEqual([]);
    expect(titles(await find(c.admin, "unfinished"), "sermon")).toEqual(["Unfinished Recording"]);
  });

  it("never shows another church's content", async () => {
    const other = await createChurch(t.app);
    await createSermon(other.admin, { title: "Prodigal Returns" });
    await pray(other.admin, { title: "Prodigal nephew" });
    expect(titles(await find(member, "prodigal"))).toEqual(["The Prodigal Son"]);
    expect(titles(await find(other.admin, "prodigal")).sort()).toEqual(["Prodigal Returns", "Prodigal nephew"]);
  });
});

describe("GET /api/search: prayer requests and kudos", () => {
  it("never names an anonymous request's author", async () => {
    const c = await createChurch(t.app);
    const author = await addMember(t.app, c, "CONGREGANT", "Zebulon");
    const other = await addMember(t.app, c);
    await pray(author, { title: "Strength for my family", isAnonymous: true });
    for (const who of [other, c.admin, author]) {
      const results = (await find(who, "strength")).filter((r) => r.type === "prayer");
      expect(results).toHaveLength(1);
      expect(JSON.stringify(results)).not.toMatch(/Zebulon|User/);
      expect(results[0].url).toMatch(/^\/prayer-requests/);
    }
    // Searching for the author's name finds nothing of theirs.
    expect((await find(other, "Zebulon")).filter((r) => r.type === "prayer")).toEqual([]);
  });

  it("shows a hidden request to its author and admins only", async () => {
    const c = await createChurch(t.app);
    const author = await addMember(t.app, c);
    const other = await addMember(t.app, c, "GROUP_LEADER");
    const r = await pray(author, { title: "Quarrelsome neighbors" });
    expect(titles(await find(other, "quarrelsome"))).toEqual(["Quarrelsome neighbors"]);
    expect((await c.admin.patch(`/api/prayer-requests/${r.id}/hidden`, { hidden: true })).status).toBe(200);
    expect(titles(await find(other, "quarrelsome"))).toEqual([]);
    expect(titles(await find(author, "quarrelsome"))).toEqual(["Quarrelsome neighbors"]);
    expect(titles(await find(c.admin, "quarrelsome"))).toEqual(["Quarrelsome neighbors"]);
  });

  it("shows a request for the pastors only to admins and its author", async () => {
    const c = await createChurch(t.app);
    const author = await addMember(t.app, c);
    const leader = await addMember(t.app, c, "GROUP_LEADER");
    await pray(author, { title: "Private burden", visibility: "leaders" });
    expect(titles(await find(leader, "burden"))).toEqual([]);
    expect(titles(await find(author, "burden"))).toEqual(["Private burden"]);
    expect(titles(await find(c.admin, "burden"))).toEqual(["Private burden"]);
  });

  it("shows kudos as the kudos page does: approved ones, and the sender's own", async () => {
    const c = await createChurch(t.app);
    const alice = await addMember(t.app, c, "CONGREGANT", "Alice");
    const bob = await addMember(t.app, c, "CONGREGANT", "Bob");
    const carol = await addMember(t.app, c, "CONGREGANT", "Carol");
    const pending = await giveKudos(alice, bob.user.id, { title: "Marvelous ushering" });
    expect(titles(await find(carol, "marvelous"))).toEqual([]);
    expect(titles(await find(bob, "marvelous"))).toEqual([]);
    expect(titles(await find(alice, "marvelous"))).toEqual(["Marvelous ushering"]);

    expect((await c.admin.post(`/api/admin/kudos/${pending.id}/approve`)).status).toBe(200);
    const [found] = await find(carol, "marvelous");
    expect(found).toMatchObject({ type: "kudos", title: "Marvelous ushering" });
    expect(found.snippet).toBe("You served every Sunday this month.");
  });
});

describe("GET /api/search: pages, input and access", () => {
  it("finds the app's pages by name; admin pages only for admins", async () => {
    const c = await createChurch(t.app);
    const member = await addMember(t.app, c);
    const leader = await addMember(t.app, c, "GROUP_LEADER");
    expect(await find(member, "prayer req")).toEqual([
      { type: "page", id: "prayer-requests", title: "Prayer Requests", snippet: "Page", url: "/prayer-requests" },
    ]);
    expect(titles(await find(member, "growth"), "page")).toEqual(["Growth Journey"]);
    expect(titles(await find(leader, "growth"), "page")).toEqual(["Growth Journey"]);
    expect(titles(await find(c.admin, "growth"), "page")).toEqual(["Growth Journey", "Growth Analytics"]);
    expect(await find(member, "church settings")).toEqual([]);
    expect(titles(await find(c.admin, "church settings"), "page")).toEqual(["Church Settings"]);
  });

  it("answers nothing under 2 characters, and treats query syntax as plain words", async () => {
    const c = await createChurch(t.app);
    await createSermon(c.admin, { title: "A Sermon on Psalms" });
    expect(await find(c.admin, "p")).toEqual([]);
    expect(await find(c.admin, " p ")).toEqual([]);
    expect(await find(c.admin, "")).toEqual([]);
    expect((await c.admin.get("/api/search")).body).toEqual({ results: [] });
    // tsquery operators and quotes are not syntax: the words between them are searched for.
    expect(titles(await find(c.admin, "psalms') | !(x:* & '"), "sermon")).toEqual([]);
    expect(titles(await find(c.admin, "'psalms'"), "sermon")).toEqual(["A Sermon on Psalms"]);
    expect(titles(await find(c.admin, "!!! :*"))).toEqual([]);
  });

  it("refuses a query over 200 characters with a sentence", async () => {
    const c = await createChurch(t.app);
    const res = await c.admin.get(`/api/search?q=${"a".repeat(201)}`);
    expect(res.status).toBe(400);
    expect(res.body.message).toBe("A search can be at most 200 characters long.");
  });

  it("is for signed-in members of a church only", async () => {
    expect((await new Caller(t.app).get("/api/search?q=prayer")).status).toBe(401);
  });
});

async function makeGroup(admin: Caller, over: Record<string, unknown> = {}): Promise<{ id: string }> {
  const res = await admin.post("/api/groups", {
    name: "Tuesday Bible Study",
    description: "We read Romans slowly, with coffee.",
    kind: "bible_study",
    location: "Room 4",
    joinPolicy: "open",
    visibility: "listed",
    ...over,
  });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body as { id: string };
}

describe("GET /api/search: groups", () => {
  let c: TTestChurch;
  let member: TSignedIn;
  let leader: TSignedIn;
  let otherLeader: TSignedIn;
  let listed: { id: string };
  let unlisted: { id: string };
  beforeAll(async () => {
    c = await createChurch(t.app);
    [member, leader, otherLeader] = await Promise.all([
      addMember(t.app, c),
      addMember(t.app, c, "CONGREGANT", "Lydia"),
      addMember(t.app, c, "GROUP_LEADER", "Otto"),
    ]);
    listed = await makeGroup(c.admin, { leaderIds: [otherLeader.user.id] });
    unlisted = await makeGroup(c.admin, {
      name: "Elders Prayer Circle",
      description: "Romans 12 and prayer for the church.",
      kind: "prayer",
      visibility: "unlisted",
      joinPolicy: "invite",
      leaderIds: [leader.user.id],
    });
    const archived = await makeGroup(c.admin, { name: "Old Romans Class", description: "Archived." });
    expect((await c.admin.delete(`/api/groups/${archived.id}`)).status).toBeLessThan(300);
  });

  it("finds a listed group by its name and description, linking to its page", async () => {
    const found = (await find(member, "tuesday bible")).filter((r) => r.type === "group");
    expect(found).toEqual([
      {
        type: "group",
        id: listed.id,
        title: "Tuesday Bible Study",
        snippet: "Room 4 · We read Romans slowly, with coffee.",
        url: `/groups/${listed.id}`,
      },
    ]);
    expect(titles(await find(member, "coff"), "group")).toEqual(["Tuesday Bible Study"]);
  });

  it("an unlisted group: only its leader, its members and admins find it; an archived one nobody", async () => {
    // A congregant and the leader of another group see the listed group only.
    expect(titles(await find(member, "romans"), "group")).toEqual(["Tuesday Bible Study"]);
    expect(titles(await find(otherLeader, "romans"), "group")).toEqual(["Tuesday Bible Study"]);
    // This group's leader and the admin see it too (a name match first); nobody sees the archived one.
    expect(titles(await find(leader, "romans"), "group").sort()).toEqual([
      "Elders Prayer Circle",
      "Tuesday Bible Study",
    ]);
    expect(titles(await find(c.admin, "romans"), "group").sort()).toEqual([
      "Elders Prayer Circle",
      "Tuesday Bible Study",
    ]);
    expect(titles(await find(c.admin, "old class"), "group")).toEqual([]);
    // Added as a member, a congregant finds it as well.
    await t.db.insert(groupMembers).values({ groupId: unlisted.id, churchId: c.church.id, userId: member.user.id });
    expect(titles(await find(member, "elders"), "group")).toEqual(["Elders Prayer Circle"]);
  });

  it("never finds another church's groups, listed or not", async () => {
    const b = await createChurch(t.app);
    const bMember = await addMember(t.app, b);
    expect(titles(await find(bMember, "romans"), "group")).toEqual([]);
    expect(titles(await find(b.admin, "tuesday"), "group")).toEqual([]);
    expect(titles(await find(b.admin, "elders"), "group")).toEqual([]);
  });

  it("finds the Groups and Directory pages, named in the member's language", async () => {
    expect(await find(member, "groups")).toContainEqual({
      type: "page",
      id: "groups",
      title: "Groups",
      snippet: "Page",
      url: "/groups",
    });
    expect(titles(await find(member, "directory"), "page")).toEqual(["Directory"]);
    expect((await member.patch("/api/user/preferences", { language: "es" })).status).toBe(200);
    expect((await find(member, "grupos")).filter((r) => r.type === "page")).toEqual([
      { type: "page", id: "groups", title: "Grupos", snippet: "Página", url: "/groups" },
    ]);
    // The English names still find it, titled in Spanish.
    expect(titles(await find(member, "directory"), "page")).toEqual(["Directorio"]);
    expect((await member.patch("/api/user/preferences", { language: null })).status).toBe(200);
  });
});
