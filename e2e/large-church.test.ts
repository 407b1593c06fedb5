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

/**
 * Issue 7, item 3: a church with 2,000 sermons is as fast as one with 20. The dashboards ask for
 * the few sermons and events they show; the archive and Manage Sermons page through the server.
 */
const SERMON_COUNT = 2000;
const SPEAKERS = ["Pastor Ruth", "Pastor Sam", "Pastor Miriam", "Elder James", "Deacon Grace", "Guest Speaker"];
const DESCRIPTION =
  "A message on faith in everyday life: how the promises read on Sunday meet the work, worries and joys " +
  "of the week, with questions for home groups and a short prayer to carry into the days ahead.";

let e: TE2E;
let admin: { context: BrowserContext; page: Page };
let member: { context: BrowserContext; page: Page };
let wholeListBytes = 0;

/** Runs `task` for 0..count-1, `width` at a time. */
async function inParallel(count: number, width: number, task: (i: number) => Promise<void>) {
  let next = 0;
  await Promise.all(
    Array.from({ length: width }, async () => {
      while (next < count) await task(next++);
    }),
  );
}

/** The viewport as the member sees it (the harness's `shot` takes the whole page). */
async function viewShot(page: Page, name: string) {
  await shot(page, name, { fullPage: false });
}

const apiPath = (address: string) => {
  const url = new URL(address);
  return url.pathname.startsWith("/api/") ? url.pathname + url.search : null;
};

/** Every API request from now on (`urls`, as they leave) and the bytes of each answer's body. */
function recordApi(page: Page) {
  const urls: string[] = [];
  const answers: Array<{ url: string; bytes: number }> = [];
  page.on("request", (request) => {
    const url = apiPath(request.url());
    if (url) urls.push(url);
  });
  page.on("response", async (response) => {
    const url = apiPath(response.url());
    if (!url) return;
    const body = await response.body().catch(() => Buffer.alloc(0));
    answers.push({ url, bytes: body.length });
  });
  return { urls, answers };
}

beforeAll(async () => {
  e = await startE2E();
  admin = await e.newPage(DESKTOP);
  const adminUser = await signUpInContext(admin.context, { email: "admin.large@example.org", firstName: "Ruth" });
  await skipTours(admin.context, adminUser.id);
  await apiPost(admin.context, "/api/churches", { name: "Large Church" });
  const day = 86_400_000;
  const start = Date.UTC(2026, 0, 4);
  await inParallel(SERMON_COUNT, 16, async (i) => {
    const date = new Date(start - i * 7 * day).toISOString().slice(0, 10);
    await apiPost(admin.context, "/api/sermons", {
      title: `Sermon ${i + 1}: Walking in the Light`,
      speaker: SPEAKERS[i % SPEAKERS.length],
      date,
      series: `Series ${Math.floor(i / 8) + 1}`,
      scripture: "1 John 1:5-10",
      description: DESCRIPTION,
      duration: 30 + (i % 40),
      videoUrl: i % 3 === 0 ? "https://www.youtube.com/watch?v=ScMzIvxBSi4" : null,
      audioUrl: i % 2 === 0 ? `https://media.example.org/sermon-${i}.mp3` : null,
      tags: ["faith", "light"],
    });
  });
  await inParallel(40, 8, async (i) => {
    const startTime = new Date(Date.now() + (i - 20) * 2 * day);
    await apiPost(admin.context, "/api/events", {
      title: `Gathering ${i + 1}`,
      description: "Worship, a meal and time together.",
      startTime: startTime.toISOString(),
      endTime: new Date(startTime.getTime() + 2 * 3_600_000).toISOString(),
      location: "Main Hall",
    });
  });
  // What a page that asked for the whole list would download.
  wholeListBytes = (await (await admin.context.request.get("/api/sermons")).body()).length;

  const inv = await apiPost(admin.context, "/api/invitations", {
    email: "member.large@example.org",
    role: "CONGREGANT",
  });
  member = await e.newPage(DESKTOP);
  const memberUser = await signUpInContext(member.context, {
    email: "member.large@example.org",
    firstName: "Samuel",
    invitationToken: inv.token,
  });
  await skipTours(member.context, memberUser.id);
}, 300_000);

describe(`a church with ${SERMON_COUNT} sermons`, () => {
  it("the member dashboard downloads a few KB of data, not the whole lists", async () => {
    const { page } = member;
    const { urls, answers } = recordApi(page);
    await page.goto("/");
    await expect
      .poll(() => page.getByRole("heading", { name: "Welcome, Samuel" }).isVisible(), { timeout: 10_000 })
      .toBe(true);
    await expect.poll(() => page.getByText("Sermon 1: Walking in the Light").isVisible()).toBe(true);
    await expect.poll(() => page.getByText("Gathering 21").isVisible()).toBe(true);
    await page.waitForLoadState("networkidle");

    expect(urls).toContain("/api/sermons?limit=3");
    expect(urls).toContain("/api/events?upcoming=true&limit=3");
    expect(urls.filter((u) => u === "/api/sermons" || u === "/api/events")).toEqual([]);
    const dataBytes = answers.reduce((sum, a) => sum + a.bytes, 0);
    console.log(
      `[issue 7] member dashboard API bytes: ${dataBytes} over ${answers.length} answers ` +
        `(${answers.map((a) => `${a.url} ${a.bytes}`).join(", ")}); the whole sermon list alone is ${wholeListBytes}`,
    );
    expect(wholeListBytes).toBeGreaterThan(500_000);
    expect(dataBytes).toBeLessThan(15_000);

    await shot(page, "desktop-80-member-dashboard-2000-sermons");
    await page.setViewportSize(PHONE);
    await shot(page, "phone-80-member-dashboard-2000-sermons");
    await expectNoHorizontalOverflow(page);
    await page.setViewportSize(DESKTOP);
  });

  it("the archive pages through the server as the member scrolls, and searches there", async () => {
    for (const [label, viewport] of [
      ["desktop", DESKTOP],
      ["phone", PHONE],
    ] as const) {
      const { page } = member;
      await page.setViewportSize(viewport);
      const { urls, answers } = recordApi(page);
      await page.goto("/sermons");
      await expect
        .poll(() => page.getByText("Showing 24 of 2,000 sermons").isVisible(), { timeout: 10_000 })
        .toBe(true);
      expect(urls).toContain("/api/sermons?limit=24&offset=0");
      // Scrolling to the end of the list brings the next page by itself.
      await page.getByRole("button", { name: "Load more" }).scrollIntoViewIfNeeded();
      await expect
        .poll(() => page.getByText("Showing 48 of 2,000 sermons").isVisible(), { timeout: 10_000 })
        .toBe(true);
      expect(urls).toContain("/api/sermons?limit=24&offset=24");
      await page.getByRole("button", { name: "Load more" }).scrollIntoViewIfNeeded();
      await viewShot(page, `${label}-81-archive-load-more`);
      await expectNoHorizontalOverflow(page);
      // Each page of the list is small, whatever the size of the library.
      await expect.poll(() => answers.filter((a) => a.url.includes("offset=24")).length).toBeGreaterThan(0);
      const pageBytes = answers.filter((a) => a.url.startsWith("/api/sermons?")).map((a) => a.bytes);
      expect(Math.max(...pageBytes)).toBeLessThan(40_000);

      await page.evaluate(() => window.scrollTo(0, 0));
      await page.getByPlaceholder("Search sermons...").fill("Sermon 1999:");
      await expect.poll(() => page.getByText("Sermon 1999: Walking in the Light").isVisible()).toBe(true);
      expect(urls).toContain("/api/sermons?limit=24&offset=0&search=Sermon+1999%3A");
      await expect.poll(() => page.getByText("Sermon 1998: Walking in the Light").count()).toBe(0);
    }
    await member.page.setViewportSize(DESKTOP);
  });

  it("Manage Sermons pages through the server too, with the speaker filter sent there", async () => {
    for (const [label, viewport] of [
      ["desktop", DESKTOP],
      ["phone", PHONE],
    ] as const) {
      const { page } = admin;
      await page.setViewportSize(viewport);
      const { urls } = recordApi(page);
      await page.goto("/admin/sermons");
      await expect
        .poll(() => page.getByText("Showing 24 of 2,000 sermons").isVisible(), { timeout: 10_000 })
        .toBe(true);
      await page.getByRole("combobox", { name: "Filter by speaker" }).selectOption("Elder James");
      await expect.poll(() => page.getByText("Showing 24 of 333 sermons").isVisible(), { timeout: 10_000 }).toBe(true);
      expect(urls).toContain("/api/sermons?limit=24&offset=0&includeDrafts=true&speaker=Elder+James");
      expect(urls).not.toContain("/api/sermons");
      await page.getByRole("button", { name: "Load more" }).scrollIntoViewIfNeeded();
      await expect.poll(() => page.getByText("Showing 48 of 333 sermons").isVisible(), { timeout: 10_000 }).toBe(true);
      await page.getByRole("button", { name: "Load more" }).scrollIntoViewIfNeeded();
      await viewShot(page, `${label}-82-manage-sermons-load-more`);
      await expectNoHorizontalOverflow(page);
    }
    await admin.page.setViewportSize(DESKTOP);
  });
});
