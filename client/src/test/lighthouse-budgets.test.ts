import path from "node:path";
import { describe, expect, it } from "vitest";

// bench/lighthouse.ts reports each page against scripts/lighthouse-budgets.mjs (issue 30); both are
// outside the client, so read by their paths (as check-bundle-budget.test.ts reads its script).
const row = { page: "Sermons", performance: 97, accessibility: 100, bestPractices: 100, tbtMs: 120, lcpMs: 2100 };
const ROOT = path.resolve(import.meta.dirname, "../../..");
const { LIGHTHOUSE_PAGES } = (await import(/* @vite-ignore */ path.join(ROOT, "bench/lighthouse.ts"))) as {
  LIGHTHOUSE_PAGES: { name: string }[];
};
const { LIGHTHOUSE_BUDGETS, overLighthouseBudget } = (await import(
  /* @vite-ignore */ path.join(ROOT, "scripts/lighthouse-budgets.mjs")
)) as {
  LIGHTHOUSE_BUDGETS: Record<string, unknown>;
  overLighthouseBudget: (r: typeof row) => string[];
};

describe("Lighthouse budgets", () => {
  it("has a budget for every page the bench measures, and none for a page it does not", () => {
    expect(Object.keys(LIGHTHOUSE_BUDGETS).sort()).toEqual([...new Set(LIGHTHOUSE_PAGES.map((p) => p.name))].sort());
  });

  it("says nothing for a page within its budget", () => {
    expect(overLighthouseBudget(row)).toEqual([]);
  });

  it("names each miss: a score under its least, a time over its most", () => {
    expect(overLighthouseBudget({ ...row, performance: 88, tbtMs: 420, lcpMs: 2600 })).toEqual([
      "performance 88 < 95",
      "TBT 420 ms > 200 ms",
      "LCP 2600 ms > 2500 ms",
    ]);
    expect(overLighthouseBudget({ ...row, page: "Landing", bestPractices: 96 })).toEqual(["best practices 96 < 100"]);
    // Best practices are budgeted for the landing page only.
    expect(overLighthouseBudget({ ...row, bestPractices: 96 })).toEqual([]);
  });
});
