import type { TEvent } from "@common/events";
import { sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TTestApp } from "../../../test/app";
import { explainRows } from "../../../test/explain-rows";
import { addMember, createChurch, createEvent, type TSignedIn, type TTestChurch } from "../../../test/factories";
import { occurrenceRowsQuery } from "./occurrences.service";

/*
 * Issue 30 ("hot reads"): the next events on a cache miss read the events not over yet and the
 * church's repeating ones, never the church's past. 5,000 single events that have ended (a church's
 * years of history), a few to come and two repeating series: the upcoming list reads about those few.
 */

const PAST = 5_000;
const DAY_MS = 86_400_000;

let t: TTestApp;
let c: TTestChurch;
let member: TSignedIn;

beforeAll(async () => {
  t = await createTestApp();
  c = await createChurch(t.app);
  member = await addMember(t.app, c, "CONGREGANT", "Lydia");
  await t.db.execute(sql`
    insert into events (church_id, title, description, location, start_time, end_time)
    select ${c.church.id}, 'Past ' || g, 'Done', 'Hall', now() - make_interval(days => g + 1),
           now() - make_interval(days => g + 1) + interval '2 hours'
      from generate_series(1, ${PAST}::int) as g`);
  for (const [i, title] of ["Picnic", "Concert", "Retreat"].entries()) {
    const start = new Date(Date.now() + (i + 2) * DAY_MS);
    await createEvent(c.admin, {
      title,
      startTime: start.toISOString(),
      endTime: new Date(start.getTime() + 3_600_000).toISOString(),
    });
  }
  // A series that began long ago (its first end is in the past) and still repeats every week.
  const first = new Date(Date.now() - 400 * DAY_MS + 3_600_000);
  await createEvent(c.admin, {
    title: "Sunday worship",
    startTime: first.toISOString(),
    endTime: new Date(first.getTime() + 3_600_000).toISOString(),
    recurrence: "FREQ=WEEKLY",
  });
  await t.db.execute(sql`analyze events`);
}, 120_000);

describe("the upcoming events on a cache miss, with 5,000 past events", () => {
  it("lists the next events, the old series' next occurrence among them", async () => {
    const res = await member.get("/api/events?upcoming=true&limit=10");
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const list = res.body as TEvent[];
    expect(list.map((e) => e.title).sort()).toEqual(["Concert", "Picnic", "Retreat", "Sunday worship"]);
    const sunday = list.find((e) => e.title === "Sunday worship");
    expect(Date.parse(sunday?.endTime ?? "")).toBeGreaterThan(Date.now());
  });

  it("reads the events not over and the series, not the past (EXPLAIN)", async () => {
    const now = new Date();
    const q = occurrenceRowsQuery(
      { db: t.db, churchId: c.church.id },
      { from: now, to: new Date(now.getTime() + 366 * DAY_MS) },
    ).toSQL();
    const { read, scanTypes, root, plan } = await explainRows(t.db, q, "events");
    expect(scanTypes, plan).not.toContain("Seq Scan");
    expect(root["Actual Rows"], plan).toBe(4);
    // The three to come and the series: not the 5,000 past ones.
    expect(read, plan).toBeLessThan(50);
  });
});
