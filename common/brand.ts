/** A church's look, without zod: the first screen paints the brand colour before any form loads. */

export const DEFAULT_BRAND_COLOR = "#6366F1";
export const LOGO_MAX_BYTES = 2 * 1024 * 1024;
/** The image types a logo may be; the server checks the bytes, not just the claimed type. */
export const LOGO_TYPES = ["image/png", "image/jpeg", "image/gif", "image/webp"] as const;
