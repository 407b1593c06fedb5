/**
 * The languages Fellowship ships (issue 26). Each has its folder of catalogues in common/locales/<code>/;
 * adding a language is adding its folder and its code here (CONTRIBUTING.md "Languages").
 */
export const LANGUAGES = ["en", "es", "pt-BR", "fr", "ko", "ar"] as const;
export type TLanguage = (typeof LANGUAGES)[number];
export const DEFAULT_LANGUAGE: TLanguage = "en";

/** Each language by its own name, for the switch: a reader finds their language whatever is on screen. */
export const LANGUAGE_NAMES: Record<TLanguage, string> = {
  en: "English",
  es: "Español",
  "pt-BR": "Português (Brasil)",
  fr: "Français",
  ko: "한국어",
  ar: "العربية",
};

const RTL: ReadonlySet<TLanguage> = new Set(["ar"]);
export const languageDirection = (language: TLanguage): "rtl" | "ltr" => (RTL.has(language) ? "rtl" : "ltr");

export const isLanguage = (value: unknown): value is TLanguage => LANGUAGES.includes(value as TLanguage);

/**
 * The shipped language that best serves a language tag (`es-MX` → `es`, `pt` and `pt-PT` → `pt-BR`, the
 * only Portuguese shipped), or null when none does.
 */
export function matchLanguage(tag: string): TLanguage | null {
  const lower = tag.trim().toLowerCase();
  if (!lower) return null;
  const exact = LANGUAGES.find((l) => l.toLowerCase() === lower);
  if (exact) return exact;
  const base = lower.split(/[-_]/)[0];
  return LANGUAGES.find((l) => l.toLowerCase().split("-")[0] === base) ?? null;
}

/**
 * The language an `Accept-Language` header (or a browser's `navigator.languages`) asks for: the
 * shipped one with the highest weight, in the header's order among equals; null when none is shipped.
 */
export function negotiateLanguage(accept: string | readonly string[] | null | undefined): TLanguage | null {
  if (!accept) return null;
  const tags = typeof accept === "string" ? accept.split(",") : accept;
  const ranked = tags
    .map((part, index) => {
      const [tag, ...params] = part.split(";");
      const q = params.map((p) => /^\s*q=([0-9.]+)\s*$/.exec(p)?.[1]).find((v) => v !== undefined);
      return { tag: tag.trim(), q: q === undefined ? 1 : Number(q), index };
    })
    .filter((t) => t.tag && t.tag !== "*" && Number.isFinite(t.q) && t.q > 0)
    .sort((a, b) => b.q - a.q || a.index - b.index);
  for (const t of ranked) {
    const match = matchLanguage(t.tag);
    if (match) return match;
  }
  return null;
}

/**
 * Which language a person is answered in: their own choice on the profile, else their church's
 * default (Church Settings), else what their browser asks for, else English.
 */
export function resolveLanguage(
  choice: string | null | undefined,
  churchDefault: string | null | undefined,
  accept: string | readonly string[] | null | undefined,
): TLanguage {
  if (isLanguage(choice)) return choice;
  if (isLanguage(churchDefault)) return churchDefault;
  return negotiateLanguage(accept) ?? DEFAULT_LANGUAGE;
}
