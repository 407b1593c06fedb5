/**
 * A church's public page lives at /c/{slug}. Without zod: the church setup screen makes a slug from
 * the name as the leader types, and the signed-out public page has a budget.
 */

export const SLUG_MIN = 3;
export const SLUG_MAX = 40;
export const SLUG_PATTERN = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;
/** Made when a name gives nothing usable (too short, or no Latin letters or digits at all). */
export const FALLBACK_SLUG = "church";

/** Words that would read as the app's own pages, or be mistaken for them. */
export const RESERVED_SLUGS: ReadonlySet<string> = new Set([
  "admin",
  "api",
  "app",
  "assets",
  "auth",
  "c",
  "churches",
  "dashboard",
  "help",
  "invite",
  "join",
  "login",
  "logout",
  "new",
  "public",
  "register",
  "settings",
  "setup",
  "signin",
  "signup",
  "static",
  "support",
  "www",
]);

export const SLUG_RULE_MESSAGE = `The address must be ${SLUG_MIN}–${SLUG_MAX} lower-case letters, digits and hyphens (no hyphen at either end)`;

/** What is wrong with a slug the user typed, or null when it can be used (uniqueness aside). */
export function getSlugProblem(slug: string): string | null {
  if (slug.length < SLUG_MIN || slug.length > SLUG_MAX || !SLUG_PATTERN.test(slug)) return SLUG_RULE_MESSAGE;
  if (RESERVED_SLUGS.has(slug)) return `"${slug}" is reserved; choose another address`;
  return null;
}

/** The slug a name makes: "St. Mark's Church" -> "st-marks-church"; accents dropped, at most 40 characters. */
export function slugFromName(name: string): string {
  const base = name
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/['’]/g, "")
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "")
    .slice(0, SLUG_MAX)
    .replace(/-+$/g, "");
  if (base.length < SLUG_MIN) return FALLBACK_SLUG;
  return RESERVED_SLUGS.has(base) ? `${base}-church`.slice(0, SLUG_MAX) : base;
}

/** The n-th candidate after `base` is taken: base-2, base-3..., cut so it stays within 40 characters. */
export function slugWithNumber(base: string, n: number): string {
  const suffix = `-${n}`;
  return `${base.slice(0, SLUG_MAX - suffix.length).replace(/-+$/g, "")}${suffix}`;
}

/** The public page's path for a slug. */
export const publicPagePath = (slug: string) => `/c/${slug}`;
