import type { Plugin } from "vite";

/** See catalog-plugin.mjs. */
export function compiledCatalogs(): Plugin;
