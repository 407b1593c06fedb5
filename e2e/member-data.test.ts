import fs from "node:fs";
import type { BrowserContext, Page } from "playwright-core";
import { beforeAll, describe, expect, it } from "vitest";
import { unzip } from "../server/test/zip";
import {
  apiPost,
  checkScreen,
  DESKTOP,
  inviteMember,
  PHONE,
  shot,
  signUpInContext,
  skipTours,
  startE2E,
  type TE2E,
} from "./harness";

/** Waits on what the server and the page do; a busy machine can be slow. */
const poll = <T>(fn: () => T | Promise<T>) => expect.poll(fn, { timeout: 20_000 });

const EMAIL = "mia.data@example.org";
const AGAIN = /^You downloaded your data today\. You can download it again from .+\.$/;

let e: TE2E;
let page: Page;
let member: BrowserContext;

beforeAll(async () => {
  e = await startE2E();
  const { context: admin } = await e.newPage(DESKTOP);
  await signUpInContext(admin, { email: "admin.data@example.org", firstName: "Ruth" });
  await apiPost(admin, "/api/churches", { name: "Hillside Chapel" });
  await skipTours(admin, "");
  const mia = await inviteMember(e, DESKTOP, admin, EMAIL, "Mia");
  ({ context: member, page } = mia);
  // A few rows of her own: a named and an anonymous prayer request.
  await apiPost(member, "/api/prayer-requests", { title: "Mia's job interview", description: "On Friday" });
  await apiPost(member, "/api/prayer-requests", {
    title: "Mia's quiet worry",
    description: "Only God knows",
    isAnonymous: true,
  });
});

describe("Download my data", () => {
  it("downloads the member's own data from the profile; the archive opens and holds her profile and requests", async () => {
    await page.goto("/profile");
    const link = page.getByRole("link", { name: "Download my data" });
    await poll(() => link.isVisible()).toBe(true);
    await link.scrollIntoViewIfNeeded();
    await checkScreen(page, "desktop-member-data-1-available");

    const [download] = await Promise.all([page.waitForEvent("download"), link.click()]);
    expect(download.suggestedFilename()).toMatch(/^my-fellowship-data-\d{4}-\d{2}-\d{2}\.zip$/);
    const file = await download.path();
    const files = await unzip(fs.readFileSync(file));
    expect(String(files.get("README.txt"))).toContain("Mia Tester");
    const profile = JSON.parse(String(files.get("profile.json")));
    expect(profile).toMatchObject({ email: EMAIL, firstName: "Mia", church: "Hillside Chapel" });
    const requests = JSON.parse(String(files.get("prayer-requests.json"))) as { title: string; isAnonymous: boolean }[];
    expect(requests.map((r) => [r.title, r.isAnonymous]).sort()).toEqual([
      ["Mia's job interview", false],
      ["Mia's quiet worry", true],
    ]);

    // A moment later the card knows: the button is disabled and says from when.
    const button = page.getByRole("button", { name: "Download my data" });
    await poll(() => button.isDisabled()).toBe(true);
    await poll(() => page.getByText(AGAIN).isVisible()).toBe(true);
    expect(await link.count()).toBe(0);
    await checkScreen(page, "desktop-member-data-2-downloaded");
  });

  it("still says so after a reload, and the card holds at phone size", async () => {
    await page.setViewportSize(PHONE);
    await page.reload();
    const button = page.getByRole("button", { name: "Download my data" });
    await poll(() => button.isVisible()).toBe(true);
    expect(await button.isDisabled()).toBe(true);
    await button.scrollIntoViewIfNeeded();
    await poll(() => page.getByText(AGAIN).isVisible()).toBe(true);
    await checkScreen(page, "phone-member-data-3-downloaded");
    // The card itself, as the phone shows it (the full page is long).
    await button.scrollIntoViewIfNeeded();
    await shot(page, "phone-member-data-3-card", { fullPage: false });
    // The server agrees: a second download the same day is refused.
    const again = await member.request.get("/api/user/export.zip");
    expect(again.status()).toBe(429);
    await page.setViewportSize(DESKTOP);
  });
});
