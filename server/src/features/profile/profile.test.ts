import { ZAuthUser } from "@common/auth";
import { POINTS } from "@common/points";
import { type TActivityItem, ZActivityItem, ZPreferences } from "@common/profile";
import { AVATAR_MAX_BYTES, DEFAULT_PRAYER_TOPICS } from "@common/profile-helpers";
import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { Caller, createTestApp, type TTestApp } from "../../../test/app";
import {
  addMember,
  createChurch,
  createEvent,
  createSermon,
  PASSWORD,
  signUp,
  uniqueEmail,
} from "../../../test/factories";
import { makePng } from "../../../test/png";
import { userAvatars, userPreferences } from "../../db/schema/growth";
import { users } from "../../db/schema/users";
import { grantBadge } from "../../lib/badges";
import type { TChurchCtx } from "../../lib/context";
import { awardPoints } from "../../lib/points";
import { createSession } from "../../lib/sessions";
import { activityLabel, readingPassage } from "./activity.service";
import { isProfileComplete } from "./profile.service";

let t: TTestApp;
beforeAll(async () => {
  t = await createTestApp();
});

const anonymous = () => new Caller(t.app);
const dataUrl = (bytes: Buffer, type = "image/png") => `data:${type};base64,${bytes.toString("base64")}`;

/** The same account signed in from another browser. */
async function signInAgain(email: string, password = PASSWORD): Promise<Caller> {
  const other = new Caller(t.app);
  const res = await other.post("/api/auth/login", { email, password });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return other;
}

function ctxOf(userId: string, churchId: string): TChurchCtx {
  return { ...t.app.appCtx, userId, churchId, role: "CONGREGANT", timeZone: "UTC" };
}

describe("who may call the profile endpoints", () => {
  it("answers 401 to a signed-out caller on every endpoint", async () => {
    const c = await createChurch(t.app);
    const calls: [string, string, unknown?][] = [
      ["PATCH", "/api/user/profile", { firstName: "A" }],
      ["GET", "/api/user/preferences"],
      ["PATCH", "/api/user/preferences", { emailNotifications: false }],
      ["PUT", "/api/user/avatar", { image: dataUrl(makePng()) }],
      ["DELETE", "/api/user/avatar"],
      ["GET", `/api/users/${c.admin.user.id}/avatar`],
      ["GET", "/api/user/account"],
      ["POST", "/api/user/password", { currentPassword: PASSWORD, newPassword: "another password" }],
      ["POST", "/api/user/sessions/revoke-all"],
      ["GET", "/api/user/activity"],
    ];
    for (const [method, url, body] of calls) {
      const res = await anonymous().request(method as "GET", url, body);
      expect(res.status, `${method} ${url}`).toBe(401);
    }
  });

  it("lets every role edit their own profile, and a user without a church too; activity needs a church", async () => {
    const c = await createChurch(t.app);
    for (const role of ["CONGREGANT", "GROUP_LEADER", "ADMIN"] as const) {
      const m = await addMember(t.app, c, role);
      const res = await m.patch("/api/user/profile", { firstName: role, lastName: "X", bio: null });
      expect(res.status, role).toBe(200);
      expect(res.body.firstName).toBe(role);
    }
    const loner = await signUp(t.app);
    expect((await loner.patch("/api/user/profile", { firstName: "Solo" })).status).toBe(200);
    expect((await loner.get("/api/user/preferences")).status).toBe(200);
    expect((await loner.get("/api/user/activity")).status).toBe(403);
  });
});

describe("PATCH /api/user/profile", () => {
  it("stores trimmed names and the bio verbatim and refreshes the current user everywhere", async () => {
    const c = await createChurch(t.app);
    const m = await addMember(t.app, c);
    // Warm the cache of the current user first, so a stale copy would show.
    expect((await m.get("/api/auth/user")).body.bio).toBeNull();
    const bio = `<b>Hi</b> & "welcome" — I'm ${"x".repeat(10)}`;
    const res = await m.patch("/api/user/profile", { firstName: "  Ruth ", lastName: " Moabite ", bio });
    expect(res.status).toBe(200);
    expect(ZAuthUser.parse(res.body)).toMatchObject({ firstName: "Ruth", lastName: "Moabite", bio });
    expect((await m.get("/api/auth/user")).body).toMatchObject({ firstName: "Ruth", lastName: "Moabite", bio });
    // The admin's member list reads the same row.
    const [row] = await t.db.select().from(users).where(eq(users.id, m.user.id));
    expect(row.bio).toBe(bio);
    // Emptying the optional fields stores null.
    const cleared = await m.patch("/api/user/profile", { firstName: "Ruth", lastName: "  ", bio: "" });
    expect(cleared.body).toMatchObject({ lastName: null, bio: null });
  });

  it("refuses bad input with a clear message and stores nothing", async () => {
    const c = await createChurch(t.app);
    const m = await addMember(t.app, c, "CONGREGANT", "Naomi");
    const bad: [unknown, string][] = [
      [{ firstName: "", lastName: "A" }, "firstName"],
      [{ firstName: "   " }, "firstName"],
      [{ lastName: "A" }, "firstName"],
      [{ firstName: "A".repeat(101) }, "firstName"],
      [{ firstName: "A", lastName: "B".repeat(101) }, "lastName"],
      [{ firstName: "A", bio: "b".repeat(501) }, "bio"],
      [{ firstName: 5 }, "firstName"],
      [{ firstName: "A", email: "x@example.org" }, ""],
      [{ firstName: "A", role: "ADMIN" }, ""],
    ];
    for (const [body, field] of bad) {
      const res = await m.patch("/api/user/profile", body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.message).toEqual(expect.any(String));
      if (field) expect(res.body.errors?.[0]?.path, JSON.stringify(body)).toBe(field);
    }
    // A NUL character, which PostgreSQL refuses, is still bad input.
    expect((await m.patch("/api/user/profile", { firstName: "A\u0000B" })).status).toBe(400);
    const me = (await m.get("/api/auth/user")).body;
    expect(me).toMatchObject({ firstName: "Naomi", role: "CONGREGANT", email: m.user.email });
  });

  it("isProfileComplete needs a first name, a last name and a bio", () => {
    expect(isProfileComplete({ firstName: "A", lastName: "B", bio: "C" })).toBe(true);
    expect(isProfileComplete({ firstName: "A", lastName: "B", bio: null })).toBe(false);
    expect(isProfileComplete({ firstName: "A", lastName: null, bio: "C" })).toBe(false);
    expect(isProfileComplete({ firstName: " ", lastName: "B", bio: "C" })).toBe(false);
  });
});

describe("preferences", () => {
  it("gives the spec's defaults before anything is saved, then changes only what was sent", async () => {
    const c = await createChurch(t.app);
    const m = await addMember(t.app, c);
    const defaults = await m.get("/api/user/preferences");
    expect(defaults.status).toBe(200);
    expect(ZPreferences.parse(defaults.body)).toEqual({
      emailNotifications: true,
      prayerReminders: true,
      sermonNotifications: true,
      eventNotifications: true,
      prayerTopics: { healing: true, guidance: true, community: true, family: false, work: false },
      language: null,
    });

    const one = await m.patch("/api/user/preferences", { sermonNotifications: false });
    expect(one.status).toBe(200);
    expect(one.body).toEqual({ ...defaults.body, sermonNotifications: false });

    const two = await m.patch("/api/user/preferences", { emailNotifications: false, eventNotifications: false });
    expect(two.body).toMatchObject({
      emailNotifications: false,
      sermonNotifications: false,
      eventNotifications: false,
    });
    expect(two.body.prayerReminders).toBe(true);

    const topics = await m.patch("/api/user/preferences", { prayerTopics: { family: true, healing: false } });
    expect(topics.body.prayerTopics).toEqual({ ...DEFAULT_PRAYER_TOPICS, family: true, healing: false });
    // Flags are kept when topics change, and topics when flags change.
    expect(topics.body.sermonNotifications).toBe(false);
    const again = await m.patch("/api/user/preferences", { prayerReminders: false });
    expect(again.body.prayerTopics).toEqual(topics.body.prayerTopics);
    expect((await m.get("/api/user/preferences")).body).toEqual(again.body);

    // Another member still has the defaults.
    const other = await addMember(t.app, c);
    expect((await other.get("/api/user/preferences")).body).toEqual(defaults.body);
  });

  it("merges topic switches flipped at the same time", async () => {
    const c = await createChurch(t.app);
    const m = await addMember(t.app, c);
    await Promise.all([
      m.patch("/api/user/preferences", { prayerTopics: { family: true } }),
      m.patch("/api/user/preferences", { prayerTopics: { work: true } }),
      m.patch("/api/user/preferences", { prayerTopics: { healing: false } }),
    ]);
    expect((await m.get("/api/user/preferences")).body.prayerTopics).toEqual({
      healing: false,
      guidance: true,
      community: true,
      family: true,
      work: true,
    });
  });

  it("refuses unknown keys, non-booleans and empty bodies, storing nothing", async () => {
    const c = await createChurch(t.app);
    const m = await addMember(t.app, c);
    const bad = [
      {},
      { newsletter: true },
      { emailNotifications: "false" },
      { emailNotifications: 0 },
      { prayerTopics: { gardening: true } },
      { prayerTopics: { healing: "yes" } },
      { prayerTopics: [true, false] },
      { emailNotifications: false, extra: 1 },
    ];
    for (const body of bad) {
      const res = await m.patch("/api/user/preferences", body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.message).toEqual(expect.any(String));
    }
    const rows = await t.db.select().from(userPreferences).where(eq(userPreferences.userId, m.user.id));
    expect(rows).toEqual([]);
  });
});

describe("avatar", () => {
  it("stores a real image, points the profile at it and serves it with its type, ETag and cache headers", async () => {
    const c = await createChurch(t.app);
    const m = await addMember(t.app, c);
    const png = makePng(4);
    const res = await m.put("/api/user/avatar", { image: dataUrl(png) });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const url: string = res.body.profileImageUrl;
    expect(url).toMatch(new RegExp(`^/api/users/${m.user.id}/avatar\\?v=[\\w-]+$`));
    expect((await m.get("/api/auth/user")).body.profileImageUrl).toBe(url);

    // Its owner and another member of the church see it.
    const neighbour = await addMember(t.app, c);
    for (const who of [m, neighbour, c.admin]) {
      const img = await t.app.inject({ url, headers: { cookie: who.cookie as string } });
      expect(img.statusCode).toBe(200);
      expect(img.headers["content-type"]).toBe("image/png");
      expect(img.headers["cache-control"]).toBe("private, max-age=31536000, immutable");
      expect(img.headers["x-content-type-options"]).toBe("nosniff");
      expect(Buffer.compare(img.rawPayload, png)).toBe(0);
      const again = await t.app.inject({
        url,
        headers: { cookie: who.cookie as string, "if-none-match": String(img.headers.etag) },
      });
      expect(again.statusCode).toBe(304);
      expect(again.rawPayload.length).toBe(0);
    }

    // A new picture gets a new address and ETag.
    const jpeg = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(64, 1)]);
    const changed = await m.put("/api/user/avatar", { image: dataUrl(jpeg, "image/jpeg") });
    expect(changed.body.profileImageUrl).not.toBe(url);
    const img = await t.app.inject({ url: changed.body.profileImageUrl, headers: { cookie: m.cookie as string } });
    expect(img.headers["content-type"]).toBe("image/jpeg");

    // Removing it goes back to the fallback and the picture is gone.
    const removed = await m.delete("/api/user/avatar");
    expect(removed.status).toBe(200);
    expect(removed.body.profileImageUrl).toBeNull();
    expect((await m.get(url)).status).toBe(404);
    expect(await t.db.select().from(userAvatars).where(eq(userAvatars.userId, m.user.id))).toEqual([]);
  });

  it("hides a picture from another church and from users without a church (404)", async () => {
    const a = await createChurch(t.app);
    const b = await createChurch(t.app);
    const m = await addMember(t.app, a);
    const up = await m.put("/api/user/avatar", { image: dataUrl(makePng()) });
    expect(up.status).toBe(200);
    const outsider = await addMember(t.app, b);
    expect((await outsider.get(up.body.profileImageUrl)).status).toBe(404);
    expect((await b.admin.get(up.body.profileImageUrl)).status).toBe(404);
    expect((await (await signUp(t.app)).get(up.body.profileImageUrl)).status).toBe(404);
    // Nobody's picture and a malformed id are 404 too.
    expect((await m.get(`/api/users/${a.admin.user.id}/avatar`)).status).toBe(404);
    expect((await m.get("/api/users/not-a-uuid/avatar")).status).toBe(404);
  });

  it("checks the picture by its bytes: not an image is 400, over 2 MB is 413; nothing is stored", async () => {
    const c = await createChurch(t.app);
    const m = await addMember(t.app, c);
    const text = Buffer.from("<svg onload=alert(1)></svg>");
    const bad: [unknown, number][] = [
      [{ image: dataUrl(text, "image/png") }, 400],
      [{ image: dataUrl(text, "image/svg+xml") }, 400],
      [{ image: "https://example.org/me.png" }, 400],
      [{ image: "data:image/png;base64,@@@" }, 400],
      [{ image: "" }, 400],
      [{}, 400],
      [{ image: dataUrl(makePng()), extra: true }, 400],
      [{ image: dataUrl(Buffer.concat([makePng(), Buffer.alloc(AVATAR_MAX_BYTES)])) }, 413],
    ];
    for (const [body, status] of bad) {
      const res = await m.put("/api/user/avatar", body);
      expect(res.status, JSON.stringify(body).slice(0, 80)).toBe(status);
      expect(res.body.message).toMatch(/image|2MB|Unrecognized key/);
    }
    // Far beyond the limit, the body is refused before it is read.
    const huge = await m.put("/api/user/avatar", { image: dataUrl(Buffer.alloc(4 * 1024 * 1024)) });
    expect(huge.status).toBe(413);
    expect(await t.db.select().from(userAvatars).where(eq(userAvatars.userId, m.user.id))).toEqual([]);
    expect((await m.get("/api/auth/user")).body.profileImageUrl).toBeNull();
  });
});

describe("account settings", () => {
  it("changes the password with the current one, ends the other sessions and keeps this one", async () => {
    const c = await createChurch(t.app);
    const m = await addMember(t.app, c);
    const laptop = await signInAgain(m.user.email);
    const phone = await signInAgain(m.user.email);
    expect((await m.get("/api/user/account")).body).toEqual({ hasPassword: true, otherSessions: 2 });

    const res = await m.post("/api/user/password", { currentPassword: PASSWORD, newPassword: "a brand new secret" });
    expect(res.status, JSON.stringify(res.body)).toBe(204);
    expect((await m.get("/api/auth/user")).status).toBe(200);
    expect((await laptop.get("/api/auth/user")).status).toBe(401);
    expect((await phone.get("/api/user/preferences")).status).toBe(401);
    expect((await m.get("/api/user/account")).body).toEqual({ hasPassword: true, otherSessions: 0 });

    // The new password signs in; the old one no longer does.
    await signInAgain(m.user.email, "a brand new secret");
    const old = await anonymous().post("/api/auth/login", { email: m.user.email, password: PASSWORD });
    expect(old.status).toBe(401);
  });

  it("refuses a wrong current password, a short new one and bad bodies, changing nothing", async () => {
    const c = await createChurch(t.app);
    const m = await addMember(t.app, c);
    const other = await signInAgain(m.user.email);
    const bad: [unknown, string][] = [
      [{ currentPassword: "wrong password", newPassword: "a brand new secret" }, "currentPassword"],
      [{ currentPassword: PASSWORD, newPassword: "short" }, "newPassword"],
      [{ currentPassword: "", newPassword: "a brand new secret" }, "currentPassword"],
      [{ newPassword: "a brand new secret" }, "currentPassword"],
      [{ currentPassword: PASSWORD, newPassword: "x".repeat(1000) }, "newPassword"],
    ];
    for (const [body, field] of bad) {
      const res = await m.post("/api/user/password", body);
      expect(res.status, JSON.stringify(body).slice(0, 80)).toBe(400);
      expect(res.body.errors?.[0]?.path).toBe(field);
    }
    const wrong = await m.post("/api/user/password", { currentPassword: "nope nope", newPassword: "a brand new one" });
    expect(wrong.body.message).toBe("Your current password is incorrect.");
    // Nothing changed: the old password works and the other session lives.
    await signInAgain(m.user.email);
    expect((await other.get("/api/auth/user")).status).toBe(200);
  });

  it("stops guessing the current password after 10 tries (429), for that account only", async () => {
    const c = await createChurch(t.app);
    const m = await addMember(t.app, c);
    for (let i = 0; i < 10; i++) {
      const res = await m.post("/api/user/password", { currentPassword: `guess ${i}`, newPassword: "a brand new one" });
      expect(res.status).toBe(400);
    }
    const blocked = await m.post("/api/user/password", { currentPassword: PASSWORD, newPassword: "a brand new one" });
    expect(blocked.status).toBe(429);
    // The old password still signs in, and another member may still change theirs.
    await signInAgain(m.user.email);
    const other = await addMember(t.app, c);
    const ok = await other.post("/api/user/password", { currentPassword: PASSWORD, newPassword: "a brand new one" });
    expect(ok.status).toBe(204);
  });

  it("gives an account without a password (single sign-on only) a clear 400", async () => {
    const [u] = await t.db
      .insert(users)
      .values({ email: uniqueEmail("sso"), passwordHash: null, oidcSubject: `sub-${Date.now()}` })
      .returning();
    const sso = new Caller(t.app, `fellowship_session=${await createSession(t.db, u.id)}`);
    expect((await sso.get("/api/user/account")).body).toEqual({ hasPassword: false, otherSessions: 0 });
    const res = await sso.post("/api/user/password", { currentPassword: "anything", newPassword: "a brand new one" });
    expect(res.status).toBe(400);
    expect(res.body.message).toMatch(/single sign-on/);
    const [after] = await t.db.select().from(users).where(eq(users.id, u.id));
    expect(after.passwordHash).toBeNull();
  });

  it("signs out everywhere, this browser included", async () => {
    const c = await createChurch(t.app);
    const m = await addMember(t.app, c);
    const other = await signInAgain(m.user.email);
    const neighbour = await addMember(t.app, c);
    const res = await m.post("/api/user/sessions/revoke-all");
    expect(res.status).toBe(204);
    expect(m.cookie).toBeUndefined();
    expect((await other.get("/api/auth/user")).status).toBe(401);
    // Another member of the church stays signed in.
    expect((await neighbour.get("/api/auth/user")).status).toBe(200);
    // The account still signs in.
    await signInAgain(m.user.email);
  });
});

describe("GET /api/user/activity", () => {
  it("lists the member's own awards, check-ins and badges in their church, newest first, with readable labels", async () => {
    const c = await createChurch(t.app);
    const m = await addMember(t.app, c);
    const neighbour = await addMember(t.app, c);
    const sermon = await createSermon(c.admin, { title: "Grace Abounds" });
    expect((await m.post(`/api/sermons/${sermon.id}/watch`)).status).toBe(200);
    const start = new Date(Date.now() - 10 * 60_000);
    const event = await createEvent(c.admin, {
      title: "Sunday Service",
      startTime: start.toISOString(),
      endTime: new Date(start.getTime() + 2 * 3_600_000).toISOString(),
    });
    const checkIn = await m.post(`/api/events/${event.id}/check-in`);
    expect(checkIn.status, JSON.stringify(checkIn.body)).toBe(200);
    const ctx = ctxOf(m.user.id, c.church.id);
    await awardPoints(ctx, "partner_prayer", "2026-11-20", POINTS.partnerPrayer);
    // A badge no other action grants on its own (watching may grant others, which also show).
    await grantBadge(ctx, "consistent_reader");
    // The neighbour's doings are not the member's.
    await awardPoints(ctxOf(neighbour.user.id, c.church.id), "partner_prayer", "2026-11-20", POINTS.partnerPrayer);

    const res = await m.get("/api/user/activity?limit=10");
    expect(res.status).toBe(200);
    const items: TActivityItem[] = res.body.map((i: unknown) => ZActivityItem.parse(i));
    const labels = items.map((i) => i.label);
    const mine = [
      "Earned the “Consistent Reader” badge",
      "Prayed for your prayer partner",
      "Checked in to “Sunday Service”",
      "Watched “Grace Abounds”",
    ];
    // Each once (the neighbour's prayer is not listed), newest first.
    for (const label of mine)
      expect(
        labels.filter((l) => l === label),
        label,
      ).toHaveLength(1);
    const at = mine.map((label) => labels.indexOf(label));
    expect([...at].sort((x, y) => x - y)).toEqual(at);
    const byLabel = (label: string) => items.find((i) => i.label === label) as TActivityItem;
    expect(byLabel("Watched “Grace Abounds”")).toMatchObject({ kind: "sermon_watch", points: POINTS.sermonWatch });
    expect(byLabel("Checked in to “Sunday Service”")).toMatchObject({ kind: "event_check_in", points: 0 });
    expect(byLabel("Prayed for your prayer partner")).toMatchObject({
      kind: "partner_prayer",
      points: POINTS.partnerPrayer,
    });
    expect(byLabel("Earned the “Consistent Reader” badge")).toMatchObject({ kind: "badge", points: 0 });
    const times = items.map((i) => Date.parse(i.at));
    expect([...times].sort((x, y) => y - x)).toEqual(times);

    // limit cuts the newest first.
    const two = await m.get("/api/user/activity?limit=2");
    expect(two.body.map((i: TActivityItem) => i.id)).toEqual(items.slice(0, 2).map((i) => i.id));
    // A member with nothing done has an empty list.
    expect((await addMember(t.app, c).then((x) => x.get("/api/user/activity"))).body).toEqual([]);
  });

  it("shows only the church the member is in now", async () => {
    const a = await createChurch(t.app);
    const b = await createChurch(t.app);
    const m = await addMember(t.app, a);
    const sermonB = await createSermon(b.admin, { title: "Church B sermon" });
    // An award the member earned in church B (before moving, say) does not show in church A.
    await awardPoints(ctxOf(m.user.id, b.church.id), "sermon_watch", sermonB.id, 10);
    await grantBadge(ctxOf(m.user.id, b.church.id), "welcome");
    expect((await m.get("/api/user/activity")).body).toEqual([]);
    // And church B's admin sees only their own.
    const theirs = (await b.admin.get("/api/user/activity")).body;
    expect(theirs).toEqual([]);
  });

  it("refuses a bad limit with 400", async () => {
    const c = await createChurch(t.app);
    for (const q of ["limit=0", "limit=51", "limit=abc", "limit=1.5", "limit=-3"]) {
      const res = await c.admin.get(`/api/user/activity?${q}`);
      expect(res.status, q).toBe(400);
      expect(res.body.message).toMatch(/limit/);
    }
  });

  it("labels readings by their passage whichever way the key is written", () => {
    expect(readingPassage("2026-01-01:Genesis 1-2")).toBe("Genesis 1-2");
    expect(readingPassage("2026-01-01|1")).toBe("Matthew 1");
    expect(readingPassage("Psalm 1:2026-01-01")).toBe("Psalm 1");
    expect(readingPassage("r1")).toBeNull();
    expect(activityLabel("bible_reading", "2026-01-01:Genesis 1-2", null)).toBe(
      "Completed the daily reading: Genesis 1-2",
    );
    expect(activityLabel("bible_reading", "r1", null)).toBe("Completed a daily reading");
    expect(activityLabel("onboarding_step", "profile_setup", null)).toBe(
      "Completed the onboarding step “Set Up Your Profile”",
    );
    expect(activityLabel("badge", "no_such_badge", null)).toBeNull();
  });
});
