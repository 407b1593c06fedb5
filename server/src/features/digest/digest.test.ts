import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { Caller, createTestApp, type TTestApp } from "../../../test/app";
import {
  addMember,
  createChurch,
  createSermon,
  PASSWORD,
  setTimeZone,
  type TTestChurch,
} from "../../../test/factories";
import { drainJobs } from "../../../test/jobs";
import { queuedMail } from "../../../test/mail";
import { startSmtpServer } from "../../../test/smtp";
import { churches } from "../../db/schema/churches";
import { kudos, notificationChannels } from "../../db/schema/community";
import { digestRuns } from "../../db/schema/digest";
import { eventAttendance, events } from "../../db/schema/events";
import { groupMeetings, groupMembers, groups } from "../../db/schema/groups";
import { userPreferences, weeklyActionSteps } from "../../db/schema/growth";
import { pointsLedger } from "../../db/schema/points";
import { prayerChainLinks, prayerChains, prayerRequestPrayers, prayerRequests } from "../../db/schema/prayer";
import { sermons } from "../../db/schema/sermons";
import { users } from "../../db/schema/users";
import { addJob } from "../../lib/jobs";
import { isUnsubscribeSignature } from "../../lib/unsubscribe";
import { DIGEST_BATCH, DIGEST_JOB, sendDigestBatch, sendDueDigests } from "./digest.jobs";

// Issue 29 (D): the weekly e-mail digest, at the church's day and time, once, with each member's own week.

let t: TTestApp;
let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
beforeAll(async () => {
  smtp = await startSmtpServer();
  t = await createTestApp({ SMTP_URL: smtp.url }, { runJobs: false });
});
afterEach(() => {
  vi.useRealTimers();
});

const DAY = 86_400_000;
const deps = () => ({ db: t.app.db, mailer: t.app.mailer, secrets: t.app.secrets, publicUrl: t.app.config.publicUrl });

/** One run of the digest with the app's clock at `iso`; the clock stays there until the test ends. */
async function runAt(iso: string) {
  vi.useFakeTimers({ toFake: ["Date"], now: new Date(iso) });
  return sendDueDigests(deps(), new Date());
}

/** Digests waiting in the queue for `email`. */
async function digestsTo(email: string) {
  return (await queuedMail(t.app.db, email)).filter((m) => m.headers?.["List-Unsubscribe-Post"]);
}

/** A church in `timeZone` that existed before `since` (a church made after its moment waits a week). */
async function churchIn(timeZone: string, since: string): Promise<TTestChurch> {
  const c = await createChurch(t.app);
  await setTimeZone(c, timeZone);
  await t.db
    .update(churches)
    .set({ createdAt: new Date(since) })
    .where(eq(churches.id, c.church.id));
  return c;
}

/** Something every member of the church sees: an event two days after `at`. */
async function addEvent(c: TTestChurch, at: string, title = "Harvest supper") {
  const start = new Date(Date.parse(at) + 2 * DAY);
  const [e] = await t.db
    .insert(events)
    .values({
      churchId: c.church.id,
      title,
      description: "Bring a dish",
      location: "Hall",
      startTime: start,
      endTime: new Date(start.getTime() + 2 * 3_600_000),
    })
    .returning();
  return e;
}

describe("when the digest goes", () => {
  it("goes at Saturday 17:00 in Chicago and not before, once however often the job runs", async () => {
    const c = await churchIn("America/Chicago", "2026-12-03T00:00:00Z");
    const member = await addMember(t.app, c);
    await addEvent(c, "2026-12-05T23:00:00Z");
    await addEvent(c, "2026-12-12T23:00:00Z");
    // Saturday 2026-12-05 17:00 CST is 23:00 UTC.
    await runAt("2026-12-05T22:59:00Z");
    expect(await digestsTo(member.user.email)).toHaveLength(0);
    await runAt("2026-12-05T23:00:10Z");
    expect(await digestsTo(member.user.email)).toHaveLength(1);
    for (const iso of ["2026-12-05T23:15:10Z", "2026-12-06T03:00:10Z", "2026-12-08T12:00:00Z", "2026-12-12T22:59:00Z"])
      await runAt(iso);
    expect(await digestsTo(member.user.email)).toHaveLength(1);
    // The next Saturday is the next week's.
    await runAt("2026-12-12T23:00:10Z");
    expect(await digestsTo(member.user.email)).toHaveLength(2);
  });

  it("goes at Saturday 17:00 in Seoul, through the queue's own job on the app's clock", async () => {
    const c = await churchIn("Asia/Seoul", "2026-12-03T00:00:00Z");
    const member = await addMember(t.app, c);
    await addEvent(c, "2026-12-05T08:00:00Z");
    // Saturday 17:00 KST is 08:00 UTC.
    vi.useFakeTimers({ toFake: ["Date"], now: new Date("2026-12-05T07:59:00Z") });
    await addJob(t.app.db, DIGEST_JOB, {});
    await drainJobs(t.app);
    const digestsSent = () =>
      smtp.messages.filter((m) => m.to.includes(member.user.email) && /^Your week/.test(m.subject));
    expect(digestsSent()).toHaveLength(0);
    vi.setSystemTime(new Date("2026-12-05T08:00:10Z"));
    await addJob(t.app.db, DIGEST_JOB, {});
    await addJob(t.app.db, DIGEST_JOB, {});
    await drainJobs(t.app);
    const got = digestsSent();
    expect(got).toHaveLength(1);
    expect(got[0].subject).toBe(`Your week at ${c.church.name}`);
    // RFC 8058 headers, a text part and an HTML part.
    const raw = got[0].raw.replace(/\r\n[ \t]+/g, " ");
    expect(raw).toMatch(/^List-Unsubscribe: <http:\/\/fellowship\.test\/api\/unsubscribe\?u=[^>]*t=digest/m);
    expect(raw).toMatch(/^List-Unsubscribe-Post: List-Unsubscribe=One-Click/m);
    expect(got[0].raw).toMatch(/Content-Type: text\/plain/);
    expect(got[0].raw).toMatch(/Content-Type: text\/html/);
  });

  it("keeps to the church's clock the week daylight saving ends (US first Sunday of November, EU last of October)", async () => {
    const chicago = await churchIn("America/Chicago", "2026-11-04T00:00:00Z");
    const berlin = await churchIn("Europe/Berlin", "2026-10-28T00:00:00Z");
    const a = await addMember(t.app, chicago);
    const b = await addMember(t.app, berlin);
    await addEvent(chicago, "2026-11-07T23:00:00Z");
    await addEvent(berlin, "2026-10-31T16:00:00Z");
    // Chicago: Saturday 7 November 17:00 CST is 23:00 UTC (22:00 UTC would be 17:00 under CDT, last week's offset).
    await runAt("2026-11-07T22:00:10Z");
    expect(await digestsTo(a.user.email)).toHaveLength(0);
    await runAt("2026-11-07T23:00:10Z");
    expect(await digestsTo(a.user.email)).toHaveLength(1);
    // Berlin: Saturday 31 October 17:00 CET is 16:00 UTC (15:00 UTC would be 17:00 CEST).
    await runAt("2026-10-31T15:00:10Z");
    expect(await digestsTo(b.user.email)).toHaveLength(0);
    await runAt("2026-10-31T16:00:10Z");
    expect(await digestsTo(b.user.email)).toHaveLength(1);
  });

  it("follows the church's own day and time", async () => {
    const c = await churchIn("America/New_York", "2026-12-03T00:00:00Z");
    const current = await c.admin.get("/api/admin/church/settings");
    const res = await c.admin.put("/api/admin/church/settings", { ...current.body, digestDay: 1, digestTime: "07:30" });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const member = await addMember(t.app, c);
    await addEvent(c, "2026-12-07T12:30:00Z");
    // Saturday 17:00 is nothing to this church; Monday 7 December 07:30 EST (12:30 UTC) is.
    await runAt("2026-12-05T22:00:10Z");
    await runAt("2026-12-07T12:29:00Z");
    expect(await digestsTo(member.user.email)).toHaveLength(0);
    await runAt("2026-12-07T12:30:10Z");
    expect(await digestsTo(member.user.email)).toHaveLength(1);
  });

  it("moving the day later sends no second digest the next day; the new day holds from the week after", async () => {
    const c = await churchIn("America/Chicago", "2027-01-05T00:00:00Z");
    const member = await addMember(t.app, c);
    await addEvent(c, "2027-01-09T23:00:00Z");
    await addEvent(c, "2027-01-17T15:00:00Z");
    await runAt("2027-01-09T23:00:10Z"); // Saturday 9 January, 17:00
    expect(await digestsTo(member.user.email)).toHaveLength(1);
    vi.useRealTimers();
    const current = await c.admin.get("/api/admin/church/settings");
    const res = await c.admin.put("/api/admin/church/settings", { ...current.body, digestDay: 0, digestTime: "09:00" });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    await runAt("2027-01-10T15:00:10Z"); // Sunday 10 January, 09:00: a day after the last one
    expect(await digestsTo(member.user.email)).toHaveLength(1);
    await runAt("2027-01-17T15:00:10Z"); // Sunday 17 January, 09:00
    expect(await digestsTo(member.user.email)).toHaveLength(2);
  });

  it("after a long outage sends this week's digest, never last week's too", async () => {
    const c = await churchIn("America/Chicago", "2026-11-20T00:00:00Z");
    const member = await addMember(t.app, c);
    await addEvent(c, "2026-12-08T00:00:00Z");
    // Down from before Saturday 28 November until Tuesday 8 December: one digest, for the week of 6 December.
    await runAt("2026-12-08T00:00:10Z");
    await runAt("2026-12-08T00:15:10Z");
    expect(await digestsTo(member.user.email)).toHaveLength(1);
    const runs = await t.db.select().from(digestRuns).where(eq(digestRuns.churchId, c.church.id));
    expect(runs.map((r) => r.weekOf)).toEqual(["2026-11-29"]);
  });
});

describe("what the digest says", () => {
  it("tells each member their own week and only what they may see", async () => {
    const at = "2026-12-19T23:00:10Z"; // Saturday 19 December, 17:00 in Chicago
    const ref = Date.parse(at);
    const c = await churchIn("America/Chicago", "2026-12-15T00:00:00Z");
    const other = await churchIn("America/Chicago", "2026-12-15T00:00:00Z");
    const ann = await addMember(t.app, c, "CONGREGANT", "Ann");
    const bob = await addMember(t.app, c, "CONGREGANT", "Bob");
    const carl = await addMember(t.app, c, "CONGREGANT", "Carl");
    const churchId = c.church.id;
    const week = "2026-12-13";
    await t.db
      .insert(weeklyActionSteps)
      .values({ churchId, weekOf: week, title: "Call someone who is lonely", description: "." });
    const [chain] = await t.db.insert(prayerChains).values({ churchId, weekStart: week }).returning();
    await t.db.insert(prayerChainLinks).values([
      { chainId: chain.id, churchId, userId: ann.user.id, partnerId: bob.user.id, position: 0 },
      { chainId: chain.id, churchId, userId: bob.user.id, partnerId: carl.user.id, position: 1 },
    ]);
    const supper = await addEvent(c, at, "Carol service");
    await t.db.insert(eventAttendance).values({ eventId: supper.id, userId: ann.user.id, isGoing: true });
    const [sermon] = await t.db
      .insert(sermons)
      .values({
        churchId,
        title: "Hope in the dark",
        speaker: "Pastor Lee",
        date: "2026-12-13",
        createdAt: new Date(ref - 3 * DAY),
      })
      .returning();
    await t.db.insert(sermons).values({
      churchId: other.church.id,
      title: "Another church's sermon",
      speaker: "Elsewhere",
      date: "2026-12-13",
      createdAt: new Date(ref - 3 * DAY),
    });
    await t.db.insert(sermons).values({
      churchId,
      title: "A draft nobody may see",
      speaker: "Pastor Lee",
      date: "2026-12-13",
      isDraft: true,
      createdAt: new Date(ref - 3 * DAY),
    });
    const [named, anonymous, hidden] = await t.db
      .insert(prayerRequests)
      .values([
        { churchId, authorId: carl.user.id, title: "Job interview", description: ".", answeredAt: new Date(ref - DAY) },
        {
          churchId,
          authorId: carl.user.id,
          title: "A quiet worry",
          description: ".",
          isAnonymous: true,
          answeredAt: new Date(ref - DAY),
        },
        {
          churchId,
          authorId: carl.user.id,
          title: "Hidden since",
          description: ".",
          answeredAt: new Date(ref - DAY),
          hiddenAt: new Date(ref - DAY),
        },
      ])
      .returning();
    for (const r of [named, anonymous, hidden])
      await t.db
        .insert(prayerRequestPrayers)
        .values({ requestId: r.id, churchId, userId: bob.user.id, day: "2026-12-14" });
    await t.db.insert(kudos).values([
      {
        churchId,
        fromUserId: carl.user.id,
        toUserId: ann.user.id,
        type: "thanks",
        category: "service",
        title: "Thanks for the flowers",
        message: ".",
        status: "approved",
        reviewedAt: new Date(ref - 2 * DAY),
      },
      {
        churchId,
        fromUserId: carl.user.id,
        toUserId: ann.user.id,
        type: "thanks",
        category: "service",
        title: "Still waiting for approval",
        message: ".",
      },
    ]);
    const [choir, youth] = await t.db
      .insert(groups)
      .values([
        { churchId, name: "Choir", kind: "other", meetingDay: 3, meetingTime: "19:00" },
        { churchId, name: "Youth night", kind: "youth" },
      ])
      .returning();
    await t.db.insert(groupMembers).values([
      { groupId: choir.id, churchId, userId: bob.user.id },
      { groupId: youth.id, churchId, userId: ann.user.id },
    ]);
    await t.db.insert(groupMeetings).values({ groupId: youth.id, churchId, startsAt: new Date(ref + DAY) });

    await runAt(at);
    const [toAnn] = await digestsTo(ann.user.email);
    const [toBob] = await digestsTo(bob.user.email);
    expect(toAnn && toBob).toBeTruthy();
    for (const mail of [toAnn, toBob]) {
      expect(mail.text).toContain("Call someone who is lonely");
      expect(mail.text).toContain(`- Hope in the dark, by Pastor Lee\n  http://fellowship.test/sermons/${sermon.id}`);
      expect(mail.text).not.toContain("Another church's sermon");
      expect(mail.text).not.toContain("A draft nobody may see");
      expect(mail.html).toContain("Carol service");
    }
    // Ann: her partner Bob, her RSVP, her kudos (approved only), her group's meeting.
    expect(toAnn.text).toContain("This week you pray for Bob User.");
    expect(toAnn.text).toMatch(/Carol service \(you're going\)/);
    expect(toAnn.text).toContain("Thanks for the flowers, from Carl User");
    expect(toAnn.text).not.toContain("Still waiting for approval");
    expect(toAnn.text).toContain("Youth night");
    expect(toAnn.text).not.toContain("Choir");
    expect(toAnn.text).not.toContain("Job interview");
    // Bob: partner Carl, no RSVP, the answered prayers he prayed for, the anonymous one without its author, his group.
    expect(toBob.text).toContain("This week you pray for Carl User.");
    expect(toBob.text).not.toContain("you're going");
    expect(toBob.text).toContain("Job interview, asked by Carl User");
    expect(toBob.text).toMatch(/^- A quiet worry$/m);
    expect(toBob.text).not.toMatch(/A quiet worry, asked by/);
    expect(toBob.text).not.toContain("Hidden since");
    expect(toBob.text).toContain("Choir");
    expect(toBob.text).not.toContain("Youth night");
    expect(toBob.text).not.toContain("Thanks for the flowers");
    // The footer's page link and the header carry the same signed member and topic.
    const link = /http:\/\/fellowship\.test\/unsubscribe\?u=([^&\s]+)&t=digest&s=([^\s]+)/.exec(toBob.text);
    expect(link?.[1]).toBe(bob.user.id);
    expect(isUnsubscribeSignature(t.app.secrets, bob.user.id, "digest", decodeURIComponent(link?.[2] ?? ""))).toBe(
      true,
    );
    expect(toBob.headers?.["List-Unsubscribe"]).toContain(`u=${bob.user.id}`);
    expect(toBob.headers?.["List-Unsubscribe-Post"]).toBe("List-Unsubscribe=One-Click");
  });

  it("sends nothing to a member with nothing new, nor to one who turned it off, and speaks the member's language", async () => {
    const at = "2026-12-19T08:00:10Z"; // Saturday 19 December, 17:00 in Seoul
    const quiet = await churchIn("Asia/Seoul", "2026-12-15T00:00:00Z");
    const quietMember = await addMember(t.app, quiet);
    const c = await churchIn("Asia/Seoul", "2026-12-15T00:00:00Z");
    const off = await addMember(t.app, c, "CONGREGANT", "Off");
    const noEmail = await addMember(t.app, c, "CONGREGANT", "Noemail");
    const spanish = await addMember(t.app, c, "GROUP_LEADER", "Sofia");
    await t.db.insert(notificationChannels).values({ userId: off.user.id, digest: false });
    await t.db.insert(userPreferences).values({ userId: noEmail.user.id, emailNotifications: false });
    await t.db.update(users).set({ language: "es" }).where(eq(users.id, spanish.user.id));
    await addEvent(c, at, "Cena de Navidad");
    await runAt(at);
    expect(await digestsTo(quietMember.user.email)).toHaveLength(0);
    expect(await digestsTo(quiet.admin.user.email)).toHaveLength(0);
    expect(await digestsTo(off.user.email)).toHaveLength(0);
    expect(await digestsTo(noEmail.user.email)).toHaveLength(0);
    const [es] = await digestsTo(spanish.user.email);
    expect(es.subject).toBe(`Tu semana en ${c.church.name}`);
    expect(es.text).toContain("Próximamente esta semana");
    expect(es.text).toContain("Dejar de recibir el correo semanal");
    expect(es.html).toContain('lang="es"');
    // The church's admin, who chose nothing, gets it in English.
    expect((await digestsTo(c.admin.user.email))[0]?.subject).toBe(`Your week at ${c.church.name}`);
  });
  it("shows the member's streaks, which alone are no reason for a digest", async () => {
    const at = "2027-01-02T23:00:10Z"; // Saturday 2 January 2027, 17:00 in Chicago
    const quiet = await churchIn("America/Chicago", "2026-12-28T00:00:00Z");
    const busy = await churchIn("America/Chicago", "2026-12-28T00:00:00Z");
    const reader = await addMember(t.app, quiet, "CONGREGANT", "Reader");
    const busyReader = await addMember(t.app, busy, "CONGREGANT", "Busy");
    await addEvent(busy, at);
    for (const [c, m] of [
      [quiet, reader],
      [busy, busyReader],
    ] as const)
      await t.db.insert(pointsLedger).values(
        ["2026-12-31", "2027-01-01", "2027-01-02"].map((day) => ({
          churchId: c.church.id,
          userId: m.user.id,
          kind: "bible_reading",
          key: `${day}:John 1`,
          points: 5,
        })),
      );
    await runAt(at);
    expect(await digestsTo(reader.user.email)).toHaveLength(0);
    const [mail] = await digestsTo(busyReader.user.email);
    expect(mail.text).toContain("Bible reading: 3 days in a row");
    expect(mail.text).not.toContain("Praying for your partner");
  });
});

describe("sending in batches", () => {
  it("a restart after the first batch neither loses nor repeats a member", async () => {
    const at = "2026-12-26T23:00:10Z"; // Saturday 26 December, 17:00 in Chicago
    const c = await churchIn("America/Chicago", "2026-12-20T00:00:00Z");
    await addEvent(c, at);
    const many = Array.from({ length: DIGEST_BATCH + 50 }, (_, i) => ({
      email: `digest-${i}-${randomUUID()}@example.org`,
      firstName: "Many",
      churchId: c.church.id,
    }));
    await t.db.insert(users).values(many);
    vi.useFakeTimers({ toFake: ["Date"], now: new Date(at) });
    const church = (await t.db.select().from(churches).where(eq(churches.id, c.church.id)))[0];
    await t.db
      .insert(digestRuns)
      .values({ churchId: church.id, weekOf: "2026-12-20", dueAt: new Date(at), startedAt: new Date(at) });
    // The process stops after its first batch committed; another (or the restart) carries on.
    const first = await sendDigestBatch(deps(), church, "2026-12-20", new Date());
    expect(first).toEqual({ sent: DIGEST_BATCH, finished: false });
    const [rest] = await Promise.all([sendDueDigests(deps(), new Date()), sendDueDigests(deps(), new Date())]);
    expect(rest.length).toBeGreaterThanOrEqual(0);
    vi.useRealTimers();
    const before = smtp.messages.length;
    await drainJobs(t.app);
    const got = smtp.messages.slice(before).filter((m) => m.to.some((to) => to.startsWith("digest-")));
    const perMember = new Map<string, number>();
    for (const m of got) for (const to of m.to) perMember.set(to, (perMember.get(to) ?? 0) + 1);
    // Every one of the 250 (and the admin) once.
    expect(got).toHaveLength(many.length);
    expect([...perMember.values()].every((n) => n === 1)).toBe(true);
    const [run] = await t.db.select().from(digestRuns).where(eq(digestRuns.churchId, c.church.id));
    expect(run.finishedAt).not.toBeNull();
    expect(run.cursor).toBeNull();
    expect(run.sentCount).toBe(many.length + 1);
  });
});

describe("one clock for the week's sermons", () => {
  it("a sermon added with the app's clock a year ahead of the database's is in that week's digest", async () => {
    // Issue 30: the window is the app's (the run's start) and a sermon's created_at was the database's
    // clock; a year apart, the week's new sermon was in no digest. It is stamped on the app's clock now.
    const at = "2027-12-18T23:00:10Z"; // Saturday 18 December 2027, 17:00 in Chicago
    const c = await churchIn("America/Chicago", "2027-12-01T00:00:00Z");
    const ann = await addMember(t.app, c, "CONGREGANT", "Ann");
    vi.useFakeTimers({ toFake: ["Date"], now: new Date("2027-12-16T18:00:00Z") });
    // Signed in again on that clock (the session of a year before has run out).
    const admin = new Caller(t.app);
    const login = await admin.post("/api/auth/login", { email: c.admin.user.email, password: PASSWORD });
    expect(login.status, JSON.stringify(login.body)).toBe(200);
    const sermon = await createSermon(admin, { title: "Light for the year ahead", date: "2027-12-12" });
    expect(Date.parse(sermon.createdAt)).toBe(Date.parse("2027-12-16T18:00:00Z"));
    await runAt(at);
    const [mail] = await digestsTo(ann.user.email);
    expect(mail?.text).toContain("Light for the year ahead");
  });
});
