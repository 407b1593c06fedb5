import type { BrowserContext, Page } from "playwright-core";
import { beforeAll, describe, expect, it } from "vitest";
import {
  apiPost,
  checkBothSizes,
  DESKTOP,
  inviteMember,
  signUpInContext,
  skipTours,
  startE2E,
  type TE2E,
} from "./harness";

const YOUTUBE_URL = "https://www.youtube.com/watch?v=dQw4w9WgXcQ";

let e: TE2E;
beforeAll(async () => {
  e = await startE2E();
});

const poll = <T>(fn: () => Promise<T>) => expect.poll(fn, { timeout: 15_000 });

/** The machine has no internet: the embedded player's frame gets a stand-in page from YouTube's address. */
async function standInPlayer(context: BrowserContext) {
  await context.route("https://www.youtube-nocookie.com/**", (route) =>
    route.fulfill({
      contentType: "text/html",
      body: `<!doctype html><title>Player</title><body style="margin:0;display:grid;place-items:center;height:100vh;background:#111;color:#eee;font:16px sans-serif">Video player</body>`,
    }),
  );
}

async function member(viewport: { width: number; height: number }, admin: BrowserContext, email: string, name: string) {
  const member = await inviteMember(e, viewport, admin, email, name);
  await standInPlayer(member.context);
  return member;
}

const chat = (page: Page) => page.getByRole("log", { name: "Chat messages" });

async function say(page: Page, text: string, asPrayer = false) {
  const box = page.getByLabel("Message", { exact: true });
  await box.fill(text);
  if (asPrayer) await page.getByRole("button", { name: "Send as prayer request" }).click();
  else await box.press("Enter");
  await poll(() => box.inputValue()).toBe("");
}

/** A stat card's figure, by its label. */
const stat = (page: Page, label: string) =>
  page
    .locator("div.rounded-2xl", { has: page.getByText(label, { exact: true }) })
    .locator("p.text-3xl")
    .textContent();

// The flow runs once, at desktop size; each screen is checked at phone size too (checkBothSizes).
describe("live stream", () => {
  it("an admin streams with chat; two members chat and see the count; a moderator deletes; the stream ends for both", async () => {
    const { context: adminCtx, page: admin } = await e.newPage(DESKTOP);
    const ruth = await signUpInContext(adminCtx, { email: `admin.live.desktop@example.org`, firstName: "Ruth" });
    await skipTours(adminCtx, ruth.id);
    await apiPost(adminCtx, "/api/churches", { name: `Live desktop Church` });
    const tim = await member(DESKTOP, adminCtx, `tim.live.desktop@example.org`, "Tim");
    const ann = await member(DESKTOP, adminCtx, `ann.live.desktop@example.org`, "Ann");

    // Nothing is live yet: the page names the next event.
    const tomorrow = new Date(Date.now() + 86_400_000);
    await apiPost(adminCtx, "/api/events", {
      title: "Wednesday Prayer Night",
      description: "An evening of prayer",
      location: "Chapel",
      startTime: tomorrow.toISOString(),
      endTime: new Date(tomorrow.getTime() + 3_600_000).toISOString(),
    });
    await tim.page.goto("/live");
    await poll(() => tim.page.getByText("No Live Stream Available").isVisible()).toBe(true);
    await poll(() => tim.page.getByText("Wednesday Prayer Night").isVisible()).toBe(true);
    await checkBothSizes(tim.page, "live-member-none");

    // The admin: offline, chooses Tim as a moderator, then starts with chat and recording on.
    await admin.goto("/admin/live-stream");
    await poll(() => admin.getByRole("heading", { name: "Live Stream Management", level: 1 }).isVisible()).toBe(true);
    await poll(() => admin.getByText("Offline", { exact: true }).isVisible()).toBe(true);
    await poll(() => admin.getByText("No streams yet").isVisible()).toBe(true);
    await checkBothSizes(admin, "live-admin-offline");

    await admin.getByRole("button", { name: "Manage Moderators" }).click();
    const dialog = admin.getByRole("dialog", { name: "Manage Moderators" });
    await dialog.getByRole("checkbox", { name: /Tim Tester/ }).check();
    expect(await dialog.getByRole("checkbox", { name: /Ruth/ }).count()).toBe(0);
    await dialog.getByRole("button", { name: "Save Moderators" }).click();
    await poll(() => admin.getByText("Moderators Updated").first().isVisible()).toBe(true);
    await poll(() => admin.getByRole("region", { name: "Chat Moderators" }).getByText("Tim Tester").isVisible()).toBe(
      true,
    );

    await admin.getByRole("button", { name: "Start Live Stream" }).click();
    await poll(() => admin.getByText("Title Required").first().isVisible()).toBe(true);
    await admin.getByLabel("Title", { exact: true }).fill(`Sunday Worship (desktop)`);
    await admin.getByLabel("Description (optional)", { exact: true }).fill("Songs, prayer and the word. Welcome home!");
    await admin.getByLabel("Stream URL (optional)", { exact: true }).fill(YOUTUBE_URL);
    await admin.getByRole("button", { name: "Start Live Stream" }).click();
    await poll(() => admin.getByText("Stream Started").first().isVisible()).toBe(true);
    await poll(() => admin.getByRole("button", { name: "Stop Stream" }).isVisible()).toBe(true);

    // Both members watch: the player, "Connected", and two viewers.
    await tim.page.reload();
    await ann.page.goto("/live");
    for (const { page } of [tim, ann]) {
      await poll(() => page.getByRole("heading", { name: `Sunday Worship (desktop)`, level: 1 }).isVisible()).toBe(
        true,
      );
      await poll(() => page.getByText("Connected", { exact: true }).isVisible()).toBe(true);
      await poll(() => page.locator(`iframe[title="Sunday Worship (desktop) (live stream)"]`).count()).toBe(1);
    }
    await poll(() => tim.page.getByText("2 watching").isVisible()).toBe(true);
    await poll(() => ann.page.getByText("2 watching").isVisible()).toBe(true);
    await poll(() => stat(admin, "Current Viewers")).toBe("2");

    // They chat, and each sees the other's messages; Ann asks for prayer.
    await say(ann.page, "Good morning from Ann!");
    await poll(() => chat(tim.page).getByText("Good morning from Ann!").isVisible()).toBe(true);
    await say(tim.page, "Welcome, Ann. Glad you're here.");
    await poll(() => chat(ann.page).getByText("Welcome, Ann. Glad you're here.").isVisible()).toBe(true);
    await say(ann.page, "Please pray for my sister's surgery.", true);
    await poll(() => chat(tim.page).getByText("Please pray for my sister's surgery.").isVisible()).toBe(true);
    await poll(() => chat(tim.page).getByText("Prayer request").isVisible()).toBe(true);
    await say(ann.page, "This message will be removed");
    await poll(() => chat(tim.page).getByText("This message will be removed").isVisible()).toBe(true);
    // Only the moderator sees delete buttons.
    expect(
      await chat(ann.page)
        .getByRole("button", { name: /Delete message/ })
        .count(),
    ).toBe(0);
    await checkBothSizes(ann.page, "live-member-live");

    // Tim, the moderator, deletes Ann's last message: it goes from Ann's page too.
    const last = chat(tim.page).getByRole("listitem").filter({ hasText: "This message will be removed" });
    await last.getByRole("button", { name: "Delete message from Ann Tester" }).click();
    const confirm = tim.page.getByRole("alertdialog", { name: "Delete this message?" });
    await confirm.getByRole("button", { name: "Delete" }).click();
    await poll(() => chat(tim.page).getByText("This message will be removed").count()).toBe(0);
    await poll(() => chat(ann.page).getByText("This message will be removed").count()).toBe(0);
    expect(await chat(ann.page).getByText("Good morning from Ann!").isVisible()).toBe(true);
    await checkBothSizes(tim.page, "live-moderator-live");

    // Every message sent counts, the deleted one too.
    await poll(() => admin.getByText(/4 chat messages/).isVisible()).toBe(true);
    await checkBothSizes(admin, "live-admin-live");

    // The admin stops the stream: both pages say it has ended, and the recording waits as a draft.
    await admin.getByRole("button", { name: "Stop Stream" }).click();
    const stop = admin.getByRole("alertdialog", { name: "Stop the live stream?" });
    await stop.getByRole("button", { name: "Stop Stream" }).click();
    await poll(() => admin.getByText("Stream Stopped").first().isVisible()).toBe(true);
    for (const { page } of [tim, ann]) {
      await poll(() => page.getByText("This live stream has ended.").isVisible()).toBe(true);
      expect(await page.getByRole("link", { name: "Browse Sermons" }).getAttribute("href")).toBe("/sermons");
    }
    await checkBothSizes(ann.page, "live-member-ended");
    await poll(() => admin.getByText("Offline", { exact: true }).isVisible()).toBe(true);
    await poll(() => admin.getByRole("region", { name: "Draft sermon" }).isVisible()).toBe(true);
    const recent = admin.getByRole("list", { name: "Recent streams" });
    await poll(() => recent.getByText(`Sunday Worship (desktop)`).isVisible()).toBe(true);
    await poll(() => recent.getByText("4 messages").isVisible()).toBe(true);
    await poll(() => recent.getByText("2 peak").isVisible()).toBe(true);
    await checkBothSizes(admin, "live-admin-stopped");
  });
});
