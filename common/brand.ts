/** A church's look, without zod: the first screen paints the brand colour before any form loads. */
import { contrastRatio, darkenUntilContrast, mixColors, NEAR_BLACK, parseHexColor, WHITE } from "./color";

export const DEFAULT_BRAND_COLOR = "#6366F1";
export const LOGO_MAX_BYTES = 2 * 1024 * 1024;
/** The image types a logo may be; the server checks the bytes, not just the claimed type. */
export const LOGO_TYPES = ["image/png", "image/jpeg", "image/gif", "image/webp"] as const;

/** WCAG AA for normal text: the least contrast of any text on the brand colour, on screens and in e-mails. */
export const AA_TEXT_CONTRAST = 4.5;

export type TBrandTheme = {
  /** The church's colour as chosen (used for `<meta name=theme-color>` and accents). */
  brand: string;
  /** Filled surfaces (buttons, badges): the brand colour, darkened only when needed for AA text on it. */
  primary: string;
  /** Text on `primary`: white or near-black, always at least 4.5:1. */
  primaryForeground: string;
  /** Brand-coloured text and focus rings on white or `soft`: at least 4.5:1. */
  text: string;
  /** A light tint for active navigation and highlights. */
  soft: string;
  border: string;
};

/**
 * Prefer white text on the brand colour (it reads as "the brand"); very light colours (yellow, mint)
 * get near-black text instead; mid tones that miss AA with white by a little (like the default
 * #6366F1 at 4.47:1) are darkened just enough rather than switched to dark text.
 */
export function getBrandTheme(color: string | null | undefined): TBrandTheme {
  const brand = color && parseHexColor(color) ? color.toLowerCase() : DEFAULT_BRAND_COLOR.toLowerCase();
  let primary = brand;
  let primaryForeground = WHITE;
  if (contrastRatio(WHITE, brand) < AA_TEXT_CONTRAST) {
    if (contrastRatio(NEAR_BLACK, brand) >= 7) primaryForeground = NEAR_BLACK;
    else primary = darkenUntilContrast(brand, WHITE, AA_TEXT_CONTRAST);
  }
  const soft = mixColors(brand, WHITE, 0.9);
  // Text must stay readable on the soft tint as well as on white; the tint is the harder case.
  const text = darkenUntilContrast(brand, soft, AA_TEXT_CONTRAST + 0.2);
  const border = mixColors(brand, WHITE, 0.65);
  return { brand, primary, primaryForeground, text, soft, border };
}
