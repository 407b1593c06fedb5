import { getBrandTheme } from "@common/brand";
import { contrastRatio, NEAR_BLACK, WHITE } from "@common/color";
import { describe, expect, it } from "vitest";
import { applyBrandTheme } from "./brand-theme";

describe("getBrandTheme", () => {
  it("keeps white text on the default #6366F1 by darkening it just enough for AA", () => {
    expect(contrastRatio(WHITE, "#6366F1")).toBeLessThan(4.5);
    const t = getBrandTheme("#6366F1");
    expect(t.brand).toBe("#6366f1");
    expect(t.primaryForeground).toBe(WHITE);
    expect(contrastRatio(t.primary, t.primaryForeground)).toBeGreaterThanOrEqual(4.5);
    expect(t.primary).not.toBe("#000000");
  });

  it("uses near-black text on light brand colours", () => {
    const t = getBrandTheme("#FACC15");
    expect(t.primaryForeground).toBe(NEAR_BLACK);
    expect(t.primary).toBe("#facc15");
    expect(contrastRatio(t.primary, t.primaryForeground)).toBeGreaterThanOrEqual(4.5);
  });

  it("leaves dark colours as they are, with white text", () => {
    const t = getBrandTheme("#1E3A8A");
    expect(t.primary).toBe("#1e3a8a");
    expect(t.primaryForeground).toBe(WHITE);
  });

  it("makes brand text readable on white and on the soft tint for any colour", () => {
    for (const c of ["#6366F1", "#FACC15", "#22C55E", "#F97316", "#06B6D4", "#EC4899"]) {
      const t = getBrandTheme(c);
      expect(contrastRatio(t.text, WHITE)).toBeGreaterThanOrEqual(4.5);
      expect(contrastRatio(t.text, t.soft)).toBeGreaterThanOrEqual(4.5);
      expect(contrastRatio(t.primary, t.primaryForeground)).toBeGreaterThanOrEqual(4.5);
    }
  });

  it("falls back to the default for missing or invalid colours", () => {
    expect(getBrandTheme(null).brand).toBe("#6366f1");
    expect(getBrandTheme("not-a-colour").brand).toBe("#6366f1");
  });
});

describe("applyBrandTheme", () => {
  it("sets the CSS variables on <html> and the theme-color meta tag", () => {
    applyBrandTheme("#0F766E");
    const style = document.documentElement.style;
    expect(style.getPropertyValue("--brand")).toBe("#0f766e");
    expect(style.getPropertyValue("--brand-foreground")).toBe(WHITE);
    expect(document.querySelector('meta[name="theme-color"]')?.getAttribute("content")).toBe("#0f766e");
  });
});
