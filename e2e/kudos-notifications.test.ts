import type { BrowserContext, Page } from "playwright-core";
import { beforeAll, describe, expect, it } from "vitest";
import {
  apiPost,
  checkBothSizes,
  DESKTOP,
  expectNoHorizontalOverflow,
  inviteMember,
  signUpInContext,
  skipTours,
  startE2E,
  type TE2E,
} from "./harness";

let e: TE2E;
beforeAll(async () => {
  e = await startE2E();
});

const poll = <T>(fn: () => Promise<T>) => expect.poll(fn, { timeout: 15_000 });

const member = (viewport: { width: number; height: number }, admin: BrowserContext, email: string, name: string) =>
  inviteMember(e, viewport, admin, email, name);

/** The bell's unread count, from its accessible name ("Notifications, 3 unread"). */
async function unread(page: Page): Promise<number> {
  const label = (await bell(page).getAttribute("aria-label")) ?? "";
  return Number(/(\d+) unread/.exec(label)?.[1] ?? 0);
}
const bell = (page: Page) => page.getByRole("button", { name: /^Notifications/ });

// Each flow runs once, at desktop size; each screen is checked at phone size too (checkBothSizes).
describe("kudos and notifications", () => {
  it("a member gives kudos, an admin approves it, the recipient follows the bell and reacts", async () => {
    const { context: adminCtx, page: admin } = await e.newPage(DESKTOP);
    const ruth = await signUpInContext(adminCtx, { email: `admin.kudos.desktop@example.org`, firstName: "Ruth" });
    await skipTours(adminCtx, ruth.id);
    await apiPost(adminCtx, "/api/churches", { name: `Kudos desktop Church` });
    const anna = await member(DESKTOP, adminCtx, `anna.kudos.desktop@example.org`, "Anna");
    const ben = await member(DESKTOP, adminCtx, `ben.kudos.desktop@example.org`, "Ben");

    // Ben's page polls the bell every 30 s: his clock is faked so the test need not wait for it.
    await ben.page.clock.install();
    await ben.page.goto("/");
    await expect.poll(() => bell(ben.page).isVisible(), { timeout: 15_000 }).toBe(true);
    const before = await unread(ben.page);

    // Anna gives Ben kudos through the dialog.
    await anna.page.goto("/kudos");
    await anna.page.getByRole("button", { name: "Give Kudos" }).first().click();
    const dialog = anna.page.getByRole("dialog", { name: "Give Kudos" });
    const recipient = dialog.getByLabel("Recognize");
    await poll(() => recipient.locator("option", { hasText: "Ben Tester" }).count()).toBe(1);
    await recipient.selectOption({ label: "Ben Tester" });
    await dialog.getByLabel("Recognition Type").selectOption({ label: "Encourager" });
    await dialog.getByLabel("Category").selectOption({ label: "Encouragement" });
    await dialog.getByLabel("Title").fill("Thank you for the welcome");
    await dialog.getByLabel("Message").fill("You made every newcomer feel at home this month. <b>Not bold</b>");
    await checkBothSizes(anna.page, "kudos-give-dialog");
    await dialog.getByRole("button", { name: "Send Kudos" }).click();
    await expect.poll(() => anna.page.getByText("Kudos Sent!").first().isVisible(), { timeout: 15_000 }).toBe(true);
    await expect.poll(() => dialog.isVisible()).toBe(false);
    await poll(() => anna.page.getByText("Pending approval").first().isVisible()).toBe(true);
    // Stored and shown verbatim, as text.
    await poll(() => anna.page.getByText("<b>Not bold</b>", { exact: false }).first().isVisible()).toBe(true);

    // Ruth sees it waiting and approves it.
    await admin.goto("/admin");
    await poll(() => admin.getByText("Kudos awaiting approval").first().isVisible()).toBe(true);
    await admin.goto("/admin/kudos");
    await poll(() => admin.getByText("Thank you for the welcome").first().isVisible()).toBe(true);
    await checkBothSizes(admin, "kudos-admin-queue");
    await admin.getByRole("button", { name: "Approve" }).first().click();
    await poll(() => admin.getByText("No kudos waiting for approval").isVisible()).toBe(true);

    // Ben's bell rises at the next poll, he opens it and follows the notification. The notice comes
    // through the job queue (the kudos.reviewed event's subscriber): the clock moves once it is there.
    await poll(
      async () => (await (await ben.context.request.get("/api/notifications?limit=5")).json()).unreadCount,
    ).toBe(before + 1);
    await ben.page.clock.fastForward(31_000);
    await poll(() => unread(ben.page)).toBe(before + 1);
    await bell(ben.page).click();
    const popover = ben.page.getByRole("dialog", { name: "Notifications" });
    const item = popover.getByRole("button", { name: /You received kudos!/ });
    await poll(() => item.isVisible()).toBe(true);
    await checkBothSizes(ben.page, "kudos-bell-open");
    await item.click();
    await poll(async () => new URL(ben.page.url()).pathname).toBe("/kudos");
    await poll(() => unread(ben.page)).toBe(before);

    // He reacts; the reaction is the server's, so it is still there after a reload.
    const reactions = ben.page.getByRole("group", { name: /Reactions to/ }).first();
    const heart = reactions.getByRole("button", { name: /heart/i });
    await poll(() => heart.getAttribute("aria-pressed")).toBe("false");
    await heart.click();
    await poll(() => heart.getAttribute("aria-pressed")).toBe("true");
    await ben.page.reload();
    await poll(() =>
      ben.page
        .getByRole("group", { name: /Reactions to/ })
        .first()
        .getByRole("button", { name: /heart/i })
        .getAttribute("aria-pressed"),
    ).toBe("true");
    await checkBothSizes(ben.page, "kudos-kudos-list");
    await expectNoHorizontalOverflow(ben.page);

    // Anna sees it approved, with Ben's heart counted.
    await anna.page.reload();
    await poll(() => anna.page.getByText("Pending approval").count()).toBe(0);
    const annaHeart = anna.page
      .getByRole("group", { name: /Reactions to/ })
      .first()
      .getByRole("button", { name: /heart/i });
    await poll(() => annaHeart.textContent()).toContain("1");

    for (const c of [adminCtx, anna.context, ben.context]) await c.close();
  });

  it("the Mobile App page shows the app's statuses and the push panel", async () => {
    const { context, page } = await e.newPage(DESKTOP);
    const mia = await signUpInContext(context, { email: `mia.mobile.desktop@example.org`, firstName: "Mia" });
    await skipTours(context, mia.id);
    await apiPost(context, "/api/churches", { name: `Mobile desktop Church` });
    await page.goto("/mobile-settings");
    await poll(() =>
      page
        .getByRole("heading", { name: /Mobile App/ })
        .first()
        .isVisible(),
    ).toBe(true);
    const main = page.getByRole("main");
    // The service worker registers on this real page; the network is up.
    await poll(() => main.getByText("Registered").first().isVisible()).toBe(true);
    await poll(() => main.getByText("Online").first().isVisible()).toBe(true);
    await poll(() =>
      main
        .getByText(/Push Notifications/)
        .first()
        .isVisible(),
    ).toBe(true);
    await checkBothSizes(page, "kudos-mobile-settings");
    await expectNoHorizontalOverflow(page);
    await context.close();
  });
});
