import fs from "node:fs";
import { createRequire } from "node:module";
import type { Page } from "playwright-core";

const AXE = fs.readFileSync(createRequire(import.meta.url).resolve("axe-core/axe.min.js"), "utf8");

export type TViolation = { id: string; impact: string; help: string; nodes: { target: string[]; summary?: string }[] };

/** Runs axe-core's WCAG 2.1 A and AA rules on the page as it is now: what it breaks (empty when clean). */
export async function axe(page: Page): Promise<TViolation[]> {
  // Evaluated through the DevTools protocol: our CSP (rightly) blocks inline scripts.
  await page.evaluate(AXE);
  return page.evaluate(async () => {
    const w = window as unknown as {
      axe: { run: (ctx: Document, opts: object) => Promise<{ violations: TViolation[] }> };
    };
    const result = await w.axe.run(document, {
      runOnly: { type: "tag", values: ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"] },
    });
    return result.violations.map((v) => ({
      id: v.id,
      impact: v.impact,
      help: v.help,
      nodes: v.nodes
        .slice(0, 3)
        .map((n) => ({ target: n.target, summary: (n as unknown as { failureSummary: string }).failureSummary })),
    }));
  });
}
