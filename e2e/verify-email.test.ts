import { SIGN_IN_ERRORS } from "@common/auth-helpers";
import type { BrowserContext, Page } from "playwright-core";
import { beforeAll, describe, expect, it } from "vitest";
import { apiPost, checkBothSizes, DESKTOP, PHONE, signUpInContext, skipTours, startE2E, type TE2E } from "./harness";

let e: TE2E;
beforeAll(async () => {
  e = await startE2E();
});

const CONFIRM_SUBJECT = "Confirm your Fellowship email address";

/** The newest confirmation link e-mailed to `to`, as a path on this server. */
async function confirmationPath(to: string): Promise<string> {
  for (let i = 0; i < 100; i++) {
    await e.flushMail();
    const mail = e.smtp.messages.filter((m) => m.to.includes(to) && m.subject === CONFIRM_SUBJECT).at(-1);
    const token = mail && /\/verify-email\?token=([\w-]+)/.exec(mail.text)?.[1];
    if (token) return `/verify-email?token=${token}`;
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error(`no confirmation email to ${to}`);
}

const notice = (page: Page) => page.getByRole("region", { name: "Confirm your email address" });

async function currentUser(context: BrowserContext) {
  const res = await context.request.get("/api/auth/user");
  return { status: res.status(), body: res.ok() ? await res.json() : null };
}

// Each flow runs once, at desktop size; each screen is checked at phone size too (checkBothSizes).
describe("confirming an email address", () => {
  it("the notice on church setup and in the shell resends a link; the link confirms with one click when signed in", async () => {
    const { context, page } = await e.newPage(DESKTOP);
    const email = "leader.verify@example.org";
    const user = await signUpInContext(context, { email, firstName: "Lydia" });
    expect(user.emailVerified).toBe(false);
    await skipTours(context, user.id);

    await page.goto("/");
    // The first screen of a fresh browser: the session, then the signed-in module, then the page.
    await expect.poll(() => page.getByText(/Welcome to Fellowship, Lydia/).isVisible(), { timeout: 10_000 }).toBe(true);
    await expect.poll(() => notice(page).isVisible()).toBe(true);
    expect(await notice(page).textContent()).toContain(`we sent a link to ${email}`);
    await checkBothSizes(page, "verify-01-church-setup-notice");

    await apiPost(context, "/api/churches", { name: "Thyatira Church" });
    await page.goto("/events");
    await expect.poll(() => notice(page).isVisible()).toBe(true);
    await notice(page).getByRole("button", { name: "Resend" }).click();
    await expect.poll(() => page.getByText("Link sent").first().isVisible()).toBe(true);
    await checkBothSizes(page, "verify-02-shell-notice-resent");

    await page.goto(await confirmationPath(email));
    const confirm = page.getByRole("button", { name: "Confirm email address" });
    await expect.poll(() => confirm.isVisible()).toBe(true);
    await checkBothSizes(page, "verify-03-one-click");
    await confirm.click();
    await expect.poll(() => page.getByText("Email address confirmed").first().isVisible()).toBe(true);
    await page.waitForURL((url) => url.pathname === "/");
    await expect.poll(() => notice(page).count()).toBe(0);
    expect((await currentUser(context)).body.emailVerified).toBe(true);
    await checkBothSizes(page, "verify-04-confirmed");

    // The same link again: already used.
    await page.goto(await confirmationPath(email));
    await expect.poll(() => page.getByText(/is already confirmed/).isVisible()).toBe(true);
    await checkBothSizes(page, "verify-05-already-confirmed");
  });

  it("on another device the link asks for a new password and signs in; the other session ends", async () => {
    const { context: laptop } = await e.newPage(DESKTOP);
    const email = "member.verify@example.org";
    await signUpInContext(laptop, { email, firstName: "Priscilla" });
    const link = await confirmationPath(email);

    const { page } = await e.newPage(DESKTOP);
    await page.goto(link);
    await expect.poll(() => page.getByLabel("New password", { exact: true }).isVisible()).toBe(true);
    await checkBothSizes(page, "verify-06-password");
    await page.getByLabel("New password", { exact: true }).fill("short");
    await page.getByRole("button", { name: "Confirm and sign in" }).click();
    await expect.poll(() => page.getByText("Password must be at least 8 characters").isVisible()).toBe(true);
    await checkBothSizes(page, "verify-07-password-error");
    await page.getByLabel("New password", { exact: true }).fill("a brand new password");
    await page.getByLabel("Confirm new password").fill("a brand new password");
    await page.getByRole("button", { name: "Confirm and sign in" }).click();
    await expect.poll(() => page.getByText("Create Your Church").isVisible(), { timeout: 15_000 }).toBe(true);
    expect(await notice(page).count()).toBe(0);
    expect((await currentUser(laptop)).status).toBe(401);
  });

  it("the sign-in page says why single sign-on was refused", async () => {
    const { page } = await e.newPage(DESKTOP);
    await page.goto("/login?error=account_email_unverified");
    await expect
      .poll(() => page.getByRole("alert").first().textContent())
      .toBe(SIGN_IN_ERRORS.account_email_unverified);
    await checkBothSizes(page, "verify-08-sso-refused");
  });

  // The way to the button differs by size (the sidebar on a desktop, the menu on a phone): both.
  for (const [label, viewport] of [
    ["desktop", DESKTOP],
    ["phone", PHONE],
  ] as const) {
    it(`signs out from the sidebar with POST /api/logout (${label})`, async () => {
      const { context, page } = await e.newPage(viewport);
      const user = await signUpInContext(context, { email: `signout.${label}@example.org`, firstName: "Ruth" });
      await skipTours(context, user.id);
      await apiPost(context, "/api/churches", { name: `Sign-out ${label} Church` });
      await page.goto("/events");
      const posted = page.waitForRequest((r) => r.url().endsWith("/api/logout") && r.method() === "POST");
      if (label === "phone") await page.getByRole("button", { name: "Open menu" }).click();
      await page.getByRole("button", { name: "Sign Out" }).click();
      await posted;
      await expect.poll(() => page.getByRole("heading", { name: "Grow Together in Faith" }).isVisible()).toBe(true);
      expect((await currentUser(context)).status).toBe(401);
    });
  }

  it("another site's image of /api/logout does not sign anyone out", async () => {
    const { context, page } = await e.newPage(DESKTOP);
    await signUpInContext(context, { email: "image@example.org", firstName: "Anna" });
    await page.goto("/");
    // An <img> pointing at the sign-out address, as a hostile post or e-mail could embed.
    await page.evaluate(
      () =>
        new Promise<void>((resolve) => {
          const img = document.createElement("img");
          img.onload = img.onerror = () => resolve();
          img.src = "/api/logout";
          document.body.append(img);
        }),
    );
    expect((await currentUser(context)).status).toBe(200);
  });
});
