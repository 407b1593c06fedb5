import type { Page } from "playwright-core";
import { beforeAll, describe, expect, it } from "vitest";
import { apiPost, DESKTOP, shot, signUpInContext, skipTours, startE2E, type TE2E } from "./harness";

let e: TE2E;
beforeAll(async () => {
  e = await startE2E();
});

/** The chunks of the admin pages and their form dialogs (named after their modules by the build). */
const ADMIN_CHUNK =
  /\/assets\/(admin-dashboard-page|manage-sermons-with-feed|manage-events-with-feed|members-page|invitations-page|church-settings-page|sermon-form-dialog|event-form-dialog|invite-dialog)-[\w-]+\.js$/;
/** What the signed-out landing page never needs: the signed-in shell, forms and the contracts' validator. */
const NOT_FOR_THE_LANDING_PAGE = /\/assets\/(signed-in-routes|react-hook-form|zod|toaster)-[\w-]+\.js$/;

/** Every JavaScript file the page asks for from now on. */
function recordScripts(page: Page): string[] {
  const scripts: string[] = [];
  page.on("request", (request) => {
    const { pathname } = new URL(request.url());
    if (pathname.endsWith(".js")) scripts.push(pathname);
  });
  return scripts;
}

async function open(page: Page, path: string, heading: string) {
  await page.goto(path);
  await expect.poll(() => page.getByRole("heading", { name: heading }).isVisible(), { timeout: 10_000 }).toBe(true);
}

describe("pages load on demand", () => {
  it("the signed-out landing page downloads neither the shell, nor forms, nor zod", async () => {
    const { page } = await e.newPage(DESKTOP);
    const scripts = recordScripts(page);
    await open(page, "/", "Grow Together in Faith");
    // Past the delays after which a screen fetches the code of its likely next step.
    await page.waitForTimeout(2500);
    expect(scripts.some((s) => /\/landing-page-/.test(s))).toBe(true);
    expect(scripts.filter((s) => NOT_FOR_THE_LANDING_PAGE.test(s))).toEqual([]);
  });

  it("a member never downloads an admin page's code; an admin gets it when opening the page", async () => {
    const { context: adminCtx, page: adminPage } = await e.newPage(DESKTOP);
    const admin = await signUpInContext(adminCtx, { email: "admin.split@example.org", firstName: "Ruth" });
    await skipTours(adminCtx, admin.id);
    await apiPost(adminCtx, "/api/churches", { name: "Split Church" });
    const inv = await apiPost(adminCtx, "/api/invitations", { email: "tim.split@example.org", role: "CONGREGANT" });

    // The test holds a page's code with page.route, which the service worker's fetches would pass by
    // (once it controls the page, which happens sooner the lighter the first load is).
    const { context, page } = await e.newPage(DESKTOP, { serviceWorkers: "block" });
    const member = await signUpInContext(context, {
      email: "tim.split@example.org",
      firstName: "Tim",
      invitationToken: inv.token,
    });
    await skipTours(context, member.id);
    const memberScripts = recordScripts(page);
    // Tim joined a moment ago: his first visit says "Welcome", not "Welcome back".
    await open(page, "/", "Welcome, Tim");
    // A slow network: the shell stays and the page shows a skeleton until its code arrives.
    let arrive: () => void = () => undefined;
    const arrived = new Promise<void>((resolve) => {
      arrive = resolve;
    });
    await page.route(/\/assets\/events-page-[\w-]+\.js$/, async (route) => {
      await arrived;
      await route.continue();
    });
    await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Events" }).click();
    await expect.poll(() => page.getByRole("status", { name: "Loading page" }).isVisible()).toBe(true);
    await shot(page, "desktop-70-page-skeleton");
    arrive();
    await expect.poll(() => page.getByRole("heading", { name: "Upcoming Events" }).isVisible()).toBe(true);
    await page.unrouteAll();
    await open(page, "/sermons", "Sermon Archive");
    await open(page, "/admin/members", "Access Denied");
    await open(page, "/admin/settings", "Access Denied");
    expect(memberScripts.some((s) => /\/member-dashboard-page-/.test(s))).toBe(true);
    expect(memberScripts.filter((s) => ADMIN_CHUNK.test(s))).toEqual([]);

    const adminScripts = recordScripts(adminPage);
    await open(adminPage, "/", "Church Administration");
    await open(adminPage, "/admin/members", "Manage Members");
    expect(adminScripts.filter((s) => ADMIN_CHUNK.test(s)).length).toBeGreaterThanOrEqual(2);
    expect(adminScripts.some((s) => /\/member-dashboard-page-/.test(s))).toBe(false);
  });
});
