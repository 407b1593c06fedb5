import { type ChildProcess, spawn } from "node:child_process";
import { once } from "node:events";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { sql } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { TEST_APP_SECRET } from "../../test/app";
import { createTestDb } from "../../test/db";
import { addMember, createChurch, eventBody, PASSWORD, sermonBody, type TTestChurch } from "../../test/factories";
import { showPgBouncer, startPgBouncer, type TPgBouncer } from "../../test/pgbouncer";
import { joinLive, socketUrl, TEST_ORIGIN } from "../../test/socket";
import { buildApp } from "../app";
import { loadConfig } from "../config";
import { createDb, migrateDb, type TRootDb } from "./client";

/**
 * Two app processes behind a real PgBouncer in transaction pooling mode (README "Behind a connection
 * pooler"): DATABASE_URL through the pooler, DATABASE_DIRECT_URL straight to PostgreSQL. Process A runs
 * in this file (its requests through `inject`), process B is a whole process of its own (HTTP).
 */
let testDb: Awaited<ReturnType<typeof createTestDb>>;
let bouncer: TPgBouncer;
let db: TRootDb;
let appA: FastifyInstance;
let processB: ChildProcess;
let urlB: string;
let dataDirs: string[] = [];

beforeAll(async () => {
  testDb = await createTestDb();
  // Few server connections for the 10 + 4 of the two apps' pools: requests take turns on them.
  bouncer = await startPgBouncer(testDb.url, { poolSize: 3 });
  const dataDirA = fs.mkdtempSync(path.join(os.tmpdir(), "fellowship-pooled-a-"));
  const dataDirB = fs.mkdtempSync(path.join(os.tmpdir(), "fellowship-pooled-b-"));
  dataDirs = [dataDirA, dataDirB];
  const config = loadConfig({
    DATA_DIR: dataDirA,
    LOG_LEVEL: "silent",
    APP_URL: TEST_ORIGIN,
    APP_SECRET: TEST_APP_SECRET,
    DATABASE_URL: bouncer.url,
    DATABASE_DIRECT_URL: testDb.url,
  });
  expect(config.databaseDirectUrl).toBe(testDb.url);
  // As main.ts does it.
  db = createDb(config.databaseUrl as string, { directUrl: config.databaseDirectUrl });
  await migrateDb(db);
  appA = await buildApp({
    config,
    db,
    logger: false,
    serveClient: false,
    checkAnswers: true,
    live: { heartbeatMs: 200 },
  });
  await appA.ready();

  processB = spawn(process.execPath, ["--import", "tsx", path.resolve("server/test/app-process.ts")], {
    env: {
      ...process.env,
      TEST_DB_URL: bouncer.url,
      TEST_DB_DIRECT_URL: testDb.url,
      TEST_DATA_DIR: dataDirB,
      APP_SECRET: TEST_APP_SECRET,
    },
    stdio: ["ignore", "pipe", "inherit"],
  });
  const [line] = (await once(processB.stdout as NodeJS.ReadableStream, "data")) as [Buffer];
  urlB = `http://127.0.0.1:${JSON.parse(line.toString()).port}`;
});

afterAll(async () => {
  if (processB && processB.exitCode === null && processB.signalCode === null) {
    processB.kill("SIGTERM");
    await once(processB, "exit");
  }
  await appA?.close();
  await db?.$client.end();
  await bouncer?.stop();
  await testDb?.drop();
  for (const dir of dataDirs) fs.rmSync(dir, { recursive: true, force: true });
});

/** A request to process B over HTTP, as a browser signed in with `cookie` makes it. */
async function onB<T = any>(method: string, url: string, cookie?: string, body?: unknown) {
  const res = await fetch(`${urlB}${url}`, {
    method,
    headers: {
      origin: TEST_ORIGIN,
      ...(cookie ? { cookie } : {}),
      ...(body !== undefined ? { "content-type": "application/json" } : {}),
    },
    body: body !== undefined ? JSON.stringify(body) : undefined,
  });
  const text = await res.text();
  return { status: res.status, body: (text ? JSON.parse(text) : null) as T, headers: res.headers };
}

let church: TTestChurch;
beforeAll(async () => {
  church = await createChurch(appA);
});

describe("two app processes behind PgBouncer (transaction pooling)", () => {
  it("signs in and reads and writes on both processes, and each sees the other's writes at once", async () => {
    const ruth = await addMember(appA, church, "CONGREGANT", "Ruth");
    // Her session, made on A, is good on B.
    const me = await onB("GET", "/api/auth/user", ruth.cookie);
    expect(me.status, JSON.stringify(me.body)).toBe(200);
    expect(me.body.id).toBe(ruth.user.id);

    // Signing in on B.
    const login = await onB("POST", "/api/auth/login", undefined, { email: ruth.user.email, password: PASSWORD });
    expect(login.status, JSON.stringify(login.body)).toBe(200);
    const cookieB = (login.headers.get("set-cookie") ?? "").split(";")[0];
    expect(cookieB).toMatch(/^fellowship_session=./);
    expect((await onB("GET", "/api/auth/user", cookieB)).body.id).toBe(ruth.user.id);

    // Each process caches the sermon list; a write on the other reaches it through the cache bus.
    expect((await ruth.get("/api/sermons")).body).toEqual([]);
    expect((await onB("GET", "/api/sermons", cookieB)).body).toEqual([]);
    const onBWrite = await onB("POST", "/api/sermons", church.admin.cookie, sermonBody({ title: "Written on B" }));
    expect(onBWrite.status, JSON.stringify(onBWrite.body)).toBe(201);
    await expect
      .poll(async () => (await ruth.get("/api/sermons")).body.map((s: { title: string }) => s.title))
      .toEqual(["Written on B"]);
    const onAWrite = await church.admin.post("/api/sermons", sermonBody({ title: "Written on A", date: "2026-11-22" }));
    expect(onAWrite.status, JSON.stringify(onAWrite.body)).toBe(201);
    await expect
      .poll(async () => (await onB("GET", "/api/sermons", cookieB)).body.map((s: { title: string }) => s.title))
      .toEqual(["Written on A", "Written on B"]);

    // A profile change on A: B's cached user follows.
    const renamed = await ruth.patch("/api/user/profile", { firstName: "Naomi" });
    expect(renamed.status, JSON.stringify(renamed.body)).toBe(200);
    await expect.poll(async () => (await onB("GET", "/api/auth/user", cookieB)).body.firstName).toBe("Naomi");
  });

  it("runs jobs: an event published on B reaches its members' notifications", async () => {
    const boaz = await addMember(appA, church, "CONGREGANT", "Boaz");
    const res = await onB("POST", "/api/events", church.admin.cookie, eventBody({ title: "Harvest supper" }));
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    // The event's subscribers and the delivery run from the queue, on whichever process takes them.
    await expect
      .poll(
        async () =>
          (await boaz.get("/api/notifications")).body.notifications.map((n: { kind: string; message: string }) => [
            n.kind,
            n.message,
          ]),
        { timeout: 20_000 },
      )
      .toContainEqual(["event_published", "Harvest supper"]);
  });

  it("a chat message sent on one process reaches the sockets on the other, both ways", async () => {
    const martha = await addMember(appA, church, "CONGREGANT", "Martha");
    const mary = await addMember(appA, church, "CONGREGANT", "Mary");
    const start = await church.admin.post("/api/live-stream/start", { title: "Pooled", recordingEnabled: false });
    expect(start.status, JSON.stringify(start.body)).toBe(201);
    const eventId = start.body.eventId as string;
    const socketOnA = await joinLive(await socketUrl(appA), martha.cookie, eventId);
    const socketOnB = await joinLive(`${urlB.replace("http", "ws")}/ws`, mary.cookie, eventId);

    const fromA = await martha.post(`/api/live-stream/${eventId}/message`, { message: "Sent on A" });
    expect(fromA.status, JSON.stringify(fromA.body)).toBe(201);
    expect((await socketOnB.next("new_message", (f) => f.message.id === fromA.body.id)).message).toMatchObject({
      message: "Sent on A",
      userName: "Martha User",
    });

    const fromB = await onB("POST", `/api/live-stream/${eventId}/message`, mary.cookie, { message: "Sent on B" });
    expect(fromB.status, JSON.stringify(fromB.body)).toBe(201);
    expect((await socketOnA.next("new_message", (f) => f.message.id === fromB.body.id)).message.message).toBe(
      "Sent on B",
    );
    // Both processes' viewers are counted together.
    await socketOnA.next("viewer_count", (f) => f.count === 2);
    await church.admin.post("/api/live-stream/stop");
    await socketOnB.next("stream_ended");
  });

  it("requests shared PgBouncer's few server connections and left no session state on them", async () => {
    const stats = await showPgBouncer<{ database: string; total_xact_count: string }>(bouncer.adminUrl, "SHOW STATS");
    const name = new URL(testDb.url).pathname.slice(1);
    expect(Number(stats.find((s) => s.database === name)?.total_xact_count)).toBeGreaterThan(100);
    const servers = await showPgBouncer<{ database: string; remote_pid: string }>(bouncer.adminUrl, "SHOW SERVERS");
    const pids = servers.filter((s) => s.database === name).map((s) => Number(s.remote_pid));
    expect(pids.length).toBeGreaterThan(0);
    expect(pids.length).toBeLessThanOrEqual(bouncer.poolSize);
    // No advisory lock held by a pooled server connection once its transaction ends (a session lock
    // would block whoever gets the connection next), and no transaction left open between requests.
    // Polled: a job's transaction may hold one for a moment as this looks.
    const onPooled = async (where: string) =>
      (
        await testDb.db.execute<{ n: number }>(
          sql`select count(*)::int as n from pg_stat_activity a left join pg_locks l on l.pid = a.pid
            and l.locktype = 'advisory' where a.pid = any(${sql.param(pids)}::int[]) and ${sql.raw(where)}`,
        )
      ).rows[0].n;
    await expect.poll(() => onPooled("l.pid is not null")).toBe(0);
    await expect.poll(() => onPooled("a.state like 'idle in transaction%'")).toBe(0);
    // The two processes' job workers show they are alive by session locks on their direct connections.
    const direct = await testDb.db.execute<{ n: number }>(
      sql`select count(*)::int as n from pg_locks where locktype = 'advisory' and granted`,
    );
    expect(direct.rows[0].n).toBeGreaterThanOrEqual(2);
  });
});
