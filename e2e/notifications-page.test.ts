import type { Page } from "playwright-core";
import { beforeAll, describe, expect, it } from "vitest";
import {
  apiPost,
  checkScreen,
  DESKTOP,
  inviteMember,
  PHONE,
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

async function open(page: Page, to: string, heading: string) {
  await page.goto(to);
  await poll(() => page.getByRole("heading", { name: heading, level: 1 }).isVisible()).toBe(true);
}

const sermon = (title: string) => ({
  title,
  speaker: "Pastor Ruth",
  date: "2026-11-15",
  videoUrl: "https://www.youtube.com/watch?v=dQw4w9WgXcQ",
  audioUrl: null,
  notesUrl: null,
  series: null,
  description: "A message.",
  notes: null,
  duration: 40,
  tags: [],
});

describe("the notifications page and pastor-only prayer requests (issue 24)", () => {
  it("a member shares a request with the leaders only, hears news grouped, and pages their history; a newcomer starts with none", async () => {
    const { context: adminCtx, page: adminPage } = await e.newPage(DESKTOP);
    const admin = await signUpInContext(adminCtx, { email: "ruth.pastor@example.org", firstName: "Ruth" });
    await skipTours(adminCtx, admin.id);
    await apiPost(adminCtx, "/api/churches", { name: "Bethany Community Church" });
    const naomi = await inviteMember(e, DESKTOP, adminCtx, "naomi.member@example.org", "Naomi");
    const { page } = naomi;

    // Naomi shares a request for the pastors only: the form opens with the focus in its title.
    await open(page, "/prayer-requests", "Prayer Requests");
    await page.getByRole("button", { name: "New Request" }).click();
    await poll(() => page.evaluate(() => document.activeElement?.id)).toBe("prayer-title");
    await page.keyboard.press("Escape");
    await poll(() => page.getByLabel("Title").count()).toBe(0);
    await page.getByRole("button", { name: "New Request" }).click();
    await page.getByLabel("Title").fill("Struggling at home");
    await page.getByLabel("Details").fill("Please pray for my marriage. I would rather only the pastors knew.");
    await page.getByRole("radio", { name: /Pastors and leaders only/ }).click();
    await checkScreen(page, "desktop-notifications-prayer-form");
    await page.getByRole("button", { name: "Submit Request" }).click();
    const mine = page.getByRole("article", { name: "Struggling at home" });
    await poll(() => mine.getByText("Leaders only").isVisible()).toBe(true);

    // The pastor sees it, marked, and prays; another member never sees it.
    await open(adminPage, "/prayer-requests", "Prayer Requests");
    const seen = adminPage.getByRole("article", { name: "Struggling at home" });
    await poll(() => seen.getByText("Leaders only").isVisible()).toBe(true);
    await seen.getByRole("button", { name: /I prayed/ }).click();
    await poll(() => seen.getByRole("button", { name: /Prayed/ }).isDisabled()).toBe(true);
    await checkScreen(adminPage, "desktop-notifications-prayer-wall-admin");
    const boaz = await inviteMember(e, DESKTOP, adminCtx, "boaz.member@example.org", "Boaz");
    await open(boaz.page, "/prayer-requests", "Prayer Requests");
    await poll(() => boaz.page.getByText("No prayer requests yet. Be the first to share!").isVisible()).toBe(true);

    // Three sermons and an event come out together.
    for (const title of ["Grace Upon Grace", "The Good Shepherd", "Living Water"]) {
      await apiPost(adminCtx, "/api/sermons", sermon(title));
    }
    const start = new Date(Date.now() + 3 * 86_400_000);
    await apiPost(adminCtx, "/api/events", {
      title: "Harvest Supper",
      description: "Bring a dish to share.",
      location: "Fellowship Hall",
      startTime: start.toISOString(),
      endTime: new Date(start.getTime() + 2 * 3_600_000).toISOString(),
      streamUrl: null,
    });

    // The bell counts every notification; its list shows the sermons as one line and links to the page.
    await page.goto("/");
    const bell = page.getByRole("button", { name: "Notifications, 5 unread" }).first();
    await poll(() => bell.isVisible()).toBe(true);
    await bell.click();
    const popover = page.getByRole("dialog", { name: "Notifications" });
    // On a loaded CI machine the list once did not show within 20 s of the click (passing alone): the
    // bell is opened again should the dashboard's late answers have closed it.
    await poll(async () => {
      if (!(await popover.isVisible())) await bell.click();
      return popover.getByText("3 new sermons").isVisible();
    }).toBe(true);
    await poll(() => popover.getByRole("button", { name: /Someone prayed for you/ }).isVisible()).toBe(true);
    await checkScreen(page, "desktop-notifications-bell");
    await popover.getByRole("link", { name: "See all notifications" }).click();
    await poll(() => page.getByRole("heading", { name: "Notifications", level: 1 }).isVisible()).toBe(true);
    const list = page.getByRole("list", { name: "Notifications" });
    await poll(() => list.getByRole("listitem").count()).toBe(3);
    await poll(() => page.getByText("5 unread", { exact: false }).isVisible()).toBe(true);
    await checkScreen(page, "desktop-notifications-page");

    // One kind at a time, in words.
    await page.getByLabel("Show").selectOption({ label: "New events" });
    await poll(() => list.getByRole("listitem").count()).toBe(1);
    await poll(() => list.getByText("Harvest Supper").isVisible()).toBe(true);
    await page.getByLabel("Show").selectOption({ label: "All notifications" });
    await poll(() => list.getByRole("listitem").count()).toBe(3);

    // The group opens the sermons and marks its three read: the count drops by three.
    await list.getByRole("button", { name: /3 new sermons/ }).click();
    await poll(() => page.getByRole("heading", { name: "Sermon Archive", level: 1 }).isVisible()).toBe(true);
    await poll(() => page.getByRole("button", { name: "Notifications, 2 unread" }).first().isVisible()).toBe(true);
    await open(page, "/notifications", "Notifications");
    await page.getByRole("button", { name: "Mark all read" }).click();
    await poll(() => page.getByRole("button", { name: "Notifications" }).first().isVisible()).toBe(true);

    // A newcomer starts with none of what came before they joined.
    const eli = await inviteMember(e, DESKTOP, adminCtx, "eli.newcomer@example.org", "Eli");
    await open(eli.page, "/notifications", "Notifications");
    await poll(() => eli.page.getByText("No notifications yet").isVisible()).toBe(true);
    await checkScreen(eli.page, "desktop-notifications-empty");

    // The same screens on a phone.
    for (const p of [page, adminPage, eli.page]) await p.setViewportSize(PHONE);
    await open(page, "/notifications", "Notifications");
    await poll(() => list.getByRole("listitem").count()).toBe(3);
    await checkScreen(page, "phone-notifications-page");
    await checkScreen(eli.page, "phone-notifications-empty");
    await open(page, "/prayer-requests", "Prayer Requests");
    await page.getByRole("button", { name: "New Request" }).click();
    await page.getByRole("radio", { name: /Pastors and leaders only/ }).click();
    await checkScreen(page, "phone-notifications-prayer-form");
    await page.keyboard.press("Escape");
    await open(adminPage, "/prayer-requests", "Prayer Requests");
    await checkScreen(adminPage, "phone-notifications-prayer-wall-admin");
    await page
      .getByRole("button", { name: /^Notifications/ })
      .first()
      .click();
    await poll(() => page.getByRole("dialog", { name: "Notifications" }).getByText("3 new sermons").isVisible()).toBe(
      true,
    );
    await checkScreen(page, "phone-notifications-bell");
  });
});
