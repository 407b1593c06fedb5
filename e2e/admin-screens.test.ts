import { beforeAll, describe, expect, it } from "vitest";
import { makePng } from "../server/test/png";
import { apiPost, checkBothSizes, DESKTOP, PHONE, signUpInContext, skipTours, startE2E, type TE2E } from "./harness";

let e: TE2E;
beforeAll(async () => {
  e = await startE2E();
});

// Each flow runs once, at desktop size; each screen is checked at phone size too (checkBothSizes).
describe("administration screens", () => {
  it("members: search, change a role and remove a member; the member sees Access Denied on admin pages", async () => {
    const { context: adminCtx, page } = await e.newPage(DESKTOP);
    const admin = await signUpInContext(adminCtx, { email: "admin.members@example.org", firstName: "Ruth" });
    await skipTours(adminCtx, admin.id);
    await apiPost(adminCtx, "/api/churches", { name: "Members Church" });
    const people: { ctx: Awaited<ReturnType<TE2E["newPage"]>>; id: string; name: string }[] = [];
    for (const [firstName, role] of [
      ["Lydia", "GROUP_LEADER"],
      ["Silas", "CONGREGANT"],
      ["Priscilla", "CONGREGANT"],
    ] as const) {
      const email = `${firstName.toLowerCase()}@example.org`;
      const inv = await apiPost(adminCtx, "/api/invitations", { email, role });
      const ctx = await e.newPage(DESKTOP);
      const user = await signUpInContext(ctx.context, { email, firstName, invitationToken: inv.token });
      await skipTours(ctx.context, user.id);
      people.push({ ctx, id: user.id, name: firstName });
    }

    await page.goto("/admin/members");
    await expect.poll(() => visible(page, "Priscilla Tester").first().isVisible(), { timeout: 10_000 }).toBe(true);
    await checkBothSizes(page, "20-members");
    // On a phone the table gives way to a card list, each card with its own actions menu.
    await page.setViewportSize(PHONE);
    await expect.poll(() => visible(page, "Silas Tester").first().isVisible()).toBe(true);
    await expect.poll(() => page.getByRole("button", { name: "Actions for Silas Tester" }).isVisible()).toBe(true);
    await page.setViewportSize(DESKTOP);

    await page.getByPlaceholder("Search by name or email...").fill("lydia");
    await expect.poll(() => visible(page, "Silas Tester").count()).toBe(0);
    await expect.poll(() => visible(page, "Lydia Tester").first().isVisible()).toBe(true);
    await page.getByPlaceholder("Search by name or email...").fill("");

    await page.getByRole("button", { name: "Actions for Silas Tester" }).click();
    await page.getByRole("menuitem", { name: "Group Leader" }).click();
    await expect
      .poll(
        async () =>
          (await apiGet(adminCtx, "/api/admin/members")).find((m: { id: string }) => m.id === people[1].id)?.role,
      )
      .toBe("GROUP_LEADER");

    await page.getByRole("button", { name: "Actions for Priscilla Tester" }).click();
    await page.getByRole("menuitem", { name: "Remove from church" }).click();
    await expect.poll(() => page.getByRole("alertdialog").isVisible()).toBe(true);
    await checkBothSizes(page, "21-remove-member");
    await page.getByRole("alertdialog").getByRole("button", { name: "Remove" }).click();
    await expect.poll(() => visible(page, "Priscilla Tester").count(), { timeout: 10_000 }).toBe(0);
    const removed = await (await people[2].ctx.context.request.get("/api/auth/user")).json();
    expect(removed.churchId).toBeNull();

    const member = people[1].ctx.page;
    await member.goto("/admin/members");
    await expect
      .poll(() => member.getByRole("heading", { name: "Access Denied" }).isVisible(), { timeout: 10_000 })
      .toBe(true);
    await checkBothSizes(member, "22-access-denied");
  });

  it("settings: save a brand colour and upload a logo; the shell shows both", async () => {
    const { context, page } = await e.newPage(DESKTOP);
    const admin = await signUpInContext(context, { email: "admin.settings@example.org", firstName: "Ruth" });
    await skipTours(context, admin.id);
    await apiPost(context, "/api/churches", { name: "Settings Church" });
    await page.goto("/admin/settings");
    await expect
      .poll(() => page.getByRole("button", { name: "Save Settings" }).isVisible(), { timeout: 10_000 })
      .toBe(true);
    await checkBothSizes(page, "30-settings");

    await page.getByLabel("Brand color", { exact: true }).fill("#0F766E");
    await page.getByLabel("Address", { exact: true }).fill("12 River Road, Springfield");
    await page.getByLabel("Logo file").setInputFiles({ name: "logo.png", mimeType: "image/png", buffer: makePng(64) });
    await page.getByRole("button", { name: "Save Settings" }).click();
    await expect.poll(() => page.getByText("Settings Updated").first().isVisible(), { timeout: 10_000 }).toBe(true);

    const settings = await apiGet(context, "/api/admin/church/settings");
    expect(settings).toMatchObject({ brandColor: "#0F766E", address: "12 River Road, Springfield" });
    expect(settings.logoUrl).toMatch(/^\/api\/churches\/.+\/logo\?v=/);
    await expect
      .poll(() =>
        page.evaluate(() => document.querySelector('meta[name="theme-color"]')?.getAttribute("content")?.toLowerCase()),
      )
      .toBe("#0f766e");
    await expect.poll(() => page.locator(`img[src="${settings.logoUrl}"]`).first().isVisible()).toBe(true);
    await checkBothSizes(page, "31-settings-saved");

    await page.goto("/no-such-page");
    await expect.poll(() => page.getByRole("heading", { name: "Page Not Found" }).isVisible()).toBe(true);
    await checkBothSizes(page, "32-not-found");
    await page.goto("/admin/integrations");
    await expect.poll(() => page.getByText("No integrations yet").isVisible()).toBe(true);
    await checkBothSizes(page, "33-integrations");
  });
});

/** The table (desktop) and the card list (phone) are both in the page; one is hidden by CSS. */
function visible(page: Awaited<ReturnType<TE2E["newPage"]>>["page"], text: string) {
  return page.getByText(text).filter({ visible: true });
}

async function apiGet(context: Awaited<ReturnType<TE2E["newPage"]>>["context"], url: string) {
  const res = await context.request.get(url);
  expect(res.ok()).toBe(true);
  return res.json();
}
