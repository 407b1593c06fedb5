import type { BrowserContext, Page } from "playwright-core";
import { beforeAll, describe, expect, it } from "vitest";
import {
  apiPost,
  checkBothSizes,
  checkScreen,
  DESKTOP,
  inviteMember,
  PHONE,
  signUpInContext,
  skipTours,
  startE2E,
  type TE2E,
} from "./harness";

/** Waits on what the server and the page do; a busy machine can be slow. */
const poll = <T>(fn: () => T | Promise<T>) => expect.poll(fn, { timeout: 20_000 });

const CONTACT = "Write to Deacon Mary, who looks after our records: privacy@hillside.example";

let e: TE2E;
let admin: BrowserContext;
let page: Page;

beforeAll(async () => {
  // Backups every 12 hours, the newest 6 kept: about 3 days.
  e = await startE2E({ BACKUP_INTERVAL_HOURS: "12", BACKUP_KEEP: "6" });
  ({ context: admin } = await e.newPage(DESKTOP));
  await signUpInContext(admin, { email: "admin.privacy@example.org", firstName: "Ruth" });
  await apiPost(admin, "/api/churches", { name: "Hillside Chapel" });
  await skipTours(admin, "");
  // The church's settings, as an admin saves them in Church Settings.
  const settings = await (await admin.request.get("/api/admin/church/settings")).json();
  const saved = await admin.request.put("/api/admin/church/settings", {
    data: {
      ...settings,
      email: "office@hillside.example",
      phone: "+1 555 0100",
      address: "12 Hill Road, Springfield",
      chatRetentionDays: 180,
      notificationRetentionDays: 30,
      removedMemberRetentionDays: 7,
      privacyContact: CONTACT,
    },
  });
  expect(saved.status(), await saved.text()).toBe(200);
  ({ page } = await inviteMember(e, DESKTOP, admin, "mia.privacy@example.org", "Mia"));
});

describe("The church's privacy page", () => {
  it("shows a member who the church is, how to reach it and the church's own retention figures", async () => {
    await page.goto("/profile");
    // The sidebar's secondary link leads there.
    await page.getByRole("link", { name: "Privacy", exact: true }).click();
    await poll(() => new URL(page.url()).pathname).toBe("/privacy");
    await poll(() => page.getByRole("heading", { name: "Privacy", level: 1 }).isVisible()).toBe(true);
    await poll(() => page.getByText("Live chat messages are kept for 180 days.").isVisible()).toBe(true);
    expect(await page.getByText("Notifications are kept for 30 days.").isVisible()).toBe(true);
    expect(await page.getByText(/The audit trail .* is kept for 2 years\./).isVisible()).toBe(true);
    expect(
      await page.getByText("When a member is removed, their personal data is erased after 7 days.").isVisible(),
    ).toBe(true);
    expect(await page.getByText(/backups reach back about 3 days/).isVisible()).toBe(true);
    expect(await page.getByText(CONTACT).isVisible()).toBe(true);
    expect(await page.getByRole("link", { name: "office@hillside.example" }).isVisible()).toBe(true);
    expect(await page.getByRole("link", { name: "Download your data" }).getAttribute("href")).toBe("/profile");
    await checkBothSizes(page, "privacy-1-member");
  });

  it("follows the settings: a cleared contact points to the church's e-mail", async () => {
    const settings = await (await admin.request.get("/api/admin/church/settings")).json();
    const saved = await admin.request.put("/api/admin/church/settings", {
      data: { ...settings, privacyContact: "", chatRetentionDays: 365 },
    });
    expect(saved.status(), await saved.text()).toBe(200);
    await page.reload();
    await poll(() => page.getByText("Live chat messages are kept for 1 year.").isVisible()).toBe(true);
    expect(await page.getByText("Write to the church at office@hillside.example.").isVisible()).toBe(true);
    expect(await page.getByText(CONTACT).count()).toBe(0);
  });

  it("is there for an invited person before they sign up, linked from the invitation", async () => {
    const inv = await apiPost(admin, "/api/invitations", { email: "noah.privacy@example.org", role: "CONGREGANT" });
    const { page: visitor } = await e.newPage(PHONE);
    await visitor.goto(`/invite/${inv.token}`);
    const link = visitor.getByRole("link", { name: "how Hillside Chapel looks after your data" });
    await poll(() => link.isVisible()).toBe(true);
    await link.click();
    await poll(() => new URL(visitor.url()).pathname).toBe(`/invite/${inv.token}/privacy`);
    await poll(() => visitor.getByText("Notifications are kept for 30 days.").isVisible()).toBe(true);
    expect(await visitor.getByText(/Once you join, you can download your data/).isVisible()).toBe(true);
    await checkScreen(visitor, "phone-privacy-2-invitation");
    await visitor.getByRole("link", { name: "Back to the invitation" }).click();
    await poll(() => new URL(visitor.url()).pathname).toBe(`/invite/${inv.token}`);
  });
});
