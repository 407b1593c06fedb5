import type { Page } from "playwright-core";
import { beforeAll, describe, expect, it } from "vitest";
import { axe } from "./axe";
import {
  apiPost,
  DESKTOP,
  expectNoHorizontalOverflow,
  inviteMember,
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

const poll = <T>(fn: () => Promise<T>) => expect.poll(fn, { timeout: 15_000 });

/** axe once the page is still: a list fading in measures as low contrast half way. */
async function axeWhenStill(page: Page) {
  await poll(() =>
    page.evaluate(
      () =>
        document.getAnimations().filter((a) => a.effect?.getTiming().iterations !== Number.POSITIVE_INFINITY).length,
    ),
  ).toBe(0);
  return axe(page);
}

const searchBox = (page: Page) => page.getByRole("combobox", { name: "Search" });

/** Types into the top bar's search as a member would, letter by letter. */
async function typeSearch(page: Page, text: string) {
  await searchBox(page).click();
  await searchBox(page).fill("");
  await searchBox(page).pressSequentially(text, { delay: 40 });
}

describe("search (issue 24)", () => {
  it("a member finds a sermon by a word of its title as they type, on a desktop and on a phone", async () => {
    const { context: adminCtx } = await e.newPage(DESKTOP);
    const admin = await signUpInContext(adminCtx, { email: "ruth.search@example.org", firstName: "Ruth" });
    await skipTours(adminCtx, admin.id);
    await apiPost(adminCtx, "/api/churches", { name: "Search Hill Church" });
    const sermon = await apiPost(adminCtx, "/api/sermons", {
      title: "The Prodigal Son",
      speaker: "Pastor Miriam Okafor",
      date: "2026-11-15",
      videoUrl: null,
      audioUrl: null,
      notesUrl: null,
      series: "Parables",
      scripture: "Luke 15:11-32",
      description: "A father runs to meet his son, and a brother stays outside.",
      notes: null,
      duration: 40,
      tags: [],
    });
    const start = new Date(Date.now() + 3 * 86_400_000);
    await apiPost(adminCtx, "/api/events", {
      title: "Prodigal Potluck",
      description: "Bring a dish to share after the parables series.",
      location: "Fellowship Hall",
      startTime: start.toISOString(),
      endTime: new Date(start.getTime() + 90 * 60_000).toISOString(),
      streamUrl: null,
    });
    await apiPost(adminCtx, "/api/prayer-requests", {
      title: "Prayer for a prodigal brother",
      description: "He left home last spring; pray that he comes back.",
      isAnonymous: true,
    });
    const { page } = await inviteMember(e, DESKTOP, adminCtx, "tim.search@example.org", "Tim");

    // Desktop: the results come as Tim types, grouped by type, the word in bold.
    await page.goto("/");
    await typeSearch(page, "prod");
    const listbox = page.getByRole("listbox", { name: "Search results" });
    await poll(() => listbox.getByRole("option").count()).toBe(3);
    const groups = await listbox.getByRole("group").evaluateAll((gs) => gs.map((g) => g.getAttribute("aria-label")));
    expect(groups.sort()).toEqual(["Events", "Prayer Requests", "Sermons"]);
    const prayer = listbox.getByRole("group", { name: "Prayer Requests" });
    expect(await prayer.textContent()).not.toContain("Ruth");
    expect(await searchBox(page).getAttribute("aria-expanded")).toBe("true");
    await expectNoHorizontalOverflow(page);
    expect(await axeWhenStill(page), "desktop results").toEqual([]);
    await shot(page, "desktop-search-results");

    // The keyboard: the first result is highlighted; Enter opens the sermon.
    await searchBox(page).press("ArrowDown");
    await searchBox(page).press("ArrowUp");
    await searchBox(page).press("Enter");
    await poll(async () => page.url()).toContain(`/sermons/${sermon.id}`);
    await poll(() => page.getByRole("heading", { name: "The Prodigal Son" }).first().isVisible()).toBe(true);

    // By speaker and scripture too; then words that match nothing say so.
    await typeSearch(page, "luke 15");
    await poll(() => listbox.getByRole("option").first().textContent()).toContain("The Prodigal Son");
    await typeSearch(page, "zebedee");
    const status = page.getByRole("status").filter({ hasText: "No results for" });
    await poll(() => status.textContent()).toBe("No results for “zebedee”");
    expect(await axeWhenStill(page), "desktop empty").toEqual([]);
    await shot(page, "desktop-search-empty");
    await searchBox(page).press("Escape");
    expect(await searchBox(page).getAttribute("aria-expanded")).toBe("false");

    // Phone: the same box in the top bar; the list spans the screen; a page is found by its name.
    await page.setViewportSize(PHONE);
    await page.goto("/");
    await typeSearch(page, "prayer re");
    await poll(() => listbox.getByRole("option").first().textContent()).toContain("Prayer Requests");
    await expectNoHorizontalOverflow(page);
    expect(await axeWhenStill(page), "phone results").toEqual([]);
    await shot(page, "phone-search-results");
    const box = await listbox.boundingBox();
    expect(box?.width).toBeGreaterThan(PHONE.width - 40);
    await listbox.getByRole("option").first().click();
    await poll(async () => new URL(page.url()).pathname).toBe("/prayer-requests");
  });
});
