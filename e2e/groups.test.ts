import { POINTS } from "@common/points";
import type { BrowserContext, Locator, Page } from "playwright-core";
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
 * Issue 27's "Done means", walked through the screens: an admin creates two groups in the New group
 * dialog; a member finds one and asks to join; its leader approves on a phone; they see each other's
 * posts live; a group prayer request stays in the group; the leader takes attendance and the member's
 * points and the admin's attendance figures move; a member hides her phone from the directory while
 * her group's leader still sees it. One church for the whole file; each flow runs once (the leader at
 * phone size, the others at desktop size) and each screen is checked at both sizes (checkBothSizes:
 * layout, axe, screenshots in .tmp/screenshots named `*-groups-*`). Only what is not the point of a
 * step (the church, invitations, a phone number) goes through the API.
 */

let e: TE2E;
beforeAll(async () => {
  e = await startE2E();
});

const poll = <T>(fn: () => Promise<T>) => expect.poll(fn, { timeout: 20_000 });

const STUDY = "Neighbours Bible Study";
const YOUTH = "Friday Youth Night";
const PHONE_NUMBER = "+1 555 0100";
const GROUP_PRAYER = "My mother's surgery on Friday";
const CHURCH_PRAYER = "Safe travels this weekend";

type TPerson = { context: BrowserContext; page: Page; user: { id: string } };
let admin: TPerson;
/** Leads the Bible study; walks the whole flow on a phone. */
let tim: TPerson;
/** Finds the Bible study and joins it. */
let ana: TPerson;
/** A member in no group: the directory's and the prayer wall's other reader. */
let ben: TPerson;
let studyId = "";

/** checkBothSizes, then back to the size this person's browser walks at. */
async function check(page: Page, name: string, home = DESKTOP) {
  await checkBothSizes(page, `groups-${name}`);
  if (home !== DESKTOP) await page.setViewportSize(home);
}

async function open(page: Page, to: string, heading: string) {
  await page.goto(to);
  await poll(() => page.getByRole("heading", { name: heading, level: 1 }).isVisible()).toBe(true);
}

async function getJson(context: BrowserContext, url: string) {
  const res = await context.request.get(url);
  expect(res.ok(), await res.text()).toBe(true);
  return res.json();
}

/**
 * A meeting earlier today in the church's time zone: its day of the week (0 Sunday) and its time, an
 * hour before now (midnight in the first hour). Its leader may mark it, and the admin's analytics
 * count a meeting once it has started.
 */
function earlierToday(timeZone: string): { day: number; time: string } {
  const parts = new Intl.DateTimeFormat("en-US", { timeZone, weekday: "short", hour: "numeric", hourCycle: "h23" })
    .formatToParts(new Date())
    .reduce<Record<string, string>>((all, p) => Object.assign(all, { [p.type]: p.value }), {});
  const hour = Math.max(Number(parts.hour) - 1, 0);
  return {
    day: ["Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat"].indexOf(parts.weekday),
    time: `${String(hour).padStart(2, "0")}:00`,
  };
}

/** A tab of the group's inside, chosen, once its panel is drawn. */
async function openTab(page: Page, name: string | RegExp) {
  const tab = page.getByRole("tab", { name });
  await poll(() => tab.isVisible()).toBe(true);
  await tab.click();
  await poll(() => tab.getAttribute("aria-selected")).toBe("true");
}

/** The admin's "Attendance by week" card, shown as a table: this week's figure (the table's first row). */
async function attendanceThisWeek(page: Page): Promise<string> {
  const card = page.getByText("Attendance by week", { exact: true }).locator("xpath=ancestor::*[@aria-labelledby][1]");
  const table = card.getByRole("table", { name: "Attendance by week, week by week" });
  if (!(await table.isVisible())) {
    const toggle = card.getByRole("button", { name: "Show as table" });
    await poll(() => toggle.isEnabled()).toBe(true);
    await toggle.click();
  }
  await poll(() => table.isVisible()).toBe(true);
  return (await table.locator("tbody tr").first().locator("td").last().textContent()) ?? "";
}

const phoneIn = (place: Locator) => place.getByRole("link", { name: PHONE_NUMBER });

describe("small groups and the member directory (issue 27)", () => {
  it("an admin creates two groups in the New group dialog", async () => {
    const a = await e.newPage(DESKTOP);
    const user = await signUpInContext(a.context, { email: "ruth.groups@example.org", firstName: "Ruth" });
    await skipTours(a.context, user.id);
    await apiPost(a.context, "/api/churches", { name: "Groups Walk Church" });
    admin = { ...a, user };
    [tim, ana, ben] = await Promise.all([
      inviteMember(e, PHONE, admin.context, "tim.groups@example.org", "Tim"),
      inviteMember(e, DESKTOP, admin.context, "ana.groups@example.org", "Ana"),
      inviteMember(e, DESKTOP, admin.context, "ben.groups@example.org", "Ben"),
    ]);
    const { timeZone } = await getJson(admin.context, "/api/admin/church/settings");
    const meeting = earlierToday(timeZone);
    expect(meeting.day).toBeGreaterThanOrEqual(0);

    const page = admin.page;
    await open(page, "/groups", "Groups");
    await poll(() => page.getByText("No groups yet").isVisible()).toBe(true);

    // The Bible study: by request, led by Tim, meeting earlier today (its leader takes attendance below).
    await page.getByRole("button", { name: "New group" }).first().click();
    let dialog = page.getByRole("dialog", { name: "New group" });
    await poll(() => dialog.isVisible()).toBe(true);
    await dialog.getByLabel("Name", { exact: true }).fill(STUDY);
    await dialog.getByLabel("Description (optional)").fill("We read Romans slowly, with coffee.");
    await dialog.getByLabel("Kind", { exact: true }).selectOption("bible_study");
    await dialog.getByLabel("Meeting day (optional)").selectOption(String(meeting.day));
    await dialog.getByLabel("Time (optional)").fill(meeting.time);
    await dialog.getByLabel("Capacity (optional)").fill("12");
    await dialog.getByLabel("Place or online link (optional)").fill("Room 4");
    await dialog.getByLabel("How people join").selectOption("request");
    await dialog.getByRole("searchbox", { name: "Find a member" }).fill("tim");
    await dialog.getByRole("checkbox", { name: "Tim Tester" }).check();
    await poll(() => dialog.getByText("1 leader chosen").isVisible()).toBe(true);
    await check(page, "new-group-dialog");
    await dialog.getByRole("button", { name: "Create group" }).click();
    await poll(() => dialog.count()).toBe(0);
    const list = page.getByRole("list", { name: "Groups" });
    const study = list.getByRole("article", { name: STUDY });
    await poll(() => study.isVisible()).toBe(true);
    await poll(() => study.getByText("Led by Tim Tester").isVisible()).toBe(true);

    // The youth night: open to anyone, no leader.
    await page.getByRole("button", { name: "New group" }).first().click();
    dialog = page.getByRole("dialog", { name: "New group" });
    await poll(() => dialog.isVisible()).toBe(true);
    // Each opening starts empty.
    await poll(() => dialog.getByLabel("Name", { exact: true }).inputValue()).toBe("");
    await dialog.getByLabel("Name", { exact: true }).fill(YOUTH);
    await dialog.getByLabel("Kind", { exact: true }).selectOption("youth");
    await dialog.getByLabel("Meeting day (optional)").selectOption("5");
    await dialog.getByLabel("Time (optional)").fill("18:00");
    await dialog.getByLabel("How people join").selectOption("open");
    await dialog.getByRole("button", { name: "Create group" }).click();
    await poll(() => dialog.count()).toBe(0);
    await poll(() => list.getByRole("article", { name: YOUTH }).isVisible()).toBe(true);

    // What the server keeps is what the dialog said.
    const groups: Array<Record<string, unknown>> = await getJson(admin.context, "/api/groups");
    const saved = groups.find((g) => g.name === STUDY);
    expect(saved).toMatchObject({
      kind: "bible_study",
      meetingDay: meeting.day,
      meetingTime: meeting.time,
      location: "Room 4",
      capacity: 12,
      joinPolicy: "request",
      visibility: "listed",
      leaders: [{ id: tim.user.id, firstName: "Tim", lastName: "Tester" }],
      membership: null,
    });
    expect(groups.find((g) => g.name === YOUTH)).toMatchObject({ kind: "youth", joinPolicy: "open", leaders: [] });
    studyId = String(saved?.id);
  });

  it("a member finds the Bible study by searching and asks to join it from its page", async () => {
    const page = ana.page;
    await open(page, "/groups", "Groups");
    const list = page.getByRole("list", { name: "Groups" });
    await poll(() => list.getByRole("article").count()).toBe(2);
    await page.getByRole("searchbox", { name: "Search groups" }).fill("romans");
    // The description matched, the youth night did not.
    await poll(() => list.getByRole("article").count()).toBe(1);
    const study = list.getByRole("article", { name: STUDY });
    await poll(() => study.getByRole("button", { name: `Ask to join ${STUDY}` }).isVisible()).toBe(true);
    await check(page, "search");

    await study.getByRole("link", { name: STUDY }).click();
    await poll(() => page.getByRole("heading", { name: STUDY, level: 1 }).isVisible()).toBe(true);
    expect(new URL(page.url()).pathname).toBe(`/groups/${studyId}`);
    // Not a member yet: the About card, not the inside.
    await poll(() => page.getByText("Join by request").isVisible()).toBe(true);
    expect(await page.getByRole("tab").count()).toBe(0);
    await page.getByRole("button", { name: `Ask to join ${STUDY}` }).click();
    await poll(() => page.getByText(`Your request to join ${STUDY} was sent`).first().isVisible()).toBe(true);
    await poll(() => page.getByText("Your request is waiting for a leader.").isVisible()).toBe(true);
    await poll(() => page.getByRole("button", { name: "Withdraw request" }).isVisible()).toBe(true);
    await check(page, "requested");
    const mine: Array<{ name: string; membership: string | null }> = await getJson(ana.context, "/api/groups");
    expect(mine.find((g) => g.name === STUDY)?.membership).toBe("requested");
  });

  it("the leader approves the request on a phone", async () => {
    const page = tim.page;
    await open(page, `/groups/${studyId}`, STUDY);
    await openTab(page, "Requests (1)");
    const requests = page.getByRole("list", { name: "Requests to join" });
    await poll(() => requests.getByText("Ana Tester").isVisible()).toBe(true);
    await check(page, "requests", PHONE);
    await requests.getByRole("button", { name: "Approve Ana Tester" }).click();
    const dialog = page.getByRole("dialog", { name: "Approve Ana Tester?" });
    await poll(() => dialog.isVisible()).toBe(true);
    await dialog.getByLabel("Message (optional)").fill("Welcome! See you in Room 4.");
    await check(page, "approve-dialog", PHONE);
    await dialog.getByRole("button", { name: "Approve", exact: true }).click();
    await poll(() => page.getByText("Ana Tester joined the group").first().isVisible()).toBe(true);
    await poll(() => page.getByText("No requests waiting.").isVisible()).toBe(true);
    await poll(() => page.getByRole("tab", { name: "Requests", exact: true }).isVisible()).toBe(true);

    const mine: Array<{ name: string; membership: string | null }> = await getJson(ana.context, "/api/groups");
    expect(mine.find((g) => g.name === STUDY)?.membership).toBe("member");
  });

  it("member and leader see each other's posts appear live in the conversation", async () => {
    const member = ana.page;
    const leader = tim.page;
    await open(member, `/groups/${studyId}`, STUDY);
    await leader.reload();
    for (const page of [member, leader]) {
      await openTab(page, "Conversation");
      // Joined to the group's room: what comes next arrives over /ws.
      await poll(() => page.getByText("Live", { exact: true }).isVisible()).toBe(true);
    }
    // Neither page reloads or asks for the posts again: each new post arrives over the socket.
    const asked = { member: 0, leader: 0 };
    member.on("request", (r) => r.method() === "GET" && r.url().includes("/posts") && asked.member++);
    leader.on("request", (r) => r.method() === "GET" && r.url().includes("/posts") && asked.leader++);
    for (const page of [member, leader]) await page.evaluate(() => Object.assign(window, { stayed: true }));

    const first = "Looking forward to our next study! Who brings snacks?";
    await member.getByLabel("Write to your group").fill(first);
    await member.getByRole("button", { name: "Send", exact: true }).click();
    await poll(() => leader.getByText(first).isVisible()).toBe(true);
    const second = "I will bring the coffee.";
    await leader.getByLabel("Write to your group").fill(second);
    await leader.getByRole("button", { name: "Send", exact: true }).click();
    await poll(() => member.getByText(second).isVisible()).toBe(true);
    // Newest first, on both screens.
    for (const page of [member, leader]) {
      const posts = page.getByRole("list", { name: "Posts" }).getByRole("article");
      await poll(() => posts.count()).toBe(2);
      expect(await posts.first().textContent()).toContain(second);
      expect(await posts.nth(1).getAttribute("aria-label")).toBe("Ana Tester");
      expect(await page.evaluate(() => (window as unknown as { stayed?: boolean }).stayed)).toBe(true);
    }
    expect(asked).toEqual({ member: 0, leader: 0 });
    await check(member, "thread");

    // Someone in no group finds the group but not its inside.
    await open(ben.page, `/groups/${studyId}`, STUDY);
    await poll(() => ben.page.getByRole("button", { name: `Ask to join ${STUDY}` }).isVisible()).toBe(true);
    expect(await ben.page.getByRole("tab").count()).toBe(0);
    expect(await ben.page.getByText(first).count()).toBe(0);
    expect((await ben.context.request.get(`/api/groups/${studyId}/posts`)).status()).toBe(403);
  });

  it("a group prayer request stays in the group: not on the church prayer wall", async () => {
    const page = ana.page;
    await openTab(page, "Prayer requests");
    await page.getByRole("button", { name: "Share a request" }).click();
    await page.getByLabel("Title").fill(GROUP_PRAYER);
    await page.getByLabel("Details").fill("Please pray for the surgeons and for peace.");
    await page.getByRole("button", { name: "Share", exact: true }).click();
    await poll(() => page.getByText("Your prayer request has been shared with the group.").first().isVisible()).toBe(
      true,
    );
    const prayers = page.getByRole("list", { name: "The group's prayer requests" });
    await poll(() => prayers.getByRole("article", { name: GROUP_PRAYER }).isVisible()).toBe(true);
    await check(page, "prayers");
    // The leader sees it in the group.
    await openTab(tim.page, "Prayer requests");
    await poll(() =>
      tim.page
        .getByRole("list", { name: "The group's prayer requests" })
        .getByRole("article", { name: GROUP_PRAYER })
        .isVisible(),
    ).toBe(true);

    // Ben's church prayer wall: Ana's church request, not her group's.
    await apiPost(ana.context, "/api/prayer-requests", {
      title: CHURCH_PRAYER,
      description: "Driving to see family.",
      isAnonymous: false,
    });
    await open(ben.page, "/prayer-requests", "Prayer Requests");
    await poll(() => ben.page.getByRole("article", { name: CHURCH_PRAYER }).isVisible()).toBe(true);
    expect(await ben.page.getByText(GROUP_PRAYER).count()).toBe(0);
    // Nor on Ana's own church wall.
    await open(page, "/prayer-requests", "Prayer Requests");
    await poll(() => page.getByRole("article", { name: CHURCH_PRAYER }).isVisible()).toBe(true);
    expect(await page.getByText(GROUP_PRAYER).count()).toBe(0);
    const wall: Array<{ title: string }> = await getJson(ben.context, "/api/prayer-requests");
    expect(wall.map((p) => p.title)).not.toContain(GROUP_PRAYER);
  });

  it("the leader takes attendance on a phone; the member's points and the admin's attendance figure rise", async () => {
    const figures = admin.page;
    await open(figures, "/admin/analytics", "Growth Analytics");
    expect(await attendanceThisWeek(figures)).toBe("0");
    const before: { points: number } = await getJson(ana.context, "/api/user/stats");

    const page = tim.page;
    await openTab(page, "Meetings");
    const take = page.getByRole("button", { name: "Take attendance" });
    // Only today's meeting may be marked (a later one's day has not come).
    await poll(() => take.count()).toBe(1);
    await check(page, "meetings-leader", PHONE);
    await take.click();
    const roll = page.getByRole("list", { name: "Tap a person to mark them present or absent" });
    const anaButton = roll.getByRole("button", { name: /Ana Tester/ });
    // One tap, and its answer from the server (taps in a row are then stored in their order).
    const tap = async () => {
      const stored = page.waitForResponse(
        (r) => r.request().method() === "PUT" && r.url().includes(`/api/groups/${studyId}/meetings/attendance`),
      );
      await anaButton.click();
      expect((await stored).ok()).toBe(true);
    };
    await poll(() => anaButton.isVisible()).toBe(true);
    await poll(() => page.getByText("0 of 2 present").isVisible()).toBe(true);
    await tap();
    await poll(() => anaButton.getAttribute("aria-pressed")).toBe("true");
    await poll(() => page.getByText("1 of 2 present").isVisible()).toBe(true);
    await check(page, "attendance-roll", PHONE);

    await poll(async () => (await getJson(ana.context, "/api/user/stats")).points).toBe(
      before.points + POINTS.groupAttendance,
    );
    // Once per meeting: marked absent by mistake and present again, she is not paid twice.
    await tap();
    await poll(() => anaButton.getAttribute("aria-pressed")).toBe("false");
    await poll(() => page.getByText("0 of 2 present").isVisible()).toBe(true);
    await tap();
    await poll(() => anaButton.getAttribute("aria-pressed")).toBe("true");
    await page.getByRole("button", { name: "Done" }).click();
    await poll(() => page.getByText("1 present, 0 absent").isVisible()).toBe(true);
    expect((await getJson(ana.context, "/api/user/stats")).points).toBe(before.points + POINTS.groupAttendance);

    // The member sees her own attendance on the Meetings tab.
    await open(ana.page, `/groups/${studyId}`, STUDY);
    await openTab(ana.page, "Meetings");
    await poll(() => ana.page.getByText("You were there").isVisible()).toBe(true);

    await figures.reload();
    await poll(() => attendanceThisWeek(figures)).toBe("1");
    await figures.getByText("Attendance by week", { exact: true }).scrollIntoViewIfNeeded();
    await check(figures, "analytics");
  });

  it("a member hides her phone from the directory; another member no longer sees it, her group's leader does", async () => {
    // Ana's phone, shown to the whole church to begin with.
    const profile = await ana.context.request.patch("/api/user/profile", {
      data: { firstName: "Ana", lastName: "Tester", phone: PHONE_NUMBER },
    });
    expect(profile.ok(), await profile.text()).toBe(true);
    const shown = await ana.context.request.put("/api/user/privacy", {
      data: {
        hidden: false,
        fields: { email: "leaders", phone: "church", birthday: "leaders", address: "leaders", bio: "leaders" },
      },
    });
    expect(shown.ok(), await shown.text()).toBe(true);

    const directory = ben.page;
    await open(directory, "/directory", "Directory");
    const anaCard = directory.getByRole("article", { name: "Ana Tester" });
    await poll(() => phoneIn(anaCard).isVisible()).toBe(true);

    // Ana, on her profile's Privacy card: her phone to leaders and admins only.
    const page = ana.page;
    await open(page, "/profile", "Ana Tester");
    const phoneAudience = page.getByRole("combobox", { name: "Phone", exact: true });
    await poll(() => phoneAudience.inputValue()).toBe("church");
    await phoneAudience.selectOption("leaders");
    await poll(() => page.getByText("Privacy Updated").first().isVisible()).toBe(true);
    await poll(async () => (await getJson(ana.context, "/api/user/privacy")).fields.phone).toBe("leaders");
    await phoneAudience.scrollIntoViewIfNeeded();
    await check(page, "profile-privacy");

    // Ben, a member in no group with her: her card without the phone.
    await directory.reload();
    await poll(() => anaCard.isVisible()).toBe(true);
    await poll(() => phoneIn(anaCard).count()).toBe(0);
    await check(directory, "directory");
    const entries: Array<{ id: string; phone?: string }> = await getJson(ben.context, "/api/directory");
    expect(entries.find((p) => p.id === ana.user.id)).not.toHaveProperty("phone");

    // Tim leads her group: the roster still shows it.
    const leader = tim.page;
    await open(leader, `/groups/${studyId}`, STUDY);
    await openTab(leader, "Members");
    const roster = leader.getByRole("list", { name: `Members of ${STUDY}` });
    await poll(() => phoneIn(roster).isVisible()).toBe(true);
    await check(leader, "roster-leader", PHONE);

    // To nobody: the leader no longer sees it either.
    await phoneAudience.selectOption("nobody");
    await poll(async () => (await getJson(ana.context, "/api/user/privacy")).fields.phone).toBe("nobody");
    await leader.reload();
    await openTab(leader, "Members");
    await poll(() => roster.getByText("Ana Tester").isVisible()).toBe(true);
    expect(await phoneIn(roster).count()).toBe(0);
  });
});
