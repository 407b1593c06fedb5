import type { TGroup } from "@common/groups";
import { Clock, MapPin, Users } from "lucide-react";
import { Badge } from "@/components/ui/badge";
import { currentLanguage, intlLocale, useFormat, useT } from "@/lib/i18n";
import { groupsCatalog } from "../i18n";
import { dayName, isFull, isLink, KIND_LABELS, MEMBERSHIP_LABELS, timeText } from "../labels";

/** "Tuesday at 7:30 PM", "Tuesday", "7:30 PM", or null when the group has no pattern. */
export function useMeetingText() {
  const t = useT(groupsCatalog);
  const format = useFormat();
  return (g: Pick<TGroup, "meetingDay" | "meetingTime">): string | null => {
    const day = g.meetingDay !== null ? dayName(format.date, g.meetingDay) : null;
    const time = g.meetingTime ? timeText(format.date, g.meetingTime) : null;
    if (day && time) return t("meeting.dayTime", { day, time });
    return day ?? time;
  };
}

/** Names as the language lists them: "Ruth Park and Ben Cole", "Ruth Park y Ben Cole". */
export function useNameList() {
  useFormat(); // drawn again when the language changes
  return (names: string[]) => new Intl.ListFormat(intlLocale(currentLanguage()), { type: "conjunction" }).format(names);
}

/** The kind, and the caller's place as a badge (Member, Leader, Request sent). */
export function GroupBadges({ group }: { group: TGroup }) {
  const t = useT(groupsCatalog);
  return (
    <div className="flex flex-wrap items-center gap-1.5">
      <Badge tone="soft">{t(KIND_LABELS[group.kind])}</Badge>
      {group.membership && (
        <Badge tone={group.membership === "requested" ? "amber" : "green"}>
          {t(MEMBERSHIP_LABELS[group.membership])}
        </Badge>
      )}
      {group.visibility === "unlisted" && <Badge tone="outline">{t("visibility.unlistedBadge")}</Badge>}
      {isFull(group) && <Badge tone="grey">{t("card.full")}</Badge>}
    </div>
  );
}

/** "3 of 10 members" or "3 members". */
export function useMembersText() {
  const t = useT(groupsCatalog);
  const format = useFormat();
  return (g: Pick<TGroup, "memberCount" | "capacity">) =>
    g.capacity !== null
      ? t("card.membersOf", { count: format.number(g.memberCount), capacity: format.number(g.capacity) })
      : t("card.members", { count: g.memberCount });
}

/** The place: a link when it is an online meeting's address, else its words. */
export function GroupLocation({ location }: { location: string }) {
  return isLink(location) ? (
    <a href={location} target="_blank" rel="noreferrer noopener" className="break-all text-brand-text underline">
      {location}
    </a>
  ) : (
    <span className="break-words">{location}</span>
  );
}

/** When, where and how many, one line each, icons hidden from screen readers. */
export function GroupFacts({ group }: { group: TGroup }) {
  const t = useT(groupsCatalog);
  const meeting = useMeetingText()(group);
  const members = useMembersText()(group);
  const row = "flex items-start gap-2";
  const icon = "mt-0.5 size-4 shrink-0 text-muted-foreground";
  return (
    <ul className="grid gap-1.5 text-sm text-foreground">
      <li className={row}>
        <Clock className={icon} aria-hidden="true" />
        <span>{meeting ?? t("meeting.none")}</span>
      </li>
      {group.location && (
        <li className={row}>
          <MapPin className={icon} aria-hidden="true" />
          <GroupLocation location={group.location} />
        </li>
      )}
      <li className={row}>
        <Users className={icon} aria-hidden="true" />
        <span>{members}</span>
      </li>
    </ul>
  );
}
