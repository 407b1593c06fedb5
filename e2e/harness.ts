import fs from "node:fs";
import type { AddressInfo } from "node:net";
import path from "node:path";
import { type Browser, type BrowserContext, chromium, type Page } from "playwright-core";
import { expect, inject } from "vitest";
import { buildApp } from "../server/src/app";
import { loadConfig } from "../server/src/config";
import type { TDb } from "../server/src/db/client";
import { afterFile } from "../server/test/after-file";
import { createTestDb } from "../server/test/db";
import { startSmtpServer } from "../server/test/smtp";
import { axe } from "./axe";

export const CHROMIUM_ARGS = [
  "--headless",
  "--no-sandbox",
  "--disable-gpu",
  "--disable-quic",
  "--no-first-run",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
];

export const DESKTOP = { width: 1280, height: 800 };
export const PHONE = { width: 390, height: 844 };
export const SCREENSHOT_DIR = path.resolve(".tmp/screenshots");

export type TE2E = {
  baseUrl: string;
  browser: Browser;
  smtp: Awaited<ReturnType<typeof startSmtpServer>>;
  flushMail: () => Promise<void>;
  /** The app's database, for arranging what no screen can (a member who joined weeks ago, say). */
  db: TDb;
  /**
   * A new browser context and page. `serviceWorkers: "block"` keeps the app's service worker out,
   * for a test that holds requests with `page.route` (requests a service worker makes pass it by).
   */
  newPage: (
    viewport: { width: number; height: number },
    options?: { serviceWorkers?: "allow" | "block" },
  ) => Promise<{ context: BrowserContext; page: Page }>;
};

/**
 * The real app on its own database and port, a real SMTP server, and Debian's Chromium. `env` adds
 * to the server's environment (the integrations test points the providers' addresses at stand-ins).
 */
export async function startE2E(env: Record<string, string> = {}): Promise<TE2E> {
  const smtp = await startSmtpServer();
  const testDb = await createTestDb();
  const config = loadConfig({
    LOG_LEVEL: "warn",
    SMTP_URL: smtp.url,
    HOST: "127.0.0.1",
    APP_SECRET: "the browser tests' own secret",
    ...env,
  });
  const app = await buildApp({
    config,
    db: testDb.db,
    logger: false,
    serveClient: true,
    checkAnswers: true,
    clientDir: inject("clientDir"),
  });
  await app.listen({ port: 0, host: "127.0.0.1" });
  const { port } = app.server.address() as AddressInfo;
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
    args: CHROMIUM_ARGS,
  });
  const contexts: BrowserContext[] = [];
  afterFile(async () => {
    for (const c of contexts) await c.close().catch(() => {});
    await browser.close();
    await app.close();
    await testDb.drop();
  });
  fs.mkdirSync(SCREENSHOT_DIR, { recursive: true });
  return {
    baseUrl: `http://127.0.0.1:${port}`,
    browser,
    smtp,
    flushMail: () => app.mailer.flush(),
    db: testDb.db,
    async newPage(viewport, options = {}) {
      const context = await browser.newContext({ viewport, baseURL: `http://127.0.0.1:${port}`, ...options });
      contexts.push(context);
      const page = await context.newPage();
      page.on("pageerror", (err) => {
        throw err;
      });
      return { context, page };
    },
  };
}

/**
 * CI takes no pictures: nobody looks at them there, and on 2 busy cores they were a sixth of a
 * browser file's time (44 pictures, 27 of 167 s in the admin languages walk). `E2E_SCREENSHOTS=1`
 * takes them in CI too; outside CI they are always taken.
 */
const TAKE_SCREENSHOTS = process.env.CI !== "true" || process.env.E2E_SCREENSHOTS === "1";

/**
 * A full-page picture to look at. On a loaded 2-core machine Chromium sometimes does not hand a
 * frame over in time (the page itself answered a moment before), so one slow try is followed by a
 * second one of the viewport only: the picture is for people, never what a test asserts.
 */
export async function shot(page: Page, name: string, { fullPage = true } = {}): Promise<void> {
  if (!TAKE_SCREENSHOTS) return;
  const file = path.join(SCREENSHOT_DIR, `${name}.png`);
  try {
    await page.screenshot({ path: file, fullPage, timeout: 45_000 });
  } catch (error) {
    if (!(error instanceof Error && error.name === "TimeoutError")) throw error;
    await page.screenshot({ path: file, timeout: 45_000 });
  }
}

/** No element may stick out sideways on a phone. */
export async function expectNoHorizontalOverflow(page: Page): Promise<void> {
  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
  expect(overflow).toBeLessThanOrEqual(0);
}

/**
 * What every screen must pass, at the page's current size: once nothing is moving (the pointer
 * parked, nothing fading or sliding), a screenshot named `name` to look at, then no sideways
 * overflow and no axe violation.
 * ("Still": no transition or finite animation running, such as a list fading in; a spinner's endless
 * one does not count.)
 */
export async function checkScreen(page: Page, name: string): Promise<void> {
  await page.mouse.move(0, 0);
  await waitStill(page);
  // The screenshot first, so a screen that fails the checks leaves a picture of itself.
  await shot(page, name);
  await expectNoHorizontalOverflow(page);
  let violations = await axe(page);
  // A list that fades in after the page looked still (a late answer re-rendering it) is read
  // mid-fade, in colours that are not yet its own (a CI run saw a badge at 2.4:1 on the way in).
  // Once still again, the second reading is the one that counts: a real failure fails it too.
  if (violations.length > 0) {
    await waitStill(page);
    violations = await axe(page);
  }
  expect(violations, name).toEqual([]);
}

async function waitStill(page: Page): Promise<void> {
  await expect
    .poll(
      () =>
        page.evaluate(
          () =>
            document.getAnimations().filter((a) => a.effect?.getTiming().iterations !== Number.POSITIVE_INFINITY)
              .length,
        ),
      { timeout: 15_000 },
    )
    .toBe(0);
}

/** `checkScreen` at desktop size, then on a phone (the page resized), then back to desktop. */
export async function checkBothSizes(page: Page, name: string): Promise<void> {
  for (const [label, viewport] of [
    ["desktop", DESKTOP],
    ["phone", PHONE],
  ] as const) {
    await page.setViewportSize(viewport);
    await checkScreen(page, `${label}-${name}`);
  }
  await page.setViewportSize(DESKTOP);
}

/** Signs a browser context up through the real API (faster than the form; the form has its own test). */
export async function signUpInContext(
  context: BrowserContext,
  user: { email: string; firstName: string; lastName?: string; invitationToken?: string },
) {
  const res = await context.request.post("/api/auth/register", {
    data: { password: "a good long password", lastName: "Tester", ...user },
  });
  expect(res.status(), await res.text()).toBe(201);
  return res.json();
}

export async function apiPost(context: BrowserContext, url: string, data: unknown) {
  const res = await context.request.post(url, { data });
  expect(res.ok(), await res.text()).toBe(true);
  return res.json();
}

/**
 * A congregant invited by the admin signed in to `admin`, who accepts in a browser of their own
 * (signed up through the API, tours skipped).
 */
export async function inviteMember(
  e: TE2E,
  viewport: { width: number; height: number },
  admin: BrowserContext,
  email: string,
  firstName: string,
) {
  const inv = await apiPost(admin, "/api/invitations", { email, role: "CONGREGANT" });
  const { context, page } = await e.newPage(viewport);
  const user = await signUpInContext(context, { email, firstName, invitationToken: inv.token });
  await skipTours(context, user.id);
  return { context, page, user };
}

/**
 * Marks the member tour and the admin's welcome card done for this user, on the server (where they
 * are kept: issue 24), for tests about other screens. Signed out (a second browser before it signs
 * in), it does nothing: the user's first browser has already done it.
 */
export async function skipTours(context: BrowserContext, _userId: string) {
  for (const tour of ["welcome", "admin-welcome"]) {
    await context.request.put("/api/user/tour", { data: { tour, done: true } });
  }
}
