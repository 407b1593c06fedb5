import type { Page } from "playwright-core";
import { beforeAll, describe, expect, it } from "vitest";
import { DESKTOP, expectNoHorizontalOverflow, PHONE, shot, startE2E, type TE2E } from "./harness";

let e: TE2E;
beforeAll(async () => {
  e = await startE2E();
});

/** The welcome and onboarding tours open about a second after load; close them the way a person would. */
async function dismissTours(page: Page) {
  let quietSince = Date.now();
  const deadline = Date.now() + 8000;
  while (Date.now() < deadline && Date.now() - quietSince < 1800) {
    const skip = page
      .getByRole("dialog")
      .getByRole("button", { name: /^(skip|let's go)$/i })
      .first();
    if (await skip.isVisible().catch(() => false)) {
      await skip.click();
      quietSince = Date.now();
    }
    await page.waitForTimeout(150);
  }
}

/** On a phone the sidebar lives in a drawer behind the menu button. */
async function openNav(page: Page, phone: boolean) {
  if (phone)
    await page
      .getByRole("button", { name: /open menu|menu/i })
      .first()
      .click();
}

for (const [label, viewport] of [
  ["desktop", DESKTOP],
  ["phone", PHONE],
] as const) {
  const phone = label === "phone";

  describe(`a leader sets up a church and invites a member (${label})`, () => {
    const leaderEmail = `leader.${label}@example.org`;
    const memberEmail = `member.${label}@example.org`;
    let inviteLink = "";

    it("signs up from the landing page and creates the church", async () => {
      const { page } = await e.newPage(viewport);
      await page.goto("/");
      await expect.poll(() => page.getByRole("heading", { name: "Grow Together in Faith" }).isVisible()).toBe(true);
      await shot(page, `${label}-01-landing`);
      await expectNoHorizontalOverflow(page);

      await page.getByRole("button", { name: "Get Started" }).first().click();
      await page.waitForURL("**/login");
      await page.getByRole("tab", { name: "Create Account" }).click();
      await page.getByLabel("First name").fill("Ruth");
      await page.getByLabel("Last name").fill("Bennett");
      await page.getByLabel("Email").fill(leaderEmail);
      await page.getByLabel("Password").fill("a good long password");
      await shot(page, `${label}-02-register`);
      await page.getByRole("button", { name: "Create Account" }).last().click();

      await expect
        .poll(() => page.getByRole("button", { name: "Create Church" }).isVisible(), { timeout: 15_000 })
        .toBe(true);
      await expect.poll(() => page.getByText(/Welcome to Fellowship, Ruth/).isVisible()).toBe(true);
      expect(await page.getByRole("button", { name: "Create Church" }).isDisabled()).toBe(true);
      await shot(page, `${label}-03-church-setup`);
      await expectNoHorizontalOverflow(page);
      await page.getByLabel("Church Name").fill(`Grace ${label} Church`);
      await page.getByRole("button", { name: "Create Church" }).click();

      // The one welcome is the dashboard's card (issue 24): no toast, no dialog.
      const dashboard = page.getByRole("heading", { name: "Church Administration" });
      await expect.poll(() => dashboard.isVisible(), { timeout: 15_000 }).toBe(true);
      await expect.poll(() => page.getByRole("region", { name: /Welcome, Ruth!/ }).isVisible()).toBe(true);
      await shot(page, `${label}-04-admin-dashboard`);
      await expectNoHorizontalOverflow(page);
      const stats = await page.evaluate(async () => (await fetch("/api/admin/stats")).json());
      expect(stats.totalMembers).toBe(1);

      await openNav(page, phone);
      await page.getByRole("link", { name: "Send Invitations" }).click();
      await page.waitForURL("**/admin/invitations");
      await page.getByRole("button", { name: "Invite Church Member" }).click();
      const dialog = page.getByRole("dialog");
      await dialog.getByLabel("Email address").fill(memberEmail);
      await shot(page, `${label}-05-invite-dialog`);
      await dialog.getByRole("button", { name: /send/i }).click();
      await expect.poll(() => page.getByText("Invitation Sent").first().isVisible(), { timeout: 10_000 }).toBe(true);
      await expect.poll(() => page.getByText(memberEmail).first().isVisible()).toBe(true);
      await expect.poll(() => page.getByText("Pending").first().isVisible()).toBe(true);
      await shot(page, `${label}-06-invitations`);
      await expectNoHorizontalOverflow(page);

      await e.flushMail();
      const mail = await e.smtp.waitFor(memberEmail);
      const m = /https?:\/\/[^\s]+\/invite\/([\w-]+)/.exec(mail.text);
      expect(m).not.toBeNull();
      inviteLink = `/invite/${m?.[1]}`;
    });

    it("the invited member accepts by creating an account and sees the member shell", async () => {
      const { page } = await e.newPage(viewport);
      await page.goto(inviteLink);
      await expect
        .poll(() => page.getByRole("button", { name: "Accept Invitation & Join" }).isVisible(), { timeout: 10_000 })
        .toBe(true);
      await expect.poll(() => page.getByText(memberEmail).first().isVisible()).toBe(true);
      await expect.poll(() => page.getByText(`Grace ${label} Church`).first().isVisible()).toBe(true);
      await shot(page, `${label}-07-accept-invitation`);
      await expectNoHorizontalOverflow(page);
      await page.getByRole("button", { name: "Accept Invitation & Join" }).click();

      await page.waitForURL(/\/login\?invitation=/);
      await expect.poll(() => page.getByLabel("Email").inputValue()).toBe(memberEmail);
      await page.getByLabel("First name").fill("Samuel");
      await page.getByLabel("Last name").fill("Adeyemi");
      await page.getByLabel("Password").fill("another long password");
      await shot(page, `${label}-08-register-invited`);
      await page.getByRole("button", { name: "Create Account" }).last().click();

      await expect
        .poll(() => page.getByRole("heading", { name: "Welcome, Samuel" }).isVisible(), { timeout: 15_000 })
        .toBe(true);
      await dismissTours(page);
      await shot(page, `${label}-09-member-dashboard`);
      await expectNoHorizontalOverflow(page);
      const me = await page.evaluate(async () => (await fetch("/api/auth/user")).json());
      expect(me).toMatchObject({ email: memberEmail, role: "CONGREGANT", church: { name: `Grace ${label} Church` } });

      await openNav(page, phone);
      await expect.poll(() => page.getByRole("link", { name: "Sermons" }).first().isVisible()).toBe(true);
      expect(await page.getByRole("link", { name: "Manage Members" }).count()).toBe(0);
      await shot(page, `${label}-10-member-nav`);

      // The member cannot reach admin data even by typing the address.
      const status = await page.evaluate(async () => (await fetch("/api/admin/members")).status);
      expect(status).toBe(403);
    });
  });
}
