import fs from "node:fs";
import path from "node:path";
import type { BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startMailchimpStandIn, type TMailchimpStandIn } from "../server/test/stand-ins/mailchimp";
import { startPlanningCenterStandIn } from "../server/test/stand-ins/planning-center";
import type { TStandIn } from "../server/test/stand-ins/stand-in-server";
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

/**
 * Issue 26: the admin screens in Arabic (right to left) and in Spanish (longer words), at both sizes:
 * each shows its heading in the admin's language, no English word of that heading, no sideways
 * overflow and no axe violation. The screenshots are for a person to look at.
 */

const AUDIENCE = "fellowship02";
let e: TE2E;
let pc: TStandIn<{ people: unknown[] }>;
let mc: TMailchimpStandIn;

beforeAll(async () => {
  pc = await startPlanningCenterStandIn({ people: 6 });
  mc = await startMailchimpStandIn({ audiences: [AUDIENCE] });
  e = await startE2E({
    PLANNING_CENTER_API_URL: pc.url,
    MAILCHIMP_API_URL: `${mc.url}/{dc}`,
    CCB_API_URL: "http://127.0.0.1:9/{subdomain}",
  });
});

afterAll(async () => {
  await pc?.close();
  await mc?.close();
});

const poll = <T>(fn: () => Promise<T>) => expect.poll(fn, { timeout: 20_000 });
const LOCALES = path.resolve("common/locales");

function message(language: string, namespace: string, key: string): string {
  const file = JSON.parse(fs.readFileSync(path.join(LOCALES, language, `${namespace}.json`), "utf8"));
  const text = file[key];
  if (typeof text !== "string") throw new Error(`${language}/${namespace}.json has no ${key}`);
  return text;
}

/** Each admin screen, where it is and the catalogue message of its page heading. */
const SCREENS = [
  { name: "dashboard", where: "/admin", heading: ["pages", "admin.title"] },
  { name: "members", where: "/admin/members", heading: ["members", "title"] },
  { name: "invitations", where: "/admin/invitations", heading: ["invitations", "page.title"] },
  { name: "member-import", where: "/admin/members/import", heading: ["memberImport", "page.title"] },
  { name: "integrations", where: "/admin/integrations", heading: ["integrations", "page.title"] },
  { name: "audit", where: "/admin/audit", heading: ["audit", "page.title"] },
  { name: "settings", where: "/admin/settings", heading: ["settings", "page.title"] },
  { name: "analytics", where: "/admin/analytics", heading: ["analytics", "page.title"] },
] as const;

/** The English heading's own words (three letters or more) that the translated heading does not share. */
function englishWords(english: string, translated: string): string[] {
  const own = new Set(translated.toLowerCase().match(/\p{L}+/gu) ?? []);
  return (english.match(/\p{L}{3,}/gu) ?? []).filter((w) => !own.has(w.toLowerCase()));
}

/** Opens `where` and waits until its main content has shown (no skeleton left). */
async function open(page: Page, where: string) {
  await page.goto(where);
  await page.locator("main").first().waitFor();
  await poll(() => page.locator('[aria-busy="true"], .animate-pulse').count()).toBe(0);
}

/** The visible text of the page, with the labels of its visible elements. */
function visibleText(page: Page): Promise<string> {
  return page.evaluate(() => {
    // biome-ignore lint/performance/useDomNodeTextContent: what is shown, not the hidden table or card list
    const parts = [document.body.innerText];
    for (const el of document.querySelectorAll("[aria-label], [placeholder], [title]")) {
      if ((el as HTMLElement).offsetParent === null) continue;
      for (const attr of ["aria-label", "placeholder", "title"]) parts.push(el.getAttribute(attr) ?? "");
    }
    return parts.join("\n");
  });
}

async function setLanguage(context: BrowserContext, language: string) {
  const res = await context.request.patch("/api/user/preferences", { data: { language } });
  expect(res.ok(), await res.text()).toBe(true);
}

function csv(tag: string) {
  const rows = Array.from({ length: 4 }, (_, i) => `persona${i + 1}.${tag}@example.org,Persona${i + 1},Import,`);
  return ["Email,First Name,Last Name,Role", ...rows, "not-an-address,Bad,Row,"].join("\n");
}

describe("admin screens in Arabic and Spanish (issue 26)", () => {
  it("walks dashboard, members, invitations, import, integrations, audit, settings and analytics in ar and es", {
    timeout: 480_000,
  }, async () => {
    const { context, page } = await e.newPage(DESKTOP);
    const admin = await signUpInContext(context, {
      email: "pastor.admin-lang@example.org",
      firstName: "Samir",
      lastName: "Haddad",
    });
    await skipTours(context, admin.id);
    await apiPost(context, "/api/churches", { name: "Iglesia de la Esperanza" });
    for (const [email, firstName] of [
      ["amal.lang@example.org", "Amal"],
      ["joao.lang@example.org", "João"],
    ] as const) {
      const member = await inviteMember(e, DESKTOP, context, email, firstName);
      await member.context.close();
    }
    await apiPost(context, "/api/invitations", { email: "waiting.guest@example.org", role: "GROUP_LEADER" });
    await apiPost(context, "/api/integrations", { platform: "planning_center", apiKey: pc.key, config: {} });
    await apiPost(context, "/api/integrations", {
      platform: "mailchimp",
      apiKey: mc.key,
      config: { audienceId: AUDIENCE },
    });
    const start = new Date(Date.now() + 4 * 86_400_000);
    await apiPost(context, "/api/events", {
      title: "Cena de hermandad",
      description: "Para todos.",
      location: "Salón",
      startTime: start.toISOString(),
      endTime: new Date(start.getTime() + 3_600_000).toISOString(),
      streamUrl: null,
    });

    for (const language of ["ar", "es"] as const) {
      await setLanguage(context, language);
      for (const screen of SCREENS) {
        await open(page, screen.where);
        await poll(() => page.evaluate(() => document.documentElement.lang)).toBe(language);
        expect(await page.evaluate(() => document.documentElement.dir)).toBe(language === "ar" ? "rtl" : "ltr");
        const [namespace, key] = screen.heading;
        const translated = message(language, namespace, key);
        await poll(() => page.getByRole("heading", { name: translated, exact: true }).first().isVisible()).toBe(true);
        const english = message("en", namespace, key);
        const text = await visibleText(page);
        for (const word of englishWords(english, translated))
          expect(text, `${language} ${screen.name}: "${word}" of "${english}"`).not.toMatch(
            new RegExp(`\\b${word}\\b`),
          );

        if (screen.name === "member-import") {
          await page.locator('input[type="file"]').setInputFiles({
            name: "personas.csv",
            mimeType: "text/csv",
            buffer: Buffer.from(csv(language)),
          });
          await page.getByRole("button", { name: message(language, "memberImport", "step1.check") }).click();
          await poll(() =>
            page.getByRole("list", { name: message(language, "memberImport", "preview.label") }).isVisible(),
          ).toBe(true);
        }
        await checkBothSizes(page, `${language}-${screen.name}`);

        if (screen.name === "invitations") {
          await page.getByRole("button", { name: message(language, "invitations", "page.inviteMember") }).click();
          const dialog = page.getByRole("dialog", { name: message(language, "invitations", "dialog.title") });
          await poll(() => dialog.isVisible()).toBe(true);
          await checkBothSizes(page, `${language}-invite-dialog`);
          await page.keyboard.press("Escape");
          await poll(() => dialog.isVisible()).toBe(false);
        }
      }
    }
  });
});
