import { randomUUID } from "node:crypto";
import { MEMBER_EXPORT_LIMITED, MEMBER_EXPORT_STATUS_URL, MEMBER_EXPORT_URL } from "@common/member-data";
import { adminMemberExportUrl } from "@common/member-data-helpers";
import { parse } from "csv-parse/sync";
import { eq } from "drizzle-orm";
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { createTestApp, type TTestApp } from "../../../test/app";
import { findAuditEntries } from "../../../test/audit-entries";
import {
  addMember,
  createChurch,
  setTimeZone,
  signUp,
  type TSignedIn,
  type TTestChurch,
} from "../../../test/factories";
import { unzip } from "../../../test/zip";
import { kudos, notifications, pushSubscriptions } from "../../db/schema/community";
import { eventAttendance, events } from "../../db/schema/events";
import { groupMembers, groupPosts, groupPrayerPrayed, groupPrayers, groups } from "../../db/schema/groups";
import { sermonHighlights } from "../../db/schema/highlights";
import { prayerRequestPrayers, prayerRequests } from "../../db/schema/prayer";
import { sermons, sermonViews } from "../../db/schema/sermons";
import { users } from "../../db/schema/users";

let t: TTestApp;
beforeAll(async () => {
  t = await createTestApp({}, { runJobs: false });
});
afterEach(() => {
  vi.useRealTimers();
});

async function download(caller: TSignedIn | null) {
  return t.app.inject({
    method: "GET",
    url: MEMBER_EXPORT_URL,
    headers: caller?.cookie ? { cookie: caller.cookie } : {},
  });
}

type TSeeded = TTestChurch & { me: TSignedIn; bob: TSignedIn; carol: TSignedIn; ids: Record<string, string> };

/**
 * A church where `me` has rows of many kinds, `bob` is the counterpart of two kudos, and `carol`
 * (a stranger to `me`) has rows of the same kinds, her anonymous request prayed for by `me`.
 */
async function seed(label: string): Promise<TSeeded> {
  const c = await createChurch(t.app, `${label} Chapel`);
  const me = await addMember(t.app, c, "CONGREGANT", `${label}Ann`);
  const bob = await addMember(t.app, c, "CONGREGANT", `${label}Bob`);
  const carol = await addMember(t.app, c, "CONGREGANT", `${label}Carol`);
  const churchId = c.church.id;
  const db = t.db;
  const [meId, bobId, carolId, adminId] = [me.user.id, bob.user.id, carol.user.id, c.admin.user.id];
  await db
    .update(users)
    .set({ phone: `${label}-phone-555`, bio: `${label} my bio` })
    .where(eq(users.id, meId));

  const [sermon] = await db
    .insert(sermons)
    .values({ churchId, title: `${label} sermon`, speaker: "Pastor", date: "2026-11-01" })
    .returning();
  await db.insert(sermonViews).values([
    { sermonId: sermon.id, userId: meId, day: "2026-11-02" },
    { sermonId: sermon.id, userId: carolId, day: "2026-11-03" },
  ]);
  await db.insert(sermonHighlights).values([
    { churchId, sermonId: sermon.id, userId: meId, timestamp: 60, text: `${label} shared highlight`, isShared: true },
    { churchId, sermonId: sermon.id, userId: meId, timestamp: 90, text: `${label} my private note` },
    { churchId, sermonId: sermon.id, userId: carolId, timestamp: 30, text: `${label} carol note`, isShared: true },
  ]);
  const [named, anonymous, carolsAnonymous] = await db
    .insert(prayerRequests)
    .values([
      { churchId, authorId: meId, title: `${label} my request`, description: "Please pray" },
      { churchId, authorId: meId, title: `${label} my quiet request`, description: "Quietly", isAnonymous: true },
      { churchId, authorId: carolId, title: `${label} carol quiet`, description: "Shh", isAnonymous: true },
    ])
    .returning();
  await db.insert(prayerRequestPrayers).values([
    // Mine for my own anonymous request (mine to see), mine for Carol's (names the request, not her).
    { requestId: anonymous.id, churchId, userId: meId, day: "2026-11-20" },
    { requestId: carolsAnonymous.id, churchId, userId: meId, day: "2026-11-20" },
    { requestId: carolsAnonymous.id, churchId, userId: carolId, day: "2026-11-20" },
  ]);
  await db.insert(notifications).values([
    {
      churchId,
      userId: meId,
      type: "prayer",
      kind: "prayer_prayed",
      title: "Someone prayed for you",
      message: `${label} someone prayed`,
      relatedId: anonymous.id,
    },
    { churchId, userId: carolId, type: "other", kind: "test", title: `${label} carol notification`, message: "Hi" },
  ]);
  const [given, received] = await db
    .insert(kudos)
    .values([
      {
        churchId,
        fromUserId: meId,
        toUserId: bobId,
        type: "thanks",
        category: "service",
        title: `${label} kudos given`,
        message: "Thank you",
      },
      {
        churchId,
        fromUserId: bobId,
        toUserId: meId,
        type: "thanks",
        category: "service",
        title: `${label} kudos received`,
        message: "Thanks",
        status: "approved",
      },
      // Carol's rejected kudos to me: the app never showed it to me.
      {
        churchId,
        fromUserId: carolId,
        toUserId: meId,
        type: "thanks",
        category: "service",
        title: `${label} kudos rejected`,
        message: "Thanks",
        status: "rejected",
      },
    ])
    .returning();
  const [group] = await db
    .insert(groups)
    .values({ churchId, name: `${label} group`, kind: "bible_study", createdBy: adminId })
    .returning();
  await db.insert(groupMembers).values([
    { groupId: group.id, churchId, userId: meId, role: "member" },
    { groupId: group.id, churchId, userId: carolId, role: "member" },
  ]);
  await db.insert(groupPosts).values([
    { groupId: group.id, churchId, authorId: meId, message: `${label} my post` },
    { groupId: group.id, churchId, authorId: carolId, message: `${label} carol post` },
  ]);
  // Group prayer: my anonymous request and my own "I prayed" for it (the church export leaves that
  // tap out, my own export holds it), mine for Carol's anonymous one, hers for her own.
  const [myGroupPrayer, carolsGroupPrayer] = await db
    .insert(groupPrayers)
    .values([
      {
        groupId: group.id,
        churchId,
        authorId: meId,
        title: `${label} my group quiet`,
        description: "Hm",
        isAnonymous: true,
      },
      {
        groupId: group.id,
        churchId,
        authorId: carolId,
        title: `${label} carol group quiet`,
        description: "Hm",
        isAnonymous: true,
      },
    ])
    .returning();
  await db.insert(groupPrayerPrayed).values([
    { prayerId: myGroupPrayer.id, churchId, userId: meId, day: "2026-11-21" },
    { prayerId: carolsGroupPrayer.id, churchId, userId: meId, day: "2026-11-21" },
    { prayerId: carolsGroupPrayer.id, churchId, userId: carolId, day: "2026-11-21" },
  ]);
  const start = new Date("2026-12-01T18:00:00Z");
  const [event] = await db
    .insert(events)
    .values({
      churchId,
      title: `${label} event`,
      description: "Come",
      location: "Hall",
      startTime: start,
      endTime: start,
    })
    .returning();
  await db.insert(eventAttendance).values([
    { eventId: event.id, userId: meId, isGoing: true },
    { eventId: event.id, userId: carolId, isGoing: true },
  ]);
  const pushSecret = `${label}-push-${randomUUID()}`;
  await db.insert(pushSubscriptions).values({
    churchId,
    userId: meId,
    endpoint: `https://push.example/${pushSecret}`,
    p256dh: `${pushSecret}-p256dh`,
    auth: `${pushSecret}-auth`,
  });
  return {
    ...c,
    me,
    bob,
    carol,
    ids: {
      named: named.id,
      anonymous: anonymous.id,
      carolsAnonymous: carolsAnonymous.id,
      given: given.id,
      received: received.id,
      pushSecret,
      myGroupPrayer: myGroupPrayer.id,
      carolsGroupPrayer: carolsGroupPrayer.id,
    },
  };
}

const json = (files: Map<string, Buffer>, name: string) => {
  const file = files.get(name);
  expect(file, `${name} is in the archive`).toBeDefined();
  return JSON.parse(String(file)) as Record<string, unknown>[];
};
const csv = (files: Map<string, Buffer>, name: string) =>
  parse(String(files.get(name)), { columns: true }) as Record<string, string>[];

describe("GET /api/user/export.zip", () => {
  let a: TSeeded;
  let b: TSeeded;
  let files: Map<string, Buffer>;
  let text: string;
  beforeAll(async () => {
    a = await seed("alpha");
    b = await seed("beta");
    const res = await download(a.me);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers["content-type"]).toBe("application/zip");
    expect(res.headers["content-disposition"]).toMatch(
      /^attachment; filename="my-fellowship-data-\d{4}-\d{2}-\d{2}\.zip"$/,
    );
    files = await unzip(res.rawPayload);
    text = [...files.values()].map(String).join("\n");
  });

  it("holds a README naming the member and the date, profile.json, and a JSON and a CSV per kind", () => {
    const readme = String(files.get("README.txt"));
    expect(readme).toContain("alphaAnn User");
    expect(readme).toContain(new Date().toISOString().slice(0, 10));
    for (const name of [
      "sermon-views",
      "highlights",
      "prayer-requests",
      "prayers",
      "kudos",
      "group-posts",
      "event-attendance",
    ]) {
      expect(files.has(`${name}.json`), name).toBe(true);
      expect(files.has(`${name}.csv`), name).toBe(true);
      expect(readme).toContain(`${name}.json`);
    }
    // The church's own rows (sermons, events, groups) and the members list are not a member's.
    for (const name of ["sermons.csv", "events.csv", "groups.csv", "church.csv", "members.csv"]) {
      expect(files.has(name), name).toBe(false);
    }
    const profile = JSON.parse(String(files.get("profile.json")));
    expect(profile).toMatchObject({
      id: a.me.user.id,
      email: a.me.user.email,
      firstName: "alphaAnn",
      phone: "alpha-phone-555",
      bio: "alpha my bio",
      church: "alpha Chapel",
    });
    expect(Object.keys(profile)).not.toContain("passwordHash");
  });

  it("holds the member's rows of every kind, private notes and their anonymous request (marked) included", () => {
    const me = a.me.user.id;
    expect(json(files, "sermon-views.json")).toEqual([expect.objectContaining({ userId: me, day: "2026-11-02" })]);
    expect(
      json(files, "highlights.json")
        .map((h) => h.text)
        .sort(),
    ).toEqual(["alpha my private note", "alpha shared highlight"]);
    const requests = json(files, "prayer-requests.json");
    expect(requests).toHaveLength(2);
    expect(requests.find((r) => r.id === a.ids.named)).toMatchObject({ authorId: me, isAnonymous: false });
    expect(requests.find((r) => r.id === a.ids.anonymous)).toMatchObject({
      title: "alpha my quiet request",
      isAnonymous: true,
    });
    expect(
      json(files, "prayers.json")
        .map((p) => p.requestId)
        .sort(),
    ).toEqual([a.ids.anonymous, a.ids.carolsAnonymous].sort());
    expect(json(files, "notifications.json")).toEqual([
      expect.objectContaining({ relatedId: a.ids.anonymous, message: "alpha someone prayed" }),
    ]);
    const k = json(files, "kudos.json");
    expect(k.map((r) => r.id).sort()).toEqual([a.ids.given, a.ids.received].sort());
    expect(json(files, "group-posts.json")).toEqual([
      expect.objectContaining({ authorId: me, message: "alpha my post" }),
    ]);
    expect(json(files, "group-members.json")).toEqual([expect.objectContaining({ userId: me })]);
    // Their own anonymous group request (no author shown, as everywhere) and every "I prayed" of
    // theirs, the one for their own anonymous request included; Carol's own tap is not theirs.
    expect(json(files, "group-prayers.json")).toEqual([
      expect.objectContaining({ id: a.ids.myGroupPrayer, isAnonymous: true, authorId: null }),
    ]);
    const prayed = json(files, "group-prayers-prayed.json");
    expect(prayed.map((p) => p.prayerId).sort()).toEqual([a.ids.myGroupPrayer, a.ids.carolsGroupPrayer].sort());
    expect(prayed.every((p) => p.userId === me)).toBe(true);
    expect(csv(files, "group-prayers-prayed.csv")).toHaveLength(2);
    expect(json(files, "event-attendance.json")).toEqual([expect.objectContaining({ userId: me, isGoing: true })]);
    expect(json(files, "push-subscriptions.json")).toEqual([expect.objectContaining({ userId: me })]);
    // The CSV holds the same rows as the JSON.
    expect(
      csv(files, "kudos.csv")
        .map((r) => r.id)
        .sort(),
    ).toEqual(k.map((r) => r.id).sort());
    expect(csv(files, "highlights.csv")).toHaveLength(2);
    expect(csv(files, "prayer-requests.csv").find((r) => r.id === a.ids.anonymous)?.isAnonymous).toBe("true");
  });

  it("holds nothing of another member (a counterpart only as an id in kudos), nor another church, nor a secret", async () => {
    const [carol] = await t.db.select().from(users).where(eq(users.id, a.carol.user.id));
    for (const leak of [
      carol.id,
      carol.email,
      "alphaCarol",
      "carol note",
      "carol post",
      "carol quiet",
      "carol group quiet",
      "kudos rejected",
    ]) {
      expect(text, leak).not.toContain(leak);
    }
    // Bob gave and received kudos: his id is in kudos.json/.csv, his name and e-mail nowhere.
    for (const [name, file] of files) {
      if (name.startsWith("kudos.")) continue;
      expect(String(file), name).not.toContain(a.bob.user.id);
    }
    expect(text).not.toContain(a.bob.user.email);
    expect(text).not.toContain("alphaBob");
    // The admin and another church.
    expect(text).not.toContain(a.admin.user.email);
    expect(text).not.toContain(b.me.user.id);
    expect(text).not.toContain("beta");
    // Secrets: the password hash, a session, the push device's address and keys.
    const [me] = await t.db.select().from(users).where(eq(users.id, a.me.user.id));
    expect(me.passwordHash).toBeTruthy();
    expect(text).not.toContain(me.passwordHash as string);
    expect(text).not.toContain(String(a.me.cookie).split("=")[1]);
    expect(text).not.toContain(a.ids.pushSecret);
  });

  it("is recorded in the audit trail with the member as actor and target", async () => {
    const entries = await findAuditEntries(t.db, a.church.id, "export.downloaded");
    expect(entries).toEqual([
      expect.objectContaining({ actorId: a.me.user.id, targetType: "member", targetId: a.me.user.id }),
    ]);
  });
});

describe("GET /api/user/export.zip: once a day, and who may ask", () => {
  it("answers 429 with a sentence the same day (the church's day), and 200 the next", async () => {
    vi.useFakeTimers({ toFake: ["Date"], now: new Date("2026-11-20T15:00:00Z") });
    const c = await createChurch(t.app);
    await setTimeZone(c, "America/New_York");
    const me = await addMember(t.app, c);
    const other = await addMember(t.app, c);
    expect((await download(me)).statusCode).toBe(200);
    // 23:00 in New York, already the 21st in UTC: still the church's 20th.
    vi.setSystemTime(new Date("2026-11-21T04:00:00Z"));
    const again = await download(me);
    expect(again.statusCode).toBe(429);
    expect(again.json().message).toBe(MEMBER_EXPORT_LIMITED);
    expect(again.headers["retry-after"]).toBe("3600");
    // Another member is not limited by it, nor is the admin.
    expect((await download(other)).statusCode).toBe(200);
    expect((await download(c.admin)).statusCode).toBe(200);
    // Half past midnight in New York: a new day.
    vi.setSystemTime(new Date("2026-11-21T05:30:00Z"));
    expect((await download(me)).statusCode).toBe(200);
    const mine = (await findAuditEntries(t.db, c.church.id, "export.downloaded")).filter(
      (e) => e.targetId === me.user.id,
    );
    expect(mine).toHaveLength(2);
  });

  it("answers in the caller's language", async () => {
    const c = await createChurch(t.app);
    const me = await addMember(t.app, c);
    expect((await download(me)).statusCode).toBe(200);
    const res = await t.app.inject({
      method: "GET",
      url: MEMBER_EXPORT_URL,
      headers: { cookie: me.cookie ?? "", "accept-language": "es" },
    });
    expect(res.statusCode).toBe(429);
    expect(res.json().message).not.toBe(MEMBER_EXPORT_LIMITED);
  });

  it("is 401 signed out, and each church's member gets only their own church's rows", async () => {
    expect((await download(null)).statusCode).toBe(401);
    // Signed in but in no church yet: no church's data is theirs to download.
    expect((await download(await signUp(t.app))).statusCode).toBe(403);
    const a = await createChurch(t.app);
    const b = await createChurch(t.app);
    // Every role downloads its own data: a group leader's holds their own profile.
    const leader = await addMember(t.app, a, "GROUP_LEADER", "Leader");
    const led = await download(leader);
    expect(led.statusCode).toBe(200);
    expect(JSON.parse(String((await unzip(led.rawPayload)).get("profile.json")))).toMatchObject({
      id: leader.user.id,
      role: "GROUP_LEADER",
    });
    const res = await download(b.admin);
    expect(res.statusCode).toBe(200);
    const text = [...(await unzip(res.rawPayload)).values()].map(String).join("\n");
    expect(text).not.toContain(a.admin.user.id);
    expect(text).not.toContain(a.church.id);
  });
});

describe("GET /api/user/export: when the member may download again", () => {
  async function status(caller: TSignedIn | null) {
    return t.app.inject({
      method: "GET",
      url: MEMBER_EXPORT_STATUS_URL,
      headers: caller?.cookie ? { cookie: caller.cookie } : {},
    });
  }

  it("is null and null for a member who never downloaded, for every role", async () => {
    const c = await createChurch(t.app);
    for (const role of ["CONGREGANT", "GROUP_LEADER"] as const) {
      const res = await status(await addMember(t.app, c, role));
      expect(res.statusCode, role).toBe(200);
      expect(res.json()).toEqual({ lastDownloadedAt: null, nextAvailableAt: null });
    }
    expect((await status(c.admin)).json()).toEqual({ lastDownloadedAt: null, nextAvailableAt: null });
  });

  it("after a download gives its time and the start of the church's next day, the moment the ZIP answers 200 again", async () => {
    vi.useFakeTimers({ toFake: ["Date"], now: new Date("2026-11-20T15:00:00Z") });
    const c = await createChurch(t.app);
    await setTimeZone(c, "America/New_York");
    const me = await addMember(t.app, c);
    expect((await download(me)).statusCode).toBe(200);
    // Midnight in New York (EST, UTC-5) of the 21st.
    const next = "2026-11-21T05:00:00.000Z";
    expect((await status(me)).json()).toEqual({ lastDownloadedAt: "2026-11-20T15:00:00.000Z", nextAvailableAt: next });
    // 23:00 in New York, the 21st in UTC: still the church's 20th, and the ZIP agrees.
    vi.setSystemTime(new Date("2026-11-21T04:00:00Z"));
    expect((await status(me)).json().nextAvailableAt).toBe(next);
    const limited = await download(me);
    expect(limited.statusCode).toBe(429);
    expect(limited.headers["retry-after"]).toBe("3600");
    // Another member and the admin are not limited by it.
    expect((await status(await addMember(t.app, c))).json().nextAvailableAt).toBeNull();
    expect((await status(c.admin)).json().nextAvailableAt).toBeNull();
    // At the church's midnight: available, the last download still told.
    vi.setSystemTime(new Date(next));
    expect((await status(me)).json()).toEqual({ lastDownloadedAt: "2026-11-20T15:00:00.000Z", nextAvailableAt: null });
    expect((await download(me)).statusCode).toBe(200);
    expect((await status(me)).json()).toEqual({
      lastDownloadedAt: next,
      nextAvailableAt: "2026-11-22T05:00:00.000Z",
    });
  });

  it("knows the church's day across a change of clocks (London, the last Sunday of March)", async () => {
    vi.useFakeTimers({ toFake: ["Date"], now: new Date("2027-03-28T10:00:00Z") });
    const c = await createChurch(t.app);
    await setTimeZone(c, "Europe/London");
    const me = await addMember(t.app, c);
    expect((await download(me)).statusCode).toBe(200);
    // The 29th starts at midnight BST, 23:00 UTC on the 28th.
    expect((await status(me)).json().nextAvailableAt).toBe("2027-03-28T23:00:00.000Z");
  });

  it("is 401 signed out and 403 without a church (it speaks of the caller only: no id to try across churches)", async () => {
    expect((await status(null)).statusCode).toBe(401);
    expect((await status(await signUp(t.app))).statusCode).toBe(403);
  });
});

describe("GET /api/admin/members/{id}/export.zip: an admin downloads a member's data for them", () => {
  async function adminDownload(caller: TSignedIn | null, memberId: string) {
    return t.app.inject({
      method: "GET",
      url: adminMemberExportUrl(memberId),
      headers: caller?.cookie ? { cookie: caller.cookie } : {},
    });
  }

  let a: TSeeded;
  let files: Map<string, Buffer>;
  let text: string;
  beforeAll(async () => {
    a = await seed("gamma");
    const res = await adminDownload(a.admin, a.me.user.id);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers["content-type"]).toBe("application/zip");
    expect(res.headers["content-disposition"]).toMatch(/^attachment; filename="member-data-\d{4}-\d{2}-\d{2}\.zip"$/);
    files = await unzip(res.rawPayload);
    text = [...files.values()].map(String).join("\n");
  });

  it("holds the member's own archive: profile, named request, notes, kudos, posts", () => {
    const profile = JSON.parse(String(files.get("profile.json")));
    expect(profile).toMatchObject({ id: a.me.user.id, email: a.me.user.email, phone: "gamma-phone-555" });
    expect(json(files, "prayer-requests.json")).toEqual([
      expect.objectContaining({ id: a.ids.named, authorId: a.me.user.id, isAnonymous: false }),
    ]);
    expect(json(files, "highlights.json")).toHaveLength(2);
    expect(
      json(files, "kudos.json")
        .map((k) => k.id)
        .sort(),
    ).toEqual([a.ids.given, a.ids.received].sort());
    expect(json(files, "group-posts.json")).toEqual([expect.objectContaining({ message: "gamma my post" })]);
    // Their "I prayed" for Carol's anonymous request names neither Carol nor them as an author.
    expect(json(files, "prayers.json")).toEqual([expect.objectContaining({ requestId: a.ids.carolsAnonymous })]);
    expect(json(files, "group-prayers-prayed.json")).toEqual([
      expect.objectContaining({ prayerId: a.ids.carolsGroupPrayer }),
    ]);
  });

  it("leaves out the member's anonymous requests and every row tied to them, and says so in the README", () => {
    for (const leak of [a.ids.anonymous, a.ids.myGroupPrayer, "my quiet request", "my group quiet", "someone prayed"]) {
      expect(text, leak).not.toContain(leak);
    }
    expect(json(files, "group-prayers.json")).toEqual([]);
    expect(json(files, "notifications.json")).toEqual([]);
    const readme = String(files.get("README.txt"));
    expect(readme).toContain("by an admin of the church for gammaAnn User, on their request");
    expect(readme).toContain("Anonymous prayer requests are not included when an admin downloads the data");
    expect(readme).not.toContain("Your anonymous");
  });

  it("holds nothing of another member nor a secret", async () => {
    for (const leak of [a.carol.user.id, a.carol.user.email, "gammaCarol", "carol note", "carol post", "carol quiet"]) {
      expect(text, leak).not.toContain(leak);
    }
    expect(text).not.toContain(a.ids.pushSecret);
  });

  it("is recorded with the admin as actor and the member as target, and leaves the member's own download free", async () => {
    const entries = await findAuditEntries(t.db, a.church.id, "export.downloaded");
    expect(entries).toEqual([
      expect.objectContaining({ actorId: a.admin.user.id, targetType: "member", targetId: a.me.user.id }),
    ]);
    const own = await download(a.me);
    expect(own.statusCode).toBe(200);
    // The member's own copy holds what the admin's left out.
    const mine = [...(await unzip(own.rawPayload)).values()].map(String).join("\n");
    expect(mine).toContain(a.ids.anonymous);
    expect(mine).toContain("gamma my quiet request");
    expect(mine).toContain(a.ids.myGroupPrayer);
    // An admin may download again the same day (no once-a-day limit for a member's request).
    expect((await adminDownload(a.admin, a.me.user.id)).statusCode).toBe(200);
  });

  it("is the admin's alone: 401 signed out, 403 for a congregant and a group leader, 404 across churches and for an unknown id, 400 for a bad id", async () => {
    const c = await createChurch(t.app);
    const other = await createChurch(t.app);
    const member = await addMember(t.app, c);
    const congregant = await addMember(t.app, c);
    const leader = await addMember(t.app, c, "GROUP_LEADER");
    expect((await adminDownload(null, member.user.id)).statusCode).toBe(401);
    expect((await adminDownload(congregant, member.user.id)).statusCode).toBe(403);
    expect((await adminDownload(leader, member.user.id)).statusCode).toBe(403);
    // Church B's admin gets 404 on church A's member, and nothing is recorded in either church.
    expect((await adminDownload(other.admin, member.user.id)).statusCode).toBe(404);
    expect((await adminDownload(c.admin, randomUUID())).statusCode).toBe(404);
    const bad = await adminDownload(c.admin, "not-an-id");
    expect([400, 404]).toContain(bad.statusCode);
    expect(bad.json().message).toBeTruthy();
    expect(await findAuditEntries(t.db, c.church.id, "export.downloaded")).toEqual([]);
    expect(await findAuditEntries(t.db, other.church.id, "export.downloaded")).toEqual([]);
    // A second admin of the church may download it.
    const admin2 = await addMember(t.app, c, "ADMIN");
    expect((await adminDownload(admin2, member.user.id)).statusCode).toBe(200);
  });
});
