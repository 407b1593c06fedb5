import { DEFAULT_LANGUAGE, resolveLanguage, type TLanguage } from "@common/i18n/locales";
import type en from "@common/locales/en/notifications.json";
import { translate } from "./i18n";

/**
 * What a notification says, as keys of the `notifications` catalogue (issue 26): stored with the row
 * (title_key, message_key, text_values) and read in each reader's language when listed or pushed, so
 * the words follow the recipient, never the member whose action raised it. The English is stored too
 * (title, message): rows from before keys, the church export and anything that reads the columns.
 */
export type TNotificationKey = keyof typeof en & string;

/**
 * A value of a message: the church's own words (a sermon's title, a member's name) as they are, or a
 * word of the catalogue itself (`{ key: "badge.welcome.name" }`), read in the same language.
 */
export type TTextValue = string | number | { key: TNotificationKey };

export type TNotificationText = {
  title: TNotificationKey;
  message: TNotificationKey;
  values?: Record<string, TTextValue>;
};

export const NOTIFICATIONS = "notifications";

/** A word of the `notifications` catalogue in `language`. */
export const notificationWord = (language: TLanguage, key: TNotificationKey, values?: Record<string, string>) =>
  translate(language, NOTIFICATIONS, key, values);

/** The message's own text with every catalogue word among its values read in `language`. */
function fill(
  language: TLanguage,
  values: Record<string, TTextValue> | null | undefined,
): Record<string, string | number> {
  const out: Record<string, string | number> = {};
  for (const [name, value] of Object.entries(values ?? {}))
    out[name] = typeof value === "object" && value !== null ? notificationWord(language, value.key) : value;
  return out;
}

/** A notification's title and message in `language`. */
export function renderNotificationText(
  language: TLanguage,
  text: TNotificationText,
): { title: string; message: string } {
  const values = fill(language, text.values);
  return {
    title: translate(language, NOTIFICATIONS, text.title, values),
    message: translate(language, NOTIFICATIONS, text.message, values),
  };
}

/** The English, as stored in `title` and `message`. */
export const englishText = (text: TNotificationText) => renderNotificationText(DEFAULT_LANGUAGE, text);

/** A stored row's words: the keys in `language` when it has them, else the English stored before keys. */
export function readStoredText(
  language: TLanguage,
  row: {
    title: string;
    message: string;
    titleKey: string | null;
    messageKey: string | null;
    textValues: Record<string, string | number | { key: string }> | null;
  },
): { title: string; message: string } {
  if (!row.titleKey || !row.messageKey) return { title: row.title, message: row.message };
  return renderNotificationText(language, {
    title: row.titleKey as TNotificationKey,
    message: row.messageKey as TNotificationKey,
    values: (row.textValues ?? {}) as Record<string, TTextValue>,
  });
}

/**
 * The language a recipient reads when no request asks (pushes, e-mails): their own choice, else their
 * church's default, else English (there is no browser at send time).
 */
export const recipientLanguage = (choice: string | null | undefined, churchDefault: string | null | undefined) =>
  resolveLanguage(choice, churchDefault, null);

/** Words the church wrote itself, shown as they are in every language (tests, and news with no fixed words). */
export const ownText = (title: string, message: string): TNotificationText => ({
  title: "own.title",
  message: "own.message",
  values: { title, message },
});
