import type { TAuditEntryResponse } from "@common/audit";
import en from "@common/locales/en/audit.json";
import { dateFormat } from "@/lib/i18n";
import type { TAuditT } from "./i18n";

/** A machine name in English words: `auditRetentionDays` → "Audit retention days". */
function humanized(field: string): string {
  const words = field
    .replace(/([a-z0-9])([A-Z])/g, "$1 $2")
    .replace(/_/g, " ")
    .toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/** `field.<name>` or `target.<name>` in the language on screen; in English words for a name not in the catalogue. */
function wordsFor(prefix: "field" | "target", name: string, t: TAuditT): string {
  const key = `${prefix}.${name}`;
  return Object.hasOwn(en, key) ? t(key as keyof typeof en) : humanized(name);
}

/** A changed field's name in words: `auditRetentionDays` → "Audit retention days". */
export const fieldLabel = (field: string, t: TAuditT): string => wordsFor("field", field, t);

const ISO_INSTANT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?Z$/;

/** A before or after value as text; null when there was none. Instants in the church's time zone. */
export function valueText(value: unknown, timeZone: string, t: TAuditT): string | null {
  if (value === null || value === undefined || value === "") return null;
  if (typeof value === "boolean") return value ? t("value.yes") : t("value.no");
  if (typeof value === "string") return ISO_INSTANT.test(value) ? formatWhen(value, timeZone) : value;
  if (typeof value === "number") return String(value);
  return JSON.stringify(value);
}

/** When an entry was made, in the church's time zone ("Nov 27, 2026, 8:41 AM"). */
export function formatWhen(iso: string, timeZone: string): string {
  return dateFormat({ dateStyle: "medium", timeStyle: "short", timeZone }).format(new Date(iso));
}

export function actorName(entry: TAuditEntryResponse, t: TAuditT): string {
  if (!entry.actor) return t("actor.system");
  return `${entry.actor.firstName} ${entry.actor.lastName}`.trim() || t("actor.former");
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** What was changed: the kind of row, and a short form of its id. */
export function targetText(entry: TAuditEntryResponse, t: TAuditT): string {
  const kind = wordsFor("target", entry.targetType, t);
  if (!entry.targetId) return kind;
  const id = UUID.test(entry.targetId) ? `${entry.targetId.slice(0, 8)}…` : entry.targetId;
  return `${kind} ${id}`;
}
