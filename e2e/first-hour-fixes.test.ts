import { beforeAll, describe, expect, it } from "vitest";
import { apiPost, checkBothSizes, DESKTOP, signUpInContext, skipTours, startE2E, type TE2E } from "./harness";

let e: TE2E;
beforeAll(async () => {
  e = await startE2E();
});

const poll = <T>(fn: () => Promise<T>) => expect.poll(fn, { timeout: 15_000 });
const hours = (h: number) => new Date(Date.now() + h * 3_600_000).toISOString();

describe("what the first hour must not show (issue 24 items 4, 5, 6, 8, 11)", () => {
  it("signed out: a branded 404 with a way home; on sign-in, Tab goes from the email to the password", async () => {
    const { page } = await e.newPage(DESKTOP);
    await page.goto("/no-such-page");
    const main = page.getByRole("main");
    await poll(() => main.getByRole("heading", { name: "Page Not Found" }).isVisible()).toBe(true);
    expect(await page.getByText(/router/i).count()).toBe(0);
    expect(await main.getByRole("link", { name: "Go to Homepage" }).getAttribute("href")).toBe("/");
    await checkBothSizes(page, "first-hour-01-not-found-signed-out");

    await page.goto("/login");
    const email = page.getByLabel("Email");
    await poll(() => email.isVisible()).toBe(true);
    await email.focus();
    await page.keyboard.press("Tab");
    expect(await page.evaluate(() => document.activeElement?.id)).toBe("signin-password");
    await page.keyboard.press("Tab");
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe("Forgot password?");
    await checkBothSizes(page, "first-hour-02-sign-in");
  });

  it("signed in: events happening now and past apart, the 404 in the shell, the admin dashboard's true words", async () => {
    const { context, page } = await e.newPage(DESKTOP);
    const admin = await signUpInContext(context, { email: "ruth.firsthour@example.org", firstName: "Ruth" });
    await skipTours(context, admin.id);
    await apiPost(context, "/api/churches", { name: "Riverside Fellowship" });
    const event = (title: string, start: number, end: number, description = "") =>
      apiPost(context, "/api/events", {
        title,
        description: description || `${title} at Riverside.`,
        location: "Main Hall",
        startTime: hours(start),
        endTime: hours(end),
      });
    await event("Morning Prayer", -0.5, 1.5, "Prayer for the week ahead, with coffee after.");
    await event("Youth Night", 50, 52);
    await event("Harvest Supper", -30, -28);

    await page.goto("/events");
    const upcoming = page.getByRole("list", { name: "Upcoming events" });
    await poll(() => upcoming.getByRole("heading", { name: "Morning Prayer" }).isVisible()).toBe(true);
    expect(await upcoming.getByRole("heading", { level: 2 }).allTextContents()).toEqual([
      "Morning Prayer",
      "Youth Night",
    ]);
    const now = upcoming.locator("li[data-status]").first();
    expect(await now.getAttribute("data-status")).toBe("Happening now");
    expect(await now.getByText("Happening now").isVisible()).toBe(true);
    const past = page.getByRole("region", { name: "Past Events" });
    expect(await past.getByRole("heading", { level: 3 }).allTextContents()).toEqual(["Harvest Supper"]);
    expect(await past.getByText("Past", { exact: true }).isVisible()).toBe(true);
    expect(await page.getByText("Join us for this upcoming event!").count()).toBe(0);
    await checkBothSizes(page, "first-hour-03-events");

    await page.goto("/no-such-page");
    const main = page.getByRole("main");
    await poll(() => main.getByRole("heading", { name: "Page Not Found" }).isVisible()).toBe(true);
    expect(await page.getByRole("navigation", { name: "Main" }).count()).toBeGreaterThan(0);
    expect(await page.getByText(/router/i).count()).toBe(0);
    await main.getByRole("link", { name: "Go to Homepage" }).click();
    await poll(() => page.getByRole("heading", { name: "Church Administration" }).isVisible()).toBe(true);
    await checkBothSizes(page, "first-hour-04-admin-dashboard");
    expect(await page.getByText("Open Prayer Requests").isVisible()).toBe(true);
    expect(await page.getByText("Add a recording link").isVisible()).toBe(true);
    expect(await page.getByText(/Upload a message|Download Our App/).count()).toBe(0);
    expect(await page.getByText("Happening now", { exact: false }).first().isVisible()).toBe(true);

    await page.goto("/no-such-page");
    await poll(() => main.getByRole("heading", { name: "Page Not Found" }).isVisible()).toBe(true);
    await checkBothSizes(page, "first-hour-05-not-found-signed-in");
  });
});
