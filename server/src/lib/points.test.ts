import { and, eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TTestApp } from "../../test/app";
import { addMember, createChurch } from "../../test/factories";
import { pointsLedger } from "../db/schema/points";
import type { TChurchCtx } from "./context";
import {
  awardPoints,
  countAwards,
  dayKey,
  getAwardDays,
  getAwardedKeys,
  getPointsTotal,
  getWeeklyPoints,
  weekKey,
} from "./points";

let t: TTestApp;
beforeAll(async () => {
  t = await createTestApp();
});

describe("the points module", () => {
  it("day and week keys follow the church's time zone; weeks start on Sunday", () => {
    // Sunday 2026-11-22 at 03:00 UTC is still Saturday evening in Chicago.
    const at = new Date("2026-11-22T03:00:00Z");
    expect(dayKey({ timeZone: "UTC" }, at)).toBe("2026-11-22");
    expect(dayKey({ timeZone: "America/Chicago" }, at)).toBe("2026-11-21");
    expect(weekKey({ timeZone: "UTC" }, at)).toBe("2026-11-22");
    expect(weekKey({ timeZone: "America/Chicago" }, at)).toBe("2026-11-15");
  });

  it("pays once per key under parallel calls, and reads totals, weekly points, counts, keys and days per church", async () => {
    const c = await createChurch(t.app);
    const member = await addMember(t.app, c);
    const ctx: TChurchCtx = {
      ...t.app.appCtx,
      userId: member.user.id,
      churchId: c.church.id,
      role: "CONGREGANT",
      timeZone: "America/Chicago",
    };
    const results = await Promise.all(Array.from({ length: 20 }, () => awardPoints(ctx, "bible_reading", "r1", 10)));
    expect(results.filter((r) => r.awarded === 10)).toHaveLength(1);
    await awardPoints(ctx, "bible_reading", "r2", 10);
    await awardPoints(ctx, "sermon_watch", "s1", 10);
    // One reading from three weeks ago: it counts in the total, not in this week's points.
    await awardPoints(ctx, "bible_reading", "old", 10);
    const threeWeeksAgo = new Date(Date.now() - 21 * 86_400_000);
    await t.db
      .update(pointsLedger)
      .set({ createdAt: threeWeeksAgo })
      .where(and(eq(pointsLedger.userId, ctx.userId), eq(pointsLedger.key, "old")));

    expect(await getPointsTotal(ctx)).toBe(40);
    expect(await getWeeklyPoints(ctx)).toBe(30);
    expect(await countAwards(ctx, "bible_reading")).toBe(3);
    expect(await getAwardedKeys(ctx, "bible_reading")).toEqual(new Set(["r1", "r2", "old"]));
    expect(await getAwardDays(ctx, "bible_reading", new Date(Date.now() - 30 * 86_400_000))).toEqual([
      dayKey(ctx),
      dayKey(ctx, threeWeeksAgo),
    ]);

    // Another church sees none of it.
    const other = await createChurch(t.app);
    const elsewhere = { ...ctx, churchId: other.church.id };
    expect(await getWeeklyPoints(elsewhere)).toBe(0);
    expect(await countAwards(elsewhere, "bible_reading")).toBe(0);
    expect(await getAwardedKeys(elsewhere, "bible_reading")).toEqual(new Set());
  });
});
