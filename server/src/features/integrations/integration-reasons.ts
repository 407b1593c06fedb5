import fs from "node:fs";
import path from "node:path";
import { DEFAULT_LANGUAGE, type TLanguage } from "@common/i18n/locales";
import type { TIntegration } from "@common/integrations";
import { ERRORS, hasMessage, Text } from "../../lib/i18n";
import { ROOT } from "../../paths";

/**
 * The reasons an integration shows (why its last sync failed, why it was paused) are kept in English
 * in the database, as the church's export and the logs have them, and are put in the reader's
 * language when answered. Each is one sentence of the `errors` catalogue (`msg` in the providers and
 * the sync); one with values ("{0} refused the key: {1}.") is read back against the catalogue's
 * sentences that have placeholders, and its values (a provider's name, its own words) stay as they are.
 */
type TTemplate = { key: string; pattern: RegExp };

let templates: TTemplate[] | undefined;

const escapeRegExp = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

function getTemplates(): TTemplate[] {
  if (!templates) {
    const file = path.join(ROOT, "common/locales/en/errors.json");
    const keys = Object.keys(JSON.parse(fs.readFileSync(file, "utf8")) as Record<string, string>);
    templates = keys
      .filter((key) => /\{\d+\}/.test(key))
      .map((key) => ({
        key,
        literal: key.replace(/\{\d+\}/g, "").length,
        pattern: new RegExp(
          `^${key
            .split(/\{\d+\}/)
            .map(escapeRegExp)
            .join("([\\s\\S]+?)")}$`,
        ),
      }))
      // Only sentences with words of their own; the most specific first ("… HTTP {1}: {2}." before "… HTTP {1}.").
      .filter((t) => t.literal >= 12)
      .sort((a, b) => b.literal - a.literal)
      .map(({ key, pattern }) => ({ key, pattern }));
  }
  return templates;
}

/** The catalogue's sentence that `english` is, with its values, or null when it is none. */
function readBack(english: string): Text | null {
  if (hasMessage(ERRORS, english)) return new Text(english);
  for (const { key, pattern } of getTemplates()) {
    const match = pattern.exec(english);
    if (!match) continue;
    const order = [...key.matchAll(/\{(\d+)\}/g)].map((m) => m[1]);
    return new Text(key, Object.fromEntries(order.map((n, i) => [n, match[i + 1]])));
  }
  return null;
}

/** A stored reason in `language`; one the catalogue does not know stays as it is. */
export function sayReason(language: TLanguage, english: string | null | undefined): string | null {
  if (!english) return english ?? null;
  if (language === DEFAULT_LANGUAGE) return english;
  return readBack(english)?.in(language) ?? english;
}

/** An integration as answered to a reader of `language`: its reasons in their words. */
export function inLanguage<T extends TIntegration>(integration: T, language: TLanguage): T {
  return {
    ...integration,
    lastError: sayReason(language, integration.lastError),
    pausedReason: sayReason(language, integration.pausedReason),
  };
}
