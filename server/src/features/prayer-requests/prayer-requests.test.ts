import { ONBOARDING_STEPS } from "@common/points";
import {
  ANONYMOUS_NAME,
  PRAYER_REQUESTS_PER_HOUR,
  PRAYER_REQUESTS_RATE_LIMITED,
  type TPrayerRequest,
  ZPrayerRequest,
  ZPrayResult,
} from "@common/prayer";
import { and, eq, sql } from "drizzle-orm";
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { Caller, createSecondInstance, createTestApp, type TTestApp } from "../../../test/app";
import {
  addMember,
  createChurch,
  createEvent,
  createSermon,
  invite,
  setTimeZone,
  signUp,
  type TSignedIn,
  type TTestChurch,
  uniqueEmail,
} from "../../../test/factories";
import { drainJobs } from "../../../test/jobs";
import { makePng } from "../../../test/png";
import { activities } from "../../db/schema/admin";
import { auditEntries } from "../../db/schema/audit";
import { notifications } from "../../db/schema/community";
import { pointsLedger } from "../../db/schema/points";
import { prayerRequestPrayers, prayerRequests } from "../../db/schema/prayer";
import { users } from "../../db/schema/users";

const STEP_POINTS = ONBOARDING_STEPS.find((s) => s.id === "prayer_requests")?.points ?? Number.NaN;

let t: TTestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterEach(() => {
  vi.useRealTimers();
});

/** Fakes only the app's clock: timers and the database keep working. */
function setClock(iso: string) {
  vi.useFakeTimers({ toFake: ["Date"], now: new Date(iso) });
}

const body = (over: Record<string, unknown> = {}) => ({
  title: "Healing for my mother",
  description: "She has surgery on Thursday.",
  isAnonymous: false,
  ...over,
});

async function ask(who: Caller, over: Record<string, unknown> = {}): Promise<TPrayerRequest> {
  const res = await who.post("/api/prayer-requests", body(over));
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return ZPrayerRequest.parse(res.body);
}

async function list(who: Caller, query = ""): Promise<TPrayerRequest[]> {
  const res = await who.get(`/api/prayer-requests${query}`);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.map((x: unknown) => ZPrayerRequest.parse(x));
}

const seen = async (who: Caller, id: string) => (await list(who, "?limit=100")).find((r) => r.id === id);

const rowsOf = (c: TTestChurch) => t.db.select().from(prayerRequests).where(eq(prayerRequests.churchId, c.church.id));

async function onboardingRows(m: TSignedIn) {
  // The step is paid from the request's or the prayer's event, through the job queue.
  await drainJobs(t.app);
  return t.db
    .select()
    .from(pointsLedger)
    .where(
      and(
        eq(pointsLedger.userId, m.user.id),
        eq(pointsLedger.kind, "onboarding_step"),
        eq(pointsLedger.key, "prayer_requests"),
      ),
    );
}

describe("POST /api/prayer-requests and the list", () => {
  it("shares a named request: stored trimmed and verbatim, shown with the author's name and picture", async () => {
    const c = await createChurch(t.app);
    const m = await addMember(t.app, c, "CONGREGANT", "Ruth");
    await m.put("/api/user/avatar", { image: `data:image/png;base64,${makePng().toString("base64")}` });
    const picture = (await m.get("/api/auth/user")).body.profileImageUrl;
    expect(picture).toBeTruthy();

    const res = await m.post("/api/prayer-requests", body({ title: "  Pray for <b>Sam</b>  ", description: " Job\n" }));
    expect(res.status).toBe(201);
    const mine = ZPrayerRequest.parse(res.body);
    expect(mine).toMatchObject({
      title: "Pray for <b>Sam</b>",
      description: "Job",
      isAnonymous: false,
      isAnswered: false,
      answerNote: null,
      answeredAt: null,
      userName: "Ruth User",
      userImageUrl: picture,
      isMine: true,
      canAnswer: true,
      isHidden: false,
      prayedCount: 0,
      prayedToday: false,
    });

    const other = await addMember(t.app, c);
    expect(await seen(other, mine.id)).toEqual({ ...mine, isMine: false, canAnswer: false });
    expect(await seen(c.admin, mine.id)).toEqual({ ...mine, isMine: false, canAnswer: true });

    const activity = (await c.admin.get("/api/admin/recent-activity")).body;
    expect(activity.map((a: { description: string }) => a.description)).toContain("Ruth User shared a prayer request");
  });

  it("a named request whose author has no name, left the church or is gone shows 'Church Member'", async () => {
    const c = await createChurch(t.app);
    const leaver = await addMember(t.app, c, "CONGREGANT", "Leaving");
    const left = await ask(leaver);
    expect((await c.admin.delete(`/api/admin/members/${leaver.user.id}`)).status).toBe(204);
    expect(await seen(c.admin, left.id)).toMatchObject({ userName: "Church Member", userImageUrl: null });
    const m = await addMember(t.app, c);
    const r = await ask(m);
    await t.db.update(users).set({ firstName: null, lastName: null }).where(eq(users.id, m.user.id));
    expect((await seen(c.admin, r.id))?.userName).toBe("Church Member");
    await t.db.delete(users).where(eq(users.id, m.user.id));
    expect(await seen(c.admin, r.id)).toMatchObject({ userName: "Church Member", userImageUrl: null, isMine: false });
  });

  it("pages newest first with limit and before; answered requests stay listed", async () => {
    const c = await createChurch(t.app);
    const m = await addMember(t.app, c);
    const made: TPrayerRequest[] = [];
    for (let i = 0; i < 5; i++) {
      setClock(`2026-10-0${i + 1}T09:00:00Z`);
      made.push(await ask(m, { title: `Request ${i}` }));
    }
    vi.useRealTimers();
    await m.patch(`/api/prayer-requests/${made[0].id}/answered`);
    const newest = made.map((r) => r.id).reverse();

    expect((await list(m)).map((r) => r.id)).toEqual(newest);
    const first = await list(m, "?limit=2");
    expect(first.map((r) => r.id)).toEqual(newest.slice(0, 2));
    const second = await list(m, `?limit=2&before=${first[1].id}`);
    expect(second.map((r) => r.id)).toEqual(newest.slice(2, 4));
    const third = await list(m, `?limit=2&before=${second[1].id}`);
    expect(third.map((r) => r.id)).toEqual(newest.slice(4));
    expect(third[0].isAnswered).toBe(true);
    expect(await list(m, `?before=${third[0].id}`)).toEqual([]);
    // An id that is not one of the church's requests has no position: the page after it is empty.
    expect(await list(m, `?before=${crypto.randomUUID()}`)).toEqual([]);
  });

  it("refuses bad input with clear messages and stores nothing", async () => {
    const c = await createChurch(t.app);
    const m = await addMember(t.app, c);
    const cases: [Record<string, unknown>, string, string][] = [
      [{ title: "" }, "title", "Title is required"],
      [{ title: "   " }, "title", "Title is required"],
      [{ title: undefined }, "title", "Title is required"],
      [{ title: 7 }, "title", "Title is required"],
      [{ description: " \n " }, "description", "Details is required"],
      [{ description: undefined }, "description", "Details is required"],
      [{ title: "x".repeat(121) }, "title", "Title must be at most 120 characters"],
      [{ description: "x".repeat(2001) }, "description", "Details must be at most 2000 characters"],
      [{ isAnonymous: "yes" }, "isAnonymous", "isAnonymous must be true or false"],
      [{ isAnonymous: 1 }, "isAnonymous", "isAnonymous must be true or false"],
    ];
    for (const [over, path, message] of cases) {
      const res = await m.post("/api/prayer-requests", body(over));
      expect(res.status, JSON.stringify(over)).toBe(400);
      expect(res.body.errors[0], JSON.stringify(over)).toEqual({ path, message });
    }
    for (const payload of [null, [], {}]) {
      expect((await m.post("/api/prayer-requests", payload)).status, JSON.stringify(payload)).toBe(400);
    }
    expect((await m.post("/api/prayer-requests", "text")).status).toBe(415);
    expect(await rowsOf(c)).toHaveLength(0);

    for (const q of ["limit=0", "limit=1000", "limit=abc", "limit=1.5"]) {
      const res = await m.get(`/api/prayer-requests?${q}`);
      expect(res.status, q).toBe(400);
      expect(res.body.message, q).toMatch(/limit/);
    }
    const res = await m.get("/api/prayer-requests?before=abc");
    expect(res.status).toBe(400);
    expect(res.body.message).toBe("before must be the id of a prayer request");

    const r = await ask(m);
    for (const note of [42, "x".repeat(1001)]) {
      const bad = await m.patch(`/api/prayer-requests/${r.id}/answered`, { answerNote: note });
      expect(bad.status).toBe(400);
      expect(bad.body.errors[0].path).toBe("answerNote");
    }
    const hidden = await c.admin.patch(`/api/prayer-requests/${r.id}/hidden`, { hidden: "yes" });
    expect(hidden.status).toBe(400);
    expect(hidden.body.message).toBe("hidden must be true or false");
    expect((await c.admin.patch(`/api/prayer-requests/${r.id}/hidden`)).status).toBe(400);
    const [row] = await rowsOf(c);
    expect(row).toMatchObject({ answeredAt: null, hiddenAt: null });
  });
});

describe("who may call what", () => {
  it("signed-out callers get 401, a user without a church 403", async () => {
    const c = await createChurch(t.app);
    const r = await ask(c.admin);
    const calls = (who: Caller) => [
      who.get("/api/prayer-requests"),
      who.post("/api/prayer-requests", body()),
      who.patch(`/api/prayer-requests/${r.id}/answered`),
      who.patch(`/api/prayer-requests/${r.id}/hidden`, { hidden: true }),
      who.post(`/api/prayer-requests/${r.id}/pray`),
    ];
    for (const res of await Promise.all(calls(new Caller(t.app)))) expect(res.status).toBe(401);
    const loner = await signUp(t.app);
    for (const res of await Promise.all(calls(loner))) expect(res.status).toBe(403);
    expect(await rowsOf(c)).toHaveLength(1);
    expect((await seen(c.admin, r.id))?.isAnswered).toBe(false);
  });

  it("only admins hide; only the author or an admin marks answered", async () => {
    const c = await createChurch(t.app);
    const author = await addMember(t.app, c);
    const r = await ask(author);
    for (const role of ["CONGREGANT", "GROUP_LEADER"] as const) {
      const m = await addMember(t.app, c, role);
      const hide = await m.patch(`/api/prayer-requests/${r.id}/hidden`, { hidden: true });
      expect(hide.status).toBe(403);
      expect((await author.patch(`/api/prayer-requests/${r.id}/hidden`, { hidden: true })).status).toBe(403);
      const answer = await m.patch(`/api/prayer-requests/${r.id}/answered`, { answerNote: "Not mine to say" });
      expect(answer.status).toBe(403);
      expect(answer.body.message).toBe("Only its author or an admin can mark a prayer answered.");
      expect(await seen(m, r.id)).toMatchObject({ isMine: false, canAnswer: false });
    }
    expect((await rowsOf(c))[0]).toMatchObject({ answeredAt: null, hiddenAt: null, answerNote: null });
  });
});

describe("PATCH /api/prayer-requests/{id}/answered", () => {
  it("works with no body, an empty body or an empty object; answering again changes nothing", async () => {
    const c = await createChurch(t.app);
    const m = await addMember(t.app, c);
    const [a, b, d] = [await ask(m), await ask(m), await ask(m)];

    const bare = await m.patch(`/api/prayer-requests/${a.id}/answered`);
    expect(bare.status, JSON.stringify(bare.body)).toBe(200);
    expect(ZPrayerRequest.parse(bare.body)).toMatchObject({ isAnswered: true, answerNote: null, canAnswer: false });
    expect(bare.body.answeredAt).toBeTruthy();

    const empty = await m.request("PATCH", `/api/prayer-requests/${b.id}/answered`, "", {
      "content-type": "application/json",
    });
    expect(empty.status, JSON.stringify(empty.body)).toBe(200);
    expect(empty.body.isAnswered).toBe(true);

    const noted = await m.patch(`/api/prayer-requests/${d.id}/answered`, {});
    expect(noted.status).toBe(200);
    const praise = await m.patch(`/api/prayer-requests/${a.id}/answered`, { answerNote: "  Surgery went well!  " });
    expect(praise.status).toBe(200);
    expect(praise.body).toEqual(bare.body);

    const c2 = await createChurch(t.app);
    const m2 = await addMember(t.app, c2);
    const e = await ask(m2);
    const withNote = await m2.patch(`/api/prayer-requests/${e.id}/answered`, { answerNote: "  Surgery went well!  " });
    expect(withNote.body).toMatchObject({ isAnswered: true, answerNote: "Surgery went well!" });
    // Still listed, as a praise; nobody can pray for it any more.
    expect(await seen(c2.admin, e.id)).toMatchObject({ isAnswered: true, answerNote: "Surgery went well!" });
    const pray = await c2.admin.post(`/api/prayer-requests/${e.id}/pray`);
    expect(pray.status).toBe(409);
    expect(pray.body.message).toBe("This prayer has been answered");
  });

  it("an admin can mark any request of the church answered", async () => {
    const c = await createChurch(t.app);
    const r = await ask(await addMember(t.app, c));
    const res = await c.admin.patch(`/api/prayer-requests/${r.id}/answered`, { answerNote: "Praise God" });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ isAnswered: true, answerNote: "Praise God", isMine: false });
  });
});

describe("PATCH /api/prayer-requests/{id}/hidden", () => {
  it("hides a request from members; its author still sees it, marked hidden; admins see all", async () => {
    const c = await createChurch(t.app);
    const author = await addMember(t.app, c);
    const other = await addMember(t.app, c);
    const r = await ask(author);

    const res = await c.admin.patch(`/api/prayer-requests/${r.id}/hidden`, { hidden: true });
    expect(res.status).toBe(200);
    expect(ZPrayerRequest.parse(res.body)).toMatchObject({ id: r.id, isHidden: true, canAnswer: true });

    expect(await seen(other, r.id)).toBeUndefined();
    expect(await seen(author, r.id)).toMatchObject({ isHidden: true, isMine: true });
    expect(await seen(c.admin, r.id)).toMatchObject({ isHidden: true });
    expect((await other.post(`/api/prayer-requests/${r.id}/pray`)).status).toBe(404);
    expect((await other.patch(`/api/prayer-requests/${r.id}/answered`)).status).toBe(404);
    expect((await c.admin.get("/api/admin/stats")).body.prayerRequests).toBe(0);

    const shown = await c.admin.patch(`/api/prayer-requests/${r.id}/hidden`, { hidden: false });
    expect(shown.body.isHidden).toBe(false);
    expect(await seen(other, r.id)).toMatchObject({ isHidden: false });
    expect((await c.admin.get("/api/admin/stats")).body.prayerRequests).toBe(1);
  });
});

describe("each church has its own requests", () => {
  it("church B gets 404 on church A's ids, changes nothing and never lists them", async () => {
    const a = await createChurch(t.app);
    const b = await createChurch(t.app);
    const am = await addMember(t.app, a);
    const bm = await addMember(t.app, b);
    const r = await ask(am);
    await ask(bm, { title: "B's own" });

    for (const who of [bm, b.admin]) {
      expect((await who.patch(`/api/prayer-requests/${r.id}/answered`)).status).toBe(404);
      expect((await who.post(`/api/prayer-requests/${r.id}/pray`)).status).toBe(404);
      expect((await list(who, "?limit=100")).map((x) => x.title)).toEqual(["B's own"]);
      expect(await list(who, `?before=${r.id}`)).toEqual([]);
    }
    expect((await b.admin.patch(`/api/prayer-requests/${r.id}/hidden`, { hidden: true })).status).toBe(404);
    expect((await bm.post("/api/prayer-requests/not-a-uuid/pray")).status).toBe(404);

    const [row] = await rowsOf(a);
    expect(row).toMatchObject({ id: r.id, answeredAt: null, hiddenAt: null });
    expect(await t.db.select().from(prayerRequestPrayers).where(eq(prayerRequestPrayers.requestId, r.id))).toEqual([]);
    expect((await list(am)).map((x) => x.id)).toEqual([r.id]);
  });
});

describe("POST /api/prayer-requests/{id}/pray", () => {
  it("counts once per member and day; each member's prayer counts", async () => {
    const c = await createChurch(t.app);
    const author = await addMember(t.app, c);
    const m = await addMember(t.app, c);
    const r = await ask(author);

    const first = await m.post(`/api/prayer-requests/${r.id}/pray`);
    expect(first.status).toBe(200);
    expect(ZPrayResult.parse(first.body)).toEqual({ counted: true, prayedCount: 1, prayedToday: true });
    expect((await m.post(`/api/prayer-requests/${r.id}/pray`)).body).toEqual({
      counted: false,
      prayedCount: 1,
      prayedToday: true,
    });
    expect((await c.admin.post(`/api/prayer-requests/${r.id}/pray`)).body.prayedCount).toBe(2);
    expect(await seen(m, r.id)).toMatchObject({ prayedCount: 2, prayedToday: true });
    expect(await seen(author, r.id)).toMatchObject({ prayedCount: 2, prayedToday: false });
  });

  it("20 parallel prayers by one member count once", async () => {
    const c = await createChurch(t.app);
    const m = await addMember(t.app, c);
    const r = await ask(c.admin);
    const answers = await Promise.all(Array.from({ length: 20 }, () => m.post(`/api/prayer-requests/${r.id}/pray`)));
    for (const a of answers) expect(a.status).toBe(200);
    expect(answers.filter((a) => a.body.counted)).toHaveLength(1);
    for (const a of answers) expect(a.body.prayedCount).toBe(1);
    expect(await t.db.select().from(prayerRequestPrayers).where(eq(prayerRequestPrayers.requestId, r.id))).toHaveLength(
      1,
    );
    expect(await onboardingRows(m)).toHaveLength(1);
  });

  it("Pacific/Auckland: 'prayed today' resets at local midnight and the next day's prayer counts", async () => {
    const c = await createChurch(t.app);
    await setTimeZone(c, "Pacific/Auckland");
    const m = await addMember(t.app, c);
    const r = await ask(c.admin);

    setClock("2026-09-26T11:59:00Z"); // Saturday 23:59 in Auckland (+12)
    expect((await m.post(`/api/prayer-requests/${r.id}/pray`)).body).toMatchObject({ counted: true, prayedCount: 1 });
    expect(await seen(m, r.id)).toMatchObject({ prayedToday: true, prayedCount: 1 });

    setClock("2026-09-26T12:01:00Z"); // Sunday 00:01 in Auckland, still the 26th in UTC
    expect(await seen(m, r.id)).toMatchObject({ prayedToday: false, prayedCount: 1 });
    expect((await m.post(`/api/prayer-requests/${r.id}/pray`)).body).toMatchObject({ counted: true, prayedCount: 2 });
    expect((await m.post(`/api/prayer-requests/${r.id}/pray`)).body).toMatchObject({ counted: false, prayedCount: 2 });
    expect(await seen(m, r.id)).toMatchObject({ prayedToday: true, prayedCount: 2 });

    const days = await t.db
      .select({ day: prayerRequestPrayers.day })
      .from(prayerRequestPrayers)
      .where(eq(prayerRequestPrayers.requestId, r.id));
    expect(days.map((d) => d.day).sort()).toEqual(["2026-09-26", "2026-09-27"]);
  });
});

describe("the onboarding step 'prayer_requests'", () => {
  it("a named request pays it once; an anonymous one pays nothing; praying pays it", async () => {
    const c = await createChurch(t.app);
    const named = await addMember(t.app, c);
    const before = (await named.get("/api/auth/user")).body.points as number;
    await ask(named);
    await ask(named);
    expect(await onboardingRows(named)).toHaveLength(1);
    expect((await named.get("/api/auth/user")).body.points).toBe(before + STEP_POINTS);

    const shy = await addMember(t.app, c);
    const r = await ask(shy, { isAnonymous: true });
    expect(await onboardingRows(shy)).toEqual([]);
    expect((await shy.get("/api/auth/user")).body.points).toBe(before);

    // A prayer for an anonymous request: its event names nobody, so the journey finds the prayer
    // itself when the member's progress is read (the checklist does), and pays the step then.
    const prayer = await addMember(t.app, c);
    await prayer.post(`/api/prayer-requests/${r.id}/pray`);
    expect(await onboardingRows(prayer)).toEqual([]);
    expect((await prayer.get("/api/onboarding/progress")).body.stepsCompleted).toContain("prayer_requests");
    expect(await onboardingRows(prayer)).toHaveLength(1);
    // A prayer for a named request pays it from its event.
    const another = await addMember(t.app, c);
    const open = await ask(named, { title: "For the youth camp" });
    await another.post(`/api/prayer-requests/${open.id}/pray`);
    expect(await onboardingRows(another)).toHaveLength(1);
  });
});

/** GET routes that sign in or out rather than read. */
const SIGN_IN_OUT = ["/api/logout", "/api/login/oidc", "/api/callback"];

/**
 * Every GET route of the app, with its `:params` filled from `ids`; left out are those that need a
 * secret token and those that sign in or out.
 */
function getRoutes(ids: string[]): string[] {
  const urls = new Set<string>();
  for (const r of t.app.routeAccess) {
    if (r.method !== "GET" || r.url.includes(":token") || SIGN_IN_OUT.includes(r.url)) continue;
    if (!r.url.includes(":")) urls.add(r.url);
    else for (const id of ids) urls.add(r.url.replace(/:\w+/g, id));
  }
  return [...urls].sort();
}

/** How often each of `needles` appears in what each of `who` gets from every GET route. */
async function walk(who: Record<string, Caller>, urls: string[], needles: string[]) {
  const found: Record<string, number> = {};
  for (const [name, caller] of Object.entries(who)) {
    for (const url of urls) {
      const res = await caller.get(url);
      expect(res.status, `${name} ${url}`).toBeLessThan(500);
      const text = (typeof res.body === "string" ? res.body : JSON.stringify(res.body)).toLowerCase();
      for (const n of needles) found[`${name} ${url} ${n}`] = text.split(n.toLowerCase()).length - 1;
    }
  }
  return found;
}

describe("anonymity", () => {
  it("an anonymous request's author appears in no answer to the admin or another member", async () => {
    const c = await createChurch(t.app);
    const email = uniqueEmail("zq");
    const inv = await invite(c.admin, email);
    const author = await signUp(t.app, {
      email,
      firstName: "Zebedee",
      lastName: "Quillfeather",
      invitationToken: inv.token,
    });
    const avatar = await author.put("/api/user/avatar", {
      image: `data:image/png;base64,${makePng(2).toString("base64")}`,
    });
    expect(avatar.status).toBe(200);
    const picture = (await author.get("/api/auth/user")).body.profileImageUrl as string;
    expect(picture).toContain(author.user.id);
    const other = await addMember(t.app, c, "CONGREGANT", "Martha");
    const sermon = await createSermon(c.admin);
    const event = await createEvent(c.admin);
    const needles = [author.user.id, email, "Zebedee", "Quillfeather", picture];
    const urls = getRoutes([sermon.id, event.id, c.admin.user.id, other.user.id]);
    expect(urls).toContain("/api/prayer-requests");
    expect(urls).toContain("/api/admin/recent-activity");
    expect(urls).toContain("/api/admin/members");
    const who = { admin: c.admin, other };
    const before = await walk(who, urls, needles);
    // The walk does find the author where they are rightly named: as a member, to the admin.
    for (const n of needles.slice(0, 4)) expect(before[`admin /api/admin/members ${n}`], n).toBeGreaterThan(0);

    const r1 = await ask(author, { title: "A private struggle", isAnonymous: true });
    const r2 = await ask(author, { title: "Another burden", isAnonymous: true });
    for (const r of [r1, r2]) {
      expect(r).toMatchObject({ userName: ANONYMOUS_NAME, userImageUrl: null, isMine: true, canAnswer: true });
    }
    expect((await other.post(`/api/prayer-requests/${r1.id}/pray`)).status).toBe(200);
    const byAuthor = await author.patch(`/api/prayer-requests/${r1.id}/answered`, { answerNote: "Peace at last" });
    expect(byAuthor.body).toMatchObject({ isAnswered: true, isMine: true, answerNote: "Peace at last" });
    const byAdmin = await c.admin.patch(`/api/prayer-requests/${r2.id}/answered`);
    expect(byAdmin.body).toMatchObject({ isAnswered: true, isMine: false });

    // Everything the admin and the member can read names the author no more often than before.
    const after = await walk(who, urls, needles);
    const more = Object.keys(after).filter((k) => after[k] > (before[k] ?? 0));
    expect(more).toEqual([]);

    // The requests themselves, as anyone but their author reads them.
    for (const caller of [c.admin, other]) {
      for (const r of (await list(caller)).filter((x) => [r1.id, r2.id].includes(x.id))) {
        const text = JSON.stringify(r).toLowerCase();
        for (const n of needles) expect(text).not.toContain(n.toLowerCase());
        expect(r).toMatchObject({ userName: ANONYMOUS_NAME, userImageUrl: null, isMine: false });
      }
    }
    expect((await list(author)).filter((x) => x.isMine).map((x) => x.id)).toEqual([r2.id, r1.id]);

    // The activity feed says a request was shared, by nobody in particular.
    const lines = (await c.admin.get("/api/admin/recent-activity")).body.map(
      (a: { description: string }) => a.description,
    );
    expect(lines.filter((l: string) => /prayer request/.test(l))).toEqual([
      "A prayer request was shared",
      "A prayer request was shared",
    ]);
    const stored = await t.db.select().from(activities).where(eq(activities.kind, "prayer_request"));
    expect(stored.filter((a) => a.churchId === c.church.id).map((a) => a.userId)).toEqual([null, null]);
    expect(await onboardingRows(author)).toEqual([]);
  });
});

describe("notifications (issue 11)", () => {
  type TNote = { kind: string; title: string; message: string; relatedId: string; link: string };
  const notes = async (who: Caller, kind: string): Promise<TNote[]> => {
    await drainJobs(t.app);
    return (await who.get("/api/notifications")).body.notifications.filter((n: TNote) => n.kind === kind);
  };

  it("an answered request tells everyone who prayed for it, not its author nor whoever marked it", async () => {
    const c = await createChurch(t.app);
    const author = await addMember(t.app, c, "CONGREGANT", "Hannah");
    const [ruth, boaz, bystander] = [await addMember(t.app, c), await addMember(t.app, c), await addMember(t.app, c)];
    const r = await ask(author);
    for (const who of [ruth, boaz, c.admin, author])
      expect((await who.post(`/api/prayer-requests/${r.id}/pray`)).status).toBe(200);
    expect((await c.admin.patch(`/api/prayer-requests/${r.id}/answered`)).status).toBe(200);
    for (const who of [ruth, boaz]) {
      expect(await notes(who, "prayer_answered")).toEqual([
        expect.objectContaining({
          type: "prayer",
          title: "Prayer answered",
          message: "A request you prayed for has been answered: Healing for my mother",
          relatedId: r.id,
          link: "/prayer-requests",
        }),
      ]);
    }
    for (const who of [author, c.admin, bystander]) expect(await notes(who, "prayer_answered")).toEqual([]);
    // Answering again tells nobody again.
    await author.patch(`/api/prayer-requests/${r.id}/answered`);
    expect(await notes(ruth, "prayer_answered")).toHaveLength(1);
  });

  it("someone prayed: the author hears it once a day per request, never who, not for their own prayer", async () => {
    setClock("2026-03-10T12:00:00Z");
    const c = await createChurch(t.app);
    const author = await addMember(t.app, c, "CONGREGANT", "Hannah");
    const others = [];
    for (let i = 0; i < 5; i++) others.push(await addMember(t.app, c, "CONGREGANT", `Pray${i}er`));
    const named = await ask(author);
    const secret = await ask(author, { title: "Unspoken", isAnonymous: true });
    await author.post(`/api/prayer-requests/${named.id}/pray`);
    expect(await notes(author, "prayer_prayed")).toEqual([]);
    // Five members at once on the same day: one notification.
    await Promise.all(others.map((m) => m.post(`/api/prayer-requests/${named.id}/pray`)));
    const once = await notes(author, "prayer_prayed");
    expect(once).toEqual([
      expect.objectContaining({
        type: "prayer",
        title: "Someone prayed for you",
        message: "Someone prayed for your request: Healing for my mother",
        relatedId: named.id,
        link: "/prayer-requests",
      }),
    ]);
    expect(JSON.stringify(once)).not.toMatch(/Pray\der/);
    // An anonymous request's author hears it too (only they get it); another request is its own.
    await others[0].post(`/api/prayer-requests/${secret.id}/pray`);
    expect((await notes(author, "prayer_prayed")).map((n) => n.relatedId)).toEqual([secret.id, named.id]);
    // Read, it still counts for the day; the next day brings another.
    await author.patch("/api/notifications/mark-all-read");
    await others[1].post(`/api/prayer-requests/${named.id}/pray`);
    expect(await notes(author, "prayer_prayed")).toHaveLength(2);
    setClock("2026-03-11T12:00:00Z");
    await others[1].post(`/api/prayer-requests/${named.id}/pray`);
    expect(await notes(author, "prayer_prayed")).toHaveLength(3);
    for (const m of others) expect(await notes(m, "prayer_prayed")).toEqual([]);
  });
});

describe("prayer requests per member per hour (issue 23)", () => {
  const mine = (m: TSignedIn) => t.db.select().from(prayerRequests).where(eq(prayerRequests.authorId, m.user.id));
  const activityOf = (c: TTestChurch) =>
    t.db
      .select()
      .from(activities)
      .where(and(eq(activities.churchId, c.church.id), eq(activities.kind, "prayer_request")));
  const noticesOf = (c: TTestChurch) =>
    t.db.select().from(notifications).where(eq(notifications.churchId, c.church.id));

  it("the 11th in an hour, anonymous or named, is 429 with a sentence and leaves no trace; an hour on it goes", async () => {
    setClock("2026-11-20T10:00:00Z");
    const c = await createChurch(t.app);
    const m = await addMember(t.app, c, "CONGREGANT", "Hannah");
    const other = await addMember(t.app, c, "CONGREGANT", "Peninnah");
    for (let i = 0; i < PRAYER_REQUESTS_PER_HOUR; i++)
      await ask(m, { title: `Request ${i}`, isAnonymous: i % 2 === 0 });
    // The feed lines and notices follow the ten through the job queue: counted once they are all there.
    await drainJobs(t.app);
    const notices = (await noticesOf(c)).length;

    setClock("2026-11-20T10:59:00Z");
    for (const isAnonymous of [true, false]) {
      const refused = await m.post("/api/prayer-requests", body({ title: "One too many", isAnonymous }));
      expect(refused.status).toBe(429);
      expect(refused.body.message).toBe(PRAYER_REQUESTS_RATE_LIMITED);
      expect(refused.body.message).toBe("You can share 10 prayer requests an hour. Please try again later.");
      expect(refused.headers["retry-after"]).toBe("60");
    }
    expect(await mine(m)).toHaveLength(PRAYER_REQUESTS_PER_HOUR);
    expect((await mine(m)).map((r) => r.title)).not.toContain("One too many");
    await drainJobs(t.app);
    expect(await activityOf(c)).toHaveLength(PRAYER_REQUESTS_PER_HOUR);
    expect(await noticesOf(c)).toHaveLength(notices);
    expect((await list(other, "?limit=100")).map((r) => r.title)).not.toContain("One too many");

    // Another member is not limited by Hannah's requests.
    await ask(other, { isAnonymous: true });

    // An hour after the first ten, Hannah may share again.
    setClock("2026-11-20T11:00:00.001Z");
    await ask(m, { title: "Next hour", isAnonymous: true });
    expect(await mine(m)).toHaveLength(PRAYER_REQUESTS_PER_HOUR + 1);
  });

  it("is counted from the database: ten through two processes, the 11th refused by either; rows an hour old free it", async () => {
    const c = await createChurch(t.app);
    const m = await addMember(t.app, c);
    const there = new Caller(await createSecondInstance(t), m.cookie);
    const answers = await Promise.all(
      Array.from({ length: 16 }, (_, i) =>
        (i % 2 ? there : m).post("/api/prayer-requests", body({ title: `Burst ${i}`, isAnonymous: true })),
      ),
    );
    expect(answers.filter((a) => a.status === 201)).toHaveLength(PRAYER_REQUESTS_PER_HOUR);
    expect(answers.filter((a) => a.status === 429)).toHaveLength(16 - PRAYER_REQUESTS_PER_HOUR);
    expect(await mine(m)).toHaveLength(PRAYER_REQUESTS_PER_HOUR);
    for (const who of [m, there]) expect((await who.post("/api/prayer-requests", body())).status).toBe(429);

    // The member's rows moved back an hour: the allowance is whole again.
    await t.db
      .update(prayerRequests)
      .set({ createdAt: sql`${prayerRequests.createdAt} - interval '1 hour'` })
      .where(eq(prayerRequests.authorId, m.user.id));
    for (let i = 0; i < PRAYER_REQUESTS_PER_HOUR; i++) await ask(i % 2 ? there : m, { title: `Later ${i}` });
    expect((await m.post("/api/prayer-requests", body())).status).toBe(429);
  });
});

describe("the audit trail of prayer moderation", () => {
  it("records hiding, showing again and an admin's answer, naming the admin and the request only", async () => {
    const c = await createChurch(t.app);
    const author = await addMember(t.app, c, "CONGREGANT", "Naomi");
    const made = await author.post("/api/prayer-requests", {
      title: "Healing",
      description: "For my mother",
      isAnonymous: true,
      visibility: "church",
    });
    expect(made.status).toBe(201);
    const id: string = made.body.id;
    expect((await c.admin.patch(`/api/prayer-requests/${id}/hidden`, { hidden: true })).status).toBe(200);
    expect((await c.admin.patch(`/api/prayer-requests/${id}/hidden`, { hidden: false })).status).toBe(200);
    expect((await c.admin.patch(`/api/prayer-requests/${id}/answered`, { answerNote: "She is home" })).status).toBe(
      200,
    );
    const rows = (await t.db.select().from(auditEntries).where(eq(auditEntries.churchId, c.church.id))).filter((r) =>
      r.action.startsWith("prayer."),
    );
    expect(rows.map((r) => r.action).sort()).toEqual(["prayer.answered", "prayer.hidden", "prayer.unhidden"]);
    for (const r of rows) {
      expect(r.actorId).toBe(c.admin.user.id);
      expect(r.targetType).toBe("prayer_request");
      expect(r.targetId).toBe(id);
      expect(JSON.stringify(r)).not.toContain(author.user.id);
      expect(JSON.stringify(r)).not.toContain("Naomi");
    }
    const hidden = rows.find((r) => r.action === "prayer.hidden");
    expect(hidden?.changes.hiddenAt?.[0]).toBeNull();
    expect(typeof hidden?.changes.hiddenAt?.[1]).toBe("string");
    const shown = rows.find((r) => r.action === "prayer.unhidden");
    expect(shown?.changes.hiddenAt?.[1]).toBeNull();
    expect(rows.find((r) => r.action === "prayer.answered")?.changes.answerNote).toEqual([null, "She is home"]);
  });

  it("records nothing when the author answers their own request", async () => {
    const c = await createChurch(t.app);
    const author = await addMember(t.app, c);
    const made = await author.post("/api/prayer-requests", { title: "Work", description: "A new job" });
    expect(made.status).toBe(201);
    expect((await author.patch(`/api/prayer-requests/${made.body.id}/answered`, {})).status).toBe(200);
    const rows = await t.db.select().from(auditEntries).where(eq(auditEntries.churchId, c.church.id));
    expect(rows.filter((r) => r.action.startsWith("prayer."))).toEqual([]);
  });
});
