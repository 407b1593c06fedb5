import en from "@common/locales/en/audit.json";
import { catalog, type TTranslate } from "@/lib/i18n";

/** The audit log page, its filters, entries and changes: the `audit` namespace. */
export const auditCatalog = catalog(
  "audit",
  en,
  import.meta.glob(["@common/locales/*/audit.json", "!@common/locales/en/*"], { import: "default" }),
);

export type TAuditT = TTranslate<typeof en>;

/**
 * An action's words in the language on screen (`action.<name>` in the catalogue, also the audit CSV's
 * on the server), or the name itself for one this release does not know.
 */
export function auditActionLabel(action: string, t: TAuditT): string {
  const key = `action.${action}`;
  return Object.hasOwn(en, key) ? t(key as keyof typeof en) : action;
}
