import fs from "node:fs";
import path from "node:path";
import type { TNotificationKind } from "@common/notifications";
import { and, eq, inArray, sql } from "drizzle-orm";
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { Caller, createTestApp, type TTestApp } from "../../../test/app";
import { addMember, createChurch, setTimeZone, type TSignedIn, type TTestChurch } from "../../../test/factories";
import { drainJobs } from "../../../test/jobs";
import { queuedMail } from "../../../test/mail";
import { notifications } from "../../db/schema/community";
import { ownText } from "../../lib/notification-text";
import { sweepEmailFallback } from "./notification-email";
import { notify } from "./notify";

let t: TTestApp;
beforeAll(async () => {
  // Without SMTP the app writes each e-mail it sends to DATA_DIR/mail (headers included): the SMTP
  // client does not get on with the tests' standing clock.
  t = await createTestApp({}, { runJobs: false });
  // The hourly mail sweep reschedules itself an hour after the app's clock: with the clock in the
  // past it would be due again at once, for ever. These tests do not need it.
  await t.db.execute(sql`select graphile_worker.remove_job('mail.cleanup')`);
});

type TSent = { to: string; subject: string; raw: string };
/** Every e-mail the app has sent, oldest first (its .eml files). */
function sentMail(): TSent[] {
  const dir = path.join(t.config.dataDir, "mail");
  if (!fs.existsSync(dir)) return [];
  return fs
    .readdirSync(dir)
    .map((f) => ({ f, at: fs.statSync(path.join(dir, f)).mtimeMs }))
    .sort((a, b) => a.at - b.at || a.f.localeCompare(b.f))
    .map(({ f }) => {
      const raw = fs.readFileSync(path.join(dir, f), "utf8");
      return { raw, to: /^To: (.*)$/m.exec(raw)?.[1] ?? "", subject: /^Subject: (.*)$/m.exec(raw)?.[1]?.trim() ?? "" };
    });
}
const smtp = {
  get messages() {
    // The notifications' e-mails of these tests (not the sign-ups' address confirmations).
    return sentMail()
      .filter((m) => m.subject.endsWith(" news"))
      .map((m) => ({ ...m, to: [m.to.trim()], text: m.raw }));
  },
};
afterEach(() => {
  vi.useRealTimers();
});

/**
 * The app's clock at `iso` (only Date: timers and the database run as usual). It keeps moving from
 * there with real time: the mail transport does not get on with a clock that stands still.
 */
const clockAt = (iso: string) => vi.useFakeTimers({ toFake: ["Date"], now: new Date(iso), shouldAdvanceTime: true });

const deps = () => ({ db: t.db, mailer: t.app.mailer, secrets: t.app.secrets, publicUrl: t.app.config.publicUrl });
/** One run of the fallback sweep at the app's clock. */
const sweep = () => sweepEmailFallback(deps(), new Date());

/** A notification of `kind` to `members`, stored at the app's clock and delivered (the delivery job run). */
async function send(
  c: TTestChurch,
  members: TSignedIn[],
  kind: TNotificationKind,
  opts: { urgent?: boolean; link?: string } = {},
): Promise<string[]> {
  await t.db.transaction((tx) =>
    notify(
      tx,
      { churchId: c.church.id },
      {
        kind,
        to: { userIds: members.map((m) => m.user.id) },
        text: ownText(`${kind} news`, "Something happened"),
        link: opts.link ?? "/events",
        urgent: opts.urgent,
      },
    ),
  );
  const rows = await t.db
    .select({ id: notifications.id, userId: notifications.userId })
    .from(notifications)
    .where(
      and(
        eq(notifications.kind, kind),
        inArray(
          notifications.userId,
          members.map((m) => m.user.id),
        ),
      ),
    );
  const ids = rows.map((r) => r.id);
  // The database's now() stored it; the test's clock says when it happened.
  await t.db.update(notifications).set({ createdAt: new Date() }).where(inArray(notifications.id, ids));
  await drainJobs(t.app);
  return members.map((m) => rows.filter((r) => r.userId === m.user.id).map((r) => r.id)[0] as string);
}

const mailTo = async (m: TSignedIn) => queuedMail(t.db, m.user.email);
const stateOf = async (id: string) => (await t.db.select().from(notifications).where(eq(notifications.id, id)))[0];

describe("e-mail 'always' and urgent (issue 29)", () => {
  it("e-mails an 'always' kind at once, once, with both RFC 8058 headers and the tracked button", async () => {
    clockAt("2026-01-14T18:00:00Z"); // noon in Chicago
    const c = await createChurch(t.app);
    await setTimeZone(c, "America/Chicago");
    const ruth = await addMember(t.app, c);
    const boaz = await addMember(t.app, c);
    await ruth.put("/api/notifications/channels", { events: { email: "always" } });
    const before = smtp.messages.length;
    const [id] = await send(c, [ruth, boaz], "event_published", { link: "/events/abc" });
    // Sent through the queue: Ruth only (Boaz waits, "unseen").
    await drainJobs(t.app);
    const got = smtp.messages.slice(before);
    expect(got.map((m) => m.to)).toEqual([[ruth.user.email]]);
    expect(got[0].subject).toBe("event_published news");
    const raw = got[0].raw.replace(/\r\n[ \t]+/g, " ");
    expect(raw).toMatch(/^List-Unsubscribe: <http:\/\/[^>]+\/api\/unsubscribe\?u=[^&]+&t=events&s=[\w-]+>/m);
    expect(raw).toMatch(/^List-Unsubscribe-Post: List-Unsubscribe=One-Click/m);
    expect((await stateOf(id)).emailState).toBe("sent");
    // The sealed body carries the tracked button and the unsubscribe page.
    const text = got[0].text;
    const open = /(http:\/\/\S+\/api\/notifications\/[\w-]+\/email-open\?s=[\w-]+)/.exec(text)?.[1];
    expect(open, text).toBeTruthy();
    expect(text).toContain("/unsubscribe?u=");
    // The delivery job again (a retry) sends nothing more.
    await t.app.jobs.runDue();
    await sweep();
    await drainJobs(t.app);
    expect(smtp.messages.slice(before)).toHaveLength(1);

    // Following the button: no session, recorded, 303 to the page; a tampered signature is 404.
    const path = new URL(open as string);
    const anon = new Caller(t.app);
    const res = await anon.get(`${path.pathname}${path.search}`);
    expect(res.status).toBe(303);
    expect(res.headers.location).toBe(`${t.app.config.publicUrl}/events/abc`);
    const row = await stateOf(id);
    expect(row.emailOpenedAt).not.toBeNull();
    expect(row.isRead).toBe(false);
    const bad = await anon.get(`${path.pathname}?s=${"x".repeat(32)}`);
    expect(bad.status).toBe(404);
    expect(bad.body.message).toBeTruthy();
    expect((await anon.get(`${path.pathname}?s=short`)).status).toBe(400);
  });

  it("e-mails an urgent one to 'unseen' members at once, never to 'never' ones, whatever the hour", async () => {
    clockAt("2026-01-15T05:00:00Z"); // 23:00 in Chicago: quiet hours
    const c = await createChurch(t.app);
    await setTimeZone(c, "America/Chicago");
    const ruth = await addMember(t.app, c);
    const boaz = await addMember(t.app, c);
    await boaz.put("/api/notifications/channels", { announcements: { email: "never" } });
    const [r, b] = await send(c, [ruth, boaz], "announcement", { urgent: true });
    expect(await mailTo(ruth)).toHaveLength(0); // sent already (drained), none waiting
    expect((await stateOf(r)).emailState).toBe("sent");
    expect((await stateOf(b)).emailState).toBe("skipped");
    expect(smtp.messages.filter((m) => m.to.includes(ruth.user.email))).toHaveLength(1);
    expect(smtp.messages.filter((m) => m.to.includes(boaz.user.email))).toHaveLength(0);
  });
});

describe("'only if I have not seen it' (issue 29)", () => {
  it("e-mails once after the church's delay; none when read in time or opened from a push", async () => {
    clockAt("2026-01-14T15:00:00Z"); // 09:00 in Chicago
    const c = await createChurch(t.app);
    await setTimeZone(c, "America/Chicago");
    const ruth = await addMember(t.app, c);
    const boaz = await addMember(t.app, c);
    const naomi = await addMember(t.app, c);
    const [r, b, n] = await send(c, [ruth, boaz, naomi], "prayer_answered");
    expect((await stateOf(r)).emailState).toBeNull();
    // Boaz reads it in the app; Naomi opens it from a push.
    expect((await boaz.patch(`/api/notifications/${b}/read`)).status).toBe(200);
    expect((await naomi.post(`/api/notifications/${n}/opened`)).status).toBe(204);
    expect((await stateOf(n)).isRead).toBe(true);

    clockAt("2026-01-14T20:59:00Z"); // 5 h 59 min on (the clock kept moving while the members joined)
    expect(await sweep()).toEqual({ sent: 0, skipped: 2 });
    expect((await stateOf(r)).emailState).toBeNull();
    clockAt("2026-01-14T21:01:00Z"); // 6 h on: due (15:01 in Chicago)
    expect((await sweep()).sent).toBe(1);
    expect((await sweep()).sent).toBe(0);
    await drainJobs(t.app);
    expect(smtp.messages.filter((m) => m.to.includes(ruth.user.email))).toHaveLength(1);
    expect(smtp.messages.filter((m) => m.to.includes(boaz.user.email) || m.to.includes(naomi.user.email))).toEqual([]);
    expect((await stateOf(b)).emailState).toBe("skipped");
    expect((await stateOf(n)).emailState).toBe("skipped");
  });

  it("POST /opened is the member's own only: another member's or another church's id is 404", async () => {
    const c = await createChurch(t.app);
    const other = await createChurch(t.app);
    const ruth = await addMember(t.app, c);
    const boaz = await addMember(t.app, c);
    const [id] = await send(c, [ruth], "kudos_approved");
    expect((await boaz.post(`/api/notifications/${id}/opened`)).status).toBe(404);
    expect((await other.admin.post(`/api/notifications/${id}/opened`)).status).toBe(404);
    expect((await new Caller(t.app).post(`/api/notifications/${id}/opened`)).status).toBe(401);
    expect((await ruth.post("/api/notifications/not-an-id/opened")).status).toBe(404);
    expect((await stateOf(id)).isRead).toBe(false);
  });

  it("quiet hours hold it until the morning in the church's time zone (Chicago and Seoul)", async () => {
    for (const [zone, at, night, morningBefore, morning] of [
      // 17:00 local; due 23:00 local; 07:59 and 08:00 the next morning.
      [
        "America/Chicago",
        "2026-01-14T23:00:00Z",
        "2026-01-15T05:00:00Z",
        "2026-01-15T13:59:00Z",
        "2026-01-15T14:00:00Z",
      ],
      ["Asia/Seoul", "2026-01-14T08:00:00Z", "2026-01-14T14:00:00Z", "2026-01-14T22:59:00Z", "2026-01-14T23:00:00Z"],
    ]) {
      clockAt(at);
      const c = await createChurch(t.app);
      await setTimeZone(c, zone);
      const ruth = await addMember(t.app, c);
      const [id] = await send(c, [ruth], "group_post");
      clockAt(night);
      await sweep();
      expect((await stateOf(id)).emailState, zone).toBeNull();
      clockAt(morningBefore);
      await sweep();
      expect((await stateOf(id)).emailState, zone).toBeNull();
      clockAt(morning);
      await sweep();
      expect((await stateOf(id)).emailState, zone).toBe("sent");
    }
  });

  it("holds it across the end of daylight saving time: sent at 08:00 CST, not 08:00 CDT", async () => {
    // Saturday 31 October 2026, 19:00 CDT (UTC-5); the clocks go back at 02:00 on Sunday 1 November.
    clockAt("2026-11-01T00:00:00Z");
    const c = await createChurch(t.app);
    await setTimeZone(c, "America/Chicago");
    const ruth = await addMember(t.app, c);
    await ruth.put("/api/notifications/channels", { events: { email: "unseen" } });
    const [id] = await send(c, [ruth], "event_published");
    clockAt("2026-11-01T06:00:00Z"); // due: 01:00 CDT, quiet
    await sweep();
    clockAt("2026-11-01T13:00:00Z"); // 07:00 CST (08:00 had the clocks not gone back)
    await sweep();
    expect((await stateOf(id)).emailState).toBeNull();
    clockAt("2026-11-01T14:00:00Z"); // 08:00 CST
    await sweep();
    const row = await stateOf(id);
    expect(row.emailState).toBe("sent");
    expect(row.emailedAt?.toISOString().slice(0, 16)).toBe("2026-11-01T14:00");
  });

  it("an 'always' kind held by quiet hours goes when they end; a week-old pending one never goes", async () => {
    clockAt("2026-01-15T04:00:00Z"); // 22:00 in Chicago
    const c = await createChurch(t.app);
    await setTimeZone(c, "America/Chicago");
    const ruth = await addMember(t.app, c);
    await ruth.put("/api/notifications/channels", { kudos: { email: "always" } });
    const [held] = await send(c, [ruth], "kudos_approved");
    expect((await stateOf(held)).emailState).toBeNull();
    clockAt("2026-01-15T14:00:00Z"); // 08:00: quiet hours over, before the 6 h delay matters
    await sweep();
    expect((await stateOf(held)).emailState).toBe("sent");

    clockAt("2026-01-20T18:00:00Z");
    const [old] = await send(c, [ruth], "prayer_partner");
    clockAt("2026-01-27T19:00:00Z"); // 7 days on (the app was down, say)
    await sweep();
    expect((await stateOf(old)).emailState).toBe("skipped");
  });

  it("sends none to a member who turned notification e-mails off in their profile, nor to 'never' kinds", async () => {
    clockAt("2026-01-14T15:00:00Z");
    const c = await createChurch(t.app);
    const ruth = await addMember(t.app, c);
    const boaz = await addMember(t.app, c);
    expect((await ruth.patch("/api/user/preferences", { emailNotifications: false })).status).toBe(200);
    const [r, b] = await send(c, [ruth, boaz], "badge_earned");
    expect((await stateOf(b)).emailState).toBe("skipped"); // badges: never by default
    const [r2] = await send(c, [ruth], "prayer_answered");
    clockAt("2026-01-14T22:00:00Z");
    await sweep();
    expect((await stateOf(r)).emailState).toBe("skipped");
    expect((await stateOf(r2)).emailState).toBe("skipped");
  });

  it("the sweep works through more than one batch, each once", async () => {
    clockAt("2026-01-14T15:00:00Z");
    const c = await createChurch(t.app);
    const ruth = await addMember(t.app, c);
    // 1,200 pending rows of one member, written directly (as many deliveries would leave them).
    const values = Array.from({ length: 1200 }, (_, i) => ({
      churchId: c.church.id,
      userId: ruth.user.id,
      type: "other",
      kind: "group_post",
      title: `Post ${i}`,
      message: "m",
      createdAt: new Date(Date.UTC(2026, 0, 14, 13, 0, i % 60)),
    }));
    await t.db.insert(notifications).values(values);
    await setTimeZone(c, "UTC");
    clockAt("2026-01-14T19:05:00Z"); // past the 6 hours, before the quiet hours (21:00 UTC)
    expect(await sweep()).toEqual({ sent: 1200, skipped: 0 });
    expect(await sweep()).toEqual({ sent: 0, skipped: 0 });
    expect((await mailTo(ruth)).filter((m) => m.subject.startsWith("Post "))).toHaveLength(1200);
  });
});

describe("one-click unsubscribe without a session (issue 29)", () => {
  it("turns off that kind's e-mail only (RFC 8058 form post, no cookie, no Origin); a tampered link is 404", async () => {
    clockAt("2026-01-14T18:00:00Z");
    const c = await createChurch(t.app);
    const ruth = await addMember(t.app, c);
    const boaz = await addMember(t.app, c);
    await ruth.put("/api/notifications/channels", { events: { email: "always" }, prayer: { email: "always" } });
    await boaz.put("/api/notifications/channels", { events: { email: "always" } });
    const before = smtp.messages.length;
    await send(c, [ruth], "event_published");
    await drainJobs(t.app);
    const [mail] = smtp.messages.slice(before);
    const header = /^List-Unsubscribe: <([^>]+)>/m.exec(mail.raw.replace(/\r\n[ \t]+/g, ""))?.[1] as string;
    const url = new URL(header);
    const anon = new Caller(t.app);

    // Tampered: 404, nothing changes.
    const tampered = new URLSearchParams(url.search);
    tampered.set("u", boaz.user.id);
    const bad = await anon.request("POST", `/api/unsubscribe?${tampered}`, "List-Unsubscribe=One-Click", {
      "content-type": "application/x-www-form-urlencoded",
    });
    expect(bad.status).toBe(404);
    expect(bad.body.message).toBeTruthy();
    expect((await boaz.get("/api/notifications/channels")).body.events.email).toBe("always");
    const topic = new URLSearchParams(url.search);
    topic.set("t", "prayer");
    expect((await anon.get(`/api/unsubscribe?${topic}`)).status).toBe(404);
    expect((await anon.get("/api/unsubscribe?u=x&t=events&s=y")).status).toBe(400);

    // GET says what it turns off; POST (a form, as a mail provider sends it) turns it off.
    const shown = await anon.get(`${url.pathname}${url.search}`);
    expect(shown.body).toEqual({ topic: "events", churchName: c.church.name, off: false });
    const res = await anon.request("POST", `${url.pathname}${url.search}`, "List-Unsubscribe=One-Click", {
      "content-type": "application/x-www-form-urlencoded",
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toEqual({ topic: "events", churchName: c.church.name, off: true });
    // The app's page may post JSON or nothing: the same answer.
    expect((await anon.post(`${url.pathname}${url.search}`)).body.off).toBe(true);
    const channels = (await ruth.get("/api/notifications/channels")).body;
    expect(channels.events.email).toBe("never");
    expect(channels.prayer.email).toBe("always");
    expect((await boaz.get("/api/notifications/channels")).body.events.email).toBe("always");

    // Events no longer e-mail Ruth; prayer still does.
    const mid = smtp.messages.length;
    await send(c, [ruth], "event_published");
    await send(c, [ruth], "prayer_answered");
    await drainJobs(t.app);
    expect(smtp.messages.slice(mid).map((m) => m.subject)).toEqual(["prayer_answered news"]);
  });
});
