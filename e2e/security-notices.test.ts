import { CONFIRM_TO_SEND_INVITATIONS, UNCONFIRMED_ADMIN_INVITATION_EMAILS } from "@common/invitation-helpers";
import { beforeAll, describe, expect, it } from "vitest";
import { integrations } from "../server/src/db/schema/integrations";
import { SecretBox } from "../server/src/lib/secrets";
import { apiPost, checkBothSizes, DESKTOP, signUpInContext, skipTours, startE2E, type TE2E } from "./harness";

// The harness's APP_SECRET: the integration arranged below is sealed as the app seals a key.
const APP_SECRET = "the browser tests' own secret";
const CONFIRM_SUBJECT = "Confirm your Fellowship email address";

let e: TE2E;
beforeAll(async () => {
  // The integration is never synced here; its provider's address points nowhere reachable.
  e = await startE2E({ PLANNING_CENTER_API_URL: "http://127.0.0.1:9" });
});

const poll = <T>(fn: () => Promise<T>) => expect.poll(fn, { timeout: 15_000 });

const mailsTo = (to: string, subject: string) =>
  e.smtp.messages.filter((m) => m.to.includes(to) && m.subject === subject).length;

describe("security notices (issue 23 items 4 and 7)", () => {
  it("an unconfirmed admin's 21st invitation waits and says why; a paused integration shows why and resumes", async () => {
    // An admin who never confirmed their address makes a church.
    const { context, page } = await e.newPage(DESKTOP);
    const email = "ruth.unconfirmed@example.org";
    const ruth = await signUpInContext(context, { email, firstName: "Ruth" });
    expect(ruth.emailVerified).toBe(false);
    await skipTours(context, ruth.id);
    const church = await apiPost(context, "/api/churches", { name: "Emmaus Road Church" });

    // 20 invitations are e-mailed, the first to a second admin.
    const naomiInvitation = await apiPost(context, "/api/invitations", {
      email: "naomi.admin@example.org",
      role: "ADMIN",
    });
    for (let i = 1; i < UNCONFIRMED_ADMIN_INVITATION_EMAILS; i++) {
      const inv = await apiPost(context, "/api/invitations", { email: `person${i}@example.org`, role: "CONGREGANT" });
      expect(inv.sentAt, `invitation ${i + 1}`).not.toBeNull();
    }

    // The 21st, through the dialog: it waits, and the toast and the page say why.
    await page.goto("/admin/invitations");
    await page.getByRole("button", { name: "Invite Church Member" }).click();
    const dialog = page.getByRole("dialog");
    await dialog.getByLabel("Email address").fill("person21@example.org");
    await dialog.getByRole("button", { name: "Send Invitation" }).click();
    await poll(() => page.getByText("Invitation Waiting for Review").first().isVisible()).toBe(true);
    const note = page.getByRole("note").filter({ hasText: CONFIRM_TO_SEND_INVITATIONS });
    await poll(() => note.isVisible()).toBe(true);
    await poll(() => page.locator("#waiting").getByText("person21@example.org").isVisible()).toBe(true);
    await checkBothSizes(page, "security-01-invitation-held");

    // The notice's button e-mails a confirmation link (the real SMTP server receives it).
    await e.flushMail();
    const before = mailsTo(email, CONFIRM_SUBJECT);
    await note.getByRole("button", { name: "Send me a confirmation link" }).click();
    await poll(() => page.getByText("Link sent").first().isVisible()).toBe(true);
    await poll(async () => {
      await e.flushMail();
      return mailsTo(email, CONFIRM_SUBJECT);
    }).toBe(before + 1);
    expect(e.smtp.messages.filter((m) => m.to.includes(email)).at(-1)?.text).toMatch(/\/verify-email\?token=[\w-]+/);
    await checkBothSizes(page, "security-02-confirmation-link-sent");

    // Coming back later, Ruth is still told why person21 waits.
    await page.reload();
    await poll(() => note.isVisible()).toBe(true);

    // Ruth connected Planning Center (arranged in the database: no provider is needed to pause one).
    const secrets = new SecretBox(APP_SECRET);
    await e.db.insert(integrations).values({
      churchId: church.id,
      platform: "planning_center",
      apiKeySealed: secrets.seal("someapp:somesecret1234"),
      keyLast4: "1234",
      createdBy: ruth.id,
      lastSync: new Date(),
    });

    // The second admin joins and makes Ruth a member: the real pause runs.
    const naomi = await e.newPage(DESKTOP);
    const naomiUser = await signUpInContext(naomi.context, {
      email: "naomi.admin@example.org",
      firstName: "Naomi",
      invitationToken: naomiInvitation.token,
    });
    await skipTours(naomi.context, naomiUser.id);
    const demoted = await naomi.context.request.patch(`/api/admin/members/${ruth.id}`, {
      data: { role: "CONGREGANT" },
    });
    expect(demoted.status(), await demoted.text()).toBe(200);

    // The dashboard's activity asks Naomi to review it.
    const admin = naomi.page;
    await admin.goto("/admin");
    const line = admin.getByText(/1 integration was paused \(Planning Center\) because Ruth Tester/);
    await poll(() => line.isVisible()).toBe(true);
    await checkBothSizes(admin, "security-03-dashboard-activity");

    // Integrations: Paused, the reason, and Resume.
    await admin.goto("/admin/integrations");
    const card = admin.getByRole("article", { name: "Planning Center" });
    await poll(() => card.getByText("Paused", { exact: true }).isVisible()).toBe(true);
    await poll(() =>
      card.getByText(/Paused because Ruth Tester, who connected it, is no longer an admin/).isVisible(),
    ).toBe(true);
    expect(await card.getByText("Ready", { exact: true }).count()).toBe(0);
    await checkBothSizes(admin, "security-04-integration-paused");

    await card.getByRole("button", { name: "Resume Planning Center" }).click();
    await poll(() => card.getByText("Paused", { exact: true }).count()).toBe(0);
    await poll(() => card.getByText("Active", { exact: true }).first().isVisible()).toBe(true);
    expect(await card.getByText(/Paused because/).count()).toBe(0);
    await checkBothSizes(admin, "security-05-integration-resumed");
  });
});
