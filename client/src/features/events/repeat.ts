import type { TEvent } from "@common/events";
import {
  describeRecurrence,
  getUntilInstant,
  parseRecurrence,
  type TRecurrenceRule,
  WEEKDAY_CODES,
} from "@common/recurrence";
import { getZonedParts, toLocalDate } from "@common/time";

/** The admin form's "Repeats" choices; "custom" keeps a rule made elsewhere (the API) as it is. */
export type TRepeatChoice = "none" | "weekly" | "monthly-nth" | "monthly-day" | "custom";

const WEEKDAYS = ["Sunday", "Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday"];
const NTH = ["", "first", "second", "third", "fourth"];

/** The day a `datetime-local` value names: its weekday, its day and which of its weekday it is in the month. */
function dayOf(local: string) {
  const m = /^(\d{4})-(\d{2})-(\d{2})/.exec(local);
  if (!m) return null;
  const date = new Date(Date.UTC(+m[1], +m[2] - 1, +m[3]));
  const day = +m[3];
  const length = new Date(Date.UTC(+m[1], +m[2], 0)).getUTCDate();
  // The fifth of a weekday is always its last one in the month: "last" holds every month.
  const nth = day + 7 > length && day > 28 ? -1 : Math.ceil(day / 7);
  return { weekday: date.getUTCDay(), day, nth };
}

/** The choices for a start ("Weekly on Sunday", "Monthly on the first Sunday", "Monthly on day 4"). */
export function getRepeatOptions(startLocal: string): { value: TRepeatChoice; label: string }[] {
  const d = dayOf(startLocal);
  if (!d) return [{ value: "none", label: "Does not repeat" }];
  const name = WEEKDAYS[d.weekday];
  return [
    { value: "none", label: "Does not repeat" },
    { value: "weekly", label: `Weekly on ${name}` },
    { value: "monthly-nth", label: `Monthly on the ${d.nth === -1 ? "last" : NTH[d.nth]} ${name}` },
    { value: "monthly-day", label: `Monthly on day ${d.day}` },
  ];
}

/** The RRULE for a choice, its start and an optional last date (YYYY-MM-DD, in the church's zone). */
export function toRecurrence(
  choice: TRepeatChoice,
  startLocal: string,
  until: string,
  custom: string | null,
): string | null {
  const d = dayOf(startLocal);
  const end = until ? `;UNTIL=${until.replace(/-/g, "")}` : "";
  if (choice === "custom") return custom;
  if (choice === "none" || !d) return null;
  const code = WEEKDAY_CODES[d.weekday];
  if (choice === "weekly") return `FREQ=WEEKLY;BYDAY=${code}${end}`;
  if (choice === "monthly-nth") return `FREQ=MONTHLY;BYDAY=${d.nth}${code}${end}`;
  return `FREQ=MONTHLY;BYMONTHDAY=${d.day}${end}`;
}

const isPlain = (r: TRecurrenceRule) => r.interval === 1 && r.count === null && r.bySetPos.length === 0;

/** The form's choice and last date for a stored rule. */
export function fromRecurrence(recurrence: string | null, timeZone: string): { choice: TRepeatChoice; until: string } {
  if (!recurrence) return { choice: "none", until: "" };
  const r = parseRecurrence(recurrence);
  if (typeof r === "string") return { choice: "custom", until: "" };
  const until = r.until ? toLocalDate(getUntilInstant(r.until, timeZone), timeZone) : "";
  if (isPlain(r) && r.freq === "WEEKLY" && r.byDay.length <= 1) return { choice: "weekly", until };
  if (isPlain(r) && r.freq === "MONTHLY" && r.byDay.length === 1 && r.byDay[0].n !== null && r.byMonthDay.length === 0)
    return { choice: "monthly-nth", until };
  if (isPlain(r) && r.freq === "MONTHLY" && r.byDay.length === 0 && r.byMonthDay.length === 1 && r.byMonthDay[0] > 0)
    return { choice: "monthly-day", until };
  return { choice: "custom", until: "" };
}

/** "Repeats every Sunday", "Repeats on the first Sunday of every month"; null for a single event. */
export function describeEventRepeat(e: Pick<TEvent, "recurrence" | "startTime">, timeZone: string): string | null {
  if (!e.recurrence) return null;
  const r = parseRecurrence(e.recurrence);
  if (typeof r === "string") return null;
  const p = getZonedParts(new Date(e.startTime), timeZone);
  return `Repeats ${describeRecurrence(r, { weekday: p.weekday, day: p.day })}`;
}

/** The event page of one occurrence: `/events/{id}?occurrence=<ISO>` for a repeating event. */
export function eventPageHref(e: Pick<TEvent, "id" | "recurrence" | "occurrenceStart">): string {
  const base = `/events/${encodeURIComponent(e.id)}`;
  return e.recurrence ? `${base}?occurrence=${encodeURIComponent(e.occurrenceStart)}` : base;
}
