import { DEFAULT_LANGUAGE, type TLanguage } from "@common/i18n/locales";
import type en from "@common/locales/en/activity.json";
import { hasMessage, translate } from "../../lib/i18n";

/**
 * The admin dashboard's lines in the reader's language (issue 26): a line is kept as a message of
 * the `activity` catalogue (`admin.*`) and its values, and worded when an admin reads it, the way a
 * member's own activity is (profile/activity.service.ts). Its English is kept too, as the line's
 * `description` (the church export's column, and the words of lines written before).
 */

const NAMESPACE = "activity";

type TValue = string | number | null;
export type TActivityKey = keyof typeof en & `admin.${string}`;
export type TActivityMessage = { key: string; values: Record<string, TValue> };

/** Who a line names when the person is gone (`name`) or was never named (a kudos' `from` and `to`). */
const NOBODY: Record<string, TActivityKey> = {
  name: "admin.formerMember",
  from: "admin.churchMember",
  to: "admin.churchMember",
};

/** A value as the reader reads it: a role by its name in their language; nobody by the words for them. */
function wordValue(name: string, value: TValue, language: TLanguage): string | number {
  if (value === null) return Object.hasOwn(NOBODY, name) ? translate(language, NAMESPACE, NOBODY[name]) : "";
  if (name === "role" && hasMessage("common", `role.${value}`)) return translate(language, "common", `role.${value}`);
  return value;
}

/** A line's words in `language`. */
export function wordActivity(message: TActivityMessage, language: TLanguage): string {
  const values = Object.fromEntries(
    Object.entries(message.values).map(([name, value]) => [name, wordValue(name, value, language)]),
  );
  return translate(language, NAMESPACE, message.key, values);
}

/** Whether this release can word a stored message (else the line's English description stands). */
export const canWordActivity = (message: TActivityMessage | null): message is TActivityMessage =>
  message !== null && hasMessage(NAMESPACE, message.key);

/** A new line: its message, and its English as `description`. */
export function activityLine(
  key: TActivityKey,
  values: Record<string, TValue> = {},
): { message: TActivityMessage; description: string } {
  const message = { key, values };
  return { message, description: wordActivity(message, DEFAULT_LANGUAGE) };
}
