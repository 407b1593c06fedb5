import type { Page } from "playwright-core";
import { beforeAll, describe, expect, it } from "vitest";
import { SecretBox } from "../server/src/lib/secrets";
import { unsubscribeUrl } from "../server/src/lib/unsubscribe";
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

/** The secret startE2E gives the server (e2e/harness.ts): the test signs links as the server does. */
const APP_SECRET = "the browser tests' own secret";

let e: TE2E;
beforeAll(async () => {
  e = await startE2E();
});

const poll = <T>(fn: () => Promise<T>) => expect.poll(fn, { timeout: 15_000 });

const pushSwitch = (page: Page, kind: string) => page.getByRole("switch", { name: `Push: ${kind}` });
const emailSelect = (page: Page, kind: string) => page.getByRole("combobox", { name: `E-mail: ${kind}` });

async function openChannels(page: Page) {
  await page.goto("/notifications/settings");
  await poll(() => page.getByRole("heading", { name: "How notifications reach you", level: 1 }).isVisible()).toBe(true);
  await poll(() => emailSelect(page, "Sermons").isVisible()).toBe(true);
}

describe("how notifications reach a member (issue 29, F)", () => {
  it("a member chooses per kind and keeps it; a signed-out unsubscribe link turns one kind's e-mail off; the church sets the e-mail delay and digest", async () => {
    const { context: adminCtx, page: adminPage } = await e.newPage(DESKTOP);
    const admin = await signUpInContext(adminCtx, { email: "grace.admin@example.org", firstName: "Grace" });
    await skipTours(adminCtx, admin.id);
    await apiPost(adminCtx, "/api/churches", { name: "Hillside Chapel" });
    const member = await inviteMember(e, DESKTOP, adminCtx, "tom.member@example.org", "Tom");
    const { page } = member;

    // From the notifications page to the choices: every kind, in the app always.
    await page.goto("/notifications");
    await page.getByRole("link", { name: "Notification settings" }).click();
    await openChannels(page);
    await poll(() => page.getByRole("heading", { level: 3 }).allTextContents()).toEqual([
      "Announcements",
      "Events",
      "Sermons",
      "Prayer",
      "Groups",
      "Kudos",
      "Badges",
    ]);
    // This browser has no push: the page says so and points at the Mobile App page.
    await poll(() => page.getByRole("link", { name: "Turn it on in the Mobile App settings" }).isVisible()).toBe(true);

    // Sermons by e-mail always, groups without push; each saved at once.
    const save = async (change: () => Promise<void>) => {
      const answer = page.waitForResponse(
        (r) => r.url().endsWith("/api/notifications/channels") && r.request().method() === "PUT",
      );
      await change();
      expect((await answer).status()).toBe(200);
      // The toast says so, then goes (the pointer off it: a hovered toast stays), uncovering the rows under it.
      const toast = page.getByText("Your notification settings have been saved.");
      await poll(() => toast.count()).toBe(1);
      await page.mouse.move(0, 0);
      await poll(() => toast.count()).toBe(0);
    };
    await save(() =>
      emailSelect(page, "Sermons")
        .selectOption({ label: "Always" })
        .then(() => {}),
    );
    await save(() => pushSwitch(page, "Groups").click());
    await save(async () => {
      await page.getByLabel("From").fill("22:00");
      // (Tab moves between the time field's own parts; leaving it is what saves.)
      await page.getByLabel("From").blur();
    });
    await checkScreen(page, "desktop-notification-channels");

    // Kept: after a reload the page shows what was chosen.
    await openChannels(page);
    await poll(() => emailSelect(page, "Sermons").inputValue()).toBe("always");
    await poll(() => pushSwitch(page, "Groups").getAttribute("aria-checked")).toBe("false");
    await poll(() => pushSwitch(page, "Events").getAttribute("aria-checked")).toBe("true");
    await poll(() => page.getByLabel("From").inputValue()).toBe("22:00");
    await poll(() => emailSelect(page, "Prayer").inputValue()).toBe("unseen");

    // On a phone: stacked cards, nothing sideways, axe clean.
    await page.setViewportSize(PHONE);
    await checkScreen(page, "phone-notification-channels");
    await page.setViewportSize(DESKTOP);

    // The link an e-mail about prayer carries (signed as the server signs it), opened signed out.
    const link = new URL(unsubscribeUrl(new SecretBox(APP_SECRET), e.baseUrl, member.user.id, "prayer"));
    const { page: outside } = await e.newPage(DESKTOP);
    await outside.goto(`/unsubscribe${link.search}`);
    await poll(() => outside.getByText("E-mails about prayer from Hillside Chapel").isVisible()).toBe(true);
    await checkBothSizes(outside, "unsubscribe");
    await outside.getByRole("button", { name: "Unsubscribe" }).click();
    await poll(() => outside.getByText("Done: you will not get these e-mails any more.").isVisible()).toBe(true);
    await checkBothSizes(outside, "unsubscribe-done");
    // Opened again: already off.
    await outside.reload();
    await poll(() => outside.getByRole("heading", { name: "Already off", level: 1 }).isVisible()).toBe(true);
    // A link signed for another topic does not work for this one.
    await outside.goto(`/unsubscribe${link.search.replace("t=prayer", "t=events")}`);
    await poll(() => outside.getByRole("heading", { name: "This link does not work", level: 1 }).isVisible()).toBe(
      true,
    );
    await checkScreen(outside, "desktop-unsubscribe-broken");

    // The member's settings now say "never" for prayer, and nothing else changed.
    await openChannels(page);
    await poll(() => emailSelect(page, "Prayer").inputValue()).toBe("never");
    await poll(() => emailSelect(page, "Sermons").inputValue()).toBe("always");

    // The real flow: a sermon goes by e-mail at once (sermons: always; quiet hours moved away from
    // now, the church being on UTC), its List-Unsubscribe address takes a mail provider's one-click
    // POST without a session, and the member's sermons e-mail is then never.
    const hour = (offset: number) => `${String((new Date().getUTCHours() + offset) % 24).padStart(2, "0")}:00`;
    const moved = await member.context.request.put("/api/notifications/channels", {
      data: { quietHours: { from: hour(2), to: hour(3) } },
    });
    expect(moved.status()).toBe(200);
    await apiPost(adminCtx, "/api/sermons", {
      title: "Bread of Life",
      speaker: "Pastor Grace",
      date: "2026-11-22",
      videoUrl: "https://www.youtube.com/watch?v=dQw4w9WgXcQ",
      audioUrl: null,
      notesUrl: null,
      series: null,
      description: "A message.",
      notes: null,
      duration: 40,
      tags: [],
    });
    const sermonMail = () =>
      e.smtp.messages.find((m) => m.to.includes("tom.member@example.org") && /List-Unsubscribe:/i.test(m.raw));
    await expect
      .poll(
        async () => {
          await e.flushMail();
          return !!sermonMail();
        },
        { timeout: 30_000 },
      )
      .toBe(true);
    const header = /List-Unsubscribe:\s*<([^>]+)>/i.exec(sermonMail()?.raw ?? "")?.[1] ?? "";
    expect(header).toContain("/api/unsubscribe?");
    expect(new URL(header).searchParams.get("t")).toBe("sermons");
    const { context: provider } = await e.newPage(DESKTOP);
    // The address is on the app's public URL (its default here); the test's server listens elsewhere.
    const address = new URL(header);
    const oneClick = await provider.request.post(`${address.pathname}${address.search}`, {
      form: { "List-Unsubscribe": "One-Click" },
    });
    expect(oneClick.status()).toBe(200);
    await openChannels(page);
    await poll(() => emailSelect(page, "Sermons").inputValue()).toBe("never");
    await poll(() => emailSelect(page, "Prayer").inputValue()).toBe("never");

    // The church's side: the e-mail delay and the digest's day and time, kept after a reload.
    await adminPage.goto("/admin/settings");
    const card = adminPage.getByRole("heading", { name: "Notifications and e-mail" });
    await poll(() => card.isVisible()).toBe(true);
    await adminPage.getByLabel("E-mail an unread notification after").selectOption({ label: "3 hours" });
    await adminPage.getByLabel("Weekly digest day").selectOption({ label: "Sunday" });
    await adminPage.getByLabel("Weekly digest time").fill("07:30");
    await adminPage.getByRole("button", { name: "Save Settings" }).click();
    await poll(() => adminPage.getByText("Your church settings have been saved.").first().isVisible()).toBe(true);
    await adminPage.reload();
    await poll(() => adminPage.getByLabel("Weekly digest day").inputValue()).toBe("0");
    await poll(() => adminPage.getByLabel("E-mail an unread notification after").inputValue()).toBe("3");
    await poll(() => adminPage.getByLabel("Weekly digest time").inputValue()).toBe("07:30");
    await card.scrollIntoViewIfNeeded();
    await checkBothSizes(adminPage, "church-settings-notifications");
  });
});
