import { ANNOUNCEMENT_APP_LINK } from "@common/announcement-helpers";
import type { TAnnouncement, TAnnouncementAudience } from "@common/announcements";
import type { TRole } from "@common/roles";
import { getZonedParts, zonedTimeToUtc } from "@common/time";
import { safeTimeZone } from "@/lib/time-zone";
import type { TAnnouncementsT } from "./i18n";

/** "America/Chicago" → "Chicago", "America/Argentina/Buenos_Aires" → "Buenos Aires": the "Chicago time". */
export function zoneCity(timeZone: string): string {
  return (timeZone.split("/").at(-1) ?? timeZone).replace(/_/g, " ");
}

/** When an announcement goes or went, in the church's time zone: "Saturday, Nov 28, 5:00 PM". */
export const WHEN_FORMAT: Intl.DateTimeFormatOptions = {
  weekday: "long",
  month: "short",
  day: "numeric",
  hour: "numeric",
  minute: "2-digit",
};

const pad = (n: number) => String(n).padStart(2, "0");

/** The `datetime-local` value of an instant: its wall-clock time in the church's time zone. */
export function toLocalInput(iso: string, timeZone: string): string {
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return "";
  const w = getZonedParts(d, safeTimeZone(timeZone) ?? "UTC");
  return `${w.year}-${pad(w.month)}-${pad(w.day)}T${pad(w.hour)}:${pad(w.minute)}`;
}

/** A `datetime-local` value read as wall-clock time in the church's time zone, as an ISO instant; null if empty. */
export function fromLocalInput(value: string, timeZone: string): string | null {
  const m = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})/.exec(value);
  if (!m) return null;
  const tz = safeTimeZone(timeZone) ?? "UTC";
  return zonedTimeToUtc(Number(m[1]), Number(m[2]), Number(m[3]), tz, Number(m[4]), Number(m[5])).toISOString();
}

/** Who an announcement goes to, in words: "the whole church", "Youth, Alpha", "Group Leader". */
export function describeAudience(
  audience: TAnnouncementAudience,
  groups: TAnnouncement["groups"],
  t: TAnnouncementsT,
  roleName: (role: TRole) => string,
  list: (names: string[]) => string,
): string {
  if ("all" in audience) return t("audience.all");
  if ("groupIds" in audience) {
    const byId = new Map(groups.map((g) => [g.id, g.name]));
    return t("audience.list", { names: list(audience.groupIds.map((id) => byId.get(id) ?? "…")) });
  }
  return t("audience.list", { names: list(audience.roles.map(roleName)) });
}

/** What a link opens: one of the app's pages (sermon, event, group) or an outside address. */
export function linkKindOf(link: string): "sermons" | "events" | "groups" | "web" {
  const m = ANNOUNCEMENT_APP_LINK.exec(link);
  return m ? (m[1] as "sermons" | "events" | "groups") : "web";
}

/** The host of an outside address, for its button ("Open example.org"). */
export function linkHost(link: string): string {
  try {
    return new URL(link).host;
  } catch {
    return link;
  }
}
