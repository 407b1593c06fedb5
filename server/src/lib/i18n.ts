import fs from "node:fs";
import path from "node:path";
import { messageId, type TCatalogMessages, type TValues } from "@common/i18n/catalog";
import { compileCatalog } from "@common/i18n/compile";
import { DEFAULT_LANGUAGE, LANGUAGES, type TLanguage } from "@common/i18n/locales";
import { type I18n, type Messages, setupI18n } from "@lingui/core";
import { z } from "zod";
import { ROOT } from "../paths";

/**
 * The server's words in every shipped language (issue 26): the same catalogues as the client
 * (common/locales/<language>/<namespace>.json), compiled once at start. What a person reads is in
 * their language (`req.language`, or a recipient's for e-mails, pushes and notifications); machine
 * fields and codes stay English.
 */
const LOCALES_DIR = path.join(ROOT, "common/locales");

function loadLanguage(language: TLanguage): Messages {
  const dir = path.join(LOCALES_DIR, language);
  const messages: Messages = {};
  if (!fs.existsSync(dir)) return messages;
  for (const file of fs.readdirSync(dir).filter((f) => f.endsWith(".json"))) {
    const namespace = file.slice(0, -".json".length);
    const compiled = compileCatalog(JSON.parse(fs.readFileSync(path.join(dir, file), "utf8")) as TCatalogMessages);
    for (const [key, message] of Object.entries(compiled)) messages[messageId(namespace, key)] = message as never;
  }
  return messages;
}

/**
 * Each language is compiled the first time something is said in it (English at once: every other
 * language falls back to it). Compiling all six at import cost every process, and every server test
 * file, about 0.2 s of CPU; most processes speak one or two.
 */
const instances = new Map<TLanguage, I18n>();
function instance(language: TLanguage): I18n {
  let i18n = instances.get(language);
  if (!i18n) {
    i18n = setupI18n({ locale: language, messages: { [language]: loadLanguage(language) } });
    instances.set(language, i18n);
  }
  return i18n;
}
const english = instance(DEFAULT_LANGUAGE).messages;

/** Whether `namespace` has `key` in English (the catalogue every other language follows). */
export const hasMessage = (namespace: string, key: string) => Object.hasOwn(english, messageId(namespace, key));

export function translate(language: TLanguage, namespace: string, key: string, values?: TValues): string {
  const id = messageId(namespace, key);
  const i18n = instance(LANGUAGES.includes(language) ? language : DEFAULT_LANGUAGE);
  // A message a language lacks reads in English (the checks in .ci/run allow none to be missing).
  return i18n._(id, values, { message: english[id] as unknown as string });
}

export type TServerTranslate<M extends TCatalogMessages> = (key: keyof M & string, values?: TValues) => string;

/**
 * A namespace's typed translator, per language: `const t = emailWords(language); t("invite.subject")`.
 * `M` is the English file's type (`import type en from "@common/locales/en/emails.json"`).
 */
export function serverCatalog<M extends TCatalogMessages>(namespace: string) {
  return (language: TLanguage): TServerTranslate<M> =>
    (key, values) =>
      translate(language, namespace, key, values);
}

/**
 * A sentence for people whose English is its own key in the `errors` catalogue (error answers):
 * `msg\`Ask for at most ${days} days of events at once.\`` is the key "Ask for at most {0} days of
 * events at once." with `{0}` filled in each language.
 */
export class Text {
  constructor(
    readonly key: string,
    readonly values: Record<string, string | number> = {},
  ) {}

  in(language: TLanguage): string {
    return hasMessage(ERRORS, this.key) ? translate(language, ERRORS, this.key, this.values) : this.english();
  }

  english(): string {
    return this.key.replace(/\{(\d+)\}/g, (_, n: string) => String(this.values[n] ?? ""));
  }

  toString(): string {
    return this.english();
  }
}

export const ERRORS = "errors";

export function msg(strings: TemplateStringsArray, ...values: (string | number)[]): Text {
  const key = strings.reduce((acc, part, i) => acc + (i > 0 ? `{${i - 1}}` : "") + part, "");
  return new Text(key, Object.fromEntries(values.map((v, i) => [String(i), v])));
}

/** An error's or a field's English sentence, in `language` when the `errors` catalogue has it. */
export const translateText = (language: TLanguage, text: string | Text): string =>
  typeof text === "string" ? new Text(text).in(language) : text.in(language);

const ZOD_LOCALES: Record<TLanguage, () => { localeError: (issue: never) => unknown }> = {
  en: z.locales.en,
  es: z.locales.es,
  "pt-BR": z.locales.ptBR,
  fr: z.locales.fr,
  ko: z.locales.ko,
  ar: z.locales.ar,
};
const zodLocale = new Map<TLanguage, { localeError: (issue: never) => unknown }>();

/**
 * A refused field's message in `language`: the schema's own sentence from the `errors` catalogue, else
 * zod's own words for the rule in that language (its shipped locales), else the English as it is.
 */
export function validationMessage(
  language: TLanguage,
  v: { keyword: string; message?: string; params?: Record<string, unknown> },
): string {
  const english = v.message ?? "Invalid value";
  if (language === DEFAULT_LANGUAGE || hasMessage(ERRORS, english)) return translateText(language, english);
  let locale = zodLocale.get(language);
  if (!locale) {
    locale = ZOD_LOCALES[language]();
    zodLocale.set(language, locale);
  }
  const said = locale.localeError({ code: v.keyword, ...v.params } as never);
  const text = typeof said === "string" ? said : (said as { message?: string } | undefined)?.message;
  return text || english;
}
