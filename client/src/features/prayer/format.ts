/** Chain weeks are calendar days of the church (`YYYY-MM-DD`): the same wherever the reader is. */
const dayOf = (date: string) => {
  const [y, m, d] = date.slice(0, 10).split("-").map(Number);
  return new Date(Date.UTC(y, m - 1, d));
};

const range = new Intl.DateTimeFormat("en-US", { timeZone: "UTC", month: "short", day: "numeric", year: "numeric" });

/** "Nov 22 – 28, 2026" for a week from `2026-11-22` to `2026-11-28`. */
export function formatWeekRange(start: string, end: string): string {
  return range.formatRange(dayOf(start), dayOf(end));
}

/** "Ann Lee", or `fallback` when neither name is set. */
export function partnerName(p: { firstName: string | null; lastName: string | null }, fallback = "Church Member") {
  return [p.firstName, p.lastName].filter(Boolean).join(" ") || fallback;
}

/** "healing" → "Healing" (the topics of spec 2's prayer preferences). */
export function topicLabel(topic: string): string {
  return topic.charAt(0).toUpperCase() + topic.slice(1);
}
