import fs from "node:fs";
import path from "node:path";
import { deflateSync } from "node:zlib";
import { BADGES } from "@common/badges";
import { ONBOARDING_STEPS, POINTS } from "@common/points";
import type { BrowserContext, Page } from "playwright-core";
import { beforeAll, describe, expect, it } from "vitest";
import { apiPost, checkBothSizes, DESKTOP, signUpInContext, skipTours, startE2E, type TE2E } from "./harness";

const CHURCH = "Riverside Grace Fellowship";
const FIRST_PASSWORD = "a good long password";
const NEW_PASSWORD = "a brand new long password";
const BIO = "Sings bass. Loves <b>old</b> hymns & psalms.";
const stepPoints = (id: string) => ONBOARDING_STEPS.find((s) => s.id === id)?.points ?? Number.NaN;

/** A real 48x48 RGB PNG (a warm gradient), encoded here so the upload is a true image file. */
function makePng(size = 48): Buffer {
  const crc32 = (buf: Buffer) => {
    let c = ~0;
    for (const byte of buf) {
      c ^= byte;
      for (let k = 0; k < 8; k++) c = (c >>> 1) ^ (0xedb88320 & -(c & 1));
    }
    return ~c >>> 0;
  };
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type, "ascii"), data]);
    const len = Buffer.alloc(4);
    len.writeUInt32BE(data.length);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(body));
    return Buffer.concat([len, body, crc]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(size, 0);
  header.writeUInt32BE(size, 4);
  header[8] = 8; // bit depth; colour type 2 (RGB) below, no interlace
  header[9] = 2;
  const rows = Array.from({ length: size }, (_, y) => {
    const row = Buffer.alloc(1 + size * 3); // filter byte 0, then pixels
    for (let x = 0; x < size; x++) row.set([220, 90 + x * 2, 40 + y * 3], 1 + x * 3);
    return row;
  });
  const signature = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
  return Buffer.concat([
    signature,
    chunk("IHDR", header),
    chunk("IDAT", deflateSync(Buffer.concat(rows))),
    chunk("IEND", Buffer.alloc(0)),
  ]);
}

/** Waits on what the server and the page do; a busy machine (other tests, password hashing) can be slow. */
const poll = <T>(fn: () => T | Promise<T>) => expect.poll(fn, { timeout: 15_000 });

async function openProfile(page: Page, name: string) {
  await page.goto("/profile");
  await poll(() => page.getByRole("heading", { name, level: 1 }).isVisible()).toBe(true);
}

/** The toast on screen (one at a time) that carries `title`. */
const toastWith = (page: Page, title: string | RegExp) => page.locator("li", { hasText: title });

let e: TE2E;
let adminCtx: BrowserContext;
let png: { file: string; bytes: Buffer };

beforeAll(async () => {
  e = await startE2E();
  const bytes = makePng();
  const file = path.resolve(".tmp", `profile-e2e-${process.pid}.png`);
  fs.writeFileSync(file, bytes);
  png = { file, bytes };
  ({ context: adminCtx } = await e.newPage(DESKTOP));
  await signUpInContext(adminCtx, { email: "admin.profile@example.org", firstName: "Ruth" });
  await apiPost(adminCtx, "/api/churches", { name: CHURCH });
  return () => fs.rmSync(file, { force: true });
});

// The flow runs once, at desktop size; each screen is checked at phone size too (checkBothSizes).
describe("the profile page", () => {
  const email = "tim.profile@example.org";
  const newName = "Timothy Lindqvist";
  let context: BrowserContext;
  let page: Page;
  let userId = "";

  it("shows the member's real name, email, church, role and the initials for a picture", async () => {
    const inv = await apiPost(adminCtx, "/api/invitations", { email, role: "CONGREGANT" });
    ({ context, page } = await e.newPage(DESKTOP));
    const member = await signUpInContext(context, { email, firstName: "Tim", invitationToken: inv.token });
    userId = member.id;
    await skipTours(context, userId);

    await openProfile(page, "Tim Tester");
    const main = page.getByRole("main");
    await poll(() => main.getByText(email, { exact: true }).first().isVisible()).toBe(true);
    await poll(() => main.getByText(`Member of ${CHURCH}`).isVisible()).toBe(true);
    await poll(() => main.getByText("Church Member", { exact: true }).isVisible()).toBe(true);
    // No picture yet: the initials stand in, and no image is drawn.
    await poll(() => main.getByText("TT", { exact: true }).isVisible()).toBe(true);
    expect(await main.locator("img").count()).toBe(0);
    await poll(() => main.getByRole("button", { name: "Upload Photo" }).isVisible()).toBe(true);
    await poll(() => main.getByText("No achievements yet").isVisible()).toBe(true);
    await checkBothSizes(page, "profile-1-fresh");
  });

  it("the Edit Profile dialog takes the focus from the keyboard and Escape closes it", async () => {
    const edit = page.getByRole("button", { name: "Edit Profile" });
    await edit.focus();
    await page.keyboard.press("Enter");
    const dialog = page.getByRole("dialog", { name: "Edit Profile" });
    await poll(() => dialog.isVisible()).toBe(true);
    await poll(() => page.evaluate(() => !!document.activeElement?.closest("[role=dialog]"))).toBe(true);
    await page.keyboard.press("Escape");
    await poll(() => dialog.isVisible()).toBe(false);
  });

  it("edits the name and bio; the bio is kept verbatim and drawn as text, without a reload", async () => {
    await page.evaluate(() => {
      (window as unknown as { notReloaded: boolean }).notReloaded = true;
    });
    const pointsBefore = (await (await context.request.get("/api/user/stats")).json()).points;
    await page.getByRole("button", { name: "Edit Profile" }).click();
    const dialog = page.getByRole("dialog", { name: "Edit Profile" });
    await poll(() => dialog.isVisible()).toBe(true);
    const [first, last] = newName.split(" ");
    await dialog.getByLabel("First name").fill(first);
    await dialog.getByLabel("Last name").fill(last);
    await dialog.getByLabel("About you").fill(BIO);
    await poll(() => dialog.getByText(`${BIO.length}/500 characters`).isVisible()).toBe(true);
    await checkBothSizes(page, "profile-2-edit-dialog");
    await dialog.getByRole("button", { name: "Save Changes" }).click();

    await poll(() => dialog.isVisible()).toBe(false);
    await poll(() => page.getByRole("heading", { name: newName, level: 1 }).isVisible()).toBe(true);
    const main = page.getByRole("main");
    await poll(() => main.getByText(BIO, { exact: true }).isVisible()).toBe(true);
    expect(await main.locator("b").count()).toBe(0);
    // The sidebar's profile link follows at once.
    const sidebar = page.getByRole("complementary", { name: "Sidebar" });
    await poll(() => sidebar.getByText(newName, { exact: true }).isVisible()).toBe(true);
    expect(await page.evaluate(() => (window as unknown as { notReloaded?: boolean }).notReloaded)).toBe(true);

    const user = await (await context.request.get("/api/auth/user")).json();
    expect(user).toMatchObject({ firstName: first, lastName: last, bio: BIO });
    await poll(() => toastWith(page, "Profile Updated").isVisible()).toBe(true);
    // A complete profile completes the onboarding journey's "profile_setup" step (its points and
    // badge), a moment later: the step follows from the save's event (profile.updated).
    const stepPaid = pointsBefore + stepPoints("profile_setup");
    await poll(async () => (await (await context.request.get("/api/auth/user")).json()).points).toBe(stepPaid);
    user.points = stepPaid;
    // The next visit shows the badge.
    await openProfile(page, newName);
    await poll(() => main.getByText(BADGES.profile_complete.name, { exact: true }).isVisible()).toBe(true);
    const totalPoints = main.getByText("Total Points", { exact: true }).locator("..");
    await poll(() => totalPoints.textContent()).toContain(String(user.points));
    await checkBothSizes(page, "profile-3-edited");
  });

  it("uploads a picture, shows it, and serves it with cache headers", async () => {
    const main = page.getByRole("main");
    const [chooser] = await Promise.all([
      page.waitForEvent("filechooser"),
      main.getByRole("button", { name: "Upload Photo" }).click(),
    ]);
    await chooser.setFiles(png.file);
    await poll(() => toastWith(page, "Your profile photo has been updated.").isVisible()).toBe(true);
    const img = main.locator("img").first();
    await poll(() => img.evaluate((el: HTMLImageElement) => el.complete && el.naturalWidth)).toBe(48);
    await poll(() => main.getByRole("button", { name: "Change Photo" }).isVisible()).toBe(true);
    await poll(() => main.getByRole("button", { name: "Remove photo" }).isVisible()).toBe(true);

    const src = (await img.getAttribute("src")) ?? "";
    expect(src).toMatch(new RegExp(`^/api/users/${userId}/avatar\\?v=`));
    const res = await context.request.get(src);
    expect(res.status()).toBe(200);
    expect(res.headers()["content-type"]).toBe("image/png");
    expect(res.headers()["cache-control"]).toMatch(/max-age=\d+/);
    const etag = res.headers().etag;
    expect(etag).toBeTruthy();
    expect(Buffer.from(await res.body()).equals(png.bytes)).toBe(true);
    const again = await context.request.get(src, { headers: { "if-none-match": etag } });
    expect(again.status()).toBe(304);
    await checkBothSizes(page, "profile-4-picture");
  });

  it("saves prayer preferences as they change, and a reload shows them kept", async () => {
    const toggle = async (name: string) => {
      const saved = page.waitForResponse(
        (r) => r.url().endsWith("/api/user/preferences") && r.request().method() === "PATCH",
      );
      await page.getByRole("switch", { name }).click();
      expect((await saved).status()).toBe(200);
    };
    const checked = (name: string) => page.getByRole("switch", { name }).getAttribute("aria-checked");
    await poll(() => checked("Prayer reminders")).toBe("true");
    await toggle("Prayer reminders");
    await poll(() => toastWith(page, "Preferences Updated").isVisible()).toBe(true);
    await toggle("Family");
    await toggle("Healing");
    await checkBothSizes(page, "profile-5-preferences");

    await openProfile(page, newName);
    await poll(() => checked("Prayer reminders")).toBe("false");
    // Nothing sends "news by email", so no switch offers it (issue 24); the API keeps the field.
    expect(await page.getByRole("switch", { name: "Email notifications" }).count()).toBe(0);
    expect(await checked("Family")).toBe("true");
    expect(await checked("Healing")).toBe("false");
    expect(await checked("Guidance")).toBe("true");
    expect(await checked("Work")).toBe("false");
    const prefs = await (await context.request.get("/api/user/preferences")).json();
    expect(prefs).toMatchObject({
      prayerReminders: false,
      emailNotifications: true,
      prayerTopics: { healing: false, guidance: true, community: true, family: true, work: false },
    });
  });

  it("shows the server's figures and badges after a reading, with a badge toast", async () => {
    const today = await (await context.request.get("/api/bible-reading/today")).json();
    const before = (await (await context.request.get("/api/user/stats")).json()).points;
    await apiPost(context, "/api/bible-reading/complete", {
      passage: today.readings[0].passage,
      readingDate: today.date,
    });
    // The reading's points at once; its onboarding step ("join_growth") follows from its event.
    const expected = before + POINTS.dailyReading + stepPoints("join_growth");
    await poll(async () => (await (await context.request.get("/api/user/stats")).json()).points).toBe(expected);
    const stats = await (await context.request.get("/api/user/stats")).json();

    // The page's data is never stale on its own: the next visit fetches it and announces the new badges.
    await openProfile(page, newName);
    await poll(() => toastWith(page, "Badge Earned!").textContent()).toMatch(
      new RegExp(`${BADGES.first_reading.name}|${BADGES.growth_seeker.name}`),
    );
    const main = page.getByRole("main");
    for (const badge of [BADGES.first_reading, BADGES.growth_seeker, BADGES.profile_complete]) {
      await poll(() => main.getByText(badge.name, { exact: true }).isVisible()).toBe(true);
      expect(await main.getByText(badge.description, { exact: true }).isVisible()).toBe(true);
    }
    const totalPoints = main.getByText("Total Points", { exact: true }).locator("..");
    await poll(() => totalPoints.textContent()).toContain(String(stats.points));
    await poll(() => main.getByText(`+${POINTS.dailyReading} pts`, { exact: true }).first().isVisible()).toBe(true);
    await checkBothSizes(page, "profile-6-achievements");
  });

  it("changes the password: a wrong current one is refused, the right one works for the next sign-in", async () => {
    const main = page.getByRole("main");
    await main.getByRole("button", { name: "Change Password" }).click();
    const dialog = page.getByRole("dialog", { name: "Change Password" });
    await poll(() => dialog.isVisible()).toBe(true);
    await dialog.getByLabel("Current password").fill("not my password at all");
    await dialog.getByLabel("New password", { exact: true }).fill(NEW_PASSWORD);
    await dialog.getByLabel("Confirm new password").fill(NEW_PASSWORD);
    await dialog.getByRole("button", { name: "Change Password" }).click();
    await poll(() => dialog.getByText("Your current password is incorrect.").isVisible()).toBe(true);
    await checkBothSizes(page, "profile-7-password-wrong");

    await dialog.getByLabel("Current password").fill(FIRST_PASSWORD);
    await dialog.getByRole("button", { name: "Change Password" }).click();
    await poll(() => dialog.isVisible()).toBe(false);
    await poll(() => toastWith(page, "Password Changed").isVisible()).toBe(true);
    // This browser stays signed in.
    expect((await context.request.get("/api/auth/user")).status()).toBe(200);
  });

  let other: { context: BrowserContext; page: Page };

  it("a second browser signs in with the new password (the old one no longer works)", async () => {
    other = await e.newPage(DESKTOP);
    await skipTours(other.context, userId);
    const old = await other.context.request.post("/api/auth/login", {
      data: { email, password: FIRST_PASSWORD },
    });
    expect(old.status()).toBe(401);

    const p = other.page;
    await p.goto("/login");
    await p.getByLabel("Email").fill(email);
    await p.getByLabel("Password", { exact: true }).fill(NEW_PASSWORD);
    await p.getByRole("button", { name: "Sign In", exact: true }).click();
    await poll(() => p.url()).not.toContain("/login");
    await openProfile(p, newName);

    // The first browser sees the other device.
    await openProfile(page, newName);
    await poll(() => page.getByText("You are also signed in on 1 other device.").isVisible()).toBe(true);
  });

  it("Sign Out Everywhere ends both browsers' sessions", async () => {
    await page.getByRole("main").getByRole("button", { name: "Sign Out Everywhere" }).click();
    const confirm = page.getByRole("alertdialog", { name: "Sign out everywhere?" });
    await poll(() => confirm.isVisible()).toBe(true);
    await checkBothSizes(page, "profile-8-sign-out-everywhere");
    await confirm.getByRole("button", { name: "Sign Out Everywhere" }).click();
    await poll(() => page.getByRole("heading", { name: "Grow Together in Faith" }).isVisible()).toBe(true);
    expect((await context.request.get("/api/auth/user")).status()).toBe(401);

    // The other browser's next call answers 401 and the page takes it to sign in.
    expect((await other.context.request.get("/api/auth/user")).status()).toBe(401);
    await other.page.getByRole("switch", { name: "Work" }).click();
    await poll(() => other.page.url()).toMatch(/\/login$/);
    await poll(() => other.page.getByRole("button", { name: "Sign In", exact: true }).isVisible()).toBe(true);
  });
});
