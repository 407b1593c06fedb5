import { ONBOARDING_STEPS, POINTS } from "@common/points";
import type { BrowserContext, Page } from "playwright-core";
import { beforeAll, describe, expect, it } from "vitest";
import { apiPost, checkBothSizes, DESKTOP, signUpInContext, skipTours, startE2E, type TE2E } from "./harness";

const JOIN_GROWTH = ONBOARDING_STEPS.find((s) => s.id === "join_growth")?.points ?? Number.NaN;

let e: TE2E;
beforeAll(async () => {
  e = await startE2E();
});

async function points(context: BrowserContext): Promise<number> {
  return (await (await context.request.get("/api/auth/user")).json()).points;
}

async function open(page: Page, path: string, heading: string) {
  await page.goto(path);
  await expect
    .poll(() => page.getByRole("heading", { name: heading, level: 1 }).isVisible(), { timeout: 15_000 })
    .toBe(true);
}

// The flow runs once, at desktop size; each screen is checked at phone size too (checkBothSizes).
describe("the growth journey", () => {
  it("an admin sets this week's step; a member completes it and two readings, then the onboarding journey; the admin sees analytics", async () => {
    const { context: adminCtx } = await e.newPage(DESKTOP);
    const admin = await signUpInContext(adminCtx, { email: `admin.growth@example.org`, firstName: "Ruth" });
    await skipTours(adminCtx, admin.id);
    await apiPost(adminCtx, "/api/churches", { name: "Grace Growth" });
    const email = `tim.growth@example.org`;
    const inv = await apiPost(adminCtx, "/api/invitations", { email, role: "CONGREGANT" });

    // The admin sets this week's action step on /admin/growth (the week defaults to this Sunday).
    const adminPage = await adminCtx.newPage();
    await open(adminPage, "/admin/growth", "Growth Settings & Analytics");
    await adminPage.getByLabel("Title").fill("Call someone who is lonely");
    await adminPage.getByLabel("Description").fill("Phone one person this week and pray with them.");
    await adminPage.getByRole("button", { name: "Set Action Step" }).click();
    await expect.poll(() => adminPage.getByText("Active for congregation").first().isVisible()).toBe(true);
    await checkBothSizes(adminPage, "83-growth-settings");

    const { context, page } = await e.newPage(DESKTOP);
    const member = await signUpInContext(context, { email, firstName: "Tim", invitationToken: inv.token });
    await skipTours(context, member.id);
    await open(page, "/growth", "Growth Journey");
    await expect.poll(() => page.getByText("Call someone who is lonely").isVisible()).toBe(true);
    await expect.poll(() => page.getByText("One Year Bible Plan").first().isVisible()).toBe(true);
    await expect.poll(() => page.getByText("0 days", { exact: true }).isVisible()).toBe(true);
    await checkBothSizes(page, "80-growth-journey-empty");
    const before = await points(context);

    const marks = page.getByRole("button", { name: /^Mark .+ as read$/ });
    await expect.poll(() => marks.count()).toBe(3);
    await marks.first().click();
    // One toast at a time: the reading's, then the badges it earned (First Reading, Growth Seeker).
    await expect
      .poll(() =>
        page
          .getByText(/Reading Complete!|Badge Earned!/)
          .first()
          .isVisible(),
      )
      .toBe(true);
    const badges = async () =>
      (await (await context.request.get("/api/user/badges")).json()).map((b: { name: string }) => b.name);
    await expect.poll(badges).toEqual(expect.arrayContaining(["First Reading", "Growth Seeker"]));
    await expect.poll(() => marks.count()).toBe(2);
    await marks.first().click();
    await expect.poll(() => marks.count()).toBe(1);
    // The first reading also completed the onboarding journey's "join_growth" step (from its event, moments later).
    await expect.poll(() => points(context)).toBe(before + 2 * POINTS.dailyReading + JOIN_GROWTH);
    await expect.poll(() => page.getByText("1 day", { exact: true }).isVisible()).toBe(true);
    await expect.poll(() => page.getByRole("button", { name: /2 of 3 readings \(today\)$/ }).isVisible()).toBe(true);
    const weekly = new RegExp(`^${2 * POINTS.dailyReading + JOIN_GROWTH}\\s*/ 250 points$`);
    await expect.poll(() => page.getByText(weekly).first().isVisible()).toBe(true);
    await checkBothSizes(page, "81-growth-journey-two-readings");

    // The action step, once: only its own points arrive ("join_growth" was paid by the first reading).
    const beforeStep = await points(context);
    await page.getByRole("button", { name: "Mark Complete" }).click();
    await expect
      .poll(() =>
        page
          .getByText(/Step Complete!|Badge Earned!/)
          .first()
          .isVisible(),
      )
      .toBe(true);
    expect(await points(context)).toBe(beforeStep + POINTS.weeklyActionStep);
    await expect
      .poll(() =>
        page
          .getByText(/1 week/)
          .first()
          .isVisible(),
      )
      .toBe(true);

    // The onboarding journey to its end: every step through the page's own button.
    await open(page, "/onboarding", "Onboarding Journey");
    await page.getByRole("button", { name: "Begin Your Journey" }).click();
    const complete = page.getByRole("button", { name: "Complete Step" });
    for (let i = 0; i < 8; i++) {
      if (await page.getByRole("heading", { name: "Congratulations!" }).isVisible()) break;
      await expect.poll(() => complete.isEnabled(), { timeout: 10_000 }).toBe(true);
      await complete.click();
      await expect
        .poll(
          async () =>
            (await page.getByRole("heading", { name: "Congratulations!" }).isVisible()) || (await complete.isEnabled()),
        )
        .toBe(true);
    }
    await expect.poll(() => page.getByRole("heading", { name: "Congratulations!" }).isVisible()).toBe(true);
    await checkBothSizes(page, "82-onboarding-complete");

    // The admin's analytics: figures and the charts of the 12 weeks.
    await open(adminPage, "/admin/analytics", "Growth Analytics");
    await expect.poll(() => adminPage.locator("svg.recharts-surface").count(), { timeout: 15_000 }).toBeGreaterThan(0);
    await checkBothSizes(adminPage, "84-growth-analytics");
  });
});
