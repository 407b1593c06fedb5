import type { Page } from "playwright-core";
import { beforeAll, describe, expect, it } from "vitest";
import { axe } from "./axe";
import { apiPost, DESKTOP, PHONE, signUpInContext, skipTours, startE2E, type TE2E } from "./harness";

let e: TE2E;
beforeAll(async () => {
  e = await startE2E();
});

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

/** axe at desktop size, then with the page resized to a phone's (each screen loaded once). */
async function axeBothSizes(page: Page, path: string) {
  for (const [label, viewport] of [
    ["desktop", DESKTOP],
    ["phone", PHONE],
  ] as const) {
    await page.setViewportSize(viewport);
    await page.mouse.move(0, 0);
    await expect
      .poll(() =>
        page.evaluate(
          () =>
            document.getAnimations().filter((a) => a.effect?.getTiming().iterations !== Number.POSITIVE_INFINITY)
              .length,
        ),
      )
      .toBe(0);
    expect(await axe(page), `${label} ${path}`).toEqual([]);
  }
  await page.setViewportSize(DESKTOP);
}

describe("accessibility, at desktop and phone sizes", () => {
  it("the signed-out pages pass axe-core's WCAG 2.1 AA rules", async () => {
    const { page } = await e.newPage(DESKTOP);
    for (const path of ["/", "/login"]) {
      await page.goto(path);
      await page.waitForLoadState("networkidle");
      await axeBothSizes(page, path);
    }
  });

  it("the signed-in screens pass axe-core's WCAG 2.1 AA rules", async () => {
    const { context, page } = await e.newPage(DESKTOP);
    const admin = await signUpInContext(context, { email: "a11y@example.org", firstName: "Ruth" });
    await skipTours(context, admin.id);
    await apiPost(context, "/api/churches", { name: "A11y Church" });
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
    const inv = await apiPost(context, "/api/invitations", { email: "invitee@example.org", role: "CONGREGANT" });
    for (const path of [...SCREENS, `/sermons/${sermon.id}`, `/invite/${inv.token}`, "/growth", "/no-such-page"]) {
      await page.goto(path);
      await page.waitForLoadState("networkidle");
      await axeBothSizes(page, path);
    }
  });
});
