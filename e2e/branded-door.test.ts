import { getBrandTheme } from "@common/brand";
import type { Page } from "playwright-core";
import { beforeAll, describe, expect, it } from "vitest";
import { makePng } from "../server/test/png";
import {
  apiPost,
  checkBothSizes,
  DESKTOP,
  expectNoHorizontalOverflow,
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

const CHURCH = "Harbor Light Church";
const COLOR = "#B45309";
const MEMBER = "samuel.door@example.org";

/** The brand colour the page is painted in now (the CSS variable applyBrandTheme sets). */
const brandOf = (page: Page) =>
  page.evaluate(() => document.documentElement.style.getPropertyValue("--brand").trim().toLowerCase());

/** The HTML part of a received message (quoted-printable undone by the test SMTP server). */
const htmlOf = (raw: string) => raw.slice(raw.indexOf("<!doctype html>"), raw.indexOf("</html>") + 7);

describe("branding that reaches the door (issue 24, item 7)", () => {
  it("the invitation e-mail, the invitation page, the sign-in from it and a shared sermon show the church's name, logo and colour", async () => {
    // The admin makes a church and gives it a logo and a colour on Church Settings.
    const { context, page } = await e.newPage(DESKTOP);
    const admin = await signUpInContext(context, { email: "ruth.door@example.org", firstName: "Ruth" });
    await skipTours(context, admin.id);
    await apiPost(context, "/api/churches", { name: CHURCH });
    await page.goto("/admin/settings");
    await poll(() => page.getByRole("button", { name: "Save Settings" }).isVisible()).toBe(true);
    await page.getByLabel("Brand color", { exact: true }).fill(COLOR);
    await page
      .getByLabel("Logo file")
      .setInputFiles({ name: "logo.png", mimeType: "image/png", buffer: makePng(64, [30, 58, 138]) });
    await page.getByRole("button", { name: "Save Settings" }).click();
    await poll(() => page.getByText("Settings Updated").first().isVisible()).toBe(true);
    const settings = await (await context.request.get("/api/admin/church/settings")).json();
    expect(settings.logoUrl).toMatch(/^\/api\/churches\/.+\/logo\?v=/);
    const sermon = await apiPost(context, "/api/sermons", {
      title: "Light for the Harbor",
      speaker: "Pastor Ruth",
      date: "2026-03-01",
      scripture: "Matthew 5:14-16",
    });

    // She invites Samuel from the Invitations screen; the real e-mail arrives.
    await page.goto("/admin/invitations");
    await page.getByRole("button", { name: "Invite Church Member" }).click();
    const dialog = page.getByRole("dialog");
    await dialog.getByLabel("Email address").fill(MEMBER);
    await dialog.getByRole("button", { name: "Send Invitation" }).click();
    await poll(() => page.getByText("Invitation Sent").first().isVisible()).toBe(true);
    await e.flushMail();
    const mail = await e.smtp.waitFor(MEMBER);
    expect(mail.subject).toBe(`You're invited to join ${CHURCH}`);
    const html = htmlOf(mail.text);
    const colors = getBrandTheme(COLOR);
    expect(html).toContain(`${settings.logoUrl}" alt="${CHURCH} logo"`);
    expect(html).toContain(`background:${colors.primary};color:${colors.primaryForeground}`);
    expect(html).toContain(`>${CHURCH}</td>`);
    const link = /https?:\/\/[^\s"]+(\/invite\/[\w-]+)/.exec(mail.text)?.[1];
    expect(link, mail.text).toBeTruthy();

    // The e-mail as a mail client shows it (its links point at APP_URL; here, at this test's server).
    const inbox = await e.newPage(DESKTOP);
    const origin = /(https?:\/\/[^/\s"]+)\/invite\//.exec(html)?.[1] ?? "";
    await inbox.page.setContent(html.replaceAll(origin, e.baseUrl));
    await poll(() =>
      inbox.page.evaluate(() => (document.querySelector("img") as HTMLImageElement | null)?.naturalWidth ?? 0),
    ).toBe(64);
    await shot(inbox.page, "desktop-door-1-invitation-email");
    await inbox.page.setViewportSize(PHONE);
    await expectNoHorizontalOverflow(inbox.page);
    await shot(inbox.page, "phone-door-1-invitation-email");

    // Samuel, signed out, opens the link: the church's name, logo and colour.
    const member = await e.newPage(DESKTOP);
    const door = member.page;
    await door.goto(link ?? "");
    await poll(() => door.getByRole("heading", { name: CHURCH }).isVisible()).toBe(true);
    const logo = door.getByRole("img", { name: `${CHURCH} logo` });
    expect(await logo.getAttribute("src")).toBe(settings.logoUrl);
    await poll(() => logo.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(64);
    expect(await brandOf(door)).toBe(COLOR.toLowerCase());
    const accept = door.getByRole("button", { name: "Accept Invitation & Join" });
    expect(await accept.evaluate((b) => getComputedStyle(b).backgroundColor)).toBe(hexToRgb(colors.primary));
    await checkBothSizes(door, "door-2-invitation");

    // From it, to sign in: "Sign in to join Harbor Light Church", the logo and the colour again.
    await door.getByRole("link", { name: "Sign in to join" }).click();
    await poll(() => door.getByRole("heading", { name: `Sign in to join ${CHURCH}` }).isVisible()).toBe(true);
    expect(door.url()).toContain("/login?invitation=");
    await poll(() => door.getByRole("img", { name: `${CHURCH} logo` }).isVisible()).toBe(true);
    expect(await brandOf(door)).toBe(COLOR.toLowerCase());
    expect(await door.getByLabel("Email").inputValue()).toBe(MEMBER);
    await checkBothSizes(door, "door-3-sign-in");

    // The plain sign-in page stays Fellowship's own.
    const plain = await e.newPage(DESKTOP);
    await plain.page.goto("/login");
    await poll(() => plain.page.getByRole("heading", { name: "Welcome back" }).isVisible()).toBe(true);
    expect(await plain.page.getByText(CHURCH).count()).toBe(0);

    // A sermon's shared link, opened signed out: the church's logo, name and colour.
    await door.goto(`/sermons/${sermon.id}`);
    await poll(() => door.getByRole("heading", { name: "Light for the Harbor" }).isVisible()).toBe(true);
    await poll(() => door.getByText(CHURCH, { exact: true }).isVisible()).toBe(true);
    expect(await door.getByRole("img", { name: `${CHURCH} logo` }).getAttribute("src")).toBe(settings.logoUrl);
    expect(await brandOf(door)).toBe(COLOR.toLowerCase());
    await checkBothSizes(door, "door-4-shared-sermon");
  });
});

function hexToRgb(hex: string): string {
  const n = Number.parseInt(hex.slice(1), 16);
  return `rgb(${(n >> 16) & 255}, ${(n >> 8) & 255}, ${n & 255})`;
}
