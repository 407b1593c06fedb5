import type en from "@common/locales/en/prayer.json";
import { PRAYER_TOPICS, type TPrayerTopic } from "@common/profile-helpers";
import { currentLanguage, type TTranslate } from "@/lib/i18n";

/** Chain weeks are calendar days of the church (`YYYY-MM-DD`): the same wherever the reader is. */
const dayOf = (date: string) => {
  const [y, m, d] = date.slice(0, 10).split("-").map(Number);
  return new Date(Date.UTC(y, m - 1, d));
};

/** "Nov 22 – 28, 2026" for a week from `2026-11-22` to `2026-11-28`, in the language on screen. */
export function formatWeekRange(start: string, end: string, language: string = currentLanguage()): string {
  const range = new Intl.DateTimeFormat(language, { timeZone: "UTC", month: "short", day: "numeric", year: "numeric" });
  return range.formatRange(dayOf(start), dayOf(end));
}

/** "Ann Lee", or `fallback` when neither name is set. */
export function partnerName(p: { firstName: string | null; lastName: string | null }, fallback: string) {
  return [p.firstName, p.lastName].filter(Boolean).join(" ") || fallback;
}

const isTopic = (topic: string): topic is TPrayerTopic => (PRAYER_TOPICS as readonly string[]).includes(topic);

/** "healing" → "Healing" in the language on screen (the topics of spec 2's prayer preferences). */
export function topicLabel(t: TTranslate<typeof en>, topic: string): string {
  if (isTopic(topic)) return t(`topic.${topic}`);
  return topic.charAt(0).toUpperCase() + topic.slice(1);
}

/** The date in full (a time's tooltip): "Mar 4, 2025". */
export const DATE_OPTIONS: Intl.DateTimeFormatOptions = { month: "short", day: "numeric", year: "numeric" };
