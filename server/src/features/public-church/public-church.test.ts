import { ZPublicChurchPage } from "@common/public-church";
import { eq } from "drizzle-orm";
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { Caller, createTestApp, type TTestApp } from "../../../test/app";
import { findAuditEntries } from "../../../test/audit-entries";
import {
  addMember,
  createChurch,
  createEvent,
  createSermon,
  signUp,
  type TTestChurch,
  uniqueEmail,
} from "../../../test/factories";
import { drainJobs } from "../../../test/jobs";
import { churches } from "../../db/schema/churches";
import { invitationRequests } from "../../db/schema/invitations";

let t: TTestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterEach(() => {
  vi.useRealTimers();
});

let ipCount = 0;
/** A signed-out visitor from an address of its own, so each test has its own hourly budget. */
function visitor(): Caller {
  const v = new Caller(t.app);
  ipCount += 1;
  v.ip = `203.0.113.${ipCount}`;
  return v;
}

async function settingsOf(c: TTestChurch) {
  const res = await c.admin.get("/api/admin/church/settings");
  expect(res.status).toBe(200);
  return res.body;
}

async function publish(c: TTestChurch, over: Record<string, unknown> = {}) {
  const res = await c.admin.put("/api/admin/church/settings", {
    ...(await settingsOf(c)),
    address: "1 Church Lane, Springfield",
    phone: "+1 555 0100",
    email: "office@grace.example",
    website: "https://grace.example",
    publicPage: true,
    ...over,
  });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body as { slug: string };
}

const requestBody = (over: Record<string, unknown> = {}) => ({
  name: "Ada Visitor",
  email: uniqueEmail("ada"),
  message: "We moved here last month.",
  ...over,
});

describe("GET /api/public/churches/:slug", () => {
  it("is 404 while unpublished and for an unknown slug; published, it answers the public fields only", async () => {
    const c = await createChurch(t.app, "Grace Public Chapel");
    const slug = (await settingsOf(c)).slug;
    const anon = visitor();
    const hidden = await anon.get(`/api/public/churches/${slug}`);
    expect(hidden.status).toBe(404);
    expect(hidden.body.message).toBe("This church has no public page here.");
    expect((await anon.get("/api/public/churches/no-such-church-here")).status).toBe(404);
    expect((await anon.get("/api/public/churches/bad_slug!")).status).toBe(404);

    const member = await addMember(t.app, c, "CONGREGANT", "Zebulon");
    await createSermon(c.admin, { title: "Published Word", speaker: "Pastor Ruth", notes: "Private notes text" });
    const [churchRow] = await t.db.select().from(churches).where(eq(churches.id, c.church.id));
    await createSermon(c.admin, { title: "Draft Word" }).then(async (s) => {
      // A stopped stream's recording waits as a draft; only admins see it.
      const { sermons } = await import("../../db/schema/sermons");
      await t.db.update(sermons).set({ isDraft: true }).where(eq(sermons.id, s.id));
    });
    const past = new Date(Date.now() - 5 * 86_400_000);
    await createEvent(c.admin, {
      title: "Old Picnic",
      startTime: past.toISOString(),
      endTime: new Date(past.getTime() + 3_600_000).toISOString(),
    });
    await createEvent(c.admin, { title: "Bible Study", description: "Secret description", location: "Hall B" });
    await publish(c);

    const res = await anon.get(`/api/public/churches/${slug}`);
    expect(res.status).toBe(200);
    const page = ZPublicChurchPage.parse(res.body);
    expect(page.church).toEqual({
      name: "Grace Public Chapel",
      slug,
      logoUrl: null,
      brandColor: "#6366F1",
      timeZone: "UTC",
      address: "1 Church Lane, Springfield",
      phone: "+1 555 0100",
      email: "office@grace.example",
      website: "https://grace.example",
    });
    expect(page.sermons.map((s) => s.title)).toEqual(["Published Word"]);
    expect(page.sermons[0]).toEqual({
      id: expect.any(String),
      title: "Published Word",
      speaker: "Pastor Ruth",
      date: "2026-11-15",
    });
    expect(page.events.map((e) => e.title)).toEqual(["Bible Study"]);
    expect(Object.keys(page.events[0]).sort()).toEqual(["endTime", "id", "location", "startTime", "title"]);
    // Nothing private anywhere in the answer: no member, no admin's address, no draft, no feed token, no notes.
    const text = JSON.stringify(res.body);
    for (const secret of [
      member.user.email,
      c.admin.user.email,
      "Zebulon",
      "Pastor Admin",
      "Draft Word",
      "Private notes text",
      "Secret description",
      churchRow.feedToken,
      c.church.id,
    ]) {
      expect(text).not.toContain(secret);
    }
    expect(text.match(/[\w.+-]+@[\w.-]+/g)).toEqual(["office@grace.example"]);
    // Any case of the address finds the page.
    expect((await anon.get(`/api/public/churches/${slug.toUpperCase()}`)).status).toBe(200);
  });

  it("unpublishing hides the page again; a changed slug leaves the old address 404", async () => {
    const c = await createChurch(t.app);
    const { slug } = await publish(c);
    expect((await visitor().get(`/api/public/churches/${slug}`)).status).toBe(200);
    await publish(c, { slug: `${slug}-renamed` });
    expect((await visitor().get(`/api/public/churches/${slug}`)).status).toBe(404);
    expect((await visitor().get(`/api/public/churches/${slug}-renamed`)).status).toBe(200);
    await publish(c, { publicPage: false });
    expect((await visitor().get(`/api/public/churches/${slug}-renamed`)).status).toBe(404);
  });
});

describe("POST /api/public/churches/:slug/invitation-requests", () => {
  it("stores the request for the church's admins, with an activity line and a notification, and no account", async () => {
    const c = await createChurch(t.app);
    const { slug } = await publish(c);
    const member = await addMember(t.app, c);
    const body = requestBody({ name: "Ada Lovelace" });
    const res = await visitor().post(`/api/public/churches/${slug}/invitation-requests`, body);
    expect(res.status).toBe(202);
    expect(res.body.message).toMatch(/sent to the church's leaders/);

    const list = await c.admin.get("/api/admin/invitation-requests");
    expect(list.status).toBe(200);
    expect(list.body).toEqual([
      {
        id: expect.any(String),
        name: "Ada Lovelace",
        email: body.email,
        message: body.message,
        createdAt: expect.any(String),
      },
    ]);
    await drainJobs(t.app);
    const activity = await c.admin.get("/api/admin/recent-activity");
    expect(activity.body[0].description).toBe(`Ada Lovelace (${body.email}) asked for an invitation`);
    const adminNotes = await c.admin.get("/api/notifications");
    expect(adminNotes.body.notifications[0]).toMatchObject({
      title: "Request to join",
      message: "Ada Lovelace asked for an invitation",
      link: "/admin/invitations",
    });
    // Members are not told.
    const memberNotes = await member.get("/api/notifications");
    expect(memberNotes.body.notifications.some((n: { title: string }) => n.title === "Request to join")).toBe(false);
  });

  it("refuses bad input with 400 and a sentence, and stores nothing", async () => {
    const c = await createChurch(t.app);
    const { slug } = await publish(c);
    const v = visitor();
    const cases: [Record<string, unknown>, string, string][] = [
      [{ name: " " }, "name", "Please enter your name."],
      [{ email: "not-an-address" }, "email", "Enter a valid email address"],
      [{ message: "x".repeat(1001) }, "message", "Message must be at most 1000 characters"],
    ];
    for (const [over, path, message] of cases) {
      const res = await v.post(`/api/public/churches/${slug}/invitation-requests`, requestBody(over));
      expect(res.status, path).toBe(400);
      expect(res.body.message).toBe(message);
      expect(res.body.errors[0].path).toBe(path);
    }
    const rows = await t.db.select().from(invitationRequests).where(eq(invitationRequests.churchId, c.church.id));
    expect(rows).toHaveLength(0);
  });

  it("is 404 for an unpublished or unknown church, and stores nothing", async () => {
    const c = await createChurch(t.app);
    const { slug } = await settingsOf(c);
    expect((await visitor().post(`/api/public/churches/${slug}/invitation-requests`, requestBody())).status).toBe(404);
    expect((await visitor().post("/api/public/churches/nobody-here/invitation-requests", requestBody())).status).toBe(
      404,
    );
    const rows = await t.db.select().from(invitationRequests).where(eq(invitationRequests.churchId, c.church.id));
    expect(rows).toHaveLength(0);
  });

  it("takes at most 5 requests an hour from one network address (an IPv6 /64 counts as one)", async () => {
    const c = await createChurch(t.app);
    const { slug } = await publish(c);
    const v = new Caller(t.app);
    v.ip = "2001:db8:24:1::1";
    for (let i = 0; i < 5; i++) {
      expect((await v.post(`/api/public/churches/${slug}/invitation-requests`, requestBody())).status).toBe(202);
    }
    const sameNetwork = new Caller(t.app);
    sameNetwork.ip = "2001:db8:24:1::99";
    const over = await sameNetwork.post(`/api/public/churches/${slug}/invitation-requests`, requestBody());
    expect(over.status).toBe(429);
    expect(over.body.message).toMatch(/Too many requests/);
    // Another address still can.
    expect((await visitor().post(`/api/public/churches/${slug}/invitation-requests`, requestBody())).status).toBe(202);
    const rows = await t.db.select().from(invitationRequests).where(eq(invitationRequests.churchId, c.church.id));
    expect(rows).toHaveLength(6);
  });

  it("takes at most 3 requests a day for one email address, across churches", async () => {
    const a = await createChurch(t.app);
    const b = await createChurch(t.app);
    const slugA = (await publish(a)).slug;
    const slugB = (await publish(b)).slug;
    const email = uniqueEmail("eager");
    expect(
      (await visitor().post(`/api/public/churches/${slugA}/invitation-requests`, requestBody({ email }))).status,
    ).toBe(202);
    expect(
      (await visitor().post(`/api/public/churches/${slugA}/invitation-requests`, requestBody({ email }))).status,
    ).toBe(202);
    expect(
      (
        await visitor().post(
          `/api/public/churches/${slugB}/invitation-requests`,
          requestBody({ email: email.toUpperCase() }),
        )
      ).status,
    ).toBe(202);
    const over = await visitor().post(`/api/public/churches/${slugB}/invitation-requests`, requestBody({ email }));
    expect(over.status).toBe(429);
    expect(over.body.message).toBe(
      "This address has asked for invitations too often today. Please try again tomorrow.",
    );
    const rows = await t.db.select().from(invitationRequests).where(eq(invitationRequests.email, email));
    expect(rows).toHaveLength(3);
  });

  // The day is counted on the app's clock, which may differ from the database's (separate hosts, or
  // a test's moved clock): the requests are stamped with the app's too.
  for (const [label, shiftMs] of [
    ["ahead of", 366 * 86_400_000],
    ["behind", -366 * 86_400_000],
  ] as const) {
    it(`counts a day of requests on one clock when the app's is ${label} the database's`, async () => {
      const { slug } = await publish(await createChurch(t.app));
      const email = uniqueEmail("clock");
      const ask = () => visitor().post(`/api/public/churches/${slug}/invitation-requests`, requestBody({ email }));
      vi.useFakeTimers({ toFake: ["Date"], now: new Date(Date.now() + shiftMs) });
      for (let i = 0; i < 3; i++) expect((await ask()).status).toBe(202);
      expect((await ask()).status).toBe(429);
      vi.setSystemTime(new Date(Date.now() + 25 * 3_600_000));
      expect((await ask()).status).toBe(202);
    });
  }
});

describe("admin: requests to join", () => {
  async function churchWithRequest() {
    const c = await createChurch(t.app);
    const { slug } = await publish(c);
    const body = requestBody();
    expect((await visitor().post(`/api/public/churches/${slug}/invitation-requests`, body)).status).toBe(202);
    const [request] = (await c.admin.get("/api/admin/invitation-requests")).body;
    return { c, body, request };
  }

  it("Invite makes a normal invitation (emailed, in the invitations list) and closes the request", async () => {
    const { c, body, request } = await churchWithRequest();
    const res = await c.admin.post(`/api/admin/invitation-requests/${request.id}/invite`);
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ email: body.email, role: "CONGREGANT", isUsed: false });
    expect(res.body.sentAt).not.toBeNull();
    const invitations = (await c.admin.get("/api/invitations")).body;
    expect(invitations.map((i: { email: string }) => i.email)).toContain(body.email);
    expect((await c.admin.get("/api/admin/invitation-requests")).body).toEqual([]);
    const [row] = await t.db.select().from(invitationRequests).where(eq(invitationRequests.id, request.id));
    expect(row).toMatchObject({ outcome: "invited", invitationId: res.body.id });
    // Handled once: a second Invite or Dismiss is a 409.
    expect((await c.admin.post(`/api/admin/invitation-requests/${request.id}/invite`)).status).toBe(409);
    expect((await c.admin.post(`/api/admin/invitation-requests/${request.id}/dismiss`)).status).toBe(409);
    // The person joins through it.
    const joined = await signUp(t.app, { email: body.email, invitationToken: res.body.token });
    expect(joined.user.churchId).toBe(c.church.id);
    const [entry] = await findAuditEntries(t.db, c.church.id, "invitation_request.approved");
    expect(entry).toMatchObject({
      actorId: c.admin.user.id,
      targetType: "invitation_request",
      targetId: request.id,
      changes: { outcome: [null, "invited"], invitation: [null, res.body.id] },
    });
  });

  it("Invite follows the invitation service's rules: an address already invited is a 409 and the request stays open", async () => {
    const { c, body, request } = await churchWithRequest();
    expect((await c.admin.post("/api/invitations", { email: body.email })).status).toBe(201);
    const res = await c.admin.post(`/api/admin/invitation-requests/${request.id}/invite`);
    expect(res.status).toBe(409);
    expect(res.body.message).toMatch(/already has a pending invitation/);
    expect((await c.admin.get("/api/admin/invitation-requests")).body).toHaveLength(1);
  });

  it("Dismiss closes the request without inviting", async () => {
    const { c, body, request } = await churchWithRequest();
    const res = await c.admin.post(`/api/admin/invitation-requests/${request.id}/dismiss`);
    expect(res.status).toBe(204);
    expect((await c.admin.get("/api/admin/invitation-requests")).body).toEqual([]);
    const invitations = (await c.admin.get("/api/invitations")).body;
    expect(invitations.map((i: { email: string }) => i.email)).not.toContain(body.email);
    await drainJobs(t.app);
    const activity = await c.admin.get("/api/admin/recent-activity");
    expect(activity.body[0].description).toBe(`Request to join from ${body.email} dismissed`);
    const [entry] = await findAuditEntries(t.db, c.church.id, "invitation_request.declined");
    expect(entry).toMatchObject({
      actorId: c.admin.user.id,
      targetType: "invitation_request",
      targetId: request.id,
      changes: { outcome: [null, "dismissed"] },
    });
  });

  it("congregants and group leaders get 403, signed-out callers 401, and nothing changes", async () => {
    const { c, request } = await churchWithRequest();
    for (const role of ["CONGREGANT", "GROUP_LEADER"] as const) {
      const m = await addMember(t.app, c, role);
      expect((await m.get("/api/admin/invitation-requests")).status).toBe(403);
      expect((await m.post(`/api/admin/invitation-requests/${request.id}/invite`)).status).toBe(403);
      expect((await m.post(`/api/admin/invitation-requests/${request.id}/dismiss`)).status).toBe(403);
    }
    const anon = new Caller(t.app);
    expect((await anon.get("/api/admin/invitation-requests")).status).toBe(401);
    expect((await anon.post(`/api/admin/invitation-requests/${request.id}/dismiss`)).status).toBe(401);
    expect((await c.admin.get("/api/admin/invitation-requests")).body).toHaveLength(1);
  });

  it("church B's admin neither sees nor acts on church A's requests (404)", async () => {
    const { c: a, request } = await churchWithRequest();
    const b = await createChurch(t.app);
    expect((await b.admin.get("/api/admin/invitation-requests")).body).toEqual([]);
    expect((await b.admin.post(`/api/admin/invitation-requests/${request.id}/invite`)).status).toBe(404);
    expect((await b.admin.post(`/api/admin/invitation-requests/${request.id}/dismiss`)).status).toBe(404);
    expect((await b.admin.get("/api/invitations")).body).toEqual([]);
    expect((await a.admin.get("/api/admin/invitation-requests")).body).toHaveLength(1);
  });

  it("an unknown or malformed id is a 404, not a 5xx", async () => {
    const c = await createChurch(t.app);
    expect(
      (await c.admin.post("/api/admin/invitation-requests/00000000-0000-4000-8000-000000000000/invite")).status,
    ).toBe(404);
    expect((await c.admin.post("/api/admin/invitation-requests/nope/dismiss")).status).toBe(404);
  });
});
