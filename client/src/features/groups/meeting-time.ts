import { useCurrentUser } from "@/lib/current-user";
import { useFormat } from "@/lib/i18n";
import { safeTimeZone } from "@/lib/time-zone";

/** A meeting's day and time in the church's time zone, in the language on screen ("Tuesday, March 3 at 7:30 PM"). */
export function useMeetingTime() {
  const format = useFormat();
  const timeZone = safeTimeZone(useCurrentUser().church.timeZone);
  return (startsAt: string) =>
    format.date(startsAt, {
      weekday: "long",
      month: "long",
      day: "numeric",
      hour: "numeric",
      minute: "2-digit",
      timeZone,
    });
}
