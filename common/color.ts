/** Colour maths for the church brand colour (WCAG 2.x relative luminance and contrast). */

export type TRgb = [number, number, number];

export const WHITE = "#ffffff";
export const NEAR_BLACK = "#1c1917";

export function parseHexColor(hex: string): TRgb | null {
  const m = /^#?([0-9a-f]{3}|[0-9a-f]{6})$/i.exec(hex.trim());
  if (!m) return null;
  let h = m[1];
  if (h.length === 3) h = h.replace(/./g, (c) => c + c);
  return [0, 2, 4].map((i) => Number.parseInt(h.slice(i, i + 2), 16)) as TRgb;
}

export function toHex([r, g, b]: TRgb): string {
  return `#${[r, g, b]
    .map((c) =>
      Math.round(Math.min(255, Math.max(0, c)))
        .toString(16)
        .padStart(2, "0"),
    )
    .join("")}`;
}

export function relativeLuminance(rgb: TRgb): number {
  const [r, g, b] = rgb.map((c) => {
    const s = c / 255;
    return s <= 0.04045 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
  });
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

export function contrastRatio(a: string, b: string): number {
  const ca = parseHexColor(a);
  const cb = parseHexColor(b);
  if (!ca || !cb) return 1;
  const la = relativeLuminance(ca);
  const lb = relativeLuminance(cb);
  return (Math.max(la, lb) + 0.05) / (Math.min(la, lb) + 0.05);
}

/** Mix `hex` towards `target` by `amount` (0 = hex, 1 = target). */
export function mixColors(hex: string, target: string, amount: number): string {
  const a = parseHexColor(hex);
  const b = parseHexColor(target);
  if (!a || !b) return hex;
  return toHex(a.map((c, i) => c + (b[i] - c) * amount) as TRgb);
}

/** Darken `hex` in small steps until it reaches `ratio` against `against` (or black). */
export function darkenUntilContrast(hex: string, against: string, ratio: number): string {
  let out = hex;
  for (let step = 0; step <= 40 && contrastRatio(out, against) < ratio; step++) {
    out = mixColors(hex, "#000000", step * 0.025);
  }
  return out;
}
