import { beforeAll, describe, expect, it } from "vitest";
import { DESKTOP, PHONE, shot, startE2E, type TE2E } from "./harness";

let e: TE2E;
beforeAll(async () => {
  e = await startE2E();
});

describe("installable app", () => {
  it("registers /sw.js, links the manifest, and opens the app shell with the network off", async () => {
    const { context, page } = await e.newPage(PHONE);
    await page.goto("/");
    await expect
      .poll(() => page.getByRole("heading", { name: "Grow Together in Faith" }).isVisible(), { timeout: 10_000 })
      .toBe(true);
    const scope = await page.evaluate(async () => (await navigator.serviceWorker.ready).active?.scriptURL);
    expect(scope).toMatch(/\/sw\.js$/);
    const manifest = await page.evaluate(() => document.querySelector('link[rel="manifest"]')?.getAttribute("href"));
    expect(manifest).toBe("/manifest.webmanifest");
    // A second load goes through the worker and fills its caches.
    await page.reload();
    await expect.poll(() => page.getByRole("heading", { name: "Grow Together in Faith" }).isVisible()).toBe(true);

    await context.setOffline(true);
    await page.reload();
    await expect
      .poll(() => page.locator("#root").evaluate((el) => el.childElementCount), { timeout: 10_000 })
      .toBeGreaterThan(0);
    await shot(page, "phone-40-offline-shell");
    await context.setOffline(false);
  });

  it("the desktop landing page links sign-in", async () => {
    const { page } = await e.newPage(DESKTOP);
    await page.goto("/");
    await page.getByRole("button", { name: "Start Your Journey" }).click();
    await page.waitForURL("**/login");
    expect(new URL(page.url()).pathname).toBe("/login");
  });
});
