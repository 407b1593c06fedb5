import { type ChildProcess, spawn } from "node:child_process";
import { once } from "node:events";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { afterFile } from "../../../test/after-file";
import { createSecondInstance, createTestApp, TEST_APP_SECRET, type TTestApp } from "../../../test/app";
import { createChurch, type TTestChurch } from "../../../test/factories";
import { connectIntegration, standInEnv, syncNow } from "../../../test/stand-ins/drive-sync";
import { startPlanningCenterStandIn, type TPlanningCenterState } from "../../../test/stand-ins/planning-center";
import { makePeople, type TStandIn } from "../../../test/stand-ins/stand-in-server";
import { buildApp } from "../../app";
import { createDb } from "../../db/client";
import { integrations } from "../../db/schema/integrations";
import { invitations } from "../../db/schema/invitations";
import { syncIntegration } from "./integrations.sync";
import { PROVIDER_DEFAULTS } from "./providers/http";

let t: TTestApp;
let pc: TStandIn<TPlanningCenterState>;

beforeAll(async () => {
  pc = await startPlanningCenterStandIn();
  afterFile(() => pc.close());
  t = await createTestApp(standInEnv({ planningCenter: pc }), { runJobs: false });
});

beforeEach(() => pc.reset());

const children: ChildProcess[] = [];
afterAll(async () => {
  for (const child of children)
    if (child.exitCode === null && child.signalCode === null) {
      child.kill("SIGKILL");
      await once(child, "exit");
    }
});

/** Another app process on the test's database, running the job queue. */
async function startAppProcess(): Promise<ChildProcess> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "fellowship-sync-process-"));
  const child = spawn(
    process.execPath,
    ["--import", "tsx", path.resolve("server/test/stand-ins/sync-app-process.ts")],
    {
      env: {
        ...process.env,
        TEST_DB_URL: t.dbUrl,
        TEST_DATA_DIR: dataDir,
        APP_SECRET: TEST_APP_SECRET,
        ...standInEnv({ planningCenter: pc }),
      },
      stdio: ["ignore", "pipe", "inherit"],
    },
  );
  children.push(child);
  const [line] = (await once(child.stdout as NodeJS.ReadableStream, "data")) as [Buffer];
  expect(JSON.parse(line.toString())).toEqual({ ready: true });
  return child;
}

const pageOffsets = () => pc.requests.filter((r) => r.query.include === "emails").map((r) => r.query.offset);
const findRow = async (id: string) => (await t.db.select().from(integrations).where(eq(integrations.id, id)))[0];

async function connect(c: TTestChurch) {
  return connectIntegration(c.admin, { platform: "planning_center", apiKey: pc.key });
}

async function expectInvitedOnce(c: TTestChurch, n: number) {
  const res = await t.db.execute<{ n: number; distinct: number }>(
    sql`select count(*)::int as n, count(distinct email)::int as distinct from invitations where church_id = ${c.church.id}`,
  );
  expect(res.rows[0]).toEqual({ n, distinct: n });
}

describe("a sync survives a restart", () => {
  it("an app process killed mid-sync: another on the same database resumes at the saved page, no duplicates", async () => {
    const c = await createChurch(t.app);
    pc.state.people = makePeople(350);
    const { id } = await connect(c);
    const child = await startAppProcess();
    pc.knobs.holdAfterPage = 2;
    expect((await c.admin.post(`/api/integrations/${id}/sync`)).status).toBe(202);
    // The other process took the job: two pages written, the third asked for and held.
    await expect.poll(() => pageOffsets(), { timeout: 20_000 }).toEqual(["0", "100", "200"]);
    await expect.poll(async () => (await findRow(id)).seen, { timeout: 10_000 }).toBe(200);
    child.kill("SIGKILL");
    await once(child, "exit");
    pc.release();
    expect(await findRow(id)).toMatchObject({ syncStatus: "syncing", seen: 200, added: 200 });
    await expectInvitedOnce(c, 200);

    // A new process frees the dead one's job as it starts, and carries the sync on from page 3.
    pc.reset();
    await createSecondInstance(t);
    await expect.poll(async () => (await findRow(id)).syncStatus, { timeout: 30_000 }).toBe("active");
    expect(pageOffsets()).toEqual(["200", "300"]);
    expect(await findRow(id)).toMatchObject({ seen: 350, added: 350, updated: 0, skipped: 0, lastError: null });
    await expectInvitedOnce(c, 350);
  });

  it("workers running the same sync at once write each page once", async () => {
    const c = await createChurch(t.app);
    pc.state.people = makePeople(300);
    const { id } = await connect(c);
    expect((await c.admin.post(`/api/integrations/${id}/sync`)).status).toBe(202);
    pc.knobs.delayMs = 20;
    const deps = {
      db: t.db,
      secrets: t.app.secrets,
      log: t.app.log,
      changed: t.app.appCtx.changed,
      providers: { urls: t.config.integrationUrls, ...PROVIDER_DEFAULTS },
    };
    await Promise.all([syncIntegration(deps, id), syncIntegration(deps, id), syncIntegration(deps, id)]);
    expect(await findRow(id)).toMatchObject({ syncStatus: "active", seen: 300, added: 300, skipped: 0 });
    await expectInvitedOnce(c, 300);
    // The queued job finds the sync settled and does nothing.
    await t.app.jobs.runDue();
    await expectInvitedOnce(c, 300);
  });
});

describe("the daily sync", () => {
  const dailyJobs = async () =>
    (
      await t.db.execute<{ run_at: Date; key: string | null }>(
        sql`select j.run_at, j.key from graphile_worker._private_jobs j
          join graphile_worker._private_tasks k on k.id = j.task_id where k.identifier = 'integrations.daily'`,
      )
    ).rows;

  it("one sweep in the queue however many processes start; it syncs active integrations a day after their last", async () => {
    const [first] = await dailyJobs();
    expect(await dailyJobs()).toHaveLength(1);
    expect(first.key).toBe("integrations.daily");
    expect(new Date(first.run_at).getTime()).toBeGreaterThan(Date.now() + 50 * 60_000);
    // Another process starting keeps the one sweep, at its time.
    const db = createDb(t.dbUrl, { max: 2 });
    const other = await buildApp({ config: t.config, db, logger: false, serveClient: false, runJobs: false });
    await other.ready();
    await other.close();
    await db.$client.end();
    expect(await dailyJobs()).toEqual([first]);

    pc.state.people = makePeople(3);
    const due = await createChurch(t.app);
    const failedYesterday = await createChurch(t.app);
    const recent = await createChurch(t.app);
    const off = await createChurch(t.app);
    const stuck = await createChurch(t.app);
    const ids = {
      stuck: (await connect(stuck)).id,
      due: (await connect(due)).id,
      failedYesterday: (await connect(failedYesterday)).id,
      recent: (await connect(recent)).id,
      off: (await connect(off)).id,
    };
    const dayAgo = new Date(Date.now() - 25 * 3_600_000).toISOString();
    await t.db
      .update(integrations)
      .set({ cursor: { startedAt: dayAgo } })
      .where(eq(integrations.id, ids.due));
    await t.db
      .update(integrations)
      .set({ syncStatus: "error", lastError: "x", cursor: { startedAt: dayAgo } })
      .where(eq(integrations.id, ids.failedYesterday));
    await syncNow(t.app, recent.admin, ids.recent);
    await t.db
      .update(integrations)
      .set({ isActive: false, cursor: { startedAt: dayAgo } })
      .where(eq(integrations.id, ids.off));

    // Marked syncing seven hours ago, and its job lost.
    await t.db
      .update(integrations)
      .set({ syncStatus: "syncing", updatedAt: new Date(Date.now() - 7 * 3_600_000) })
      .where(eq(integrations.id, ids.stuck));

    // The sweep comes due: it queues the due syncs, which run, and queues itself an hour on.
    await t.db.execute(sql`update graphile_worker._private_jobs set run_at = now() where key = 'integrations.daily'`);
    const before = Date.now();
    await t.app.jobs.runDue();
    // (The process started by the test above runs jobs too: it may have taken some.)
    // Polled whole: "due" was already active before its sync ran (only its status would pass at once).
    for (const id of [ids.due, ids.failedYesterday, ids.stuck]) {
      await expect
        .poll(
          async () => {
            const { syncStatus, lastError, seen, added } = await findRow(id);
            return { syncStatus, lastError, seen, added };
          },
          { timeout: 10_000 },
        )
        .toEqual({ syncStatus: "active", lastError: null, seen: 3, added: 3 });
    }
    expect((await findRow(ids.due)).lastSync?.getTime()).toBeGreaterThanOrEqual(before - 1000);
    const recentRow = await findRow(ids.recent);
    expect(recentRow.lastSync?.getTime()).toBeLessThan(before);
    expect(await findRow(ids.off)).toMatchObject({ syncStatus: "active", lastSync: null, seen: 0 });
    const [next] = await dailyJobs();
    expect(await dailyJobs()).toHaveLength(1);
    expect(new Date(next.run_at).getTime()).toBeGreaterThan(Date.now() + 50 * 60_000);
    const added = await t.db.select().from(invitations).where(eq(invitations.churchId, off.church.id));
    expect(added).toEqual([]);
  });
});
