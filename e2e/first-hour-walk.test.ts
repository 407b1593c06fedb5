import type { BrowserContext, Page } from "playwright-core";
import { beforeAll, describe, expect, it } from "vitest";
import { apiPost, checkBothSizes, DESKTOP, signUpInContext, skipTours, startE2E, type TE2E } from "./harness";

let e: TE2E;
beforeAll(async () => {
  e = await startE2E();
});

const poll = <T>(fn: () => Promise<T>) => expect.poll(fn, { timeout: 15_000 });

/** A browser whose clock is in Chicago, as the leader's would be. */
async function chicagoBrowser(): Promise<{ context: BrowserContext; page: Page }> {
  const context = await e.browser.newContext({
    viewport: DESKTOP,
    baseURL: e.baseUrl,
    timezoneId: "America/Chicago",
  });
  const page = await context.newPage();
  page.on("pageerror", (err) => {
    throw err;
  });
  return { context, page };
}

describe("public page (issue 24)", () => {
  it("a leader sets up the time zone and address, publishes the page; a visitor asks to join; the admin invites", async () => {
    // Church setup: the browser's zone first, then a search; the address made from the name, then edited.
    const { context, page } = await chicagoBrowser();
    const leader = await signUpInContext(context, { email: "grace.leader@example.org", firstName: "Grace" });
    await skipTours(context, leader.id);
    await page.goto("/");
    const zone = page.getByLabel("Time zone", { exact: true });
    await poll(() => zone.inputValue()).toBe("America/Chicago");
    await page.getByLabel("Church Name").fill("Grace Community Church of Springfield");
    const slug = page.getByLabel("Public page address");
    await poll(() => slug.inputValue()).toBe("grace-community-church-of-springfield");
    await page.getByLabel("Search time zones").fill("denver");
    await poll(() => zone.inputValue()).toBe("America/Denver");
    await slug.fill("grace-springfield");
    await poll(() => page.getByText(`${e.baseUrl}/c/grace-springfield`).isVisible()).toBe(true);
    await checkBothSizes(page, "public-page-01-church-setup");
    await page.getByRole("button", { name: "Create Church" }).click();
    await poll(async () => (await context.request.get("/api/admin/church/settings")).status()).toBe(200);
    const created = await (await context.request.get("/api/admin/church/settings")).json();
    expect(created).toMatchObject({ timeZone: "America/Denver", slug: "grace-springfield", publicPage: false });

    // Something to show: a sermon and an event at 10:00 in Denver (17:00 UTC in winter).
    await apiPost(context, "/api/sermons", {
      title: "Walking in Faith",
      speaker: "Pastor John",
      date: "2026-11-15",
      videoUrl: null,
      audioUrl: null,
      notesUrl: null,
      series: null,
      description: null,
      notes: null,
      duration: 45,
      tags: [],
    });
    await apiPost(context, "/api/events", {
      title: "Christmas Carols Evening",
      description: "Songs and cocoa.",
      location: "Main Sanctuary",
      startTime: "2030-12-08T17:00:00.000Z",
      endTime: "2030-12-08T18:30:00.000Z",
      streamUrl: null,
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
    await page.getByRole("switch", { name: "Publish the public page" }).click();
    await page.getByRole("button", { name: "Save Settings" }).click();
    const open = page.getByRole("link", { name: /Open your public page/ });
    await poll(() => open.isVisible()).toBe(true);
    expect(await open.getAttribute("href")).toBe("/c/grace-springfield");
    await open.scrollIntoViewIfNeeded();
    await checkBothSizes(page, "public-page-02-church-settings");

    // The visitor, signed out, sees the page.
    await visitor.page.goto("/c/grace-springfield");
    await poll(() =>
      visitor.page.getByRole("heading", { level: 1, name: "Grace Community Church of Springfield" }).isVisible(),
    ).toBe(true);
    await poll(() => visitor.page.getByText("Sun, Dec 8, 10:00 AM MST").isVisible()).toBe(true);
    expect(await visitor.page.getByText("Main Sanctuary").isVisible()).toBe(true);
    expect(await visitor.page.getByRole("link", { name: /Open in a map/ }).getAttribute("href")).toContain(
      "openstreetmap.org/search?query=120%20Main%20Street",
    );
    const sermon = visitor.page.getByRole("link", { name: /Walking in Faith/ });
    expect(await sermon.getAttribute("href")).toMatch(/^\/sermons\/[\w-]+$/);
    await checkBothSizes(visitor.page, "public-page-03-visitor");

    // ... and asks for an invitation.
    await visitor.page.getByLabel("Your name").fill("Ada Visitor");
    await visitor.page.getByLabel("Your e-mail").fill("ada.visitor@example.org");
    await visitor.page.getByLabel("Message (optional)").fill("We moved to Springfield last month.");
    await visitor.page.getByRole("button", { name: "Request an invitation" }).click();
    await poll(() => visitor.page.getByRole("status").filter({ hasText: "Thank you!" }).isVisible()).toBe(true);
    await checkBothSizes(visitor.page, "public-page-04-request-sent");

    // The admin's Invitations page: Requests to join, then Invite.
    await page.goto("/admin/invitations");
    const request = page.getByRole("listitem").filter({ hasText: "ada.visitor@example.org" });
    await poll(() => request.isVisible()).toBe(true);
    expect(await request.getByText("We moved to Springfield last month.").isVisible()).toBe(true);
    await checkBothSizes(page, "public-page-05-requests-to-join");
    await request.getByRole("button", { name: /^Invite Ada Visitor/ }).click();
    await poll(() => page.getByText("Invitation Sent").first().isVisible()).toBe(true);
    await poll(() => page.getByText("Requests to join").count()).toBe(0);
    await poll(async () => {
      await e.flushMail();
      return e.smtp.messages.filter((m) => m.to.includes("ada.visitor@example.org")).length;
    }).toBe(1);

    // Our Church: the contact details and the public page's link, from the sidebar.
    await page.getByRole("link", { name: "Our Church" }).first().click();
    await poll(() => page.getByRole("heading", { level: 1, name: "Our Church" }).isVisible()).toBe(true);
    await poll(() => page.getByText("120 Main Street, Springfield").isVisible()).toBe(true);
    expect(await page.getByRole("link", { name: /\/c\/grace-springfield/ }).getAttribute("href")).toBe(
      "/c/grace-springfield",
    );
    await checkBothSizes(page, "public-page-06-our-church");
  });
});
