import fs from "node:fs";
import path from "node:path";
import type { Page } from "playwright-core";
import { beforeAll, describe, expect, it } from "vitest";
import {
  apiPost,
  checkBothSizes,
  checkScreen,
  DESKTOP,
  inviteMember,
  signUpInContext,
  skipTours,
  startE2E,
  type TE2E,
} from "./harness";

/**
 * Issue 26: a member switches to Spanish, then to Arabic, and walks the dashboard, sermons, prayer and
 * profile with no English left on screen outside the church's own content (its name, a sermon's title,
 * people's names); Arabic reads right to left and fits a phone.
 */

let e: TE2E;
beforeAll(async () => {
  e = await startE2E();
});

const LOCALES = path.resolve("common/locales");

/** Every English sentence of the catalogues that its translation in `language` does not repeat. */
function englishSentences(language: string): Set<string> {
  const out = new Set<string>();
  for (const file of fs.readdirSync(path.join(LOCALES, "en")).filter((f) => f.endsWith(".json"))) {
    const en = JSON.parse(fs.readFileSync(path.join(LOCALES, "en", file), "utf8")) as Record<string, string>;
    const other = path.join(LOCALES, language, file);
    const translated = fs.existsSync(other)
      ? (JSON.parse(fs.readFileSync(other, "utf8")) as Record<string, string>)
      : {};
    for (const [key, message] of Object.entries(en))
      if (!message.includes("{") && /\p{L}{3,}/u.test(message) && translated[key] !== message) out.add(message.trim());
  }
  return out;
}

/** Words only English uses: one of them on screen is a sentence nobody translated. */
const ENGLISH_WORDS =
  /\b(the|your|you|with|and|this|that|have|has|are|is|of|yet|from|will|what|who|when|where|there|here|all|more|no one|sign|share|today|week|prayer|sermons?|events?|points?|streak|profile|settings|dashboard)\b/i;

/** The visible words of the page: text nodes, and the labels and placeholders of visible elements. */
function visibleTexts(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const out: string[] = [];
    const visible = (el: Element | null) => {
      for (let e = el; e; e = e.parentElement) {
        const style = getComputedStyle(e);
        if (style.display === "none" || style.visibility === "hidden") return false;
      }
      return true;
    };
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let n = walker.nextNode(); n; n = walker.nextNode()) {
      const text = n.textContent?.replace(/\s+/g, " ").trim();
      const parent = n.parentElement;
      if (!text || !parent || ["SCRIPT", "STYLE", "NOSCRIPT"].includes(parent.tagName)) continue;
      if (parent.closest("option") || !visible(parent)) continue;
      out.push(text);
    }
    for (const el of document.querySelectorAll("[aria-label], [placeholder], [title], img[alt]")) {
      if (!visible(el)) continue;
      for (const attr of ["aria-label", "placeholder", "title", "alt"]) {
        const v = el.getAttribute(attr)?.trim();
        if (v) out.push(v);
      }
    }
    return out;
  });
}

/** What is left on screen in English once the church's own content is taken out. */
async function englishLeft(page: Page, language: string, content: string[]): Promise<string[]> {
  const sentences = englishSentences(language);
  const texts = await visibleTexts(page);
  return texts.filter((raw) => {
    let text = raw;
    for (const c of content) text = text.split(c).join(" ");
    // The app's name, and file formats every language writes in Latin letters (the member's data download).
    text = text.replace(/Fellowship|\b(?:ZIP|JSON|CSV|README)\b/g, " ").trim();
    if (!/\p{L}{2,}/u.test(text)) return false;
    if (sentences.has(text)) return true;
    // In Arabic, any Latin word outside the church's content is English left over.
    if (language === "ar") return /[A-Za-z]{2,}/.test(text);
    return ENGLISH_WORDS.test(text);
  });
}

async function expectLanguage(page: Page, language: string, dir: "ltr" | "rtl") {
  await expect.poll(() => page.evaluate(() => document.documentElement.lang)).toBe(language);
  await expect.poll(() => page.evaluate(() => document.documentElement.dir)).toBe(dir);
}

/** Opens `path` and waits until its main content has shown (no skeleton left). */
async function open(page: Page, where: string) {
  await page.goto(where);
  await page.locator("main").first().waitFor();
  await expect.poll(() => page.locator('[aria-busy="true"], .animate-pulse').count(), { timeout: 20_000 }).toBe(0);
}

describe("languages (issue 26)", () => {
  it("a member switches to Spanish, then Arabic, and walks dashboard, sermons, prayer and profile with no English left", async () => {
    const { context: adminCtx } = await e.newPage(DESKTOP);
    const admin = await signUpInContext(adminCtx, {
      email: "pastora.lang@example.org",
      firstName: "Marta",
      lastName: "Ruiz",
    });
    await skipTours(adminCtx, admin.id);
    const churchName = "Iglesia Comunidad de Gracia";
    await apiPost(adminCtx, "/api/churches", { name: churchName });
    const sermon = {
      title: "El Buen Pastor",
      speaker: "Pastora Marta Ruiz",
      series: "Juan",
      scripture: "Juan 10:1-18",
      description: "Jesús conoce a sus ovejas por nombre.",
    };
    await apiPost(adminCtx, "/api/sermons", {
      ...sermon,
      date: "2026-11-15",
      videoUrl: null,
      audioUrl: null,
      notesUrl: null,
      notes: null,
      duration: 42,
      tags: [],
    });
    const start = new Date(Date.now() + 3 * 86_400_000);
    const event = {
      title: "Cena de hermandad",
      location: "Salón parroquial",
      description: "Trae un plato para compartir.",
    };
    await apiPost(adminCtx, "/api/events", {
      ...event,
      startTime: start.toISOString(),
      endTime: new Date(start.getTime() + 90 * 60_000).toISOString(),
      streamUrl: null,
    });
    const prayer = { title: "Por la salud de mi madre", description: "Está en el hospital esta semana." };
    await apiPost(adminCtx, "/api/prayer-requests", { ...prayer, isAnonymous: false });
    const { page, context } = await inviteMember(e, DESKTOP, adminCtx, "lucia.lang@example.org", "Lucía");

    const content = [
      churchName,
      ...Object.values(sermon),
      ...Object.values(prayer),
      ...Object.values(event),
      "Marta Ruiz",
      "Marta",
      "Lucía Tester",
      "Lucía",
      "Tester",
      "lucia.lang@example.org",
      "LT",
      "MR",
    ];

    // Spanish, chosen on the profile: the page switches at once, and stays so on every page.
    await open(page, "/profile");
    await page.getByLabel("Language", { exact: true }).selectOption("es");
    await expectLanguage(page, "es", "ltr");
    const saved = await context.request.get("/api/auth/user");
    expect((await saved.json()).language).toBe("es");
    for (const [where, name] of [
      ["/", "dashboard"],
      ["/sermons", "sermons"],
      ["/prayer-requests", "prayer"],
      ["/profile", "profile"],
    ] as const) {
      await open(page, where);
      await expectLanguage(page, "es", "ltr");
      expect(await englishLeft(page, "es", content), `${where} in Spanish`).toEqual([]);
      await checkScreen(page, `languages-es-${name}`);
    }

    // Arabic: right to left, both sizes.
    await page.getByLabel("Idioma", { exact: true }).selectOption("ar");
    await expectLanguage(page, "ar", "rtl");
    for (const [where, name] of [
      ["/", "dashboard"],
      ["/sermons", "sermons"],
      ["/prayer-requests", "prayer"],
      ["/profile", "profile"],
    ] as const) {
      await open(page, where);
      await expectLanguage(page, "ar", "rtl");
      expect(await englishLeft(page, "ar", content), `${where} in Arabic`).toEqual([]);
      await checkBothSizes(page, `languages-ar-${name}`);
    }
  });
});
