import { beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TTestApp } from "../../../test/app";
import { addMember, createChurch } from "../../../test/factories";
import { drainJobs } from "../../../test/jobs";

/**
 * Issue 26: what the server words itself for a member (badge names, Recent Activity lines) is in the
 * member's language, and stays the spec's English for an English speaker.
 */
let t: TTestApp;
beforeAll(async () => {
  t = await createTestApp();
});

describe("the server's own words in the member's language", () => {
  it("names a badge and an activity line in Spanish for a Spanish speaker, in English for another", async () => {
    const c = await createChurch(t.app);
    const ana = await addMember(t.app, c, "CONGREGANT", "Ana");
    const ben = await addMember(t.app, c, "CONGREGANT", "Ben");
    expect((await ana.patch("/api/user/preferences", { language: "es" })).status).toBe(200);
    for (const m of [ana, ben]) {
      expect((await m.post("/api/onboarding/start", { onboardingType: "member" })).status).toBe(200);
    }
    const step = await ana.post("/api/onboarding/complete-step", { stepId: "welcome" });
    expect(step.status).toBe(200);
    expect(step.body.badgeEarned).toMatchObject({ badge: "welcome", badgeTitle: "Bienvenida" });
    expect((await ben.post("/api/onboarding/complete-step", { stepId: "welcome" })).body.badgeEarned).toMatchObject({
      badgeTitle: "Welcome",
      description: "Began the onboarding journey",
    });
    await drainJobs(t.app);

    const anaBadges = await ana.get("/api/user/badges");
    expect(anaBadges.body).toEqual([
      expect.objectContaining({ name: "Bienvenida", description: "Comenzó el camino de primeros pasos" }),
    ]);
    expect((await ana.get("/api/gamification/badges")).body[0]).toMatchObject({ badgeTitle: "Bienvenida" });
    expect((await ben.get("/api/user/badges")).body[0]).toMatchObject({ name: "Welcome" });

    const anaActivity = (await ana.get("/api/user/activity")).body.map((a: { label: string }) => a.label);
    expect(anaActivity).toContain("Ganaste la insignia «Bienvenida»");
    expect(anaActivity).toContain("Completaste el primer paso «Bienvenido a la familia»");
    const benActivity = (await ben.get("/api/user/activity")).body.map((a: { label: string }) => a.label);
    expect(benActivity).toContain("Earned the “Welcome” badge");
    expect(benActivity).toContain("Completed the onboarding step “Welcome to the Family”");
  });
});
