import type { TGroup, TGroupJoinPolicy, TGroupKind, TGroupMembership, TGroupVisibility } from "@common/groups";

/*
 * Types only from @common/groups: its values would bring zod into the page's download. Each list is
 * checked against the contract's enumeration by the compiler (and labels.test.ts keeps them equal);
 * the words are the `groups` catalogue's (`t(KIND_LABELS[kind])`).
 */

export const KIND_LABELS = {
  bible_study: "kind.bible_study",
  youth: "kind.youth",
  prayer: "kind.prayer",
  serving: "kind.serving",
  other: "kind.other",
} as const satisfies Record<TGroupKind, `kind.${TGroupKind}`>;
export const GROUP_KIND_OPTIONS = Object.keys(KIND_LABELS) as TGroupKind[];

export const POLICY_LABELS = {
  open: "policy.open",
  request: "policy.request",
  invite: "policy.invite",
} as const satisfies Record<TGroupJoinPolicy, `policy.${TGroupJoinPolicy}`>;
export const GROUP_POLICY_OPTIONS = Object.keys(POLICY_LABELS) as TGroupJoinPolicy[];

export const VISIBILITY_LABELS = {
  listed: "visibility.listed",
  unlisted: "visibility.unlisted",
} as const satisfies Record<TGroupVisibility, `visibility.${TGroupVisibility}`>;
export const GROUP_VISIBILITY_OPTIONS = Object.keys(VISIBILITY_LABELS) as TGroupVisibility[];

export const MEMBERSHIP_LABELS = {
  member: "membership.member",
  leader: "membership.leader",
  requested: "membership.requested",
} as const satisfies Record<TGroupMembership, `membership.${TGroupMembership}`>;

/** Days of the week as the API numbers them: 0 Sunday … 6 Saturday. */
export const WEEK_DAYS = [0, 1, 2, 3, 4, 5, 6] as const;
/** GROUP_LEADERS_MAX of common/groups.ts (labels.test.ts keeps them equal). */
export const LEADERS_MAX = 10;

type TDateFormat = (d: Date | string | number, options: Intl.DateTimeFormatOptions) => string;

// 7 January 2024 was a Sunday: day `n` of the API is 2024-01-(7+n), read in UTC so no zone shifts it.
const dayDate = (day: number) => Date.UTC(2024, 0, 7 + day);

/** A meeting day's name in the language on screen ("Tuesday", "martes", "الثلاثاء"). */
export const dayName = (date: TDateFormat, day: number) => date(dayDate(day), { weekday: "long", timeZone: "UTC" });

/** A meeting time "19:30" in the language on screen ("7:30 PM", "19:30"). */
export function timeText(date: TDateFormat, time: string): string {
  const [h, m] = time.split(":").map(Number);
  if (!Number.isFinite(h) || !Number.isFinite(m)) return time;
  return date(Date.UTC(2024, 0, 7, h, m), { hour: "numeric", minute: "2-digit", timeZone: "UTC" });
}

/** A birthday "MM-DD" or "YYYY-MM-DD" in the language on screen ("March 4", "4 de marzo de 1990"). */
export function birthdayText(date: TDateFormat, birthday: string): string {
  const m = /^(?:(\d{4})-)?(\d{2})-(\d{2})$/.exec(birthday);
  if (!m) return birthday;
  const at = Date.UTC(m[1] ? Number(m[1]) : 2000, Number(m[2]) - 1, Number(m[3]));
  return date(at, { month: "long", day: "numeric", ...(m[1] ? { year: "numeric" } : {}), timeZone: "UTC" });
}

/** "Ann Lee", or `fallback` when neither name is set. */
export const personName = (p: { firstName: string | null; lastName: string | null }, fallback: string) =>
  [p.firstName, p.lastName].filter(Boolean).join(" ").trim() || fallback;

/** Whether the group has no free place (a group without a capacity is never full). */
export const isFull = (g: Pick<TGroup, "capacity" | "memberCount">) =>
  g.capacity !== null && g.memberCount >= g.capacity;

/** Whether a location is an online link (shown as a link rather than as a place). */
export const isLink = (location: string) => /^https?:\/\/\S+$/i.test(location.trim());
