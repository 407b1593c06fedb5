import { sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TTestApp } from "../../../test/app";
import { explainRows } from "../../../test/explain-rows";
import { createChurch, createEvent, type TTestChurch } from "../../../test/factories";
import { expiredAuditEntriesDelete } from "../audit/audit-retention";
import { expiredChatMessagesDelete } from "../live/live-retention";
import { removedMembersDueQuery } from "../member-erasure/removed-member-retention";
import { expiredNotificationsDelete } from "../notifications/notification-retention";

/*
 * Issue 30 ("a thousand churches on one database"): the daily retention jobs read the rows past each
 * church's retention, not the whole table. Two churches with 20,000 recent rows each of notifications,
 * live chat and audit trail, and 30 rows each past the default retentions: each run reads about the
 * 60 it removes (EXPLAIN ANALYZE of the very statement the job runs), never a Seq Scan of the table.
 */

const RECENT = 20_000;
const OLD = 30;

let t: TTestApp;
let a: TTestChurch;
let b: TTestChurch;

async function seed(c: TTestChurch) {
  const churchId = c.church.id;
  const userId = c.admin.user.id;
  // Recent rows: within the last 80 days (notifications keep 90, chat 365, the audit trail 730).
  await t.db.execute(sql`
    insert into notifications (church_id, user_id, type, kind, title, message, created_at)
    select ${churchId}::uuid, ${userId}::uuid, 'announcement', 'announcement', 'Hello ' || g, 'Text', now() - make_interval(mins => g * 5)
      from generate_series(1, ${RECENT}::int) as g
    union all
    select ${churchId}::uuid, ${userId}::uuid, 'announcement', 'announcement', 'Old ' || g, 'Text', now() - make_interval(days => 100 + g)
      from generate_series(1, ${OLD}::int) as g`);
  const event = await createEvent(c.admin, { title: "Sunday Service" });
  const [stream] = (
    await t.db.execute<{ id: string }>(sql`
      insert into live_streams (church_id, event_id, title, started_at, ended_at, started_by)
      values (${churchId}, ${event.id}, 'Sunday Service', now() - interval '800 days', now() - interval '799 days', ${userId})
      returning id`)
  ).rows;
  await t.db.execute(sql`
    insert into live_chat_messages (church_id, stream_id, event_id, user_id, message, message_type, created_at)
    select ${churchId}::uuid, ${stream.id}::uuid, ${event.id}::uuid, ${userId}::uuid, 'Amen ' || g, 'chat', now() - make_interval(mins => g * 5)
      from generate_series(1, ${RECENT}::int) as g
    union all
    select ${churchId}::uuid, ${stream.id}::uuid, ${event.id}::uuid, ${userId}::uuid, 'Old ' || g, 'chat', now() - make_interval(days => 400 + g)
      from generate_series(1, ${OLD}::int) as g`);
  await t.db.execute(sql`
    insert into audit_entries (church_id, actor_id, action, target_type, target_id, created_at)
    select ${churchId}::uuid, ${userId}::uuid, 'sermon.updated', 'sermon', gen_random_uuid()::text, now() - make_interval(mins => g * 5)
      from generate_series(1, ${RECENT}::int) as g
    union all
    select ${churchId}::uuid, ${userId}::uuid, 'sermon.updated', 'sermon', gen_random_uuid()::text, now() - make_interval(days => 800 + g)
      from generate_series(1, ${OLD}::int) as g`);
  // Members removed and gone (the removed members' retention reads these), among the 20,000.
  await t.db.execute(sql`
    insert into audit_entries (church_id, actor_id, action, target_type, target_id, created_at)
    select ${churchId}::uuid, ${userId}::uuid, 'member.removed', 'member', gen_random_uuid()::text, now() - make_interval(days => g)
      from generate_series(1, 10) as g`);
}

beforeAll(async () => {
  t = await createTestApp({}, { runJobs: false });
  a = await createChurch(t.app);
  b = await createChurch(t.app);
  await seed(a);
  await seed(b);
  await t.db.execute(sql`analyze notifications; analyze live_chat_messages; analyze audit_entries; analyze churches`);
}, 180_000);

const count = async (table: string) =>
  (await t.db.execute<{ n: number }>(sql`select count(*)::int as n from ${sql.identifier(table)}`)).rows[0].n;

describe("the retention jobs over large tables", () => {
  it("notifications: reads the old rows only", async () => {
    const { read, scanTypes, plan } = await explainRows(
      t.db,
      expiredNotificationsDelete(new Date(), 90),
      "notifications",
    );
    expect(scanTypes, plan).not.toContain("Seq Scan");
    expect(read, plan).toBeLessThan(4 * OLD);
    expect(await count("notifications")).toBe(2 * RECENT);
  });

  it("live chat: reads the old rows only", async () => {
    const { read, scanTypes, plan } = await explainRows(
      t.db,
      expiredChatMessagesDelete(new Date(), 365),
      "live_chat_messages",
    );
    expect(scanTypes, plan).not.toContain("Seq Scan");
    expect(read, plan).toBeLessThan(4 * OLD);
    expect(await count("live_chat_messages")).toBe(2 * RECENT);
  });

  it("audit trail: reads the old rows only", async () => {
    const { read, scanTypes, plan } = await t.db.transaction(async (tx) => {
      await tx.execute(sql`grant delete on audit_entries to current_user`);
      const out = await explainRows(tx, expiredAuditEntriesDelete(new Date(), 730), "audit_entries");
      await tx.execute(sql`revoke delete on audit_entries from current_user`);
      return out;
    });
    expect(scanTypes, plan).not.toContain("Seq Scan");
    expect(read, plan).toBeLessThan(4 * OLD);
    expect(await count("audit_entries")).toBeGreaterThanOrEqual(2 * RECENT + 20);
    expect(await count("audit_entries")).toBeLessThan(2 * RECENT + 20 + OLD);
  });

  it("removed members: reads the removals and leavings, not the trail", async () => {
    const { read, scanTypes, plan } = await explainRows(t.db, removedMembersDueQuery(new Date()), "audit_entries");
    expect(scanTypes, plan).not.toContain("Seq Scan");
    // The 20 removals (their accounts are gone: none is due), not the 40,000 entries of the trail.
    expect(read, plan).toBeLessThan(100);
  });
});
