import { eq, sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TTestApp } from "../../../test/app";
import {
  addMember,
  createChurch,
  invite,
  signUp,
  type TSignedIn,
  type TTestChurch,
  uniqueEmail,
} from "../../../test/factories";
import { drainJobs } from "../../../test/jobs";
import { unzip } from "../../../test/zip";
import { activities } from "../../db/schema/admin";
import { auditEntries } from "../../db/schema/audit";
import { notifications } from "../../db/schema/community";
import { integrations } from "../../db/schema/integrations";

/**
 * Issue 25 §1: privacy travels with the event. An anonymous prayer request is shared, prayed for and
 * answered (by an admin); every subscriber that publishes outward (the activity feed, webhooks, the
 * audit trail, the church export, notifications to others) is then walked, and none holds its
 * author's id, name or e-mail. The events themselves are read off the queue before they are
 * delivered: their payloads name nobody.
 */

let t: TTestApp;
beforeAll(async () => {
  // Jobs run only when the test asks, so each event's dispatch job can be read before it runs.
  t = await createTestApp({}, { runJobs: false });
});

type TJob = { task: string; payload: Record<string, unknown> };

/** The jobs waiting in the queue (their task and payload), taken before the test drains them. */
async function queuedJobs(): Promise<TJob[]> {
  const res = await t.db.execute<TJob>(
    sql`select t.identifier as task, j.payload from graphile_worker._private_jobs j
        join graphile_worker._private_tasks t on t.id = j.task_id order by j.id`,
  );
  return res.rows;
}

describe("an anonymous prayer request through every subscriber", () => {
  let c: TTestChurch;
  let author: TSignedIn;
  let friend: TSignedIn;
  const dispatched: TJob[] = [];
  const webhooks: TJob[] = [];
  /** When the prayer's story began: what came before (the author joining, by name) is not its output. */
  let flowStart: Date;
  const sinceFlow = <T extends { createdAt: Date }>(rows: T[]) => rows.filter((r) => r.createdAt >= flowStart);

  /** What the test runs after each step: the step's jobs are kept, then run with what they cause. */
  async function settle() {
    const jobs = await queuedJobs();
    dispatched.push(...jobs.filter((j) => j.task === "domain-events.dispatch"));
    await t.app.jobs.runDue();
    // The subscribers' own jobs are queued now; webhooks they would send are kept before delivery.
    const sent = (await queuedJobs()).filter((j) => j.task === "integrations.webhook");
    webhooks.push(
      ...sent.filter((j) => new Date(String((j.payload.body as { occurredAt?: string })?.occurredAt)) >= flowStart),
    );
    await drainJobs(t.app);
  }

  beforeAll(async () => {
    c = await createChurch(t.app);
    // A name found nowhere else, so any trace of it is the author's.
    const email = uniqueEmail("hannah");
    const invitation = await invite(c.admin, email, "CONGREGANT");
    author = await signUp(t.app, {
      email,
      firstName: "Hannah",
      lastName: "Quillfeather",
      invitationToken: invitation.token,
    });
    friend = await addMember(t.app, c, "CONGREGANT", "Ruth");
    // A webhook is connected, so anything that would send one outward is seen.
    await t.db.insert(integrations).values({
      churchId: c.church.id,
      platform: "mailchimp",
      apiKeySealed: t.app.secrets.seal("key-that-no-test-checks-0000"),
      keyLast4: "0000",
      webhookUrl: "https://hooks.example.org/fellowship",
      webhookSecretSealed: t.app.secrets.seal("whsec_privacy_test"),
      config: {},
      createdBy: c.admin.user.id,
    });
    await settle();
    dispatched.length = 0;
    webhooks.length = 0;
    flowStart = new Date();

    const created = await author.post("/api/prayer-requests", {
      title: "For my family",
      description: "A hard season at home.",
      isAnonymous: true,
      visibility: "church",
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const id: string = created.body.id;
    await settle();
    expect((await friend.post(`/api/prayer-requests/${id}/pray`, {})).status).toBe(200);
    await settle();
    // The author prays for their own request too (no event: it is no news to anyone).
    expect((await author.post(`/api/prayer-requests/${id}/pray`, {})).status).toBe(200);
    await settle();
    const answered = await c.admin.patch(`/api/prayer-requests/${id}/answered`, { answerNote: "Peace at home" });
    expect(answered.status, JSON.stringify(answered.body)).toBe(200);
    await settle();
    expect((await c.admin.patch(`/api/prayer-requests/${id}/hidden`, { hidden: true })).status).toBe(200);
    await settle();
  });

  /** The author's traces: id, first and last name, e-mail. */
  const traces = () => [author.user.id, "Hannah", "Quillfeather", author.user.email];
  const expectNoAuthor = (what: string, value: unknown) => {
    const text = JSON.stringify(value);
    for (const trace of traces()) expect(text, `${what} holds "${trace}"`).not.toContain(trace);
  };

  it("publishes each event with no author: actorId null and no other author field", () => {
    const names = dispatched.map((j) => j.payload.name);
    expect(names).toEqual(["prayer.created", "prayer.prayed", "prayer.answered"]);
    for (const job of dispatched) {
      const payload = job.payload.payload as Record<string, unknown>;
      expect(payload.actorId).toBeNull();
      expect(payload.isAnonymous).toBe(true);
      // `answeredBy` names the admin who answered someone else's request (here an admin did), never the author.
      const extra = job.payload.name === "prayer.answered" ? ["answeredBy"] : [];
      expect(Object.keys(payload).sort()).toEqual(["actorId", ...extra, "churchId", "isAnonymous", "requestId"].sort());
      if (extra.length) expect(payload.answeredBy).toMatch(/^[0-9a-f-]{36}$/);
      expectNoAuthor(`the ${String(job.payload.name)} event`, job.payload);
    }
  });

  it("writes an activity line that names nobody", async () => {
    const rows = sinceFlow(await t.db.select().from(activities).where(eq(activities.churchId, c.church.id)));
    const line = rows.find((r) => r.kind === "prayer_request");
    expect(line?.description).toBe("A prayer request was shared");
    expect(line?.userId).toBeNull();
    expectNoAuthor("the activity feed", rows);
  });

  it("queues no webhook that names the author", () => {
    expectNoAuthor("the webhooks", webhooks);
  });

  it("keeps the author out of the audit trail (the admin's answer and hiding are there)", async () => {
    const rows = sinceFlow(await t.db.select().from(auditEntries).where(eq(auditEntries.churchId, c.church.id)));
    const actions = rows.map((r) => r.action);
    expect(actions).toEqual(expect.arrayContaining(["prayer.answered", "prayer.hidden"]));
    for (const r of rows.filter((r) => r.action.startsWith("prayer."))) expect(r.actorId).toBe(c.admin.user.id);
    expectNoAuthor("the audit trail", rows);
    const api = await c.admin.get("/api/admin/audit?limit=100");
    if (api.status === 200)
      expectNoAuthor(
        "GET /api/admin/audit",
        (api.body as { createdAt: string }[]).filter((e) => new Date(e.createdAt) >= flowStart),
      );
  });

  it("tells others without naming the author, and tells the author privately", async () => {
    const rows = await t.db.select().from(notifications).where(eq(notifications.churchId, c.church.id));
    const toOthers = rows.filter((r) => r.userId !== author.user.id);
    expect(toOthers.map((r) => r.kind)).toContain("prayer_answered");
    expectNoAuthor("notifications to others", toOthers);
    const toAuthor = rows.filter((r) => r.userId === author.user.id).map((r) => r.kind);
    // Ruth's prayer reached the author (once); the author's own did not.
    expect(toAuthor.filter((k) => k === "prayer_prayed")).toHaveLength(1);
  });

  it("exports the church's prayer data without the author", async () => {
    const raw = await t.app.inject({
      method: "GET",
      url: "/api/admin/church-export.zip",
      headers: { cookie: c.admin.cookie ?? "" },
    });
    expect(raw.statusCode).toBe(200);
    const files = await unzip(raw.rawPayload);
    const prayerFiles = [...files.keys()].filter((name) => name.includes("prayer"));
    expect(prayerFiles.length).toBeGreaterThan(0);
    for (const name of prayerFiles) expectNoAuthor(`the export's ${name}`, files.get(name)?.toString("utf8"));
    expect(files.get(prayerFiles.find((n) => /prayer[-_]requests/.test(n)) ?? "")?.toString("utf8")).toContain(
      "For my family",
    );
  });
});
