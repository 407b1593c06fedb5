import { dateFormat } from "@/lib/i18n";
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
  const time = dateFormat({ timeZone: tz, hour: "numeric", minute: "2-digit" });
  const dateTime = dateFormat({
    timeZone: tz,
    weekday: "short",
    month: "short",
    day: "numeric",
    year: "numeric",
    hour: "numeric",
    minute: "2-digit",
  });
  const format = (f: Pick<Intl.DateTimeFormat, "format">) => (iso: string) => {
    const d = new Date(iso);
    return Number.isNaN(d.getTime()) ? "" : f.format(d);
  };
  return { time: format(time), dateTime: format(dateTime) };
}
