import { ZChurchSettingsBody } from "@common/churches";
import { ZSermonBody } from "@common/sermons";
import { beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TTestApp } from "../../test/app";
import { addMember, createChurch, type TSignedIn, type TTestChurch } from "../../test/factories";
import { drainJobs } from "../../test/jobs";
import { removeMember } from "../features/members/members.service";
import { createSermon, watchSermon } from "../features/sermons/sermons.service";
import { updateChurchSettings } from "../features/settings/settings.service";
import type { TChurchCtx } from "./context";

let t: TTestApp;
beforeAll(async () => {
  t = await createTestApp();
});

/** The context a new write path (a job, a live stream that becomes a sermon) would hold: no request. */
const ctxOf = (c: TTestChurch, who: TSignedIn): TChurchCtx => ({
  ...t.app.appCtx,
  userId: who.user.id,
  churchId: c.church.id,
  role: who.user.role,
  timeZone: "UTC",
});

describe("after-write effects belong to the services, so a caller without a route gets them", () => {
  it("a sermon, a watch, a settings change and a removal made by calling the service reach every cache", async () => {
    const c = await createChurch(t.app);
    const member = await addMember(t.app, c);
    // Warm every cache the writes below must invalidate.
    expect((await member.get("/api/sermons")).body).toEqual([]);
    expect((await member.get("/api/auth/user")).body.points).toBe(0);
    expect((await member.get("/api/auth/user")).body.church.brandColor).toBe("#6366F1");

    const sermon = await createSermon(
      ctxOf(c, c.admin),
      ZSermonBody.parse({ title: "Hope", speaker: "Pastor Ann", date: "2026-11-15", duration: 30 }),
    );
    expect((await member.get("/api/sermons")).body.map((s: { id: string }) => s.id)).toEqual([sermon.id]);

    const watched = await watchSermon(ctxOf(c, member), sermon.id);
    expect(watched.pointsAwarded).toBe(10);
    // The cached member follows: the watch, and then the onboarding step it completed (paid by the
    // watch's event's subscriber, whose cache drop reaches every process too).
    expect((await member.get("/api/auth/user")).body.points).toBe(watched.points);
    await drainJobs(t.app);
    expect((await member.get("/api/auth/user")).body.points).toBeGreaterThan(watched.points);

    await updateChurchSettings(
      ctxOf(c, c.admin),
      ZChurchSettingsBody.parse({ name: c.church.name, brandColor: "#0F766E", logoUrl: null }),
    );
    expect((await member.get("/api/auth/user")).body.church.brandColor).toBe("#0F766E");

    await removeMember(ctxOf(c, c.admin), member.user.id);
    expect((await member.get("/api/sermons")).status).toBe(403);
    expect((await member.get("/api/auth/user")).body.churchId).toBeNull();
  });
});
