import { DEFAULT_PUSH_PREFERENCES, type TNotificationKind, ZPushPayload, ZPushState } from "@common/notifications";
import { and, eq, sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { Caller, createTestApp, type TTestApp } from "../../../test/app";
import { addMember, createChurch, signUp, type TSignedIn, type TTestChurch } from "../../../test/factories";
import { FakeBrowser, PushServiceStandIn, readVapid } from "../../../test/push-service";
import { notificationChannels, notifications, pushSubscriptions } from "../../db/schema/community";
import { ownText } from "../../lib/notification-text";
import { NOT_PUBLIC_HOST } from "../../lib/public-address";
import { notify } from "../notifications/notify";
import { MAX_SUBSCRIPTIONS_PER_MEMBER } from "./push.repo";
import { PUSH_RETRY_JOB } from "./push.service";
import { testPayload } from "./subscriptions.service";

let t: TTestApp;
let standIn: PushServiceStandIn;
beforeAll(async () => {
  standIn = await PushServiceStandIn.start();
  // Jobs run only when a test asks (runDue), so retries are seen one by one.
  t = await createTestApp({}, { runJobs: false, push: { testEndpointOrigin: standIn.origin } });
});

const NOT_ALLOWED = "The push subscription endpoint is not allowed";
const NO_DEVICE = "No device of yours is subscribed to push notifications. Enable notifications first.";

async function state(who: Caller) {
  const res = await who.get("/api/notifications/push");
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return ZPushState.parse(res.body);
}

async function subscribeBrowser(who: Caller, browser = new FakeBrowser(standIn), preferences?: object) {
  const res = await who.post("/api/notifications/subscribe", { subscription: browser.subscription(), preferences });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return browser;
}

const subscriptionsOf = (m: TSignedIn) =>
  t.db.select().from(pushSubscriptions).where(eq(pushSubscriptions.userId, m.user.id));

const retryJobs = async () =>
  (
    await t.db.execute<{ payload: { subscriptionId: string }; attempts: number }>(
      sql`select j.payload, j.attempts from graphile_worker._private_jobs j
        join graphile_worker._private_tasks k on k.id = j.task_id where k.identifier = ${PUSH_RETRY_JOB.name}`,
    )
  ).rows;

/** A notification stored for `m` as a feature stores it, and its id. */
async function notifyMember(c: TTestChurch, m: TSignedIn, kind: TNotificationKind, link: string | null) {
  await t.db.transaction((tx) =>
    notify(tx, { churchId: c.church.id }, { kind, to: { userIds: [m.user.id] }, text: ownText("Title", "Body"), link }),
  );
  const [row] = await t.db
    .select({ id: notifications.id })
    .from(notifications)
    .where(and(eq(notifications.userId, m.user.id), eq(notifications.kind, kind)))
    .orderBy(sql`${notifications.createdAt} desc`)
    .limit(1);
  return row.id;
}

/** A notification row written directly (no delivery job queued, so `runDue` runs only retries). */
async function storeNotification(c: TTestChurch, m: TSignedIn) {
  const [row] = await t.db
    .insert(notifications)
    .values({
      churchId: c.church.id,
      userId: m.user.id,
      type: "event",
      kind: "event_published",
      title: "T",
      message: "M",
    })
    .returning({ id: notifications.id });
  return row.id;
}

/** Lets the retry job waiting after a failure run now instead of after its back-off. */
const makeRetriesDue = () =>
  t.db.execute(sql`update graphile_worker._private_jobs set run_at = now() where task_id =
    (select id from graphile_worker._private_tasks where identifier = ${PUSH_RETRY_JOB.name})`);

describe("GET /api/notifications/push and preferences", () => {
  it("answers the public key, no subscription and spec 2 §9's defaults to a new member", async () => {
    const c = await createChurch(t.app);
    const ruth = await addMember(t.app, c);
    const s = await state(ruth);
    expect(s).toEqual({ publicKey: expect.any(String), subscribed: false, preferences: DEFAULT_PUSH_PREFERENCES });
    expect(s.preferences.sermons).toBe(false);
  });

  it("changes only the preferences given, for the caller only", async () => {
    const c = await createChurch(t.app);
    const ruth = await addMember(t.app, c);
    const boaz = await addMember(t.app, c);
    const res = await ruth.put("/api/notifications/preferences", { preferences: { sermons: true, events: false } });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    // Issue 29: liveStreams and events are one channel ("events"): they turn off together.
    expect(ZPushState.parse(res.body).preferences).toEqual({
      ...DEFAULT_PUSH_PREFERENCES,
      sermons: true,
      events: false,
      liveStreams: false,
    });
    await ruth.put("/api/notifications/preferences", { preferences: { liveStreams: true } });
    expect((await state(ruth)).preferences).toEqual({
      ...DEFAULT_PUSH_PREFERENCES,
      sermons: true,
      events: true,
      liveStreams: true,
    });
    // ...and are the channels' push (GET /api/notifications/channels).
    await ruth.put("/api/notifications/preferences", { preferences: { prayerRequests: false, events: false } });
    const channels = (await ruth.get("/api/notifications/channels")).body;
    expect(channels.prayer.push).toBe(false);
    expect(channels.events.push).toBe(false);
    expect(channels.sermons.push).toBe(true);
    expect(channels.prayer.email).toBe("unseen");
    expect((await ruth.put("/api/notifications/channels", { announcements: { push: false } })).status).toBe(200);
    expect((await state(ruth)).preferences).toEqual({
      prayerRequests: false,
      liveStreams: false,
      events: false,
      sermons: true,
      announcements: false,
    });
    expect((await state(boaz)).preferences).toEqual(DEFAULT_PUSH_PREFERENCES);
    // An empty change changes nothing.
    expect((await ruth.put("/api/notifications/preferences", { preferences: {} })).status).toBe(200);
    expect((await state(ruth)).preferences.sermons).toBe(true);
  });

  it("refuses preferences that are not booleans, and a body without them", async () => {
    const c = await createChurch(t.app);
    for (const body of [{ preferences: { sermons: "yes" } }, {}, { preferences: null }, { preferences: [] }]) {
      const res = await c.admin.put("/api/notifications/preferences", body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.message).toBeTruthy();
    }
    expect(
      await t.db.select().from(notificationChannels).where(eq(notificationChannels.userId, c.admin.user.id)),
    ).toEqual([]);
  });
});

describe("who may call the push endpoints", () => {
  const calls: [string, string, unknown][] = [
    ["GET", "/api/notifications/push", undefined],
    ["POST", "/api/notifications/subscribe", { subscription: new FakeBrowser({ origin: "https://x" }).subscription() }],
    ["POST", "/api/notifications/unsubscribe", {}],
    ["PUT", "/api/notifications/preferences", { preferences: { sermons: true } }],
    ["POST", "/api/notifications/test", undefined],
  ];

  it("signed out: 401; signed in without a church: 403", async () => {
    const lone = await signUp(t.app);
    for (const [method, url, body] of calls) {
      expect((await new Caller(t.app).request(method as "GET", url, body)).status, url).toBe(401);
      expect((await lone.request(method as "GET", url, body)).status, url).toBe(403);
    }
  });

  it("every role of a church may use them (members and admins alike)", async () => {
    const c = await createChurch(t.app);
    for (const who of [c.admin, await addMember(t.app, c, "GROUP_LEADER"), await addMember(t.app, c, "CONGREGANT")]) {
      await subscribeBrowser(who);
      expect((await state(who)).subscribed).toBe(true);
      expect((await who.post("/api/notifications/test")).body).toEqual({ sent: 1, failed: 0, removed: 0 });
    }
  });
});

describe("POST /api/notifications/subscribe", () => {
  it("stores the subscription for the caller with the preferences given (the rest default)", async () => {
    const c = await createChurch(t.app);
    const ruth = await addMember(t.app, c);
    const browser = new FakeBrowser(standIn);
    const res = await ruth.post("/api/notifications/subscribe", {
      subscription: browser.subscription(),
      preferences: { sermons: true },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(ZPushState.parse(res.body)).toMatchObject({
      subscribed: true,
      preferences: { ...DEFAULT_PUSH_PREFERENCES, sermons: true },
    });
    const rows = await subscriptionsOf(ruth);
    expect(rows).toMatchObject([
      {
        churchId: c.church.id,
        endpoint: browser.endpoint,
        p256dh: browser.subscription().keys.p256dh,
        auth: browser.subscription().keys.auth,
        failures: 0,
      },
    ]);
    // The same browser subscribing again is still one subscription.
    await subscribeBrowser(ruth, browser);
    expect(await subscriptionsOf(ruth)).toHaveLength(1);
  });

  it("moves a shared device's subscription to whoever subscribed on it last, across churches too", async () => {
    const c = await createChurch(t.app);
    const other = await createChurch(t.app);
    const ruth = await addMember(t.app, c);
    const boaz = await addMember(t.app, c);
    const browser = await subscribeBrowser(ruth);
    await subscribeBrowser(boaz, browser);
    expect(await subscriptionsOf(ruth)).toEqual([]);
    expect(await subscriptionsOf(boaz)).toHaveLength(1);
    expect((await state(ruth)).subscribed).toBe(false);
    await subscribeBrowser(other.admin, browser);
    expect(await subscriptionsOf(other.admin)).toMatchObject([{ churchId: other.church.id }]);
    expect(await subscriptionsOf(boaz)).toEqual([]);
  });

  it(`keeps a member's newest ${MAX_SUBSCRIPTIONS_PER_MEMBER} devices`, async () => {
    const c = await createChurch(t.app);
    const first = await subscribeBrowser(c.admin);
    for (let i = 0; i < MAX_SUBSCRIPTIONS_PER_MEMBER; i++) await subscribeBrowser(c.admin);
    const rows = await subscriptionsOf(c.admin);
    expect(rows).toHaveLength(MAX_SUBSCRIPTIONS_PER_MEMBER);
    expect(rows.map((r) => r.endpoint)).not.toContain(first.endpoint);
  });

  it("refuses a malformed subscription with 400", async () => {
    const c = await createChurch(t.app);
    const good = new FakeBrowser(standIn).subscription();
    const bad: unknown[] = [
      {},
      { subscription: null },
      { subscription: { ...good, endpoint: "not a url" } },
      { subscription: { ...good, endpoint: `https://push.example.com/${"x".repeat(2001)}` } },
      { subscription: { endpoint: good.endpoint } },
      { subscription: { ...good, keys: { p256dh: good.keys.p256dh } } },
      { subscription: { ...good, keys: { p256dh: "not base64url!", auth: good.keys.auth } } },
      { subscription: { ...good, keys: { p256dh: good.keys.p256dh, auth: "" } } },
      { subscription: good, preferences: { sermons: "on" } },
    ];
    for (const body of bad) {
      const res = await c.admin.post("/api/notifications/subscribe", body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.message).toBeTruthy();
    }
    expect(await subscriptionsOf(c.admin)).toEqual([]);
  });

  it("refuses an endpoint that is not https or not on a public address, with 400 and why", async () => {
    const c = await createChurch(t.app);
    const keys = new FakeBrowser(standIn).subscription().keys;
    const cases: [string, string][] = [
      ["http://fcm.googleapis.com/fcm/send/abc", "it must be an https address"],
      [`https://127.0.0.1:${standIn.port}/push/x`, "it must use the standard https port"],
      ["https://127.0.0.1/push/x", NOT_PUBLIC_HOST],
      ["https://10.1.2.3/push/x", NOT_PUBLIC_HOST],
      ["https://192.168.0.10/push/x", NOT_PUBLIC_HOST],
      ["https://172.20.0.1/push/x", NOT_PUBLIC_HOST],
      ["https://169.254.169.254/latest/meta-data", NOT_PUBLIC_HOST],
      ["https://100.64.1.1/push/x", NOT_PUBLIC_HOST],
      ["https://[::1]/push/x", NOT_PUBLIC_HOST],
      ["https://[fd00::1]/push/x", NOT_PUBLIC_HOST],
      ["https://[fe80::1]/push/x", NOT_PUBLIC_HOST],
      ["https://[::ffff:10.0.0.1]/push/x", NOT_PUBLIC_HOST],
      ["https://0.0.0.0/push/x", NOT_PUBLIC_HOST],
      ["https://localhost/push/x", NOT_PUBLIC_HOST],
      ["https://push.example.invalid/x", NOT_PUBLIC_HOST],
      ["https://user:pw@8.8.8.8/x", "it must not carry a user name or password"],
      ["ftp://8.8.8.8/x", "it must be an https address"],
    ];
    for (const [endpoint, why] of cases) {
      const res = await c.admin.post("/api/notifications/subscribe", { subscription: { endpoint, keys } });
      expect(res.status, endpoint).toBe(400);
      expect(res.body.message, endpoint).toBe(`${NOT_ALLOWED}: ${why}.`);
      expect(res.body.errors, endpoint).toEqual([{ path: "subscription.endpoint", message: res.body.message }]);
    }
    expect(await subscriptionsOf(c.admin)).toEqual([]);
  });
});

describe("POST /api/notifications/unsubscribe", () => {
  it("removes the caller's subscription with that endpoint, or all of the caller's, never another member's", async () => {
    const c = await createChurch(t.app);
    const other = await createChurch(t.app);
    const ruth = await addMember(t.app, c);
    const boaz = await addMember(t.app, c);
    const [phone, laptop] = [await subscribeBrowser(ruth), await subscribeBrowser(ruth)];
    const boazPhone = await subscribeBrowser(boaz);

    for (const who of [ruth, other.admin]) {
      const res = await who.post("/api/notifications/unsubscribe", { endpoint: boazPhone.endpoint });
      expect(res.status).toBe(200);
    }
    expect(await subscriptionsOf(boaz)).toHaveLength(1);
    expect((await state(boaz)).subscribed).toBe(true);

    const res = await ruth.post("/api/notifications/unsubscribe", { endpoint: phone.endpoint });
    expect(ZPushState.parse(res.body).subscribed).toBe(true);
    expect((await subscriptionsOf(ruth)).map((r) => r.endpoint)).toEqual([laptop.endpoint]);

    await subscribeBrowser(ruth, phone);
    const all = await ruth.post("/api/notifications/unsubscribe");
    expect(all.status).toBe(200);
    expect(ZPushState.parse(all.body).subscribed).toBe(false);
    expect(await subscriptionsOf(ruth)).toEqual([]);
    expect(await subscriptionsOf(boaz)).toHaveLength(1);
  });

  it("refuses an endpoint that is not a string", async () => {
    const c = await createChurch(t.app);
    expect((await c.admin.post("/api/notifications/unsubscribe", { endpoint: 5 })).status).toBe(400);
  });
});

describe("POST /api/notifications/test: a real encrypted push", () => {
  it("says so (400) when the caller has no device subscribed", async () => {
    const c = await createChurch(t.app);
    const res = await c.admin.post("/api/notifications/test");
    expect(res.status).toBe(400);
    expect(res.body.message).toBe(NO_DEVICE);
  });

  it("reaches each of the caller's devices: the push service gets an aes128gcm body the browser decrypts", async () => {
    const c = await createChurch(t.app);
    const ruth = await addMember(t.app, c);
    const boaz = await addMember(t.app, c);
    const [phone, laptop] = [await subscribeBrowser(ruth), await subscribeBrowser(ruth)];
    const boazPhone = await subscribeBrowser(boaz);
    const { publicKey } = await state(ruth);

    const res = await ruth.post("/api/notifications/test");
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toEqual({ sent: 2, failed: 0, removed: 0 });
    expect(standIn.to(boazPhone.path)).toEqual([]);

    for (const browser of [phone, laptop]) {
      const [req] = standIn.to(browser.path);
      expect(req.headers["content-encoding"]).toBe("aes128gcm");
      expect(req.headers["content-type"]).toBe("application/octet-stream");
      expect(Number(req.headers.ttl)).toBeGreaterThan(0);
      // Encrypted: the text is not in the body, and only this browser's keys open it.
      expect(req.body.toString("latin1")).not.toContain("Test Notification");
      expect(ZPushPayload.parse(browser.decrypt(req.body))).toEqual(testPayload("en"));
      expect(() => (browser === phone ? laptop : phone).decrypt(req.body)).toThrow();
      // Signed with the server's VAPID key, for this push service.
      const vapid = readVapid(req.headers.authorization);
      expect(vapid.publicKey).toBe(publicKey);
      expect(vapid.claims).toMatchObject({ aud: standIn.origin, sub: "mailto:no-reply@fellowship.local" });
      expect(vapid.claims.exp).toBeGreaterThan(Date.now() / 1000);
    }
    expect((await subscriptionsOf(ruth)).every((r) => r.failures === 0 && r.lastSuccessAt)).toBe(true);
  });

  it("forgets a subscription its push service answers 410 (or 404) for", async () => {
    const c = await createChurch(t.app);
    const [gone, missing, fine] = [
      await subscribeBrowser(c.admin),
      await subscribeBrowser(c.admin),
      await subscribeBrowser(c.admin),
    ];
    standIn.answer(gone.path, 410);
    standIn.answer(missing.path, 404);
    const res = await c.admin.post("/api/notifications/test");
    expect(res.body).toEqual({ sent: 1, failed: 0, removed: 2 });
    expect((await subscriptionsOf(c.admin)).map((r) => r.endpoint)).toEqual([fine.endpoint]);
    // The last device gone: the member is told there is none left.
    standIn.answer(fine.path, 410);
    const last = await c.admin.post("/api/notifications/test");
    expect(last.status).toBe(400);
    expect(last.body.message).toBe(NO_DEVICE);
    expect((await state(c.admin)).subscribed).toBe(false);
  });

  it("counts a refusal (400) on the subscription and keeps it", async () => {
    const c = await createChurch(t.app);
    const browser = await subscribeBrowser(c.admin);
    standIn.answer(browser.path, 400);
    const res = await c.admin.post("/api/notifications/test");
    expect(res.status).toBe(400);
    expect(res.body.message).toBe("The push service did not accept the test notification. Please try again later.");
    expect(await subscriptionsOf(c.admin)).toMatchObject([{ failures: 1 }]);
    expect((await c.admin.post("/api/notifications/test")).body).toEqual({ sent: 1, failed: 0, removed: 0 });
    expect(await subscriptionsOf(c.admin)).toMatchObject([{ failures: 0 }]);
  });
});

describe("deliver: stored notifications to members' devices", () => {
  it("pushes a feature's notification with its link, as the member's push preferences allow", async () => {
    const c = await createChurch(t.app);
    const ruth = await addMember(t.app, c);
    const browser = await subscribeBrowser(ruth);

    const eventId = await notifyMember(c, ruth, "event_published", "/events/123");
    await t.app.push.deliver(c.church.id, [eventId]);
    const [req] = standIn.to(browser.path);
    expect(ZPushPayload.parse(browser.decrypt(req.body))).toEqual({
      title: "Title",
      body: "Body",
      url: "/events/123",
      tag: eventId,
      notificationId: eventId,
    });

    // Sermons are off by default (spec 2 §9): stored in the list, not pushed.
    const sermonId = await notifyMember(c, ruth, "sermon_published", null);
    await t.app.push.deliver(c.church.id, [sermonId]);
    expect(standIn.to(browser.path)).toHaveLength(1);
    // Turned on, it goes, and without a link it opens the home page.
    await ruth.put("/api/notifications/preferences", { preferences: { sermons: true } });
    await t.app.push.deliver(c.church.id, [sermonId]);
    const [, sermonReq] = standIn.to(browser.path);
    expect(ZPushPayload.parse(browser.decrypt(sermonReq.body))).toMatchObject({ url: "/", title: "Title" });
    // Events turned off: no more event pushes.
    await ruth.put("/api/notifications/preferences", { preferences: { events: false } });
    await t.app.push.deliver(c.church.id, [eventId]);
    expect(standIn.to(browser.path)).toHaveLength(2);
    // Issue 29: by channel. A group's notification follows the "groups" channel, a kudos the "kudos" one.
    const groupId = await notifyMember(c, ruth, "group_post", null);
    const kudosId = await notifyMember(c, ruth, "kudos_approved", null);
    await ruth.put("/api/notifications/channels", { groups: { push: false } });
    await t.app.push.deliver(c.church.id, [groupId, kudosId]);
    const pushed = standIn.to(browser.path).slice(2);
    expect(pushed.map((r) => ZPushPayload.parse(browser.decrypt(r.body)).notificationId)).toEqual([kudosId]);
    // A live stream is the "events" channel now: off with events.
    const liveId = await notifyMember(c, ruth, "live_started", null);
    await t.app.push.deliver(c.church.id, [liveId]);
    expect(standIn.to(browser.path)).toHaveLength(3);
  });

  it("reaches the device through notify's delivery job, once the write that raised it committed", async () => {
    const c = await createChurch(t.app);
    const ruth = await addMember(t.app, c);
    const browser = await subscribeBrowser(ruth);
    const id = await notifyMember(c, ruth, "kudos_approved", "/kudos");
    expect(standIn.to(browser.path)).toEqual([]);
    await t.app.jobs.runDue();
    const [req] = await standIn.waitFor(browser.path, 1);
    expect(ZPushPayload.parse(browser.decrypt(req.body))).toEqual({
      title: "Title",
      body: "Body",
      url: "/kudos",
      tag: id,
      notificationId: id,
    });
  });

  it("sends nothing for another church's notification ids", async () => {
    const c = await createChurch(t.app);
    const other = await createChurch(t.app);
    const browser = await subscribeBrowser(c.admin);
    const id = await notifyMember(c, c.admin, "event_published", "/events/1");
    await t.app.push.deliver(other.church.id, [id]);
    expect(standIn.to(browser.path)).toEqual([]);
    // A subscription that moved to another church's member gets no push of this church.
    await subscribeBrowser(other.admin, browser);
    await t.app.push.deliver(c.church.id, [id]);
    expect(standIn.to(browser.path)).toEqual([]);
  });

  it("retries a failed push (5xx) with a job of its own, at most 3 times, then gives up", async () => {
    const c = await createChurch(t.app);
    const browser = await subscribeBrowser(c.admin);
    standIn.answer(browser.path, 503);
    const id = await storeNotification(c, c.admin);
    await t.app.push.deliver(c.church.id, [id]);
    expect(standIn.to(browser.path)).toHaveLength(1);
    expect(await subscriptionsOf(c.admin)).toMatchObject([{ failures: 1 }]);
    expect(await retryJobs()).toMatchObject([{ payload: { subscriptionId: (await subscriptionsOf(c.admin))[0].id } }]);
    await t.app.jobs.runDue();
    expect(standIn.to(browser.path)).toHaveLength(2);
    expect(await retryJobs()).toEqual([]);
    expect(await subscriptionsOf(c.admin)).toMatchObject([{ failures: 0, lastSuccessAt: expect.any(Date) }]);

    standIn.answer(browser.path, 500, 502, 503, 504, 500);
    const again = await storeNotification(c, c.admin);
    await t.app.push.deliver(c.church.id, [again]);
    for (let attempt = 1; attempt <= 3; attempt++) {
      await makeRetriesDue();
      await t.app.jobs.runDue();
      expect(standIn.to(browser.path)).toHaveLength(3 + attempt);
    }
    expect(await retryJobs()).toEqual([]);
    await makeRetriesDue();
    await t.app.jobs.runDue();
    expect(standIn.to(browser.path)).toHaveLength(6);
    expect(await subscriptionsOf(c.admin)).toMatchObject([{ failures: 4 }]);
  });

  it("checks the address again when sending: a host now resolving to loopback, or a private literal, gets no connection", async () => {
    const c = await createChurch(t.app);
    const keys = new FakeBrowser(standIn).subscription().keys;
    // Stored as if they had passed the check when subscribed (then the name was re-pointed).
    for (const endpoint of [
      `https://localhost:${standIn.port}/rebound`,
      `https://127.0.0.1:${standIn.port}/literal`,
      `https://[::1]:${standIn.port}/literal6`,
      `http://localhost:${standIn.port}/plain`,
    ])
      await t.db.insert(pushSubscriptions).values({
        churchId: c.church.id,
        userId: c.admin.user.id,
        endpoint,
        p256dh: keys.p256dh,
        auth: keys.auth,
      });
    const connections = standIn.connections;
    const id = await storeNotification(c, c.admin);
    await t.app.push.deliver(c.church.id, [id]);
    expect(standIn.connections).toBe(connections);
    expect((await subscriptionsOf(c.admin)).map((r) => r.failures)).toEqual([1, 1, 1, 1]);
    // Refused addresses are not worth a retry.
    const mine = new Set((await subscriptionsOf(c.admin)).map((r) => r.id));
    expect((await retryJobs()).filter((j) => mine.has(j.payload.subscriptionId))).toEqual([]);
    expect((await c.admin.post("/api/notifications/test")).status).toBe(400);
    expect(await subscriptionsOf(c.admin)).toMatchObject([
      { failures: 2 },
      { failures: 2 },
      { failures: 2 },
      { failures: 2 },
    ]);
    expect(standIn.connections).toBe(connections);
  });
});
