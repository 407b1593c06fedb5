import { ONBOARDING_STEPS, POINTS } from "@common/points";
import type { BrowserContext, Page } from "playwright-core";
import { beforeAll, describe, expect, it } from "vitest";
import { apiPost, checkBothSizes, DESKTOP, signUpInContext, skipTours, startE2E, type TE2E } from "./harness";

const EXPLORE_SERMONS = ONBOARDING_STEPS.find((s) => s.id === "explore_sermons")?.points ?? Number.NaN;

let e: TE2E;
beforeAll(async () => {
  e = await startE2E();
});

const visible = (page: Page, text: string | RegExp) => page.getByText(text).filter({ visible: true });

async function points(context: BrowserContext): Promise<number> {
  return (await (await context.request.get("/api/auth/user")).json()).points;
}

/** Local wall-clock "YYYY-MM-DDTHH:mm" for a datetime-local input (browser and church share UTC here). */
function localInput(d: Date): string {
  return d.toISOString().slice(0, 16);
}

// Each flow runs once, at desktop size; each screen is checked at phone size too (checkBothSizes).
describe("sermons and events", () => {
  it("admin adds a sermon; a member finds it, watches it once for 10 points, and shares a highlight", async () => {
    const admin = await e.newPage(DESKTOP);
    const adminUser = await signUpInContext(admin.context, {
      email: `admin.sermons.desktop@example.org`,
      firstName: "Ruth",
    });
    await skipTours(admin.context, adminUser.id);
    await apiPost(admin.context, "/api/churches", { name: `Sermons Desktop Church` });
    // Another sermon by another speaker, so search and the speaker filter have something to leave out.
    await apiPost(admin.context, "/api/sermons", {
      title: "Older Message",
      speaker: "Guest Speaker",
      date: "2026-01-04",
      tags: [],
    });

    const { page } = admin;
    await page.goto("/admin/sermons");
    await page.getByRole("button", { name: "Add New Sermon" }).click();
    const dialog = page.getByRole("dialog");
    await dialog.getByRole("button", { name: "Create Sermon" }).click();
    await expect.poll(() => dialog.getByText("Title is required").isVisible()).toBe(true);
    await expect.poll(() => dialog.getByText("Speaker is required").isVisible()).toBe(true);
    await dialog.getByLabel("Title", { exact: true }).fill("Rooted in Love");
    await dialog.getByLabel("Speaker", { exact: true }).fill("Pastor Miriam");
    await dialog.getByLabel("Date", { exact: true }).fill("2026-11-15");
    await dialog.getByLabel("Video URL (optional)").fill("https://www.youtube.com/watch?v=ScMzIvxBSi4");
    await dialog.getByLabel("Audio URL (optional)").fill("https://media.example.org/rooted-in-love.mp3");
    await dialog.getByLabel("Duration in minutes (optional)").fill("75");
    await dialog.getByLabel("Scripture (optional)").fill("Ephesians 3:14-21");
    await dialog
      .getByLabel("Sermon notes (optional)")
      .fill("Being rooted and grounded in love, may you have power to comprehend.");
    await checkBothSizes(page, "50-add-sermon");
    await dialog.getByRole("button", { name: "Create Sermon" }).click();
    await expect
      .poll(() => visible(page, "Sermon created successfully.").count(), { timeout: 10_000 })
      .toBeGreaterThan(0);
    await expect.poll(() => visible(page, "Rooted in Love").count()).toBeGreaterThan(0);
    await checkBothSizes(page, "51-manage-sermons");

    const inv = await apiPost(admin.context, "/api/invitations", {
      email: `member.sermons.desktop@example.org`,
      role: "CONGREGANT",
    });
    const member = await e.newPage(DESKTOP);
    const memberUser = await signUpInContext(member.context, {
      email: `member.sermons.desktop@example.org`,
      firstName: "Samuel",
      invitationToken: inv.token,
    });
    await skipTours(member.context, memberUser.id);
    const m = member.page;

    await m.goto("/sermons");
    await expect.poll(() => visible(m, "Older Message").count(), { timeout: 10_000 }).toBeGreaterThan(0);
    await m.getByPlaceholder("Search sermons...").fill("rooted");
    await expect.poll(() => visible(m, "Older Message").count()).toBe(0);
    await expect.poll(() => visible(m, "Rooted in Love").count()).toBeGreaterThan(0);
    await m.getByPlaceholder("Search sermons...").fill("");
    await m.getByRole("combobox", { name: "Filter by speaker" }).selectOption("Pastor Miriam");
    await expect.poll(() => visible(m, "Older Message").count()).toBe(0);
    await expect.poll(() => m.getByText("Video", { exact: true }).filter({ visible: true }).count()).toBe(1);
    await checkBothSizes(m, "52-archive-filtered");

    await m
      .getByRole("link", { name: /Rooted in Love/ })
      .first()
      .click();
    await m.waitForURL(/\/sermons\/[0-9a-f-]{36}$/);
    await expect
      .poll(() => m.getByRole("heading", { name: "Rooted in Love" }).isVisible(), { timeout: 10_000 })
      .toBe(true);
    await expect.poll(() => visible(m, "1h 15m").count()).toBeGreaterThan(0);
    expect(await m.locator('iframe[src*="youtube-nocookie.com/embed/ScMzIvxBSi4"]').count()).toBe(1);

    const before = await points(member.context);
    await m.getByRole("button", { name: "Mark Watched: Rooted in Love" }).click();
    await expect
      .poll(() => m.getByRole("button", { name: "Watched: Rooted in Love" }).isDisabled(), { timeout: 10_000 })
      .toBe(true);
    await expect.poll(() => visible(m, "Sermon marked as watched! +10 points earned").count()).toBeGreaterThan(0);
    // The first sermon watched also completes the onboarding journey's "explore_sermons" step.
    // The step's points follow the watch through the job queue: read until they are in.
    const paid = POINTS.sermonWatch + EXPLORE_SERMONS;
    await expect.poll(() => points(member.context)).toBe(before + paid);
    // A second try (another tab, a retry) pays nothing.
    const again = await member.context.request.post(
      `${new URL(m.url()).pathname.replace("/sermons/", "/api/sermons/")}/watch`,
    );
    expect((await again.json()).pointsAwarded).toBe(0);
    expect(await points(member.context)).toBe(before + paid);

    const highlightButton = m.getByRole("button", { name: "Highlight", exact: true });
    expect(await highlightButton.isDisabled()).toBe(true);
    await m.evaluate(() => {
      const el = document.querySelector('[aria-label="Sermon notes"]') as HTMLElement;
      const walker = document.createTreeWalker(el, NodeFilter.SHOW_TEXT);
      const node = walker.nextNode() as Text;
      const range = document.createRange();
      range.setStart(node, 0);
      range.setEnd(node, "Being rooted and grounded in love".length);
      const selection = window.getSelection() as Selection;
      selection.removeAllRanges();
      selection.addRange(range);
      el.dispatchEvent(new MouseEvent("mouseup", { bubbles: true }));
    });
    await expect.poll(() => highlightButton.isDisabled()).toBe(false);
    await highlightButton.click();
    const hd = m.getByRole("dialog");
    await hd.getByLabel("Note (optional)").fill("Read this at home group");
    await hd.getByRole("button", { name: "Save Highlight" }).click();
    await expect.poll(() => visible(m, "Highlight Created").count(), { timeout: 10_000 }).toBeGreaterThan(0);
    await m.getByRole("button", { name: "Share" }).first().click();
    await expect.poll(() => visible(m, "Highlight Shared").count(), { timeout: 10_000 }).toBeGreaterThan(0);
    const sermonId = new URL(m.url()).pathname.split("/").pop();
    const seenByAdmin = await (await admin.context.request.get(`/api/sermon-highlights/${sermonId}`)).json();
    expect(seenByAdmin).toHaveLength(1);
    expect(seenByAdmin[0]).toMatchObject({
      text: "Being rooted and grounded in love",
      note: "Read this at home group",
      isShared: true,
      shareCount: 1,
      userName: "Samuel Tester",
    });
    await m.waitForTimeout(300);
    await checkBothSizes(m, "53-sermon-detail");

    // The same link, signed out: the flyer facts and the church, no recording or notes.
    const visitor = await e.newPage(DESKTOP);
    await visitor.page.goto(`/sermons/${sermonId}`);
    await expect.poll(() => visible(visitor.page, "Rooted in Love").count()).toBeGreaterThan(0);
    await expect.poll(() => visible(visitor.page, "Ephesians 3:14-21").count()).toBeGreaterThan(0);
    await expect.poll(() => visible(visitor.page, "A sermon from").count()).toBeGreaterThan(0);
    expect(await visible(visitor.page, "Sermons Desktop Church").count()).toBeGreaterThan(0);
    expect(await visitor.page.locator("iframe, audio, video").count()).toBe(0);
    expect(await visible(visitor.page, "Being rooted and grounded").count()).toBe(0);
    await checkBothSizes(visitor.page, "54-sermon-shared-link");
  });

  it("admin adds and edits an event; a member sees it Upcoming and RSVPs", async () => {
    const admin = await e.newPage(DESKTOP);
    const adminUser = await signUpInContext(admin.context, {
      email: `admin.events.desktop@example.org`,
      firstName: "Ruth",
    });
    await skipTours(admin.context, adminUser.id);
    await apiPost(admin.context, "/api/churches", { name: `Events Desktop Church` });
    const { page } = admin;
    await page.goto("/admin/events");
    await page.getByRole("button", { name: "Add New Event" }).click();
    const dialog = page.getByRole("dialog");
    const start = new Date(Date.now() + 2 * 86_400_000);
    start.setUTCHours(18, 0, 0, 0);
    await dialog.getByLabel("Title", { exact: true }).fill("Harvest Supper");
    await dialog.getByLabel("Description", { exact: true }).fill("A shared meal to give thanks.");
    await dialog.getByLabel("Start time").fill(localInput(start));
    await dialog.getByLabel("End time").fill(localInput(new Date(start.getTime() - 3_600_000)));
    await dialog.getByLabel("Location", { exact: true }).fill("Fellowship Hall");
    await dialog.getByRole("button", { name: "Create Event" }).click();
    await expect
      .poll(() => dialog.getByText("End time must be after the start time").isVisible(), { timeout: 10_000 })
      .toBe(true);
    await checkBothSizes(page, "60-event-dialog-error");
    await dialog.getByLabel("End time").fill(localInput(new Date(start.getTime() + 2 * 3_600_000)));
    await dialog.getByRole("button", { name: "Create Event" }).click();
    await expect
      .poll(() => visible(page, "Event created successfully.").count(), { timeout: 10_000 })
      .toBeGreaterThan(0);

    await page.getByRole("button", { name: "Edit Harvest Supper" }).click();
    await page.getByRole("dialog").getByLabel("Title", { exact: true }).fill("Harvest Thanksgiving Supper");
    await page.getByRole("dialog").getByRole("button", { name: "Update Event" }).click();
    await expect
      .poll(() => visible(page, "Event updated successfully.").count(), { timeout: 10_000 })
      .toBeGreaterThan(0);
    await expect.poll(() => visible(page, "Harvest Thanksgiving Supper").count()).toBeGreaterThan(0);
    await checkBothSizes(page, "61-manage-events");

    const inv = await apiPost(admin.context, "/api/invitations", {
      email: `member.events.desktop@example.org`,
      role: "CONGREGANT",
    });
    const member = await e.newPage(DESKTOP);
    const memberUser = await signUpInContext(member.context, {
      email: `member.events.desktop@example.org`,
      firstName: "Hannah",
      invitationToken: inv.token,
    });
    await skipTours(member.context, memberUser.id);
    const m = member.page;
    await m.goto("/events");
    await expect.poll(() => visible(m, "Harvest Thanksgiving Supper").count(), { timeout: 10_000 }).toBeGreaterThan(0);
    await expect.poll(() => visible(m, "Upcoming").count()).toBeGreaterThan(0);
    // Issue 24: a card carries only the event's own words, no filler line.
    expect(await m.getByText("Join us for this upcoming event!").count()).toBe(0);
    await m.getByRole("button", { name: "I'll be there" }).click();
    await expect.poll(() => m.getByRole("button", { name: "Going ✓" }).isVisible(), { timeout: 10_000 }).toBe(true);
    await expect.poll(() => visible(m, "1 going").count()).toBeGreaterThan(0);
    await checkBothSizes(m, "62-events");
    const events = await (await admin.context.request.get("/api/events")).json();
    expect(events[0]).toMatchObject({ title: "Harvest Thanksgiving Supper", rsvpCount: 1 });

    await m.goto("/");
    await expect.poll(() => visible(m, "Harvest Thanksgiving Supper").count(), { timeout: 10_000 }).toBeGreaterThan(0);
    await checkBothSizes(m, "63-member-dashboard");
  });
});
