import { eq } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { beforeAll, describe, expect, it } from "vitest";
import { Caller, createSecondInstance, createTestApp, type TTestApp } from "../../../test/app";
import { addMember, createChurch, PASSWORD, type TSignedIn, type TTestChurch } from "../../../test/factories";
import { receiveMail } from "../../../test/mail";
import { startSmtpServer } from "../../../test/smtp";
import { joinLive, openSocket, socketUrl, type TTestSocket } from "../../../test/socket";
import { sessions } from "../../db/schema/auth";
import { sha256 } from "../../lib/crypto";

/**
 * Issue 23 item 5: a socket opened while signed in kept receiving chat after sign-out, sign out
 * everywhere, a password reset, removal from the church or a role change, and could join again.
 * Two app processes on one database (as behind a load balancer): the change is made through one,
 * and sockets on both are closed.
 */
let t: TTestApp;
let other: FastifyInstance;
let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
let urlA: string;
let urlB: string;
beforeAll(async () => {
  smtp = await startSmtpServer();
  t = await createTestApp({ SMTP_URL: smtp.url }, { live: { heartbeatMs: 200, staleMs: 2000 } });
  other = await createSecondInstance(t, { live: { heartbeatMs: 200, staleMs: 2000 } });
  urlA = await socketUrl(t.app);
  urlB = await socketUrl(other);
});

type TLive = { c: TTestChurch; eventId: string; control: TTestSocket };

/** A church streaming live, with an admin's socket that must keep receiving the chat throughout. */
async function startLive(): Promise<TLive> {
  const c = await createChurch(t.app);
  const res = await c.admin.post("/api/live-stream/start", { title: "Live", recordingEnabled: false });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  const control = await joinLive(urlA, c.admin.cookie, res.body.eventId);
  return { c, eventId: res.body.eventId, control };
}

/** Another browser of the same account: a session of its own. */
async function signInAgain(m: TSignedIn): Promise<Caller> {
  const caller = new Caller(t.app);
  expect((await caller.post("/api/auth/login", { email: m.user.email, password: PASSWORD })).status).toBe(200);
  return caller;
}

async function expectClosedUnauthorized(s: TTestSocket): Promise<void> {
  expect((await s.closed).code).toBe(4401);
  expect(s.frames.filter((f) => f.type === "error").map((f) => f.type === "error" && f.message)).toEqual([
    "Unauthorized",
  ]);
}

/** A message posted now reaches the control socket, and none of `gone`. */
async function expectChatOnlyTo(live: TLive, gone: TTestSocket[], stillOpen: TTestSocket[] = []): Promise<void> {
  const sent = await live.c.admin.post(`/api/live-stream/${live.eventId}/message`, { message: "After the change" });
  expect(sent.status).toBe(201);
  for (const s of [live.control, ...stillOpen]) await s.next("new_message", (f) => f.message.id === sent.body.id);
  for (const s of gone) {
    expect(s.ws.readyState).toBe(s.ws.CLOSED);
    expect(s.frames.some((f) => f.type === "new_message")).toBe(false);
  }
}

describe("a socket does not outlive its session", () => {
  it("sign-out closes the session's sockets on both processes (4401), a join sent meanwhile is refused, another browser stays", async () => {
    const live = await startLive();
    const m = await addMember(t.app, live.c);
    const onA = await joinLive(urlA, m.cookie, live.eventId);
    const onB = await joinLive(urlB, m.cookie, live.eventId);
    const otherBrowser = await signInAgain(m);
    const kept = await joinLive(urlB, otherBrowser.cookie, live.eventId);

    expect((await m.post("/api/logout")).status).toBe(204);
    // Sent at once, before or after process B hears of the sign-out: either way no second join.
    onB.send({ type: "join_live_stream", eventId: live.eventId });
    await expectClosedUnauthorized(onA);
    await expectClosedUnauthorized(onB);
    expect(onB.frames.filter((f) => f.type === "joined")).toHaveLength(1);
    await expectChatOnlyTo(live, [onA, onB], [kept]);
    expect(kept.ws.readyState).toBe(kept.ws.OPEN);
  });

  it("sign out everywhere closes every browser's sockets on every process", async () => {
    const live = await startLive();
    const m = await addMember(t.app, live.c);
    const second = await signInAgain(m);
    const first = await joinLive(urlA, m.cookie, live.eventId);
    const elsewhere = await joinLive(urlB, second.cookie, live.eventId);

    expect((await m.post("/api/user/sessions/revoke-all")).status).toBe(204);
    await expectClosedUnauthorized(first);
    await expectClosedUnauthorized(elsewhere);
    await expectChatOnlyTo(live, [first, elsewhere]);
  });

  it("a password reset closes the account's sockets on the other process", async () => {
    const live = await startLive();
    const m = await addMember(t.app, live.c);
    const s = await joinLive(urlB, m.cookie, live.eventId);

    const anon = new Caller(t.app);
    expect((await anon.post("/api/auth/forgot-password", { email: m.user.email })).status).toBe(202);
    const mail = await receiveMail(t.app, smtp, m.user.email, "Reset your Fellowship password");
    const token = /reset-password\?token=([\w-]+)/.exec(mail.text)?.[1];
    expect((await anon.post("/api/auth/reset-password", { token, password: "a brand new password" })).status).toBe(200);
    await expectClosedUnauthorized(s);
    await expectChatOnlyTo(live, [s]);
  });

  it("a password change closes the other browsers' sockets and keeps this browser's", async () => {
    const live = await startLive();
    const m = await addMember(t.app, live.c);
    const second = await signInAgain(m);
    const mine = await joinLive(urlA, m.cookie, live.eventId);
    const theirs = await joinLive(urlB, second.cookie, live.eventId);

    const res = await m.post("/api/user/password", { currentPassword: PASSWORD, newPassword: "another good password" });
    expect(res.status).toBe(204);
    await expectClosedUnauthorized(theirs);
    await expectChatOnlyTo(live, [theirs], [mine]);
  });

  it("confirming the address in one browser closes the other browsers' sockets and keeps this one's", async () => {
    const live = await startLive();
    // The church's creator registered without an invitation: a confirmation link was e-mailed.
    const admin = live.c.admin;
    const mail = await receiveMail(t.app, smtp, admin.user.email, "Confirm your Fellowship email address");
    const token = /verify-email\?token=([\w-]+)/.exec(mail.text)?.[1];
    const second = await signInAgain(admin);
    const theirs = await joinLive(urlB, second.cookie, live.eventId);

    expect((await admin.post("/api/auth/verify-email", { token })).status).toBe(200);
    await expectClosedUnauthorized(theirs);
    // The control socket is this browser's own: it keeps the chat.
    await expectChatOnlyTo(live, [theirs]);
  });

  it("removal from the church closes the member's sockets on the other process; the admin's stay", async () => {
    const live = await startLive();
    const m = await addMember(t.app, live.c);
    const s = await joinLive(urlB, m.cookie, live.eventId);
    const adminOnB = await joinLive(urlB, live.c.admin.cookie, live.eventId);

    expect((await live.c.admin.delete(`/api/admin/members/${m.user.id}`)).status).toBe(204);
    await expectClosedUnauthorized(s);
    await expectChatOnlyTo(live, [s], [adminOnB]);
    // The account still signs in, without a church: no socket for it.
    await expect(openSocket(urlB, m.cookie)).rejects.toThrow(/403/);
  });

  it("a role change closes the member's sockets; they open again with the new role", async () => {
    const live = await startLive();
    const m = await addMember(t.app, live.c);
    const onA = await joinLive(urlA, m.cookie, live.eventId);
    const onB = await joinLive(urlB, m.cookie, live.eventId);

    const res = await live.c.admin.patch(`/api/admin/members/${m.user.id}`, { role: "GROUP_LEADER" });
    expect(res.status).toBe(200);
    await expectClosedUnauthorized(onA);
    await expectClosedUnauthorized(onB);
    await expectChatOnlyTo(live, [onA, onB]);
    const again = await joinLive(urlB, m.cookie, live.eventId);
    await expectChatOnlyTo(live, [], [again]);
  });

  it("a harmless change (a new name, points) closes nothing", async () => {
    const live = await startLive();
    const m = await addMember(t.app, live.c);
    const s = await joinLive(urlB, m.cookie, live.eventId);

    expect((await m.patch("/api/user/profile", { firstName: "Renamed", lastName: "Member" })).status).toBe(200);
    // Points: another "user" change on the bus.
    await t.app.cacheBus.publish("user", m.user.id);
    await expectChatOnlyTo(live, [], [s]);
    expect(s.ws.readyState).toBe(s.ws.OPEN);
    expect(s.frames.some((f) => f.type === "error")).toBe(false);
  });

  it("every join checks the session again: a join after the session expired is refused (no bus message says so)", async () => {
    const live = await startLive();
    const m = await addMember(t.app, live.c);
    const s = await openSocket(urlA, m.cookie);
    const sessionId = sha256(decodeURIComponent((m.cookie ?? "").replace(/^fellowship_session=/, "")));
    const expiresAt = Date.now() + 1500;
    const ended = await t.db
      .update(sessions)
      .set({ expiresAt: new Date(expiresAt) })
      .where(eq(sessions.id, sessionId))
      .returning({ id: sessions.id });
    expect(ended).toHaveLength(1);
    // Each process reads the new expiry (the socket is checked too, and stays: the session still stands).
    await t.app.cacheBus.publish("session", sessionId);
    await new Promise((resolve) => setTimeout(resolve, Math.max(0, expiresAt - Date.now() + 300)));
    expect(s.ws.readyState).toBe(s.ws.OPEN);

    s.send({ type: "join_live_stream", eventId: live.eventId });
    await expectClosedUnauthorized(s);
    expect(s.frames.some((f) => f.type === "joined")).toBe(false);
  });
});
