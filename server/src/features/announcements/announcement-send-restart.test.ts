import { randomBytes } from "node:crypto";
import { and, eq, sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TTestApp } from "../../../test/app";
import { createChurch, type TTestChurch } from "../../../test/factories";
import { startSmtpServer } from "../../../test/smtp";
import { buildApp } from "../../app";
import { createDb } from "../../db/client";
import { notifications } from "../../db/schema/community";

/**
 * Issue 29 "Done means": an urgent announcement to 5,000 members, its sending stopped (a graceful
 * stop, as a deploy does) once some hundreds of e-mails have gone, and finished by another process on
 * the same database: every member gets exactly one e-mail and one notification.
 */

const MEMBERS = 5000;
let t: TTestApp;
let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
let c: TTestChurch;

beforeAll(async () => {
  smtp = await startSmtpServer();
  // This app only writes and reads: the processes below run the queue.
  t = await createTestApp({ SMTP_URL: smtp.url }, { runJobs: false });
  c = await createChurch(t.app);
});

/** An app process on the same database that runs the job queue (what `npm start` is). */
async function startProcess() {
  const db = createDb(t.dbUrl, { max: 8 });
  const app = await buildApp({ config: t.config, db, logger: false, serveClient: false, runJobs: true });
  await app.ready();
  return {
    stop: async () => {
      await app.close();
      await db.$client.end();
    },
  };
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function until(what: string, ok: () => boolean | Promise<boolean>, ms: number) {
  const deadline = performance.now() + ms;
  while (!(await ok())) {
    if (performance.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await sleep(50);
  }
}

const jobsLeft = async () =>
  (await t.db.execute<{ n: number }>(sql`select count(*)::int as n from graphile_worker.jobs where run_at <= now()`))
    .rows[0].n;

describe("an announcement to 5,000 members", () => {
  it("with a restart in the middle: none lost, none twice", async () => {
    const tag = randomBytes(4).toString("hex");
    // Members in bulk, straight into the table (the API would take minutes).
    await t.db.execute(sql`insert into users (email, first_name, last_name, church_id, role, church_joined_at)
        select 'm' || i || '-' || ${tag} || '@example.org', 'Member', i::text, ${c.church.id}::uuid, 'CONGREGANT', now()
        from generate_series(1, ${MEMBERS}) i`);
    const res = await c.admin.post("/api/announcements", {
      title: "Storm: no service tomorrow",
      message: "The building is closed on Sunday. Stay safe.",
      audience: { all: true },
      urgent: true,
    });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(res.body).toMatchObject({ status: "sent", recipients: MEMBERS });

    const ofOurs = () => smtp.messages.filter((m) => m.to.some((to) => to.endsWith(`-${tag}@example.org`)));
    const first = await startProcess();
    await until("the first hundreds of e-mails", () => ofOurs().length >= 300, 120_000);
    await first.stop();
    const atStop = ofOurs().length;
    expect(atStop).toBeLessThan(MEMBERS);

    const second = await startProcess();
    try {
      await until("every e-mail", () => ofOurs().length >= MEMBERS, 240_000);
      await until("a quiet queue", async () => (await jobsLeft()) === 0, 60_000);
      // Anything sent twice would arrive now.
      await sleep(1500);
    } finally {
      await second.stop();
    }

    const ours = ofOurs();
    const recipients = new Set(ours.flatMap((m) => m.to));
    expect(ours).toHaveLength(MEMBERS);
    expect(recipients.size).toBe(MEMBERS);
    const [stored] = await t.db
      .select({ n: sql<number>`count(*)::int`, people: sql<number>`count(distinct ${notifications.userId})::int` })
      .from(notifications)
      .where(and(eq(notifications.kind, "announcement"), eq(notifications.relatedId, res.body.id)));
    expect(stored).toEqual({ n: MEMBERS, people: MEMBERS });
  }, 420_000);
});
