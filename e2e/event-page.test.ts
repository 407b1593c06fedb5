import fs from "node:fs";
import { getZonedParts, zonedTimeToUtc } from "@common/time";
import ICAL from "ical.js";
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

/** Layout, axe and a screenshot at the page's current size. */
async function check(page: Page, name: string) {
  await page.mouse.move(0, 0);
  await expectNoHorizontalOverflow(page);
  expect(await axe(page), name).toEqual([]);
  await shot(page, name);
}

const DENVER = "America/Denver";
const inDenver = (d: Date, options: Intl.DateTimeFormatOptions) =>
  new Intl.DateTimeFormat("en-US", { timeZone: DENVER, ...options }).format(d);

describe("the event page (issue 24)", () => {
  it("a member opens an event from the list, sees when and where, RSVPs, sees who's coming and adds it to a calendar", async () => {
    const admin = await e.newPage(DESKTOP);
    const pastor = await signUpInContext(admin.context, { email: "pastor.events@example.org", firstName: "Pastor" });
    await skipTours(admin.context, pastor.id);
    await apiPost(admin.context, "/api/churches", { name: "Mountain View Church", timeZone: DENVER });
    // 6:30 PM in Denver, five days from now.
    const day = getZonedParts(new Date(Date.now() + 5 * 86_400_000), DENVER);
    const startTime = zonedTimeToUtc(day.year, day.month, day.day, DENVER, 18, 30);
    const event = await apiPost(admin.context, "/api/events", {
      title: "Advent Carols, Cocoa; and Candles",
      description: "Bring a friend and a mug.\nChildren welcome.",
      location: "Fellowship Hall, 100 Main St, Denver",
      startTime: startTime.toISOString(),
      endTime: new Date(startTime.getTime() + 90 * 60_000).toISOString(),
      streamUrl: null,
    });
    expect(inDenver(new Date(event.startTime), { hour: "numeric", minute: "2-digit" })).toBe("6:30 PM");

    // Another member is already going.
    const boaz = await inviteMember(e, DESKTOP, admin.context, "boaz.events@example.org", "Boaz");
    await apiPost(boaz.context, `/api/events/${event.id}/rsvp`, {});

    const { context, page } = await inviteMember(e, DESKTOP, admin.context, "ruth.events@example.org", "Ruth");
    await page.goto("/events");
    await page.getByRole("link", { name: "Advent Carols, Cocoa; and Candles" }).click();
    await poll(async () => new URL(page.url()).pathname).toBe(`/events/${event.id}`);
    await poll(() =>
      page.getByRole("heading", { level: 1, name: "Advent Carols, Cocoa; and Candles" }).isVisible(),
    ).toBe(true);

    // When, in the church's zone, and where, with a map search.
    const date = inDenver(startTime, { weekday: "short", month: "short", day: "numeric", year: "numeric" });
    await poll(() => page.getByText(date, { exact: true }).isVisible()).toBe(true);
    await poll(() => page.getByText(/6:30 PM – 8:00 PM/).isVisible()).toBe(true);
    await poll(() => page.getByText("Fellowship Hall, 100 Main St, Denver").isVisible()).toBe(true);
    expect(await page.getByRole("link", { name: /Open in a map/ }).getAttribute("href")).toBe(
      "https://www.openstreetmap.org/search?query=Fellowship%20Hall%2C%20100%20Main%20St%2C%20Denver",
    );
    const coming = page.getByRole("region", { name: "Who's coming" });
    await poll(() => coming.getByText("Boaz T.").isVisible()).toBe(true);
    await check(page, "desktop-event-page");

    // RSVP: the member is among who's coming.
    await page.getByRole("button", { name: "I'll be there" }).click();
    await poll(() => page.getByRole("button", { name: "Going ✓" }).isVisible()).toBe(true);
    await poll(() => coming.getByText("Ruth T.").isVisible()).toBe(true);
    await poll(() => coming.getByText("(you)").isVisible()).toBe(true);

    // Add to my calendar: a download a real iCal parser reads, at the same time.
    const [download] = await Promise.all([
      page.waitForEvent("download"),
      page.getByRole("link", { name: "Add to my calendar" }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/\.ics$/);
    const ics = fs.readFileSync((await download.path()) as string, "utf8");
    const vevent = new ICAL.Event(new ICAL.Component(ICAL.parse(ics)).getFirstSubcomponent("vevent") as ICAL.Component);
    expect(vevent.summary).toBe("Advent Carols, Cocoa; and Candles");
    expect(vevent.location).toBe("Fellowship Hall, 100 Main St, Denver");
    expect(vevent.description).toBe("Bring a friend and a mug.\nChildren welcome.");
    expect(vevent.startDate.toJSDate().toISOString()).toBe(startTime.toISOString());
    const res = await context.request.get(`/api/events/${event.id}/calendar.ics`);
    expect(res.headers()["content-type"]).toBe("text/calendar; charset=utf-8");
    await check(page, "desktop-event-page-going");

    // The phone: the same page, then an event that is not there.
    await page.setViewportSize(PHONE);
    await poll(() => page.getByRole("button", { name: "Going ✓" }).isVisible()).toBe(true);
    await check(page, "phone-event-page");
    await page.goto("/events/00000000-0000-4000-8000-000000000000");
    await poll(() => page.getByRole("heading", { name: "Event Not Found" }).isVisible()).toBe(true);
    await check(page, "phone-event-not-found");
    await page.getByRole("link", { name: "Back to Events" }).click();
    await poll(async () => new URL(page.url()).pathname).toBe("/events");
  });
});
