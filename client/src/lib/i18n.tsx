import { messageId, type TCatalogMessages, type TValues } from "@common/i18n/catalog";
import {
  DEFAULT_LANGUAGE,
  isLanguage,
  languageDirection,
  negotiateLanguage,
  type TLanguage,
} from "@common/i18n/locales";
import { type Messages, setupI18n } from "@lingui/core";
import { I18nProvider, LinguiContext, Trans } from "@lingui/react";
import { Direction } from "radix-ui";
import { type ReactElement, type ReactNode, useContext, useMemo } from "react";
import { readStorage, writeStorage } from "./storage";

/**
 * Every word on screen comes from a catalogue (issue 26): common/locales/<language>/<namespace>.json.
 * A feature declares its namespace once (`catalog("sermons", en)`, with the English file imported, so
 * English is in the page's own code and never waits) and its components ask `useT(sermonsCatalog)`
 * for a typed `t(key, values)`. Other languages download per namespace when first needed: a
 * component whose namespace is still on its way suspends, and the page's skeleton shows meanwhile.
 */
export const i18n = setupI18n();

/** The other languages' files of one namespace, by path (`import.meta.glob` in the feature's i18n.ts). */
export type TTranslations = Record<string, () => Promise<unknown>>;

/** A namespace, its English messages (`keyof M` is what `t` accepts) and its other languages' files. */
export type TCatalog<M extends TCatalogMessages = TCatalogMessages> = {
  namespace: string;
  en: M;
  translations: TTranslations;
};

const LOCAL_CHOICE_KEY = "language";
const LAST_USED_KEY = "language_last";

/** English of every namespace whose module ran (compiled by scripts/catalog-plugin.mjs), by message id. */
const english: Messages = {};
const loaded = new Map<TLanguage, Set<string>>([[DEFAULT_LANGUAGE, new Set()]]);
const loading = new Map<string, Promise<void>>();

const prefixed = (namespace: string, messages: Messages): Messages =>
  Object.fromEntries(Object.entries(messages).map(([k, v]) => [messageId(namespace, k), v]));

const catalogs = new Map<string, TCatalog>();

/**
 * Declares a namespace (in its feature's i18n.ts):
 * `catalog("sermons", en, import.meta.glob(["@common/locales/*​/sermons.json", "!**​/en/*"], { import: "default" }))`.
 * The list of the other languages' files stays in the feature's own code, not in every page's.
 */
export function catalog<M extends TCatalogMessages>(
  namespace: string,
  en: M,
  translations: TTranslations,
): TCatalog<M> {
  const messages = prefixed(namespace, en as unknown as Messages);
  Object.assign(english, messages);
  i18n.load(DEFAULT_LANGUAGE, messages);
  loaded.get(DEFAULT_LANGUAGE)?.add(namespace);
  const cat = { namespace, en, translations };
  catalogs.set(namespace, cat);
  return cat;
}

const isLoaded = (language: TLanguage, namespace: string) => loaded.get(language)?.has(namespace) ?? false;

/** Downloads (once) `namespace` in `language`; a namespace not translated yet falls back to English. */
function load(language: TLanguage, namespace: string): Promise<void> {
  if (isLoaded(language, namespace)) return Promise.resolve();
  const key = `${language}/${namespace}`;
  let pending = loading.get(key);
  if (!pending) {
    const translations = catalogs.get(namespace)?.translations ?? {};
    const file = Object.keys(translations).find((path) => path.endsWith(`/${key}.json`));
    pending = (file ? translations[file]() : Promise.resolve({}))
      .then((messages) => {
        i18n.load(language, prefixed(namespace, messages as Messages));
        if (!loaded.has(language)) loaded.set(language, new Set());
        loaded.get(language)?.add(namespace);
      })
      .finally(() => loading.delete(key));
    loading.set(key, pending);
  }
  return pending;
}

function format(namespace: string, key: string, values?: TValues): string {
  const id = messageId(namespace, key);
  // The English message stands in for one a language lacks (the checks in .ci/run allow none).
  return i18n._(id, values, { message: english[id] as unknown as string });
}

/**
 * The i18n in use: the provider's (which renders again on a switch), else the one instance itself, so
 * that a component rendered on its own (a unit test without the app's providers) still speaks.
 */
function useActive() {
  return useContext(LinguiContext)?.i18n ?? i18n;
}

export type TTranslate<M extends TCatalogMessages> = (key: keyof M & string, values?: TValues) => string;

/**
 * `t(key, values)` in the language in use; the component renders again when the language changes and
 * suspends while `cat`'s messages in it download.
 */
export function useT<M extends TCatalogMessages>(cat: TCatalog<M>): TTranslate<M> {
  const active = useActive();
  const language = active.locale as TLanguage;
  if (!isLoaded(language, cat.namespace)) throw load(language, cat.namespace);
  // A new `t` per language: what depends on it (an effect's toast, a memoised label) follows the switch.
  // biome-ignore lint/correctness/useExhaustiveDependencies: `language` is what the new `t` stands for
  return useMemo<TTranslate<M>>(() => (key, values) => format(cat.namespace, key, values), [cat, language]);
}

/** `t` outside a component (a toast after a request): the language in use, English for what is not loaded. */
/**
 * A catalogue keyed by its English text (the `errors` one): `language`'s words for `english`, once
 * downloaded, or the English itself.
 */
export async function textTranslator(cat: TCatalog, language: TLanguage): Promise<(english: string) => string> {
  await load(language, cat.namespace).catch(() => undefined);
  return (english) => {
    const id = messageId(cat.namespace, english);
    return language !== DEFAULT_LANGUAGE && Object.hasOwn(i18n.messages, id) && i18n.locale === language
      ? i18n._(id)
      : english;
  };
}

export function translator<M extends TCatalogMessages>(cat: TCatalog<M>): TTranslate<M> {
  return (key, values) => format(cat.namespace, key, values);
}

/**
 * A message with markup: `<0>…</0>` in the catalogue becomes `components[0]` wrapping its words
 * ("By signing in you agree to <0>the terms</0>"), so a translation can move the link where its
 * grammar puts it.
 */
export function Rich<M extends TCatalogMessages>(props: {
  catalog: TCatalog<M>;
  k: keyof M & string;
  values?: TValues;
  components: Record<string, ReactElement>;
}): ReactElement {
  useT(props.catalog);
  const hasProvider = useContext(LinguiContext) !== null;
  const id = messageId(props.catalog.namespace, props.k);
  const trans = (
    <Trans id={id} message={english[id] as unknown as string} values={props.values} components={props.components} />
  );
  return hasProvider ? trans : <I18nProvider i18n={i18n}>{trans}</I18nProvider>;
}

export const currentLanguage = (): TLanguage => (isLanguage(i18n.locale) ? i18n.locale : DEFAULT_LANGUAGE);

function applyToDocument(language: TLanguage) {
  if (typeof document === "undefined") return;
  document.documentElement.lang = language;
  document.documentElement.dir = languageDirection(language);
}

/**
 * Switches the whole screen to `language`: what is on screen now is downloaded in it first, so the
 * switch happens at once rather than through a skeleton.
 */
export async function activateLanguage(language: TLanguage): Promise<void> {
  if (i18n.locale === language) return;
  const shown = [...(loaded.get(currentLanguage()) ?? [])];
  await Promise.all(shown.map((namespace) => load(language, namespace)));
  i18n.activate(language);
  applyToDocument(language);
  writeStorage(LAST_USED_KEY, language);
}

/** A visitor's pick on the sign-in page (a signed-in member's choice is saved on their profile). */
export const readLocalChoice = (): TLanguage | null => {
  const stored = readStorage(LOCAL_CHOICE_KEY);
  return isLanguage(stored) ? stored : null;
};
export const writeLocalChoice = (language: TLanguage) => writeStorage(LOCAL_CHOICE_KEY, language);

/** The browser's languages, best first. */
export const browserLanguages = (): readonly string[] =>
  typeof navigator === "undefined" ? [] : navigator.languages?.length ? navigator.languages : [navigator.language];

/** Before anyone is known: the language last used on this device, else the visitor's pick, else the browser's. */
function startingLanguage(): TLanguage {
  const last = readStorage(LAST_USED_KEY);
  if (isLanguage(last)) return last;
  return readLocalChoice() ?? negotiateLanguage(browserLanguages()) ?? DEFAULT_LANGUAGE;
}

const starting = startingLanguage();
// Its messages arrive with each namespace; an empty start keeps Lingui from warning in the meantime.
i18n.load(starting, {});
i18n.activate(starting);
applyToDocument(starting);

export function LanguageProvider({ children }: { children: ReactNode }) {
  return (
    <I18nProvider i18n={i18n}>
      <RadixDirection>{children}</RadixDirection>
    </I18nProvider>
  );
}

/** Radix's radio groups, tabs and menus set their own `dir` (else "ltr"): they follow the language's. */
function RadixDirection({ children }: { children: ReactNode }) {
  const locale = useActive().locale;
  const dir = languageDirection(isLanguage(locale) ? locale : DEFAULT_LANGUAGE);
  return <Direction.DirectionProvider dir={dir}>{children}</Direction.DirectionProvider>;
}

/** Numbers, dates and relative times in the language in use (and a time zone when one is given). */
export function useFormat() {
  const active = useActive();
  return formatters(active.locale);
}

/**
 * The `Intl` locale of a language: English keeps the specs' en-US forms ("Mar 4, 2025", 12-hour
 * times); Arabic keeps Latin digits, as the church's own data (times, verses, phone numbers) has them.
 */
export const intlLocale = (language: string): string =>
  language === "en" ? "en-US" : language === "ar" ? "ar-u-nu-latn" : language;

const dateFormats = new Map<string, Intl.DateTimeFormat>();

/** One `Intl.DateTimeFormat` per locale and options, made the first time it is asked for. */
function intlDateFormat(locale: string, options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  const key = `${locale} ${JSON.stringify(options)}`;
  let f = dateFormats.get(key);
  if (!f) {
    f = new Intl.DateTimeFormat(locale, options);
    dateFormats.set(key, f);
  }
  return f;
}

/**
 * A date format in the language on screen (`Intl.DateTimeFormat` options), read when it formats:
 * in place of a module-level `new Intl.DateTimeFormat("en-US", options)`.
 */
export function dateFormat(options: Intl.DateTimeFormatOptions): Pick<Intl.DateTimeFormat, "format" | "formatToParts"> {
  const get = () => intlDateFormat(intlLocale(currentLanguage()), options);
  return { format: (d) => get().format(d), formatToParts: (d) => get().formatToParts(d) };
}

const englishAgo = (n: number, unit: string) => `${n} ${unit}${n === 1 ? "" : "s"} ago`;

/**
 * Spec 2 section 9's words, which outside tests read: "Just now" under a minute, then minutes, hours,
 * days under 7, else the en-US date.
 */
function englishRelative(d: Date, now: Date): string {
  const seconds = Math.max(0, Math.floor((now.getTime() - d.getTime()) / 1000));
  const minutes = Math.floor(seconds / 60);
  const hours = Math.floor(minutes / 60);
  const days = Math.floor(hours / 24);
  if (seconds < 60) return "Just now";
  if (minutes < 60) return englishAgo(minutes, "minute");
  if (hours < 24) return englishAgo(hours, "hour");
  if (days < 7) return englishAgo(days, "day");
  return d.toLocaleDateString("en-US");
}

type TFormatters = {
  number: (n: number) => string;
  date: (d: Date | string | number, options: Intl.DateTimeFormatOptions) => string;
  relative: (d: Date | string | number, now?: Date | number) => string;
};

const formattersByLanguage = new Map<string, TFormatters>();

/** `useFormat()`'s functions for one language, made once (outside a component: `formatters(currentLanguage())`). */
export function formatters(language: string): TFormatters {
  let made = formattersByLanguage.get(language);
  if (made) return made;
  const locale = intlLocale(language);
  const numbers = new Intl.NumberFormat(locale);
  const relative = new Intl.RelativeTimeFormat(locale, { numeric: "auto", style: "short" });
  made = {
    number: (n) => numbers.format(n),
    date: (d, options) => intlDateFormat(locale, options).format(new Date(d)),
    /**
     * When something happened: in English spec 2's words ("Just now", "5 minutes ago", then a date);
     * in another language Intl's short words ("hace 5 min", "ayer"), the largest unit that fits.
     */
    relative: (d, now = Date.now()) => {
      if (language === DEFAULT_LANGUAGE) return englishRelative(new Date(d), new Date(now));
      const seconds = Math.round((new Date(d).getTime() - new Date(now).getTime()) / 1000);
      const abs = Math.abs(seconds);
      if (abs < 60) return relative.format(0, "second");
      if (abs < 3600) return relative.format(Math.round(seconds / 60), "minute");
      if (abs < 86_400) return relative.format(Math.round(seconds / 3600), "hour");
      if (abs < 7 * 86_400) return relative.format(Math.round(seconds / 86_400), "day");
      if (abs < 30 * 86_400) return relative.format(Math.round(seconds / (7 * 86_400)), "week");
      if (abs < 365 * 86_400) return relative.format(Math.round(seconds / (30 * 86_400)), "month");
      return relative.format(Math.round(seconds / (365 * 86_400)), "year");
    },
  };
  formattersByLanguage.set(language, made);
  return made;
}
