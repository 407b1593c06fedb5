import { sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { apiPost, checkBothSizes, DESKTOP, PHONE, signUpInContext, skipTours, startE2E, type TE2E } from "./harness";

/*
 * Issue 30 ("every list pages on the server"): Manage Members in a church of 250 shows the first
 * 100, the church's total, and a "Load more members" button that asks the server for the next page.
 */

let e: TE2E;
beforeAll(async () => {
  e = await startE2E();
});

describe("Manage Members in pages", () => {
  it("shows the first page of a church of 250 and loads the next on request, on a desktop and a phone", async () => {
    const { context, page } = await e.newPage(DESKTOP);
    const admin = await signUpInContext(context, { email: "admin.paging@example.org", firstName: "Ruth" });
    await skipTours(context, admin.id);
    const church = await apiPost(context, "/api/churches", { name: "Large Church" });
    await e.db.execute(sql`
      insert into users (church_id, email, first_name, last_name, church_joined_at, created_at)
      select ${church.id}, 'member' || g || '@paging.example', 'Member', 'No. ' || lpad(g::text, 3, '0'), now(),
             now() - interval '300 days' + g * interval '1 day'
        from generate_series(1, 249) as g`);

    await page.goto("/admin/members");
    const loadMore = page.getByRole("button", { name: "Load more members" });
    await expect.poll(() => loadMore.isVisible(), { timeout: 15_000 }).toBe(true);
    await expect.poll(() => page.getByText("Members shown: 100 of 250").isVisible()).toBe(true);
    await checkBothSizes(page, "members-paging-first-page");

    const nextPage = page.waitForResponse((r) => r.url().includes("/api/admin/members?after="));
    await loadMore.click();
    expect((await nextPage).status()).toBe(200);
    await expect.poll(() => page.getByText("Members shown: 200 of 250").isVisible()).toBe(true);
    await page.setViewportSize(PHONE);
    await loadMore.click();
    await expect.poll(() => loadMore.count()).toBe(0);
    await expect.poll(() => page.getByText("Member No. 249").filter({ visible: true }).count()).toBe(1);
    await checkBothSizes(page, "members-paging-all-loaded");
  });
});
