import fs from "node:fs";
import { beforeAll, describe, expect, it } from "vitest";
import { apiPost, checkBothSizes, DESKTOP, signUpInContext, skipTours, startE2E, type TE2E } from "./harness";

let e: TE2E;
beforeAll(async () => {
  e = await startE2E();
});

const poll = <T>(fn: () => Promise<T>) => expect.poll(fn, { timeout: 15_000 });

const eventBody = (title: string) => {
  const start = new Date(Date.now() + 5 * 86_400_000);
  return {
    title,
    description: "All welcome.",
    location: "Fellowship Hall",
    startTime: start.toISOString(),
    endTime: new Date(start.getTime() + 3_600_000).toISOString(),
    streamUrl: null,
  };
};

describe("audit log (issue 25 §2)", () => {
  it("an admin's changes are listed, filtered and downloaded; the retention is a church setting", async () => {
    const { context, page } = await e.newPage(DESKTOP);
    const grace = await signUpInContext(context, { email: "grace.audit@example.org", firstName: "Grace" });
    await skipTours(context, grace.id);
    await apiPost(context, "/api/churches", { name: "Hope Chapel" });
    // A second admin adds an event.
    const inv = await apiPost(context, "/api/invitations", { email: "sam.audit@example.org", role: "ADMIN" });
    const sam = await e.newPage(DESKTOP);
    const samUser = await signUpInContext(sam.context, {
      email: "sam.audit@example.org",
      firstName: "Sam",
      invitationToken: inv.token,
    });
    await skipTours(sam.context, samUser.id);
    await apiPost(sam.context, "/api/events", eventBody("Youth Night"));
    await sam.context.close();

    // Grace renames the church and keeps the audit log for five years, through Church Settings.
    await page.goto("/admin/settings");
    const name = page.getByLabel("Church name");
    await poll(() => name.inputValue()).toBe("Hope Chapel");
    await name.fill("Hope Community Chapel");
    await page.getByLabel("Keep audit entries for").selectOption({ label: "5 years" });
    await page.getByRole("button", { name: "Save Settings" }).click();
    await poll(() => page.getByText("Settings Updated").first().isVisible()).toBe(true);
    await page.evaluate(() => window.scrollTo(0, 0));
    await checkBothSizes(page, "audit-01-settings-retention");

    // The audit log, from the Administration nav.
    await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Audit Log" }).click();
    await poll(() => page.getByRole("heading", { name: "Audit log" }).isVisible()).toBe(true);
    const table = page.getByRole("table", { name: "Audit entries" });
    // Newest first: the settings change, then (among whatever else the church's start recorded) Sam's event.
    await poll(() => table.getByRole("row").count()).toBeGreaterThan(2);
    const first = table.getByRole("row").nth(1);
    expect(await first.textContent()).toContain("Settings changed");
    expect(await first.textContent()).toContain("Grace Tester");
    expect(await first.textContent()).toContain("Hope Chapel");
    expect(await first.textContent()).toContain("Hope Community Chapel");
    expect(await first.textContent()).toContain("Audit retention days");
    await poll(() => table.getByRole("row").filter({ hasText: "Event added" }).count()).toBe(1);
    await checkBothSizes(page, "audit-02-log");

    // Sam's events only.
    await page.getByLabel("Person").selectOption({ label: "Sam Tester" });
    await page.getByLabel("Action").selectOption({ label: "Event added" });
    await poll(() => table.getByRole("row").count()).toBe(2);
    expect(await table.getByRole("row").nth(1).textContent()).toContain("Event added");
    expect(await table.getByRole("row").nth(1).textContent()).toContain("Youth Night");
    await checkBothSizes(page, "audit-03-filtered");

    // The CSV holds the same entries as the filtered page.
    const [download] = await Promise.all([
      page.waitForEvent("download"),
      page.getByRole("link", { name: "Download CSV" }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/^audit-log-\d{4}-\d{2}-\d{2}\.csv$/);
    const csv = fs
      .readFileSync((await download.path()) as string, "utf8")
      .trim()
      .split("\r\n");
    expect(csv[0]).toContain("When (UTC),Date (church time),Who");
    expect(csv).toHaveLength(2);
    expect(csv[1]).toContain("Sam Tester");
    expect(csv[1]).toContain("Event added");

    // The download is itself in the log; a range of days with nothing in it says so.
    await page.getByRole("button", { name: "Clear filters" }).click();
    await page.getByLabel("Action").selectOption({ label: "Export downloaded" });
    await poll(() => table.getByRole("row").count()).toBe(2);
    expect(await table.getByRole("row").nth(1).textContent()).toContain("Grace Tester");
    await page.getByLabel("Action").selectOption({ label: "All actions" });
    await page.getByLabel("From", { exact: true }).fill("2020-01-01");
    await page.getByLabel("To", { exact: true }).fill("2020-01-31");
    await poll(() => page.getByText("No entries match").isVisible()).toBe(true);
    await checkBothSizes(page, "audit-04-empty");
  });
});
