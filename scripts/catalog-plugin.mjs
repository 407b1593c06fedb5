import { compileMessage } from "@lingui/message-utils/compileMessage";

const CATALOG = /[\\/]common[\\/]locales[\\/][^\\/]+[\\/][^\\/]+\.json$/;

/**
 * Catalogues (common/locales/<language>/<namespace>.json) reach the browser compiled: @lingui/core
 * then formats them without an ICU parser in the bundle (the server compiles its own at start, with
 * common/i18n/compile.ts). Still JSON, so Vite's JSON plugin makes the module.
 * @returns {import("vite").Plugin}
 */
export function compiledCatalogs() {
  return {
    name: "fellowship:compiled-catalogs",
    enforce: "pre",
    transform(code, id) {
      if (!CATALOG.test(id.split("?")[0])) return null;
      const messages = JSON.parse(code);
      const compiled = Object.fromEntries(Object.entries(messages).map(([k, v]) => [k, compileMessage(v)]));
      return { code: JSON.stringify(compiled), map: null };
    },
  };
}
