import { getZonedParts } from "@common/time";
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
const DENVER = "America/Denver";
const pad = (n: number) => String(n).padStart(2, "0");

describe("repeating events (issue 24)", () => {
  it("an admin makes a weekly service; a member RSVPs to its second date only", async () => {
    const admin = await e.newPage(DESKTOP);
    const pastor = await signUpInContext(admin.context, { email: "pastor.weekly@example.org", firstName: "Pastor" });
    await skipTours(admin.context, pastor.id);
    await apiPost(admin.context, "/api/churches", { name: "Mountain View Church", timeZone: DENVER });

    // The coming Sunday at least two days ahead, 10:00 in Denver.
    let day = getZonedParts(new Date(Date.now() + 2 * 86_400_000), DENVER);
    day = getZonedParts(new Date(Date.UTC(day.year, day.month - 1, day.day + ((7 - day.weekday) % 7), 12)), "UTC");
    const date = `${day.year}-${pad(day.month)}-${pad(day.day)}`;

    const { page } = admin;
    await page.goto("/admin/events");
    await page.getByRole("button", { name: "Add New Event" }).click();
    const dialog = page.getByRole("dialog");
    await dialog.getByLabel("Title", { exact: true }).fill("Sunday Worship");
    await dialog.getByLabel("Description", { exact: true }).fill("Songs, prayer and the word. All welcome.");
    await dialog.getByLabel("Start time").fill(`${date}T10:00`);
    await dialog.getByLabel("End time").fill(`${date}T11:30`);
    await dialog.getByLabel("Location", { exact: true }).fill("Sanctuary");
    await dialog.getByLabel("Repeats").selectOption({ label: "Weekly on Sunday" });
    await dialog.getByRole("checkbox", { name: "Regular service" }).check();
    await poll(() => dialog.getByLabel("Ends on (optional)").isVisible()).toBe(true);
    await checkScreen(page, "desktop-repeats-form");
    await page.setViewportSize(PHONE);
    await checkScreen(page, "phone-repeats-form");
    await page.setViewportSize(DESKTOP);
    await dialog.getByRole("button", { name: "Create Event" }).click();
    await poll(() => page.getByText("Repeats every Sunday").first().isVisible()).toBe(true);

    // A member: the list shows each Sunday as its own card.
    const { page: member } = await inviteMember(e, DESKTOP, admin.context, "ruth.weekly@example.org", "Ruth");
    await member.goto("/events");
    const links = member.getByRole("link", { name: "Sunday Worship" });
    // The next four Sundays (a weekly service does not fill the page).
    await poll(() => links.count()).toBe(4);
    const cards = member.getByRole("list", { name: "Upcoming events" }).locator(":scope > li");
    await poll(() => cards.nth(1).getByText("Repeats every Sunday").isVisible()).toBe(true);
    await checkScreen(member, "desktop-events-occurrences");

    // The second Sunday: its own page, its own RSVP.
    const secondHref = (await links.nth(1).getAttribute("href")) as string;
    expect(secondHref).toMatch(/^\/events\/[0-9a-f-]{36}\?occurrence=/);
    await links.nth(1).click();
    await poll(async () => new URL(member.url()).search).toBe(secondHref.slice(secondHref.indexOf("?")));
    await poll(() => member.getByText("Repeats every Sunday").isVisible()).toBe(true);
    await member.getByRole("button", { name: "I'll be there" }).click();
    await poll(() => member.getByRole("button", { name: "Going ✓" }).isVisible()).toBe(true);
    const coming = member.getByRole("region", { name: "Who's coming" });
    await poll(() => coming.getByText("(you)").isVisible()).toBe(true);
    await checkScreen(member, "desktop-occurrence-page");

    // The first Sunday still has no RSVP.
    await member.goto("/events");
    await poll(() => cards.nth(1).getByRole("button", { name: "Going ✓" }).isVisible()).toBe(true);
    await poll(() => cards.nth(0).getByRole("button", { name: "I'll be there" }).isVisible()).toBe(true);
    expect(await cards.nth(0).getByText("0 going").isVisible()).toBe(true);
    await links.nth(0).click();
    await poll(() => member.getByRole("button", { name: "I'll be there" }).isVisible()).toBe(true);
    await poll(() => member.getByText("No one has said they're coming yet.").isVisible()).toBe(true);

    // The phone: the list and the second Sunday's page.
    await member.setViewportSize(PHONE);
    await member.goto("/events");
    await poll(() => links.count()).toBe(4);
    await checkScreen(member, "phone-events-occurrences");
    await member.goto(secondHref);
    await poll(() => member.getByRole("button", { name: "Going ✓" }).isVisible()).toBe(true);
    await checkScreen(member, "phone-occurrence-page");

    // The admin changes only that Sunday from its page: "This event".
    await page.goto(secondHref);
    await page.getByRole("button", { name: "Edit" }).click();
    const edit = page.getByRole("dialog");
    await poll(() => edit.getByRole("radio", { name: /This and following events/ }).isVisible()).toBe(true);
    await checkScreen(page, "desktop-occurrence-edit-scope");
    await page.setViewportSize(PHONE);
    await checkScreen(page, "phone-occurrence-edit-scope");
    await page.setViewportSize(DESKTOP);
    await edit.getByRole("radio", { name: /This event/ }).click();
    await edit.getByLabel("Title", { exact: true }).fill("Communion Sunday");
    await edit.getByRole("button", { name: "Update Event" }).click();
    await poll(() => page.getByRole("heading", { level: 1, name: "Communion Sunday" }).isVisible()).toBe(true);
    await member.goto("/events");
    await poll(() => links.count()).toBe(3);
    await poll(() => cards.nth(1).getByRole("link", { name: "Communion Sunday" }).isVisible()).toBe(true);
    await poll(() => cards.nth(1).getByRole("button", { name: "Going ✓" }).isVisible()).toBe(true);
  });
});
