import type { Page } from "playwright-core";
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

let e: TE2E;
beforeAll(async () => {
  e = await startE2E();
});

const poll = <T>(fn: () => Promise<T>) => expect.poll(fn, { timeout: 15_000 });

async function open(page: Page, to: string, heading: string) {
  await page.goto(to);
  await poll(() => page.getByRole("heading", { name: heading, level: 1 }).isVisible()).toBe(true);
}

/** Everything the page says, hidden text (screen-reader labels, titles) included. */
const pageText = (page: Page) => page.evaluate(() => `${document.body.textContent} ${document.title}`);

// Issue 28: a pastor's private reply to an anonymous request; the author answers from a phone.
describe("a pastor's private reply", () => {
  const title = "A quiet burden";

  it("the admin replies to an anonymous request, the author sees it and answers, and stays unknown", async () => {
    const { context: adminCtx, page: admin } = await e.newPage(DESKTOP);
    const ruth = await signUpInContext(adminCtx, { email: "admin.replies@example.org", firstName: "Ruth" });
    await skipTours(adminCtx, ruth.id);
    await apiPost(adminCtx, "/api/churches", { name: "Replies Church" });
    const author = await inviteMember(e, PHONE, adminCtx, "zerubbabel.replies@example.org", "Zerubbabel");
    const page = author.page;

    // The author asks anonymously, on a phone.
    await open(page, "/prayer-requests", "Prayer Requests");
    await page.getByRole("button", { name: "New Request" }).click();
    await page.getByLabel("Title").fill(title);
    await page.getByLabel("Details").fill("Something I cannot tell anyone yet.");
    await page.getByRole("switch", { name: "Submit anonymously" }).click();
    await page.getByRole("button", { name: "Submit Request" }).click();
    const mine = page.getByRole("article", { name: title });
    await poll(() => mine.getByText("Anonymous", { exact: true }).isVisible()).toBe(true);

    // The pastor replies privately: the request reads "Anonymous" and the dialog "Asked by Anonymous".
    await open(admin, "/prayer-requests", "Prayer Requests");
    const card = admin.getByRole("article", { name: title });
    await card.getByRole("button", { name: /Reply privately/ }).click();
    const dialog = admin.getByRole("dialog", { name: "Private replies" });
    await poll(() => dialog.getByText("Asked by Anonymous").isVisible()).toBe(true);
    await poll(() => dialog.getByText("No replies yet.").isVisible()).toBe(true);
    await dialog.getByLabel("Your reply").fill("We are praying with you. Would you like to talk?");
    await dialog.getByRole("button", { name: "Send" }).click();
    await poll(() => dialog.getByText("We are praying with you. Would you like to talk?").isVisible()).toBe(true);
    await checkBothSizes(admin, "prayer-replies-pastor");

    // The author is told, follows the notification to the thread and answers.
    await poll(async () => {
      const list = await (await author.context.request.get("/api/notifications?limit=5")).json();
      return list.notifications.map((n: { title: string }) => n.title);
    }).toContain("A pastor replied");
    await open(page, "/notifications", "Notifications");
    const notice = page.getByRole("button", { name: /A pastor replied/ });
    await poll(() => notice.isVisible()).toBe(true);
    await checkScreen(page, "phone-prayer-replies-notification");
    await notice.click();
    const thread = page.getByRole("dialog", { name: "Private replies" });
    await poll(() => thread.getByText("We are praying with you. Would you like to talk?").isVisible()).toBe(true);
    await poll(() => thread.getByText(/Ruth Tester/).isVisible()).toBe(true);
    await thread.getByLabel("Your reply").fill("Yes, thank you. After Sunday's service?");
    await thread.getByRole("button", { name: "Send" }).click();
    await poll(() => thread.getByText("Yes, thank you. After Sunday's service?").isVisible()).toBe(true);
    await checkScreen(page, "phone-prayer-replies-author");

    // The pastor reads the answer from "The person who asked", and nowhere the author's name.
    await poll(async () => {
      const list = await (await adminCtx.request.get("/api/notifications?limit=5")).json();
      return list.notifications.map((n: { title: string }) => n.title);
    }).toContain("The person who asked answered");
    await open(admin, "/notifications", "Notifications");
    await poll(() => admin.getByRole("button", { name: /The person who asked answered/ }).isVisible()).toBe(true);
    expect(await pageText(admin)).not.toContain("Zerubbabel");
    await admin.getByRole("button", { name: /The person who asked answered/ }).click();
    const again = admin.getByRole("dialog", { name: "Private replies" });
    await poll(() => again.getByText("Yes, thank you. After Sunday's service?").isVisible()).toBe(true);
    await poll(() => again.getByText(/The person who asked/).isVisible()).toBe(true);
    await checkBothSizes(admin, "prayer-replies-pastor-answered");
    const text = await pageText(admin);
    expect(text).not.toContain("Zerubbabel");
    expect(text).not.toContain("zerubbabel.replies@example.org");
  });

  // Issue 28 (E2): a group's prayer has the same thread; its leader replies from a phone.
  it("a group's leader replies privately to an anonymous group prayer on a phone, and the author answers", async () => {
    const { context: adminCtx } = await e.newPage(DESKTOP);
    const naomi = await signUpInContext(adminCtx, { email: "admin.group-replies@example.org", firstName: "Naomi" });
    await skipTours(adminCtx, naomi.id);
    await apiPost(adminCtx, "/api/churches", { name: "Group Replies Church" });
    const leader = await inviteMember(e, PHONE, adminCtx, "leah.group-replies@example.org", "Leah");
    const author = await inviteMember(e, DESKTOP, adminCtx, "obadiah.group-replies@example.org", "Obadiah");
    const group = await apiPost(adminCtx, "/api/groups", {
      name: "Tuesday Prayer",
      kind: "prayer",
      joinPolicy: "open",
      visibility: "listed",
      leaderIds: [leader.user.id],
    });
    await apiPost(adminCtx, `/api/groups/${group.id}/members`, { userId: author.user.id });
    const groupTitle = "A burden for my family";
    const prayer = await apiPost(author.context, `/api/groups/${group.id}/prayers`, {
      title: groupTitle,
      description: "Please pray, I cannot say more.",
      isAnonymous: true,
    });

    const page = leader.page;
    await page.goto(`/groups/${group.id}?tab=prayers`);
    const card = page.getByRole("article", { name: groupTitle });
    await poll(() => card.getByRole("button", { name: /Reply privately/ }).isVisible()).toBe(true);
    await card.getByRole("button", { name: /Reply privately/ }).click();
    const dialog = page.getByRole("dialog", { name: "Private replies" });
    await poll(() => dialog.getByText("Asked by Anonymous").isVisible()).toBe(true);
    await dialog.getByLabel("Your reply").fill("Our group is praying. I am here if you want to talk.");
    await dialog.getByRole("button", { name: "Send" }).click();
    await poll(() => dialog.getByText("Our group is praying. I am here if you want to talk.").isVisible()).toBe(true);
    await checkScreen(page, "phone-group-prayer-replies-leader");

    // The author follows the notification's link (the Prayer tab, the thread open) and answers.
    await poll(async () => {
      const list = await (await author.context.request.get("/api/notifications?limit=5")).json();
      return list.notifications.map((n: { link: string }) => n.link);
    }).toContain(`/groups/${group.id}?tab=prayers&thread=${prayer.id}`);
    await author.page.goto(`/groups/${group.id}?tab=prayers&thread=${prayer.id}`);
    const thread = author.page.getByRole("dialog", { name: "Private replies" });
    await poll(() => thread.getByText("Our group is praying. I am here if you want to talk.").isVisible()).toBe(true);
    await poll(() => thread.getByText(/Leah Tester/).isVisible()).toBe(true);
    await thread.getByLabel("Your reply").fill("Thank you, Leah.");
    await thread.getByRole("button", { name: "Send" }).click();
    await poll(() => thread.getByText("Thank you, Leah.").isVisible()).toBe(true);
    await checkScreen(author.page, "group-prayer-replies-author");

    // The leader reads "The person who asked", and nowhere the author's name.
    await page.goto(`/groups/${group.id}?tab=prayers&thread=${prayer.id}`);
    const again = page.getByRole("dialog", { name: "Private replies" });
    await poll(() => again.getByText("Thank you, Leah.").isVisible()).toBe(true);
    await poll(() => again.getByText(/The person who asked/).isVisible()).toBe(true);
    await checkScreen(page, "phone-group-prayer-replies-leader-answered");
    const text = await pageText(page);
    expect(text).not.toContain("Obadiah");
    expect(text).not.toContain("obadiah.group-replies@example.org");
  });
});
