import type { TLanguage } from "@common/i18n/locales";
import { zodResolver } from "@hookform/resolvers/zod";
import type { FieldErrors, FieldValues, Resolver } from "react-hook-form";
import type { z } from "zod";
import { catalog, currentLanguage, textTranslator } from "./i18n";

/**
 * The shared contracts' sentences ("Title is required") in every language: the `errors` catalogue,
 * keyed by the English (the server answers with the same). English needs no download; another
 * language's file comes with the first form checked in it.
 */
const errorsCatalog = catalog(
  "errors",
  {},
  import.meta.glob(["@common/locales/*/errors.json", "!@common/locales/en/*"], { import: "default" }),
);

/** zod's own words for a rule that has no sentence of ours ("Too small: expected…"), per language. */
const ZOD_LOCALES: Record<Exclude<TLanguage, "en">, () => Promise<{ default: () => { localeError: unknown } }>> = {
  es: () => import("zod/v4/locales/es.js"),
  "pt-BR": () => import("zod/v4/locales/pt-BR.js"),
  fr: () => import("zod/v4/locales/fr.js"),
  ko: () => import("zod/v4/locales/ko.js"),
  ar: () => import("zod/v4/locales/ar.js"),
};

/**
 * One zod issue's message in the language on screen, for a form that checks a shared contract
 * itself (`safeParse`) rather than through `lazyZodResolver`: the contract's own sentence from the
 * `errors` catalogue (as the server's `validationMessage`), else, for a rule of zod's own (not a
 * `custom` issue), zod's words in that language, else the English as it is. Resolves once the
 * language's files are downloaded; English downloads nothing. zod names a wrong value's type only
 * when the parse keeps it: `safeParse(value, { reportInput: true })`.
 */
export async function translateZodIssue(
  issue: { message: string; code?: string },
  language: TLanguage = currentLanguage(),
): Promise<string> {
  if (language === "en") return issue.message;
  try {
    const [say, zodLocale] = await Promise.all([
      textTranslator(errorsCatalog, language),
      ZOD_LOCALES[language]().then((m) => m.default()),
    ]);
    const said = say(issue.message);
    if (said !== issue.message || !issue.code || issue.code === "custom") return said;
    const own = (zodLocale.localeError as (issue: unknown) => unknown)(issue);
    const text = typeof own === "string" ? own : (own as { message?: string } | undefined)?.message;
    return text || said;
  } catch {
    return issue.message;
  }
}

/** Every field's message put through `say`, however deeply the fields nest. */
function translateErrors<T extends FieldValues>(
  errors: FieldErrors<T>,
  say: (english: string) => string,
): FieldErrors<T> {
  const walk = (node: unknown): unknown => {
    if (!node || typeof node !== "object") return node;
    if (Array.isArray(node)) return node.map(walk);
    const out: Record<string, unknown> = {};
    for (const [key, value] of Object.entries(node)) {
      if (key === "ref") out[key] = value;
      else if (key === "message" && typeof value === "string") out[key] = say(value);
      else out[key] = walk(value);
    }
    return out;
  };
  return walk(errors) as FieldErrors<T>;
}

/**
 * A react-hook-form resolver for a shared zod contract that downloads the contract (and zod) when
 * the form is first focused (`preload`) or validated, not with the page: the first screen of a
 * form page stays light, and the same contract as the server's still checks every field. Its
 * messages are in the language on screen (issue 26).
 * If the download fails, the values go to the server unchecked; it answers with the same messages.
 */
export function lazyZodResolver<TInput extends FieldValues, TOutput extends FieldValues>(
  load: () => Promise<z.ZodType<TOutput, TInput>>,
) {
  let schema: Promise<z.ZodType<TOutput, TInput>> | undefined;
  const resolvers = new Map<TLanguage, Promise<Resolver<TInput, unknown, TOutput>>>();
  const loadSchema = () => {
    schema ??= load().catch((error) => {
      schema = undefined;
      throw error;
    });
    return schema;
  };
  const get = (language: TLanguage) => {
    let pending = resolvers.get(language);
    if (!pending) {
      pending = (async () => {
        const s = await loadSchema();
        if (language === "en") return zodResolver(s) as Resolver<TInput, unknown, TOutput>;
        const [zodLocale, say] = await Promise.all([
          ZOD_LOCALES[language]().then((m) => m.default()),
          textTranslator(errorsCatalog, language),
        ]);
        const resolve = zodResolver(s, { error: zodLocale.localeError } as never) as Resolver<TInput, unknown, TOutput>;
        const translated: Resolver<TInput, unknown, TOutput> = async (values, context, options) => {
          const result = await resolve(values, context, options);
          return { ...result, errors: translateErrors(result.errors, say) } as typeof result;
        };
        return translated;
      })();
      pending.catch(() => resolvers.delete(language));
      resolvers.set(language, pending);
    }
    return pending;
  };
  const resolver: Resolver<TInput, unknown, TOutput> = async (values, context, options) => {
    let resolve: Resolver<TInput, unknown, TOutput>;
    try {
      resolve = await get(currentLanguage());
    } catch {
      return { values: values as unknown as TOutput, errors: {} };
    }
    return resolve(values, context, options);
  };
  return {
    resolver,
    preload: () => {
      get(currentLanguage()).catch(() => undefined);
    },
  };
}
