import { getZonedParts, zonedTimeToUtc } from "@common/time";
import { dateFormat } from "@/lib/i18n";
import { safeTimeZone } from "@/lib/time-zone";

export type TEventFormatter = {
  /** "Sun, Mar 9, 2025" */
  date: (iso: string) => string;
  /** "10:00 AM" */
  time: (iso: string) => string;
  /** "Sun" */
  weekday: (iso: string) => string;
  /** "10:00 AM – 11:30 AM", with the end's date when it ends on another day. */
  timeRange: (startIso: string, endIso: string) => string;
  /** Day of the month and short month, for the date tile: ["MAR", "9"]. */
  tile: (iso: string) => { month: string; day: string };
};

/** Spec 2 section 9: en-US dates and 12-hour times, in the church's time zone. */
export function eventFormatter(timeZone: string | null | undefined): TEventFormatter {
  const tz = safeTimeZone(timeZone);
  const date = dateFormat({
    timeZone: tz,
    weekday: "short",
    month: "short",
    day: "numeric",
    year: "numeric",
  });
  const time = dateFormat({ timeZone: tz, hour: "numeric", minute: "2-digit" });
  const dayKey = new Intl.DateTimeFormat("en-CA", { timeZone: tz, year: "numeric", month: "2-digit", day: "2-digit" });
  const shortDay = dateFormat({ timeZone: tz, month: "short", day: "numeric" });
  const month = dateFormat({ timeZone: tz, month: "short" });
  const weekday = dateFormat({ timeZone: tz, weekday: "short" });
  const day = dateFormat({ timeZone: tz, day: "numeric" });
  const valid = (iso: string) => {
    const d = new Date(iso);
    return Number.isNaN(d.getTime()) ? null : d;
  };
  return {
    date: (iso) => {
      const d = valid(iso);
      return d ? date.format(d) : "";
    },
    time: (iso) => {
      const d = valid(iso);
      return d ? time.format(d) : "";
    },
    weekday: (iso) => {
      const d = valid(iso);
      return d ? weekday.format(d) : "";
    },
    timeRange: (startIso, endIso) => {
      const s = valid(startIso);
      const e = valid(endIso);
      if (!s) return "";
      if (!e) return time.format(s);
      const sameDay = dayKey.format(s) === dayKey.format(e);
      return `${time.format(s)} – ${sameDay ? "" : `${shortDay.format(e)}, `}${time.format(e)}`;
    },
    tile: (iso) => {
      const d = valid(iso);
      return d ? { month: month.format(d).toUpperCase(), day: day.format(d) } : { month: "", day: "" };
    },
  };
}

const pad = (n: number) => String(n).padStart(2, "0");

/**
 * The value a `datetime-local` input shows for an ISO time: the wall-clock time in the church's
 * time zone (the browser's when the zone is unknown), to the minute.
 */
export function toDateTimeLocalValue(iso: string, timeZone?: string | null): string {
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return "";
  const tz = safeTimeZone(timeZone);
  if (!tz) return new Date(d.getTime() - d.getTimezoneOffset() * 60_000).toISOString().slice(0, 16);
  const w = getZonedParts(d, tz);
  return `${w.year}-${pad(w.month)}-${pad(w.day)}T${pad(w.hour)}:${pad(w.minute)}`;
}

/** A `datetime-local` value, read as wall-clock time in the church's time zone, as an ISO string. */
export function fromDateTimeLocalValue(value: string, timeZone?: string | null): string {
  const tz = safeTimeZone(timeZone);
  const m = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})/.exec(value);
  if (!tz || !m) return new Date(value).toISOString();
  return zonedTimeToUtc(Number(m[1]), Number(m[2]), Number(m[3]), tz, Number(m[4]), Number(m[5])).toISOString();
}
