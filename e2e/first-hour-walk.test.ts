import fs from "node:fs";
import ICAL from "ical.js";
import type { BrowserContext, Page } from "playwright-core";
import { beforeAll, describe, expect, it } from "vitest";
import { makePng } from "../server/test/png";
import { checkBothSizes, DESKTOP, startE2E, type TE2E } from "./harness";

/**
 * Issue 24's "Done means": the first hour of a new church, walked through the screens as its people
 * would, each screen checked at desktop and phone size (layout, axe, screenshots in .tmp/screenshots
 * named `*-walk-*`). Only what no screen offers in a few clicks (a sermon's and an event's details)
 * goes through the API, as the leader's browser.
 */

let e: TE2E;
beforeAll(async () => {
  e = await startE2E();
});

const CHURCH = "Grace Community Church of Springfield";
const COLOR = "#1D4ED8";

/** The brand colour the page is painted in now (the CSS variable the app's brand theme sets). */
const brandOf = (page: Page) =>
  page.evaluate(() => document.documentElement.style.getPropertyValue("--brand").trim().toLowerCase());

const poll = <T>(fn: () => Promise<T>) => expect.poll(fn, { timeout: 20_000 });
const path = async (page: Page) => new URL(page.url()).pathname;

/** A browser whose clock is in Chicago, as the leader's and the member's would be. */
async function chicagoBrowser(): Promise<{ context: BrowserContext; page: Page }> {
  const context = await e.browser.newContext({ viewport: DESKTOP, baseURL: e.baseUrl, timezoneId: "America/Chicago" });
  const page = await context.newPage();
  page.on("pageerror", (err) => {
    throw err;
  });
  return { context, page };
}

async function post(context: BrowserContext, url: string, data: unknown) {
  const res = await context.request.post(url, { data });
  expect(res.ok(), await res.text()).toBe(true);
  return res.json();
}

/** The link of the last e-mail to `to`, with `path` in it (the invitation, say). */
async function linkInMail(to: string, linkPath: string): Promise<string> {
  await e.flushMail();
  const mail = await e.smtp.waitFor(to);
  const m = new RegExp(`https?://[^\\s"]+(${linkPath}[\\w-]+)`).exec(mail.text);
  expect(m, mail.text).not.toBeNull();
  return m?.[1] ?? "";
}

const DENVER = "America/Denver";
const inDenver = (d: Date, options: Intl.DateTimeFormatOptions) =>
  new Intl.DateTimeFormat("en-US", { timeZone: DENVER, ...options }).format(d);

/**
 * `hour`:00 in Denver, `days` days from now or, with `weekday` (0 Sunday), on the first such day at
 * least `days` days ahead: found by trying Denver's two offsets (UTC-7 in winter, -6 in summer).
 */
function denverTime(days: number, hour: number, weekday?: number): Date {
  const d = new Date(Date.now() + days * 86_400_000);
  if (weekday !== undefined) d.setUTCDate(d.getUTCDate() + ((weekday - d.getUTCDay() + 7) % 7));
  const iso = d.toISOString().slice(0, 10);
  for (const offset of ["-07:00", "-06:00"]) {
    const t = new Date(`${iso}T${String(hour).padStart(2, "0")}:00:00${offset}`);
    if (inDenver(t, { hour: "numeric", hour12: false }) === String(hour)) return t;
  }
  throw new Error(`no ${hour}:00 in Denver on ${iso}`);
}

describe("the first hour of a new church (issue 24)", () => {
  it("a leader sets up, a member joins from the invitation, finds what they look for; a visitor asks to join", async () => {
    // The leader signs up from the landing page.
    const { context, page } = await chicagoBrowser();
    await page.goto("/");
    await poll(() => page.getByRole("heading", { name: "Grow Together in Faith" }).isVisible()).toBe(true);
    await checkBothSizes(page, "walk-01-landing");
    await page.getByRole("button", { name: "Get Started" }).first().click();
    await page.waitForURL("**/login");
    await page.getByRole("tab", { name: "Create Account" }).click();
    await page.getByLabel("First name").fill("Grace");
    await page.getByLabel("Last name").fill("Okafor");
    await page.getByLabel("Email").fill("grace.leader@example.org");
    await page.getByLabel("Password").fill("a good long password");
    await checkBothSizes(page, "walk-02-register");
    await page.getByRole("button", { name: "Create Account" }).last().click();

    // Church setup: the browser's zone first, then a search; the address made from the name, then edited.
    const zone = page.getByLabel("Time zone", { exact: true });
    await poll(() => zone.inputValue()).toBe("America/Chicago");
    await page.getByLabel("Church Name").fill(CHURCH);
    const slug = page.getByLabel("Public page address");
    await poll(() => slug.inputValue()).toBe("grace-community-church-of-springfield");
    await page.getByLabel("Search time zones").fill("denver");
    await poll(() => zone.inputValue()).toBe("America/Denver");
    await slug.fill("grace-springfield");
    await poll(() => page.getByText(`${e.baseUrl}/c/grace-springfield`).isVisible()).toBe(true);
    await checkBothSizes(page, "walk-03-church-setup");
    await page.getByRole("button", { name: "Create Church" }).click();
    await poll(async () => (await context.request.get("/api/admin/church/settings")).status()).toBe(200);
    const created = await (await context.request.get("/api/admin/church/settings")).json();
    expect(created).toMatchObject({ timeZone: "America/Denver", slug: "grace-springfield", publicPage: false });

    // One calm welcome: three first steps, each a link that goes there. The first adds a sermon.
    await poll(() => page.getByRole("heading", { name: "Church Administration" }).isVisible()).toBe(true);
    const welcome = page.getByRole("region", { name: /Welcome, Grace!/ });
    await poll(() => welcome.getByText(/0 of 3 done/).isVisible()).toBe(true);
    expect(await page.getByRole("dialog").count()).toBe(0);
    await checkBothSizes(page, "walk-04-welcome");
    await welcome.getByRole("link", { name: /Add your first sermon/ }).click();
    const sermonForm = page.getByRole("dialog", { name: "Add New Sermon" });
    await poll(() => sermonForm.isVisible()).toBe(true);
    await sermonForm.getByLabel("Title", { exact: true }).fill("Walking in Faith");
    await sermonForm.getByLabel("Speaker", { exact: true }).fill("Pastor John");
    await sermonForm.getByLabel("Date", { exact: true }).fill("2026-11-15");
    await sermonForm.getByLabel("Scripture (optional)").fill("Hebrews 11:1-6");
    await sermonForm.getByRole("button", { name: "Create Sermon" }).click();
    await poll(() => sermonForm.count()).toBe(0);
    const sermons = await (await context.request.get("/api/sermons")).json();
    const sermon = sermons.find((s: { title: string }) => s.title === "Walking in Faith");
    expect(sermon).toBeDefined();
    await page.goto("/");
    await poll(() => welcome.getByText(/1 of 3 done/).isVisible()).toBe(true);
    expect(await welcome.getByRole("link", { name: /Add your first sermon \(done\)/ }).count()).toBe(1);

    // Something to find: an event, and the Sunday service, weekly at 10:00 in Denver.
    const carolsStart = denverTime(20, 18);
    const carols = await post(context, "/api/events", {
      title: "Carols by Candlelight",
      description: "Songs and cocoa.",
      location: "Main Sanctuary",
      startTime: carolsStart.toISOString(),
      endTime: new Date(carolsStart.getTime() + 90 * 60_000).toISOString(),
      streamUrl: null,
    });
    const sundayStart = denverTime(2, 10, 0);
    await post(context, "/api/events", {
      title: "Sunday Worship",
      description: "Songs, prayer and the word. All welcome.",
      location: "Sanctuary",
      startTime: sundayStart.toISOString(),
      endTime: new Date(sundayStart.getTime() + 90 * 60_000).toISOString(),
      streamUrl: null,
      recurrence: "FREQ=WEEKLY;BYDAY=SU",
      isService: true,
    });

    // Unpublished, the address is the app's not-found page for a visitor.
    const visitor = await e.newPage(DESKTOP);
    await visitor.page.goto("/c/grace-springfield");
    await poll(() => visitor.page.getByRole("heading", { level: 1 }).first().textContent()).toMatch(/Not Found/i);

    // Church Settings: contact details, then publish.
    await page.goto("/admin/settings");
    await page.getByLabel("Address", { exact: true }).fill("120 Main Street, Springfield");
    await page.getByLabel("Phone", { exact: true }).fill("+1 555 0142");
    await page.getByLabel("Email", { exact: true }).fill("office@grace.example");
    await page.getByLabel("Website", { exact: true }).fill("https://grace.example");
    await page.getByLabel("Brand color", { exact: true }).fill(COLOR);
    await page
      .getByLabel("Logo file")
      .setInputFiles({ name: "logo.png", mimeType: "image/png", buffer: makePng(64, [30, 58, 138]) });
    await page.getByRole("switch", { name: "Publish the public page" }).click();
    await page.getByRole("button", { name: "Save Settings" }).click();
    const open = page.getByRole("link", { name: /Open your public page/ });
    await poll(() => open.isVisible()).toBe(true);
    expect(await open.getAttribute("href")).toBe("/c/grace-springfield");
    await open.scrollIntoViewIfNeeded();
    await checkBothSizes(page, "walk-05-church-settings");
    const { logoUrl } = await (await context.request.get("/api/admin/church/settings")).json();
    expect(logoUrl).toMatch(/^\/api\/churches\/.+\/logo\?v=/);
    await page.goto("/");
    await poll(() => welcome.getByText(/2 of 3 done/).isVisible()).toBe(true);

    // The leader invites a member from the Invitations screen; the invitation goes out by e-mail.
    await page.goto("/admin/invitations");
    await page.getByRole("button", { name: "Invite Church Member" }).click();
    const dialog = page.getByRole("dialog");
    await dialog.getByLabel("Email address").fill("samuel@example.org");
    await dialog.getByRole("button", { name: /send/i }).click();
    await poll(() => page.getByText("Invitation Sent").first().isVisible()).toBe(true);
    await checkBothSizes(page, "walk-06-invitations");
    const invitation = await linkInMail("samuel@example.org", "/invite/");

    // The member opens the invitation from the e-mail: the church's page, not a stranger's.
    const member = await chicagoBrowser();
    const m = member.page;
    await m.goto(invitation);
    await poll(() => m.getByRole("button", { name: "Accept Invitation & Join" }).isVisible()).toBe(true);
    await poll(() => m.getByText(CHURCH).first().isVisible()).toBe(true);
    await poll(() => m.getByRole("img", { name: `${CHURCH} logo` }).getAttribute("src")).toBe(logoUrl);
    expect(await brandOf(m)).toBe(COLOR.toLowerCase());
    await checkBothSizes(m, "walk-07-invitation");
    await m.getByRole("button", { name: "Accept Invitation & Join" }).click();
    await m.waitForURL(/\/login\?invitation=/);
    await poll(() => m.getByLabel("Email").inputValue()).toBe("samuel@example.org");
    await poll(() => m.getByRole("heading", { name: `Create an account to join ${CHURCH}` }).isVisible()).toBe(true);
    expect(await m.getByRole("img", { name: `${CHURCH} logo` }).isVisible()).toBe(true);
    expect(await brandOf(m)).toBe(COLOR.toLowerCase());
    await m.getByLabel("First name").fill("Samuel");
    await m.getByLabel("Last name").fill("Adeyemi");
    await m.getByLabel("Password").fill("another long password");
    await checkBothSizes(m, "walk-08-join");
    await m.getByRole("button", { name: "Create Account" }).last().click();
    await poll(() => m.getByRole("heading", { name: "Welcome, Samuel" }).isVisible()).toBe(true);
    // Inside, the church's colour stays, and a short tour opens once: Samuel walks it to the end.
    expect(await brandOf(m)).toBe(COLOR.toLowerCase());
    const tour = m.getByRole("dialog");
    await poll(() => tour.getByText(`Welcome to ${CHURCH}!`).isVisible()).toBe(true);
    await checkBothSizes(m, "walk-09-member-tour");
    for (let step = 2; step <= 4; step++) {
      await tour.getByRole("button", { name: "Next" }).click();
      await poll(() => tour.getByText(`Step ${step} of 4`, { exact: false }).isVisible()).toBe(true);
    }
    await tour.getByRole("button", { name: "Finish" }).click();
    await poll(() => tour.count()).toBe(0);
    await checkBothSizes(m, "walk-10-member-dashboard");
    // The member cannot reach the admins' data, even by typing the address.
    expect((await member.context.request.get("/api/admin/members")).status()).toBe(403);

    // Our Church: the contact details Church Settings says are shown to members.
    await m.getByRole("link", { name: "Our Church" }).first().click();
    await poll(() => m.getByRole("heading", { level: 1, name: "Our Church" }).isVisible()).toBe(true);
    await poll(() => m.getByText("120 Main Street, Springfield").isVisible()).toBe(true);
    expect(await m.getByText("+1 555 0142").isVisible()).toBe(true);
    expect(await m.getByRole("link", { name: /office@grace\.example/ }).getAttribute("href")).toBe(
      "mailto:office@grace.example",
    );
    await checkBothSizes(m, "walk-11-our-church");

    // Search: a word of the sermon's title finds it; Enter opens it.
    const searchBox = m.getByRole("combobox", { name: "Search" });
    await searchBox.click();
    // Filled at once: typed letter by letter, "fait" already finds it and the list is dimmed while "faith" is asked.
    await searchBox.fill("faith");
    const results = m.getByRole("listbox", { name: "Search results" });
    await poll(() => results.getByRole("option").first().textContent()).toContain("Walking in Faith");
    await checkBothSizes(m, "walk-12-search");
    await searchBox.press("ArrowDown");
    await searchBox.press("ArrowUp");
    await searchBox.press("Enter");
    await poll(() => path(m)).toBe(`/sermons/${sermon.id}`);
    await poll(() => m.getByRole("heading", { name: "Walking in Faith" }).first().isVisible()).toBe(true);

    // An event page, and "Add to my calendar": a file a real iCal parser reads.
    await m.goto("/events");
    await m.getByRole("link", { name: "Carols by Candlelight" }).first().click();
    await poll(() => path(m)).toBe(`/events/${carols.id}`);
    const carolsDay = inDenver(carolsStart, { weekday: "short", month: "short", day: "numeric", year: "numeric" });
    await poll(() => m.getByText(carolsDay, { exact: true }).isVisible()).toBe(true);
    await poll(() => m.getByText(/6:00 PM – 7:30 PM/).isVisible()).toBe(true);
    const [download] = await Promise.all([
      m.waitForEvent("download"),
      m.getByRole("link", { name: "Add to my calendar" }).click(),
    ]);
    const ics = fs.readFileSync((await download.path()) as string, "utf8");
    const vevent = new ICAL.Event(new ICAL.Component(ICAL.parse(ics)).getFirstSubcomponent("vevent") as ICAL.Component);
    expect(vevent.summary).toBe("Carols by Candlelight");
    expect(vevent.startDate.toJSDate().toISOString()).toBe(carolsStart.toISOString());
    await checkBothSizes(m, "walk-13-event-page");

    // The weekly service: each Sunday its own card; Samuel RSVPs to the second one only.
    await m.goto("/events");
    const sundays = m.getByRole("link", { name: "Sunday Worship" });
    await poll(() => sundays.count()).toBe(4);
    const second = (await sundays.nth(1).getAttribute("href")) as string;
    expect(second).toMatch(/^\/events\/[0-9a-f-]{36}\?occurrence=/);
    await sundays.nth(1).click();
    await poll(() => m.getByText("Repeats every Sunday").isVisible()).toBe(true);
    await m.getByRole("button", { name: "I'll be there" }).click();
    await poll(() => m.getByRole("button", { name: "Going ✓" }).isVisible()).toBe(true);
    await poll(() => m.getByRole("region", { name: "Who's coming" }).getByText("(you)").isVisible()).toBe(true);
    await checkBothSizes(m, "walk-14-service-occurrence");
    await m.goto("/events");
    const cards = m.getByRole("list", { name: "Upcoming events" }).locator(":scope > li");
    await poll(() => cards.filter({ hasText: "Sunday Worship" }).nth(1).getByText("1 going").isVisible()).toBe(true);
    expect(await cards.filter({ hasText: "Sunday Worship" }).nth(0).getByText("0 going").isVisible()).toBe(true);

    // A visitor, signed out, sees the published page ...
    await visitor.page.goto("/c/grace-springfield");
    await poll(() => visitor.page.getByRole("heading", { level: 1, name: CHURCH }).isVisible()).toBe(true);
    const carolsAt = inDenver(carolsStart, {
      weekday: "short",
      month: "short",
      day: "numeric",
      hour: "numeric",
      minute: "2-digit",
      timeZoneName: "short",
    });
    await poll(() => visitor.page.getByText(carolsAt).isVisible()).toBe(true);
    expect(await visitor.page.getByText("Main Sanctuary").isVisible()).toBe(true);
    expect(await visitor.page.getByRole("link", { name: /Open in a map/ }).getAttribute("href")).toContain(
      "openstreetmap.org/search?query=120%20Main%20Street",
    );
    expect(await visitor.page.getByRole("link", { name: /Walking in Faith/ }).getAttribute("href")).toBe(
      `/sermons/${sermon.id}`,
    );
    // Service times, in words, in the church's zone; the Sundays are not repeated as upcoming events.
    await poll(() => visitor.page.getByText("Sundays at 10:00 AM").isVisible()).toBe(true);
    expect(await visitor.page.getByText("Sunday Worship", { exact: true }).count()).toBe(1);
    await checkBothSizes(visitor.page, "walk-15-public-page");

    // ... and asks for an invitation.
    await visitor.page.getByLabel("Your name").fill("Ada Visitor");
    await visitor.page.getByLabel("Your email").fill("ada.visitor@example.org");
    await visitor.page.getByLabel("Message (optional)").fill("We moved to Springfield last month.");
    await visitor.page.getByRole("button", { name: "Request an invitation" }).click();
    await poll(() => visitor.page.getByRole("status").filter({ hasText: "Thank you!" }).isVisible()).toBe(true);
    await checkBothSizes(visitor.page, "walk-16-request-sent");

    // The leader sees the request on Invitations, and invites.
    await page.goto("/admin/invitations");
    const request = page.getByRole("listitem").filter({ hasText: "ada.visitor@example.org" });
    await poll(() => request.isVisible()).toBe(true);
    expect(await request.getByText("We moved to Springfield last month.").isVisible()).toBe(true);
    await checkBothSizes(page, "walk-17-requests-to-join");
    await request.getByRole("button", { name: /^Invite Ada Visitor/ }).click();
    await poll(() => page.getByText("Requests to join").count()).toBe(0);
    expect(await linkInMail("ada.visitor@example.org", "/invite/")).toMatch(/^\/invite\//);
  }, 240_000);
});
