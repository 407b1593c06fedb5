import { randomBytes } from "node:crypto";
import { and, eq, inArray, sql } from "drizzle-orm";
import pg from "pg";
import { afterEach, beforeAll, describe, expect, inject, it, vi } from "vitest";
import { Caller, createTestApp, type TTestApp } from "../../../test/app";
import {
  addMember,
  createChurch,
  createEvent,
  eventBody,
  setTimeZone,
  type TTestChurch,
} from "../../../test/factories";
import { drainJobs } from "../../../test/jobs";
import { makePng } from "../../../test/png";
import { createDb, migrateDb } from "../../db/client";
import { auditEntries } from "../../db/schema/audit";
import { recordAudit } from "../../lib/audit";
import { AUDIT_RETENTION_JOB } from "./audit-retention";

let t: TTestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterEach(() => {
  vi.useRealTimers();
});

const DAY_MS = 86_400_000;

const entriesOf = (c: TTestChurch, query = "") => c.admin.get(`/api/admin/audit${query}`);

async function currentSettings(c: TTestChurch) {
  const res = await c.admin.get("/api/admin/church/settings");
  expect(res.status).toBe(200);
  return res.body;
}

/** An entry written straight into the table (the app's role may insert), at a chosen time. */
async function insertEntry(churchId: string, createdAt: Date, over: Partial<typeof auditEntries.$inferInsert> = {}) {
  const [row] = await t.db
    .insert(auditEntries)
    .values({ churchId, action: "sermon.created", targetType: "sermon", targetId: null, createdAt, ...over })
    .returning({ id: auditEntries.id });
  return row.id;
}

describe("audit entries of settings, branding and events", () => {
  it("records a settings change and a branding change with the admin, the church and before/after", async () => {
    const c = await createChurch(t.app, "Grace Chapel");
    const before = await currentSettings(c);
    const png = makePng();
    const res = await c.admin.put("/api/admin/church/settings", {
      ...before,
      name: "Grace Community",
      timeZone: "Pacific/Auckland",
      auditRetentionDays: 1825,
      brandColor: "#0f766e",
      logoUrl: `data:image/png;base64,${png.toString("base64")}`,
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.auditRetentionDays).toBe(1825);

    const list = await entriesOf(c);
    expect(list.status).toBe(200);
    const settings = list.body.find((e: { action: string }) => e.action === "settings.updated");
    expect(settings).toMatchObject({
      actor: { id: c.admin.user.id, firstName: "Pastor", lastName: "Admin" },
      targetType: "church",
      targetId: c.church.id,
      changes: {
        name: ["Grace Chapel", "Grace Community"],
        timeZone: [before.timeZone, "Pacific/Auckland"],
        auditRetentionDays: [730, 1825],
      },
    });
    expect(Object.keys(settings.changes).sort()).toEqual(["auditRetentionDays", "name", "timeZone"]);
    const branding = list.body.find((e: { action: string }) => e.action === "branding.updated");
    // The logo's bytes never reach the entry: only that an image was uploaded.
    expect(branding.changes).toEqual({ brandColor: ["#6366F1", "#0F766E"], logo: [null, "uploaded image"] });
    expect(JSON.stringify(branding)).not.toContain(png.toString("base64").slice(0, 12));

    // The address the change came from is kept with the entry.
    const [row] = await t.db.select({ ip: auditEntries.ip }).from(auditEntries).where(eq(auditEntries.id, settings.id));
    expect(row.ip).toBe("127.0.0.1");

    // Saving the same values again changes nothing and records nothing.
    const again = await c.admin.put("/api/admin/church/settings", res.body);
    expect(again.status).toBe(200);
    expect((await entriesOf(c)).body).toHaveLength(list.body.length);

    // A new image in place of the old one is a change of logo; removing it another.
    await c.admin.put("/api/admin/church/settings", {
      ...res.body,
      logoUrl: `data:image/png;base64,${makePng(2).toString("base64")}`,
    });
    await c.admin.put("/api/admin/church/settings", { ...res.body, logoUrl: null });
    const logos = (await entriesOf(c, "?action=branding.updated")).body.map((e: { changes: object }) => e.changes);
    expect(logos).toEqual([
      { logo: ["uploaded image", null] },
      { logo: ["uploaded image", "new uploaded image"] },
      { brandColor: ["#6366F1", "#0F766E"], logo: [null, "uploaded image"] },
    ]);
  });

  it("refuses a retention that is not 1, 2, 5 or 7 years, and records nothing", async () => {
    const c = await createChurch(t.app);
    const before = await currentSettings(c);
    for (const days of [30, 364, 800, "730"]) {
      const res = await c.admin.put("/api/admin/church/settings", { ...before, auditRetentionDays: days });
      expect(res.status, String(days)).toBe(400);
      expect(res.body.message).toBe("Choose how long to keep the audit log: 1, 2, 5 or 7 years");
      expect(res.body.errors[0].path).toBe("auditRetentionDays");
    }
    expect((await currentSettings(c)).auditRetentionDays).toBe(730);
    expect((await entriesOf(c, "?action=settings.updated")).body).toEqual([]);
  });

  it("records an event's creation, change and deletion, and a cancelled occurrence", async () => {
    const c = await createChurch(t.app);
    const event = await createEvent(c.admin, { title: "Bible Study", location: "Hall" });
    const moved = await c.admin.put(
      `/api/events/${event.id}`,
      eventBody({ title: "Bible Study", location: "Chapel", startTime: event.startTime, endTime: event.endTime }),
    );
    expect(moved.status, JSON.stringify(moved.body)).toBe(200);
    expect((await c.admin.delete(`/api/events/${event.id}`)).status).toBe(204);

    const weekly = await createEvent(c.admin, {
      title: "Prayer Night",
      recurrence: "FREQ=WEEKLY",
      startTime: "2030-01-06T19:00:00.000Z",
      endTime: "2030-01-06T20:00:00.000Z",
    });
    const second = "2030-01-13T19:00:00.000Z";
    const cancel = await c.admin.delete(`/api/events/${weekly.id}?occurrenceStart=${encodeURIComponent(second)}`);
    expect(cancel.status, JSON.stringify(cancel.body)).toBe(204);

    // One occurrence changed, then this and the following ones (the series splits in two).
    const one = await c.admin.put(`/api/events/${weekly.id}`, {
      ...eventBody({ title: "Prayer Night (moved)" }),
      startTime: "2030-01-20T20:00:00.000Z",
      endTime: "2030-01-20T21:00:00.000Z",
      scope: "one",
      occurrenceStart: "2030-01-20T19:00:00.000Z",
    });
    expect(one.status, JSON.stringify(one.body)).toBe(200);
    const following = await c.admin.put(`/api/events/${weekly.id}`, {
      ...eventBody({ title: "Prayer Night", location: "Chapel" }),
      startTime: "2030-01-27T19:00:00.000Z",
      endTime: "2030-01-27T20:00:00.000Z",
      scope: "following",
      occurrenceStart: "2030-01-27T19:00:00.000Z",
    });
    expect(following.status, JSON.stringify(following.body)).toBe(200);

    const list = (
      (await entriesOf(c, "?limit=20")).body as {
        action: string;
        targetType: string;
        targetId: string;
        changes: object;
      }[]
    ).filter((e) => e.targetType === "event");
    const of = (id: string) => list.filter((e) => e.targetId === id).map((e) => [e.action, e.changes]);
    expect(of(event.id)).toEqual([
      ["event.deleted", expect.objectContaining({ title: ["Bible Study", null], location: ["Chapel", null] })],
      ["event.updated", { location: ["Hall", "Chapel"] }],
      ["event.created", expect.objectContaining({ title: [null, "Bible Study"], location: [null, "Hall"] })],
    ]);
    expect(of(weekly.id)).toEqual([
      [
        "event.updated",
        {
          scope: [null, "following"],
          occurrenceStart: [null, "2030-01-27T19:00:00.000Z"],
          newEventId: [null, following.body.id],
          location: ["Fellowship Hall", "Chapel"],
        },
      ],
      [
        "event.updated",
        {
          scope: [null, "one"],
          occurrenceStart: [null, "2030-01-20T19:00:00.000Z"],
          title: ["Prayer Night", "Prayer Night (moved)"],
          startTime: ["2030-01-20T19:00:00.000Z", "2030-01-20T20:00:00.000Z"],
          endTime: ["2030-01-20T20:00:00.000Z", "2030-01-20T21:00:00.000Z"],
        },
      ],
      ["event.updated", { cancelledOccurrence: [null, second] }],
      ["event.created", expect.objectContaining({ title: [null, "Prayer Night"], recurrence: [null, "FREQ=WEEKLY"] })],
    ]);
    for (const e of list) expect(e).toMatchObject({ targetType: "event", actor: { id: c.admin.user.id } });
  });
});

describe("GET /api/admin/audit", () => {
  it("is for admins only: a member gets 403, a signed-out caller 401, on the list, the CSV and the people", async () => {
    const c = await createChurch(t.app);
    const member = await addMember(t.app, c, "GROUP_LEADER");
    for (const url of ["/api/admin/audit", "/api/admin/audit.csv", "/api/admin/audit/actors"]) {
      expect((await member.get(url)).status, url).toBe(403);
      expect((await new Caller(t.app).get(url)).status, url).toBe(401);
      expect((await c.admin.get(url)).status, url).toBe(200);
    }
  });

  it("shows a church only its own entries, whatever the filter", async () => {
    const a = await createChurch(t.app, "Church A");
    const b = await createChurch(t.app, "Church B");
    await a.admin.put("/api/admin/church/settings", { ...(await currentSettings(a)), name: "Church A renamed" });
    const ofA = (await entriesOf(a)).body;
    expect(ofA.map((e: { action: string }) => e.action)).toContain("settings.updated");
    const ofB = (await entriesOf(b)).body as { id: string; actor: { id: string } | null; targetId: string }[];
    expect(ofB.filter((e) => e.actor?.id === a.admin.user.id || e.targetId === a.church.id)).toEqual([]);
    expect(ofB.some((e) => ofA.some((x: { id: string }) => x.id === e.id))).toBe(false);
    expect((await entriesOf(b, `?actorId=${a.admin.user.id}`)).body).toEqual([]);
    expect((await entriesOf(b, "?action=settings.updated")).body).toEqual([]);
    const people = (await b.admin.get("/api/admin/audit/actors")).body.map((p: { id: string }) => p.id);
    expect(people).not.toContain(a.admin.user.id);
    const csv = await b.admin.get("/api/admin/audit.csv");
    expect(csv.body).not.toContain("Church A renamed");
  });

  it("filters by action, person (or the system) and days in the church's time zone, and pages newest first", async () => {
    const c = await createChurch(t.app);
    await setTimeZone(c, "Pacific/Auckland");
    const second = await addMember(t.app, c, "ADMIN", "Second");
    const system = { churchId: c.church.id, userId: null };
    await t.db.transaction((tx) =>
      recordAudit(tx, system, { action: "backup.created", targetType: "backup", targetId: "x.zip" }),
    );
    await createEvent(second, { title: "Youth Night" });
    // 23:30 on 1 March in Auckland (NZDT, +13), and half past midnight on 2 March.
    const late = await insertEntry(c.church.id, new Date("2026-03-01T10:30:00Z"));
    const early = await insertEntry(c.church.id, new Date("2026-03-01T11:30:00Z"));

    const all = (await entriesOf(c)).body as { id: string; action: string; createdAt: string }[];
    const times = all.map((e) => e.createdAt);
    expect(times).toEqual([...times].sort().reverse());
    expect(all.slice(-2).map((e) => e.id)).toEqual([early, late]);

    const bySecond = (await entriesOf(c, `?actorId=${second.user.id}`)).body;
    expect(bySecond.map((e: { action: string }) => e.action)).toContain("event.created");
    for (const e of bySecond) expect(e.actor).toEqual({ id: second.user.id, firstName: "Second", lastName: "User" });
    expect((await entriesOf(c, `?actorId=${second.user.id}&action=event.created`)).body).toHaveLength(1);
    const bySystem = (await entriesOf(c, "?actorId=system")).body;
    expect(bySystem.map((e: { action: string; actor: null }) => [e.action, e.actor])).toEqual(
      expect.arrayContaining([["backup.created", null]]),
    );
    expect(bySystem.every((e: { actor: unknown }) => e.actor === null)).toBe(true);
    expect((await entriesOf(c, "?action=backup.created")).body.map((e: { targetId: string }) => e.targetId)).toEqual([
      "x.zip",
    ]);

    expect((await entriesOf(c, "?from=2026-03-01&to=2026-03-01")).body.map((e: { id: string }) => e.id)).toEqual([
      late,
    ]);
    expect((await entriesOf(c, "?from=2026-03-02&to=2026-03-02")).body.map((e: { id: string }) => e.id)).toEqual([
      early,
    ]);
    expect((await entriesOf(c, "?to=2026-03-02")).body.map((e: { id: string }) => e.id)).toEqual([early, late]);

    const people = (await c.admin.get("/api/admin/audit/actors")).body;
    expect(people.map((p: { id: string }) => p.id).sort()).toEqual([c.admin.user.id, second.user.id].sort());

    const page1 = (await entriesOf(c, "?limit=2")).body.map((e: { id: string }) => e.id);
    const page2 = (await entriesOf(c, "?limit=2&offset=2")).body.map((e: { id: string }) => e.id);
    expect(page1).toEqual(all.slice(0, 2).map((e) => e.id));
    expect(page2).toEqual(all.slice(2, 4).map((e) => e.id));
    // Empty fields, as a form sends them, are no filter.
    expect((await entriesOf(c, "?action=&actorId=&from=&to=")).body).toHaveLength(all.length);
  });

  it("answers bad filters with 400 and a clear sentence", async () => {
    const c = await createChurch(t.app);
    const cases: [string, string, string][] = [
      ["?limit=0", "limit", "limit must be at least 1"],
      ["?limit=201", "limit", "limit must be at most 200"],
      ["?limit=ten", "limit", "limit must be a number"],
      ["?offset=-1", "offset", "offset must be 0 or more"],
      ["?action=sermon.burned", "action", "Choose an action from the list"],
      ["?actorId=someone", "actorId", "Choose a person from the list"],
      ["?from=01/03/2026", "from", "Enter the date as YYYY-MM-DD"],
      ["?to=2026-02-30", "to", "That date does not exist"],
      ["?from=2026-03-02&to=2026-03-01", "to", "The start date must be on or before the end date"],
    ];
    for (const [query, path, message] of cases) {
      for (const url of [`/api/admin/audit${query}`, `/api/admin/audit.csv${query}`]) {
        const res = await c.admin.get(url);
        expect(res.status, url).toBe(400);
        expect(res.body.message, url).toBe(message);
        expect(res.body.errors[0].path, url).toBe(path);
      }
    }
    // A refused CSV is not a download.
    expect((await entriesOf(c, "?action=export.downloaded")).body).toEqual([]);
  });

  it("gives the same entries as a CSV attachment, and records the download", async () => {
    const c = await createChurch(t.app);
    await c.admin.put("/api/admin/church/settings", { ...(await currentSettings(c)), name: '=Grace, "Downtown"' });
    await createEvent(c.admin, { title: "Bible Study" });
    const json = (await entriesOf(c)).body as { id: string; action: string }[];
    const res = await c.admin.get("/api/admin/audit.csv");
    expect(res.status).toBe(200);
    expect(res.headers["content-type"]).toBe("text/csv; charset=utf-8");
    expect(res.headers["content-disposition"]).toMatch(/^attachment; filename="audit-log-\d{4}-\d{2}-\d{2}\.csv"$/);
    const lines = (res.body as string).trim().split("\r\n");
    expect(lines[0]).toBe(
      "When (UTC),Date (church time),Who,Person id,Action,Action name,Target,Target id,Changes,Address",
    );
    expect(lines).toHaveLength(json.length + 1);
    expect(lines[1]).toContain(`Pastor Admin,${c.admin.user.id},Event added,event.created,event,`);
    expect(res.body).toContain('"name: Church');
    expect(res.body).toContain('→ =Grace, ""Downtown"""');
    expect(res.body).toContain("127.0.0.1");

    const after = (await entriesOf(c)).body;
    expect(after).toHaveLength(json.length + 1);
    expect(after[0]).toMatchObject({
      action: "export.downloaded",
      actor: { id: c.admin.user.id },
      targetType: "audit",
      changes: { rows: [null, json.length] },
    });
    // Filters apply to the CSV as to the list.
    const filtered = await c.admin.get("/api/admin/audit.csv?action=event.created");
    expect((filtered.body as string).trim().split("\r\n")).toHaveLength(2);
  });
});

describe("GET /api/admin/audit.csv in the admin's language (issue 26)", () => {
  it("words the header, the actions, the system and '(none)' in Spanish; ids, times and names stay the API's", async () => {
    const c = await createChurch(t.app);
    expect((await c.admin.patch("/api/user/preferences", { language: "es" })).status).toBe(200);
    await createEvent(c.admin, { title: "Estudio bíblico" });
    await insertEntry(c.church.id, new Date(Date.now() - 60_000), {
      action: "sermon.created",
      actorId: null,
      changes: { title: [null, "Gracia"] },
    });
    const lines = ((await c.admin.get("/api/admin/audit.csv")).body as string).trim().split("\r\n");
    expect(lines[0]).toBe(
      "Cuándo (UTC),Fecha (hora de la iglesia),Quién,Id. de la persona,Acción,Nombre técnico de la acción,Objeto,Id. del objeto,Cambios,Dirección IP",
    );
    expect(lines.find((l) => l.includes(",event.created,"))).toContain(
      `Pastor Admin,${c.admin.user.id},Evento agregado,event.created,event,`,
    );
    const system = lines.find((l) => l.includes(",sermon.created,"));
    expect(system).toContain(",Sistema,,Prédica agregada,sermon.created,");
    expect(system).toContain("title: (ninguno) → Gracia");
  });
});

describe("GET /api/admin/audit.csv without a limit", () => {
  it("holds every matching entry, not one page; with a limit, that many", async () => {
    const c = await createChurch(t.app);
    for (let i = 0; i < 60; i++) await insertEntry(c.church.id, new Date(Date.now() - i * 60_000));
    expect((await entriesOf(c, "?action=sermon.created")).body).toHaveLength(50);
    const all = (await c.admin.get("/api/admin/audit.csv?action=sermon.created")).body as string;
    expect(all.trim().split("\r\n")).toHaveLength(61);
    const two = (await c.admin.get("/api/admin/audit.csv?limit=2&offset=1")).body as string;
    expect(two.trim().split("\r\n")).toHaveLength(3);
  });
});

/** A connection URL on the test server as `user`, on database `name`. */
function urlAs(user: string, password: string, name: string): string {
  const url = new URL(inject("pgAdminUrl"));
  url.username = user;
  url.password = password;
  url.pathname = `/${name}`;
  return url.toString();
}

/** Tries each statement on `client` and returns the SQLSTATE each was refused with (or "ok"). */
async function refusals(client: pg.Client): Promise<string[]> {
  const codes: string[] = [];
  for (const statement of [
    "update audit_entries set action = 'member.removed'",
    "delete from audit_entries",
    "truncate audit_entries",
  ]) {
    codes.push(
      await client.query(statement).then(
        () => "ok",
        (err: { code?: string }) => err.code ?? "?",
      ),
    );
  }
  return codes;
}

describe("an append-only trail", () => {
  it("the app's role may add and read entries but is refused UPDATE, DELETE and TRUNCATE", async () => {
    const c = await createChurch(t.app);
    await insertEntry(c.church.id, new Date());
    const [{ isSuper }] = (
      await t.db.execute<{ isSuper: boolean }>(
        sql`select rolsuper as "isSuper" from pg_roles where rolname = current_user`,
      )
    ).rows;
    let client: pg.Client;
    let cleanup = async () => {};
    if (!isSuper) {
      // The embedded server: the tests' apps sign in as the app's own (unprivileged) role.
      client = new pg.Client({ connectionString: t.dbUrl });
    } else {
      // An external server's superuser bypasses every privilege: make a plain login role with a
      // database of its own, migrated by it, as an install on that server would be.
      const role = `audit_app_${randomBytes(4).toString("hex")}`;
      const password = randomBytes(12).toString("hex");
      const admin = new pg.Client({ connectionString: inject("pgAdminUrl") });
      await admin.connect();
      await admin.query(`create role ${role} login password '${password}'`);
      await admin.query(`create database ${role} owner ${role}`);
      const db = createDb(urlAs(role, password, role), { max: 1 });
      await migrateDb(db);
      await db.$client.end();
      client = new pg.Client({ connectionString: urlAs(role, password, role) });
      cleanup = async () => {
        await admin.query(`drop database if exists ${role} with (force)`);
        await admin.query(`drop role if exists ${role}`);
        await admin.end();
      };
    }
    try {
      await client.connect();
      expect(await refusals(client)).toEqual(["42501", "42501", "42501"]);
      expect((await client.query("select count(*)::int as n from audit_entries")).rows[0].n).toBeGreaterThanOrEqual(
        isSuper ? 0 : 1,
      );
    } finally {
      await client.end();
      await cleanup();
    }
  });

  it("a plain role that ran the migrations itself is refused too (as on an external server)", async () => {
    const role = `audit_plain_${randomBytes(4).toString("hex")}`;
    const password = randomBytes(12).toString("hex");
    const admin = new pg.Client({ connectionString: inject("pgAdminUrl") });
    await admin.connect();
    try {
      await admin.query(`create role ${role} login password '${password}'`);
      await admin.query(`create database ${role} owner ${role}`);
      const db = createDb(urlAs(role, password, role), { max: 1 });
      try {
        await migrateDb(db);
      } finally {
        await db.$client.end();
      }
      const client = new pg.Client({ connectionString: urlAs(role, password, role) });
      await client.connect();
      try {
        await client.query("insert into churches (name, slug, time_zone) values ('Plain', 'plain-church', 'UTC')");
        const church = (await client.query("select id from churches")).rows[0].id;
        await client.query(
          "insert into audit_entries (church_id, action, target_type) values ($1, 'settings.updated', 'church')",
          [church],
        );
        expect(await refusals(client)).toEqual(["42501", "42501", "42501"]);
        expect((await client.query("select count(*)::int as n from audit_entries")).rows[0].n).toBe(1);
      } finally {
        await client.end();
      }
    } finally {
      await admin.query(`drop database if exists ${role} with (force)`);
      await admin.query(`drop role if exists ${role}`);
      await admin.end();
    }
  });
});

describe("retention", () => {
  it("a daily job removes each church's entries past its own retention, and the app keeps no DELETE", async () => {
    const a = await createChurch(t.app);
    const b = await createChurch(t.app);
    const res = await b.admin.put("/api/admin/church/settings", {
      ...(await currentSettings(b)),
      auditRetentionDays: 1825,
    });
    expect(res.status).toBe(200);

    // The app's clock moves three years on; entries are placed around each church's limit.
    const now = new Date(Date.now() + 3 * 365 * DAY_MS);
    vi.useFakeTimers({ toFake: ["Date"], now });
    const ago = (days: number) => new Date(now.getTime() - days * DAY_MS);
    const aOld = await insertEntry(a.church.id, ago(731));
    const aYoung = await insertEntry(a.church.id, ago(729));
    const bKept = await insertEntry(b.church.id, ago(731));
    const bOld = await insertEntry(b.church.id, ago(1826));

    await t.app.jobs.add(AUDIT_RETENTION_JOB, {});
    await drainJobs(t.app);

    const left = await t.db
      .select({ id: auditEntries.id })
      .from(auditEntries)
      .where(inArray(auditEntries.id, [aOld, aYoung, bKept, bOld]));
    expect(left.map((r) => r.id).sort()).toEqual([aYoung, bKept].sort());
    // B's own settings change (made three years "ago") is within its five years; A's entries of then are not.
    const bNow = await t.db
      .select({ action: auditEntries.action })
      .from(auditEntries)
      .where(and(eq(auditEntries.churchId, b.church.id), eq(auditEntries.action, "settings.updated")));
    expect(bNow).toHaveLength(1);

    // The next run waits for the next day.
    const next = await t.db.execute<{ runAt: Date }>(
      sql`select run_at as "runAt" from graphile_worker.jobs where task_identifier = 'audit-retention'`,
    );
    expect(next.rows).toHaveLength(1);
    expect(new Date(next.rows[0].runAt).getTime()).toBeGreaterThan(now.getTime());
    expect(new Date(next.rows[0].runAt).getTime()).toBeLessThanOrEqual(now.getTime() + DAY_MS);

    // The right it lent itself went back with its transaction.
    const grants = await t.db.execute<{ n: number }>(
      sql`select count(*)::int as n from information_schema.role_table_grants
        where table_name = 'audit_entries' and grantee = current_user and privilege_type in ('DELETE', 'UPDATE', 'TRUNCATE')`,
    );
    expect(grants.rows[0].n).toBe(0);
  });
});
