import type { BrowserContext, Page } from "playwright-core";
import { beforeAll, describe, expect, it } from "vitest";
import { apiPost, checkBothSizes, DESKTOP, signUpInContext, skipTours, startE2E, type TE2E } from "./harness";

let e: TE2E;
beforeAll(async () => {
  e = await startE2E();
});

const poll = <T>(fn: () => Promise<T>) => expect.poll(fn, { timeout: 15_000 });

/** A video frame as YouTube or Vimeo would serve it (no outside address is reachable here). */
const frame = (from: string, to: string) =>
  `<svg xmlns="http://www.w3.org/2000/svg" width="480" height="360" viewBox="0 0 480 360">
    <defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${from}"/><stop offset="1" stop-color="${to}"/></linearGradient></defs>
    <rect width="480" height="360" fill="url(#g)"/>
    <circle cx="150" cy="200" r="70" fill="#fff" opacity=".15"/><rect x="260" y="90" width="150" height="190" rx="12" fill="#000" opacity=".12"/>
    <circle cx="240" cy="180" r="44" fill="#000" opacity=".35"/><path d="M228 158 L262 180 L228 202 Z" fill="#fff"/>
  </svg>`;

const READER_HOST = "https://www.biblegateway.com/";

/** The outside addresses the page uses, answered by stand-ins: YouTube's and Vimeo's pictures, and the Bible reader. */
async function standIns(context: BrowserContext) {
  const svg = (body: string) => ({ status: 200, contentType: "image/svg+xml", body });
  await context.route("https://i.ytimg.com/**", (r) => r.fulfill(svg(frame("#b45309", "#1e3a8a"))));
  await context.route("https://vumbnail.com/**", (r) => r.fulfill(svg(frame("#0f766e", "#312e81"))));
  await context.route("https://player.vimeo.com/**", (r) =>
    r.fulfill({
      status: 200,
      contentType: "text/html",
      body: `<!doctype html><title>Vimeo player</title><body style="margin:0;background:#0f172a">${frame("#0f766e", "#312e81").replace("<svg ", '<svg style="width:100%;height:100vh" preserveAspectRatio="xMidYMid slice" ')}</body>`,
    }),
  );
  await context.route(`${READER_HOST}**`, (r) =>
    r.fulfill({
      status: 200,
      contentType: "text/html",
      body: `<!doctype html><title>Bible reader</title><h1>${new URL(r.request().url()).searchParams.get("search")}</h1>`,
    }),
  );
}

/** Thumbnails drawn (loaded with a size), and placeholders, on the page now. */
const loadedThumbnails = (page: Page) =>
  page
    .getByTestId("sermon-thumbnail")
    .evaluateAll((imgs) => (imgs as HTMLImageElement[]).filter((i) => i.complete && i.naturalWidth > 0).length);

describe("sermon cards, series and scripture (issue 24)", () => {
  it("a member sees thumbnails and placeholders, opens a series from a card, a sermon, and its scripture in the reader", async () => {
    const admin = await e.newPage(DESKTOP);
    const pastor = await signUpInContext(admin.context, { email: "pastor.series@example.org", firstName: "Pastor" });
    await skipTours(admin.context, pastor.id);
    await apiPost(admin.context, "/api/churches", { name: "Grace Harbor Fellowship" });
    const sermon = (title: string, date: string, over: Record<string, unknown> = {}) =>
      apiPost(admin.context, "/api/sermons", { title, speaker: "Pastor Miriam Cole", date, duration: 38, ...over });
    await sermon("The Power of the Gospel", "2026-03-01", {
      series: "Romans Road",
      scripture: "Romans 1:16-17",
      videoUrl: "https://www.youtube.com/watch?v=dQw4w9WgXcQ",
    });
    await sermon("All Have Fallen Short", "2026-03-08", {
      series: "Romans Road",
      scripture: "Romans 3:21-26",
      videoUrl: "https://vimeo.com/76979871",
    });
    await sermon("Peace with God", "2026-03-15", { series: "Romans Road", scripture: "Romans 5:1-11" });
    await sermon("A Word for the Weary", "2026-03-22", { scripture: "Matthew 11:28-30" });

    const inv = await apiPost(admin.context, "/api/invitations", {
      email: "hannah.series@example.org",
      role: "CONGREGANT",
    });
    // Requests held by `route` must not pass by a service worker.
    const { context, page } = await e.newPage(DESKTOP, { serviceWorkers: "block" });
    const hannah = await signUpInContext(context, {
      email: "hannah.series@example.org",
      firstName: "Hannah",
      invitationToken: inv.token,
    });
    await skipTours(context, hannah.id);
    await standIns(context);

    // The archive: the two videos' pictures, and the church-colored placeholders for the other two.
    await page.goto("/sermons");
    await poll(() => page.getByRole("link", { name: "Peace with God" }).isVisible()).toBe(true);
    await poll(() => loadedThumbnails(page)).toBe(2);
    expect(await page.getByTestId("sermon-placeholder").count()).toBe(2);
    expect(await page.getByTestId("sermon-placeholder").filter({ hasText: "Romans Road" }).count()).toBe(1);
    await checkBothSizes(page, "sermon-series-01-archive");

    // A card's series opens the series page: in the order preached, with its count and dates.
    await page
      .getByRole("listitem")
      .filter({ hasText: "Peace with God" })
      .getByRole("link", { name: "Series: Romans Road" })
      .click();
    await poll(() => page.getByRole("heading", { name: "Romans Road", level: 1 }).isVisible()).toBe(true);
    expect(decodeURIComponent(new URL(page.url()).pathname)).toBe("/sermons/series/Romans Road");
    await poll(() => page.getByText("3 sermons · Mar 1 – 15, 2026").isVisible()).toBe(true);
    const list = page.getByRole("list", { name: "Sermons in Romans Road, in order" });
    await poll(() => list.getByRole("heading").allTextContents()).toEqual([
      "The Power of the Gospel",
      "All Have Fallen Short",
      "Peace with God",
    ]);
    await poll(() => loadedThumbnails(page)).toBe(2);
    await page.setViewportSize(DESKTOP);
    await checkBothSizes(page, "sermon-series-02-series-page");

    // A sermon from the series; its series links back, its scripture opens the church's Bible reader.
    await list.getByRole("link", { name: "All Have Fallen Short" }).click();
    await poll(() => page.getByRole("heading", { name: "All Have Fallen Short", level: 1 }).isVisible()).toBe(true);
    expect(await page.getByRole("link", { name: "Series: Romans Road" }).getAttribute("href")).toBe(
      "/sermons/series/Romans%20Road",
    );
    const scripture = page.getByRole("link", { name: /Romans 3:21-26/ });
    await poll(() => scripture.isVisible()).toBe(true);
    await checkBothSizes(page, "sermon-series-03-sermon");

    const [reader] = await Promise.all([context.waitForEvent("page"), scripture.click()]);
    await reader.waitForLoadState();
    expect(reader.url()).toBe(`${READER_HOST}passage/?search=Romans%203&version=NIV`);
    expect(await reader.getByRole("heading").textContent()).toBe("Romans 3");
    await reader.close();

    // The dashboard's latest sermons carry the same pictures, small.
    await page.goto("/");
    const latest = page.getByRole("link", { name: /A Word for the Weary/ });
    await poll(() => latest.isVisible()).toBe(true);
    await poll(() => loadedThumbnails(page)).toBe(1);
    await checkBothSizes(page, "sermon-series-04-dashboard");
  });
});
