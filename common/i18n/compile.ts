import { compileMessage } from "@lingui/message-utils/compileMessage";
import type { TCatalogMessages } from "./catalog";

/**
 * A catalogue compiled for @lingui/core, which then formats without an ICU parser where it runs: the
 * client's at build time (scripts/catalog-plugin.mjs), the server's at start. Apart from catalog.ts so
 * that the parser never reaches the browser.
 */
export type TCompiledMessages = Record<string, unknown>;

export function compileCatalog(messages: TCatalogMessages): TCompiledMessages {
  const out: TCompiledMessages = {};
  for (const [key, message] of Object.entries(messages)) out[key] = compileMessage(message);
  return out;
}
