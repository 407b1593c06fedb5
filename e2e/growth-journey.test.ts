import type { BrowserContext, Page } from "playwright-core";
import { beforeAll, describe, expect, it } from "vitest";
import {
  apiPost,
  DESKTOP,
  expectNoHorizontalOverflow,
  PHONE,
  shot,
  signUpInContext,
  skipTours,
  startE2E,
  type TE2E,
} from "./harness";

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

for (const [label, viewport] of [
  ["desktop", DESKTOP],
  ["phone", PHONE],
] as const) {
  describe(`the growth journey (${label})`, () => {
    it("a member completes two readings and sees points, streak and the week's grid change", async () => {
      const { context: adminCtx } = await e.newPage(viewport);
      const admin = await signUpInContext(adminCtx, { email: `admin.growth.${label}@example.org`, firstName: "Ruth" });
      await skipTours(adminCtx, admin.id);
      await apiPost(adminCtx, "/api/churches", { name: `Grace ${label}` });
      const email = `tim.growth.${label}@example.org`;
      const inv = await apiPost(adminCtx, "/api/invitations", { email, role: "CONGREGANT" });

      const { context, page } = await e.newPage(viewport);
      const member = await signUpInContext(context, { email, firstName: "Tim", invitationToken: inv.token });
      await skipTours(context, member.id);
      await open(page, "/growth", "Growth Journey");
      await expect.poll(() => page.getByText("One Year Bible Plan").first().isVisible()).toBe(true);
      await expect.poll(() => page.getByText("0 days", { exact: true }).isVisible()).toBe(true);
      await shot(page, `${label}-80-growth-journey-empty`);
      const before = await points(context);

      const marks = page.getByRole("button", { name: /^Mark .+ as read$/ });
      await expect.poll(() => marks.count()).toBe(3);
      await marks.first().click();
      await expect.poll(() => page.getByText("Reading Complete!").first().isVisible()).toBe(true);
      await expect.poll(() => marks.count()).toBe(2);
      await marks.first().click();
      await expect.poll(() => marks.count()).toBe(1);
      expect(await points(context)).toBe(before + 20);
      await expect.poll(() => page.getByText("1 day", { exact: true }).isVisible()).toBe(true);
      await expect.poll(() => page.getByRole("button", { name: /2 of 3 readings \(today\)$/ }).isVisible()).toBe(true);
      await expect
        .poll(() =>
          page
            .getByText(/20\s*\/ 250 points/)
            .first()
            .isVisible(),
        )
        .toBe(true);
      await expectNoHorizontalOverflow(page);
      await shot(page, `${label}-81-growth-journey-two-readings`);
    });
  });
}
