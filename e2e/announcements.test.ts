import type { BrowserContext, Page } from "playwright-core";
import { beforeAll, describe, expect, it } from "vitest";
import {
  apiPost,
  checkBothSizes,
  DESKTOP,
  inviteMember,
  PHONE,
  signUpInContext,
  skipTours,
  startE2E,
  type TE2E,
} from "./harness";

/**
 * Issue 29's browser "Done means" for announcements: an admin, at desktop size, schedules an
 * announcement for one group a minute or so ahead in the composer; at that time the server's job
 * queue sends it (nothing faked through the database); a member of the group, on a phone, sees it in
 * the bell, opens it and finds it in her announcements; a member outside the group gets nothing; the
 * admin's list then says Sent, with its recipient who opened it. Each screen is checked at both sizes
 * (checkBothSizes: layout, axe, screenshots in .tmp/screenshots named `*-announcements-*`).
 */

let e: TE2E;
beforeAll(async () => {
  e = await startE2E();
});

const poll = <T>(fn: () => Promise<T>, timeout = 20_000) => expect.poll(fn, { timeout });

const GROUP = "Tuesday Prayer Circle";
const TITLE = "Prayer breakfast moves to the hall";
const MESSAGE = "This Tuesday we meet in the fellowship hall at 7:00.\nBring a friend.";

type TPerson = { context: BrowserContext; page: Page; user: { id: string } };
let admin: TPerson;
/** In the group; walks on a phone. */
let ana: TPerson;
/** In no group. */
let ben: TPerson;
let groupId = "";
let timeZone = "UTC";
/** When the announcement goes (ms). */
let sendAt = 0;

const bell = (page: Page) => page.getByRole("button", { name: /^Notifications/ });
async function unread(page: Page): Promise<number> {
  const label = (await bell(page).getAttribute("aria-label")) ?? "";
  return Number(/(\d+) unread/.exec(label)?.[1] ?? 0);
}

async function getJson(context: BrowserContext, url: string) {
  const res = await context.request.get(url);
  expect(res.ok(), await res.text()).toBe(true);
  return res.json();
}

async function check(page: Page, name: string, home = DESKTOP) {
  await checkBothSizes(page, `announcements-${name}`);
  if (home !== DESKTOP) await page.setViewportSize(home);
}

/**
 * The next whole minute at least 30 s away (a `datetime-local` holds minutes), as the church's
 * wall clock (`YYYY-MM-DDTHH:MM`) and as an instant: the smallest honest wait for the queue.
 */
function nextMinute(zone: string): { local: string; at: number } {
  const at = Math.ceil((Date.now() + 30_000) / 60_000) * 60_000;
  const p = new Intl.DateTimeFormat("en-CA", {
    timeZone: zone,
    year: "numeric",
    month: "2-digit",
    day: "2-digit",
    hour: "2-digit",
    minute: "2-digit",
    hourCycle: "h23",
  })
    .formatToParts(new Date(at))
    .reduce<Record<string, string>>((all, part) => Object.assign(all, { [part.type]: part.value }), {});
  return { local: `${p.year}-${p.month}-${p.day}T${p.hour}:${p.minute}`, at };
}

describe("announcements (issue 29)", () => {
  it("an admin schedules an announcement for a group in the composer", async () => {
    const a = await e.newPage(DESKTOP);
    const user = await signUpInContext(a.context, { email: "ruth.announce@example.org", firstName: "Ruth" });
    await skipTours(a.context, user.id);
    await apiPost(a.context, "/api/churches", { name: "Announcements Walk Church" });
    admin = { ...a, user };
    [ana, ben] = await Promise.all([
      inviteMember(e, PHONE, admin.context, "ana.announce@example.org", "Ana"),
      inviteMember(e, DESKTOP, admin.context, "ben.announce@example.org", "Ben"),
    ]);
    ({ timeZone } = await getJson(admin.context, "/api/admin/church/settings"));
    // The group and Ana in it are not the point here: through the API.
    const group = await apiPost(admin.context, "/api/groups", {
      name: GROUP,
      kind: "prayer",
      joinPolicy: "open",
      visibility: "listed",
    });
    groupId = group.id;
    await apiPost(ana.context, `/api/groups/${groupId}/join`, {});

    const page = admin.page;
    await page.goto("/admin/announcements");
    await poll(() => page.getByRole("heading", { name: "Manage Announcements", level: 1 }).isVisible()).toBe(true);
    await poll(() => page.getByText("No announcements yet").isVisible()).toBe(true);
    await check(page, "admin-empty");

    await page.getByRole("button", { name: "New announcement" }).first().click();
    const dialog = page.getByRole("dialog", { name: "New announcement" });
    await poll(() => dialog.isVisible()).toBe(true);
    await dialog.getByLabel("Title").fill(TITLE);
    await dialog.getByLabel("Message").fill(MESSAGE);
    // The link opens the group, picked from the church's groups.
    await dialog.getByLabel("Link", { exact: true }).selectOption({ label: "A group" });
    const pick = dialog.getByLabel("Which one");
    await poll(() => pick.locator("option", { hasText: GROUP }).count()).toBe(1);
    await pick.selectOption({ label: GROUP });
    await dialog.getByRole("radio", { name: "One or more groups" }).click();
    const groupBox = dialog.getByRole("checkbox", { name: GROUP });
    await poll(() => groupBox.isVisible()).toBe(true);
    await groupBox.check();
    await dialog.getByRole("radio", { name: "At a date and time" }).click();
    const when = nextMinute(timeZone);
    sendAt = when.at;
    const city = (timeZone.split("/").at(-1) ?? timeZone).replace(/_/g, " ");
    await dialog.getByLabel(`Date and time (${city} time)`).fill(when.local);
    // The time is read, and shown, in the church's time zone.
    await poll(() => dialog.getByText(`, ${city} time`, { exact: false }).isVisible()).toBe(true);
    await check(page, "composer");
    await dialog.getByRole("button", { name: "Schedule" }).click();
    await poll(() => dialog.count()).toBe(0);

    const list = page.getByRole("list", { name: "Every announcement" });
    const row = list.getByRole("article", { name: TITLE });
    await poll(() => row.isVisible()).toBe(true);
    await poll(() => row.getByText("Scheduled", { exact: true }).isVisible()).toBe(true);
    await poll(() => row.getByText(`To ${GROUP}`).isVisible()).toBe(true);
    const [saved] = await getJson(admin.context, "/api/announcements");
    expect(saved).toMatchObject({
      title: TITLE,
      status: "scheduled",
      audience: { groupIds: [groupId] },
      link: `/groups/${groupId}`,
      urgent: false,
    });
    expect(new Date(saved.sendAt).getTime()).toBe(when.at);
    await check(page, "admin-scheduled");
  });

  it("at its time the group's member sees it in the bell on her phone and opens it; others get nothing", async () => {
    const page = ana.page;
    await page.goto("/announcements");
    await poll(() => page.getByRole("heading", { name: "Announcements", level: 1 }).isVisible()).toBe(true);
    // Before its time: nothing yet.
    expect(Date.now()).toBeLessThan(sendAt);
    await poll(() => page.getByText("No announcements yet").isVisible()).toBe(true);
    expect(await unread(page)).toBe(0);
    await check(page, "member-empty", PHONE);

    // The queue sends it at its time (its poll adds a few seconds); the bell asks every 30 s.
    const wait = Math.max(0, sendAt - Date.now()) + 60_000;
    await poll(() => unread(page), wait).toBe(1);
    expect(Date.now()).toBeGreaterThanOrEqual(sendAt);
    await bell(page).click();
    const popover = page.getByRole("dialog", { name: "Notifications" });
    const item = popover.getByRole("button", { name: new RegExp(TITLE) });
    await poll(() => item.isVisible()).toBe(true);
    await item.click();
    await poll(async () => /^\/announcements\/[0-9a-f-]{36}$/.test(new URL(page.url()).pathname)).toBe(true);
    await poll(() => page.getByRole("heading", { name: TITLE, level: 1 }).isVisible()).toBe(true);
    await poll(() => page.getByText("This Tuesday we meet in the fellowship hall", { exact: false }).isVisible()).toBe(
      true,
    );
    const link = page.getByRole("link", { name: "Open the group" });
    expect(await link.getAttribute("href")).toBe(`/groups/${groupId}`);
    // Opened: read on the server, so the bell goes down.
    await poll(() => unread(page)).toBe(0);
    await check(page, "member-detail", PHONE);

    await page.getByRole("link", { name: "All announcements" }).click();
    const list = page.getByRole("list", { name: "Announcements" });
    await poll(() => list.getByRole("article", { name: TITLE }).isVisible()).toBe(true);
    expect(await list.getByRole("article").count()).toBe(1);
    await check(page, "member-list", PHONE);

    // Ben is in no group: no notification, no announcement.
    const notes = await getJson(ben.context, "/api/notifications?limit=20");
    expect(notes.notifications.filter((n: { kind: string }) => n.kind === "announcement")).toEqual([]);
    expect(await getJson(ben.context, "/api/announcements")).toEqual([]);
    await ben.page.goto("/announcements");
    await poll(() => ben.page.getByText("No announcements yet").isVisible()).toBe(true);
    // It waits for a real minute to come (up to 60 s), then for the queue and the bell: more than the
    // project's 90 s on a loaded machine (CI timed it out there).
  }, 180_000);

  it("the admin's list says it was sent, to one member who opened it", async () => {
    const page = admin.page;
    await page.goto("/admin/announcements");
    const row = page.getByRole("list", { name: "Every announcement" }).getByRole("article", { name: TITLE });
    await poll(() => row.getByText("Sent", { exact: true }).isVisible()).toBe(true);
    const stats = row.getByRole("definition");
    await poll(() => stats.allTextContents()).toEqual(["1", "1", "0", "0"]);
    await check(page, "admin-sent");
  });
});
