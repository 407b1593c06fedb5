import fs from "node:fs";
import { createRequire } from "node:module";
import type { Page } from "playwright-core";
import { beforeAll, describe, expect, it } from "vitest";
import { apiPost, DESKTOP, PHONE, signUpInContext, skipTours, startE2E, type TE2E } from "./harness";

const require = createRequire(import.meta.url);
const AXE = fs.readFileSync(require.resolve("axe-core/axe.min.js"), "utf8");

let e: TE2E;
beforeAll(async () => {
  e = await startE2E();
});

type TViolation = { id: string; impact: string; help: string; nodes: { target: string[]; summary?: string }[] };

/** Runs axe-core's WCAG 2 A and AA rules on the page as it is now. */
async function axe(page: Page): Promise<TViolation[]> {
  // Evaluated through the DevTools protocol: our CSP (rightly) blocks inline scripts.
  await page.evaluate(AXE);
  return page.evaluate(async () => {
    const w = window as unknown as {
      axe: { run: (ctx: Document, opts: object) => Promise<{ violations: TViolation[] }> };
    };
    const result = await w.axe.run(document, {
      runOnly: { type: "tag", values: ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"] },
    });
    return result.violations.map((v) => ({
      id: v.id,
      impact: v.impact,
      help: v.help,
      nodes: v.nodes
        .slice(0, 3)
        .map((n) => ({ target: n.target, summary: (n as unknown as { failureSummary: string }).failureSummary })),
    }));
  });
}

const SCREENS = [
  "/",
  "/sermons",
  "/events",
  "/admin/members",
  "/admin/invitations",
  "/admin/settings",
  "/admin/sermons",
  "/admin/events",
];

for (const [label, viewport] of [
  ["desktop", DESKTOP],
  ["phone", PHONE],
] as const) {
  describe(`accessibility (${label})`, () => {
    it("the signed-out pages pass axe-core's WCAG 2.1 AA rules", async () => {
      const { page } = await e.newPage(viewport);
      for (const path of ["/", "/login"]) {
        await page.goto(path);
        await page.waitForLoadState("networkidle");
        expect(await axe(page), path).toEqual([]);
      }
    });

    it("the signed-in screens pass axe-core's WCAG 2.1 AA rules", async () => {
      const { context, page } = await e.newPage(viewport);
      const admin = await signUpInContext(context, { email: `a11y.${label}@example.org`, firstName: "Ruth" });
      await skipTours(context, admin.id);
      await apiPost(context, "/api/churches", { name: `A11y ${label} Church` });
      const sermon = await apiPost(context, "/api/sermons", {
        title: "Walking by Faith",
        speaker: "Pastor Ann",
        date: "2026-11-15",
        videoUrl: "https://youtu.be/abc",
        audioUrl: "https://cdn.example.org/a.mp3",
        tags: ["faith"],
      });
      await apiPost(context, "/api/events", {
        title: "Bible Study",
        description: "Romans 8",
        location: "Hall",
        startTime: new Date(Date.now() + 86_400_000).toISOString(),
        endTime: new Date(Date.now() + 90_000_000).toISOString(),
      });
      const inv = await apiPost(context, "/api/invitations", {
        email: `invitee.${label}@example.org`,
        role: "CONGREGANT",
      });
      for (const path of [...SCREENS, `/sermons/${sermon.id}`, `/invite/${inv.token}`, "/growth", "/no-such-page"]) {
        await page.goto(path);
        await page.waitForLoadState("networkidle");
        await page.waitForTimeout(300);
        expect(await axe(page), path).toEqual([]);
      }
    });
  });
}
