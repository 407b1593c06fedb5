import type { Plugin } from "vite";
import { compileCatalog } from "../common/i18n/compile";

const CATALOG = /[\\/]common[\\/]locales[\\/][^\\/]+[\\/][^\\/]+\.json$/;

/**
 * Catalogues (common/locales/<language>/<namespace>.json) reach the browser compiled: @lingui/core
 * then formats them without an ICU parser in the bundle. Still JSON, so Vite's JSON plugin makes the
 * module (and tree-shakes nothing away: a catalogue's keys are looked up by name).
 */
export function compiledCatalogs(): Plugin {
  return {
    name: "fellowship:compiled-catalogs",
    enforce: "pre",
    transform(code, id) {
      if (!CATALOG.test(id.split("?")[0])) return null;
      return { code: JSON.stringify(compileCatalog(JSON.parse(code))), map: null };
    },
  };
}
