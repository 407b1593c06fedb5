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

/** The password signUpInContext gives every account. */
const PASSWORD = "a good long password";
const NOAH = "noah.leaving@example.org";
const ZOE = "zoe.erased@example.org";

let e: TE2E;
let admin: { context: BrowserContext; page: Page };

beforeAll(async () => {
  e = await startE2E();
  admin = await e.newPage(PHONE);
  await signUpInContext(admin.context, { email: "admin.erasure@example.org", firstName: "Ruth" });
  await apiPost(admin.context, "/api/churches", { name: "Riverside Chapel" });
  await skipTours(admin.context, "");
});

describe("Delete my account (issue 28)", () => {
  let noah: { context: BrowserContext; page: Page };

  beforeAll(async () => {
    noah = await inviteMember(e, DESKTOP, admin.context, NOAH, "Noah");
    await apiPost(noah.context, "/api/prayer-requests", {
      title: "Noah's quiet worry",
      description: "Hm",
      isAnonymous: true,
    });
  });

  it("the card sits below 'Your data' on the profile, at both sizes", async () => {
    const { page } = noah;
    await page.goto("/profile");
    const open = page.getByRole("button", { name: "Delete my account…" });
    await poll(() => open.isVisible()).toBe(true);
    await open.scrollIntoViewIfNeeded();
    await checkScreen(page, "desktop-member-erasure-1-card");
    await page.setViewportSize(PHONE);
    await open.scrollIntoViewIfNeeded();
    await checkScreen(page, "phone-member-erasure-1-card");
    await shot(page, "phone-member-erasure-1-card-view", { fullPage: false });
    await page.setViewportSize(DESKTOP);
  });

  it("a wrong password is refused in the dialog and nothing is deleted; the right one deletes the account and signs out", async () => {
    const { page, context } = noah;
    await page.getByRole("button", { name: "Delete my account…" }).click();
    const dialog = page.getByRole("dialog", { name: "Delete your account?" });
    await poll(() => dialog.isVisible()).toBe(true);
    expect(await dialog.getByRole("link", { name: "Download your data" }).getAttribute("href")).toBe(
      "/api/user/export.zip",
    );
    const submit = dialog.getByRole("button", { name: "Delete my account", exact: true });
    await dialog.getByLabel("Your password").fill("not my password at all");
    expect(await submit.isDisabled()).toBe(true);
    await dialog.getByLabel("Type DELETE to confirm").fill("DELETE");
    expect(await submit.isDisabled()).toBe(false);
    await checkScreen(page, "desktop-member-erasure-2-dialog");
    await page.setViewportSize(PHONE);
    await checkScreen(page, "phone-member-erasure-2-dialog");
    await shot(page, "phone-member-erasure-2-dialog-view", { fullPage: false });
    await page.setViewportSize(DESKTOP);

    await submit.click();
    await poll(() => dialog.getByText("Your current password is incorrect.").isVisible()).toBe(true);
    expect((await context.request.get("/api/auth/user")).status()).toBe(200);
    await shot(page, "desktop-member-erasure-3-wrong-password");

    await dialog.getByLabel("Your password").fill(PASSWORD);
    await submit.click();
    await poll(() => page.url()).toMatch(/\/login\?deleted=1$/);
    await poll(() => page.getByText("Your account was deleted, and your personal data erased.").isVisible()).toBe(true);
    await checkScreen(page, "desktop-member-erasure-4-signed-out");
    expect((await context.request.get("/api/auth/user")).status()).toBe(401);
  });

  it("signing in again with the same e-mail and password fails on the sign-in form", async () => {
    const { page } = noah;
    await page.goto("/login");
    await page.getByLabel("Email").fill(NOAH);
    await page.getByLabel("Password", { exact: true }).fill(PASSWORD);
    await page.getByRole("button", { name: "Sign In", exact: true }).click();
    await poll(() => page.getByRole("alert").first().isVisible()).toBe(true);
    expect(await page.getByRole("alert").first().textContent()).toMatch(/Invalid email or password/);
    expect(page.url()).toContain("/login");
    const res = await page.context().request.post("/api/auth/login", { data: { email: NOAH, password: PASSWORD } });
    expect(res.status()).toBe(401);
  });
});

describe("An admin acts on a member's request (issue 28), at phone size", () => {
  let zoe: { context: BrowserContext; page: Page };

  beforeAll(async () => {
    zoe = await inviteMember(e, DESKTOP, admin.context, ZOE, "Zoe");
    await apiPost(zoe.context, "/api/prayer-requests", { title: "Zoe's named request", description: "Please" });
    await apiPost(zoe.context, "/api/prayer-requests", {
      title: "Zoe's quiet worry",
      description: "Only God knows",
      isAnonymous: true,
    });
  });

  async function openZoesMenu(page: Page) {
    await page.goto("/admin/members");
    const trigger = page.getByRole("button", { name: "Actions for Zoe Tester" }).filter({ visible: true }).first();
    await poll(() => trigger.isVisible()).toBe(true);
    await trigger.click();
    const menu = page.getByRole("menu");
    await poll(() => menu.isVisible()).toBe(true);
    return menu;
  }

  it("downloads her data for her: the archive opens, without her anonymous request", async () => {
    const { page } = admin;
    const menu = await openZoesMenu(page);
    // A picture only: an open menu hides the page behind it (aria-hidden), which axe reports.
    await shot(page, "phone-member-erasure-5-menu", { fullPage: false });
    const [download] = await Promise.all([
      page.waitForEvent("download"),
      menu.getByRole("menuitem", { name: "Download their data" }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/^member-data-\d{4}-\d{2}-\d{2}\.zip$/);
    const files = await unzip(fs.readFileSync(await download.path()));
    expect(JSON.parse(String(files.get("profile.json")))).toMatchObject({ email: ZOE, firstName: "Zoe" });
    const requests = JSON.parse(String(files.get("prayer-requests.json"))) as { title: string }[];
    expect(requests.map((r) => r.title)).toEqual(["Zoe's named request"]);
    const text = [...files.values()].map(String).join("\n");
    expect(text).not.toContain("Zoe's quiet worry");
    expect(String(files.get("README.txt"))).toContain("Anonymous prayer requests are not included");
  });

  it("erases her with a reason; she is gone from the members list", async () => {
    const { page } = admin;
    const menu = await openZoesMenu(page);
    await menu.getByRole("menuitem", { name: "Erase member…" }).click();
    const dialog = page.getByRole("dialog", { name: "Erase Zoe Tester?" });
    await poll(() => dialog.isVisible()).toBe(true);
    const confirm = dialog.getByRole("button", { name: "Erase member" });
    // No reason: the field says why, nothing is erased.
    await confirm.click();
    await poll(() => dialog.getByText("Say why the member is erased").isVisible()).toBe(true);
    await dialog.getByLabel("Reason").fill("She asked by e-mail on November 20");
    await checkScreen(page, "phone-member-erasure-6-erase-dialog");
    await page.setViewportSize(DESKTOP);
    await checkScreen(page, "desktop-member-erasure-6-erase-dialog");
    await page.setViewportSize(PHONE);

    await confirm.click();
    await poll(() => dialog.isVisible()).toBe(false);
    await poll(() => page.getByText("Zoe Tester's personal data has been erased.").first().isVisible()).toBe(true);
    await poll(() => page.getByText(ZOE).count()).toBe(0);
    await page.reload();
    await poll(() => page.getByText("admin.erasure@example.org").filter({ visible: true }).first().isVisible()).toBe(
      true,
    );
    expect(await page.getByText(ZOE).count()).toBe(0);
    expect(await page.getByText("Zoe Tester").count()).toBe(0);
    await checkScreen(page, "phone-member-erasure-7-after");
    // Her browser is signed out, and her e-mail no longer signs in.
    expect((await zoe.context.request.get("/api/auth/user")).status()).toBe(401);
    const res = await zoe.context.request.post("/api/auth/login", { data: { email: ZOE, password: PASSWORD } });
    expect(res.status()).toBe(401);
  });
});
