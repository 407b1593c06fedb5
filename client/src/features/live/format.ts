import { safeTimeZone } from "@/lib/time-zone";

export type TLiveFormatter = {
  /** "10:05 AM" */
  time: (iso: string) => string;
  /** "Sun, Mar 9, 2025, 10:05 AM" */
  dateTime: (iso: string) => string;
};

/** Spec 2 §9: en-US dates and 12-hour times, in the church's time zone. */
export function liveFormatter(timeZone: string | null | undefined): TLiveFormatter {
  const tz = safeTimeZone(timeZone);
  const time = new Intl.DateTimeFormat("en-US", { timeZone: tz, hour: "numeric", minute: "2-digit", hour12: true });
  const dateTime = new Intl.DateTimeFormat("en-US", {
    timeZone: tz,
    weekday: "short",
    month: "short",
    day: "numeric",
    year: "numeric",
    hour: "numeric",
    minute: "2-digit",
    hour12: true,
  });
  const format = (f: Intl.DateTimeFormat) => (iso: string) => {
    const d = new Date(iso);
    return Number.isNaN(d.getTime()) ? "" : f.format(d);
  };
  return { time: format(time), dateTime: format(dateTime) };
}

/** "1 watching" / "1,204 watching". */
export function formatWatching(count: number): string {
  return `${new Intl.NumberFormat("en-US").format(count)} watching`;
}
