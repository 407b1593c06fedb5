import type { TAttendanceEntry, TGroupMeeting } from "@common/group-meetings";
import { CalendarDays, Check, ChevronLeft, ClipboardCheck, X } from "lucide-react";
import { useState } from "react";
import { EmptyState } from "@/components/empty-state";
import { LoadError } from "@/components/load-error";
import { SkeletonList } from "@/components/skeleton-list";
import { Avatar } from "@/components/ui/avatar";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Skeleton } from "@/components/ui/skeleton";
import { toastApiError } from "@/lib/auth-redirect";
import { useT } from "@/lib/i18n";
import { cn } from "@/lib/utils";
import { useGroupMeetings, useMarkAttendance, useMeetingAttendance } from "../life-api";
import { groupLifeCatalog } from "../life-i18n";
import { useMeetingTime } from "../meeting-time";

const personName = (p: { firstName: string | null; lastName: string | null }) =>
  [p.firstName, p.lastName].filter(Boolean).join(" ");

/** One person of the roll: the whole row is the button, one tap toggles present and absent. */
function RollButton({ person, onToggle }: { person: TAttendanceEntry; onToggle: () => void }) {
  const t = useT(groupLifeCatalog);
  const name = personName(person) || t("meetings.someone");
  const state =
    person.present === true
      ? t("meetings.present")
      : person.present === false
        ? t("meetings.absent")
        : t("meetings.notMarked");
  return (
    <button
      type="button"
      aria-pressed={person.present === true}
      onClick={onToggle}
      className={cn(
        "flex min-h-16 w-full items-center gap-3 rounded-xl border-2 px-4 py-3 text-start transition-colors focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-text",
        person.present === true
          ? "border-emerald-500 bg-emerald-50"
          : person.present === false
            ? "border-stone-300 bg-stone-50"
            : "border-border bg-card",
      )}
    >
      <Avatar name={name} src={person.profileImageUrl} className="size-10 text-sm" />
      <span className="grid min-w-0 flex-1">
        <span className="truncate text-base font-medium">{name}</span>
        {person.role === "leader" && <span className="text-xs text-muted-foreground">{t("meetings.leader")}</span>}
      </span>
      <span
        className={cn(
          "inline-flex shrink-0 items-center gap-1 rounded-full px-3 py-1 text-sm font-medium",
          person.present === true
            ? "bg-emerald-700 text-white"
            : person.present === false
              ? "bg-stone-200 text-stone-700"
              : "bg-muted text-muted-foreground",
        )}
      >
        {person.present === true ? (
          <Check className="size-4" aria-hidden="true" />
        ) : person.present === false ? (
          <X className="size-4" aria-hidden="true" />
        ) : null}
        {state}
      </span>
    </button>
  );
}

/** The leader's roll for one meeting: a tap per person, phone first. */
function TakeAttendance({ groupId, startsAt, onDone }: { groupId: string; startsAt: string; onDone: () => void }) {
  const t = useT(groupLifeCatalog);
  const when = useMeetingTime();
  const roll = useMeetingAttendance(groupId, startsAt);
  const mark = useMarkAttendance(groupId);
  const people = roll.data?.people ?? [];
  const present = people.filter((p) => p.present === true).length;
  const toggle = (person: TAttendanceEntry) =>
    mark.mutate(
      { startsAt, userId: person.userId, present: person.present !== true },
      { onError: (error) => toastApiError(error, { description: t("meetings.markFailed") }) },
    );
  return (
    <div className="grid gap-4">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <div className="grid">
          <h3 className="font-semibold">{t("meetings.takeAttendance")}</h3>
          <p className="text-sm text-muted-foreground">{when(startsAt)}</p>
        </div>
        <Button variant="outline" onClick={onDone}>
          <ChevronLeft className="rtl:-scale-x-100" aria-hidden="true" />
          {t("meetings.done")}
        </Button>
      </div>
      {roll.isPending ? (
        <div role="status" aria-label={t("meetings.rollLoading")}>
          <SkeletonList label={t("meetings.rollLoading")} count={4} rowClassName="py-1.5">
            <Skeleton className="h-16 w-full rounded-xl" />
          </SkeletonList>
        </div>
      ) : roll.isError ? (
        <LoadError what={t("meetings.rollLoadError")} onRetry={() => void roll.refetch()} card />
      ) : people.length === 0 ? (
        <EmptyState title={t("meetings.rollEmpty")} />
      ) : (
        <>
          <p className="text-sm font-medium" aria-live="polite">
            {t("meetings.presentCount", { present, total: people.length })}
          </p>
          <ul aria-label={t("meetings.roll")} className="grid gap-2">
            {people.map((person) => (
              <li key={person.userId}>
                <RollButton person={person} onToggle={() => toggle(person)} />
              </li>
            ))}
          </ul>
        </>
      )}
    </div>
  );
}

function MeetingRow({
  meeting,
  canLead,
  isPast,
  onTake,
}: {
  meeting: TGroupMeeting;
  canLead: boolean;
  isPast: boolean;
  onTake: () => void;
}) {
  const t = useT(groupLifeCatalog);
  const when = useMeetingTime();
  return (
    <li className="flex flex-wrap items-center gap-3 py-3">
      <CalendarDays className="size-5 shrink-0 text-brand-text" aria-hidden="true" />
      <div className="grid min-w-0 flex-1">
        <time dateTime={meeting.startsAt} className="font-medium">
          {when(meeting.startsAt)}
        </time>
        {meeting.note && <p className="text-sm break-words text-muted-foreground">{meeting.note}</p>}
        {canLead && (meeting.present > 0 || meeting.absent > 0) && (
          <p className="text-xs text-muted-foreground">
            {t("meetings.counts", { present: meeting.present, absent: meeting.absent })}
          </p>
        )}
      </div>
      {meeting.mine === true ? (
        <Badge tone="green">{t("meetings.youWereThere")}</Badge>
      ) : meeting.mine === false ? (
        <Badge tone="amber">{t("meetings.youMissed")}</Badge>
      ) : isPast && !canLead ? (
        <Badge tone="soft">{t("meetings.notMarked")}</Badge>
      ) : null}
      {canLead && meeting.canMark && (
        <Button size="sm" variant={isPast ? "outline" : "default"} onClick={onTake}>
          <ClipboardCheck aria-hidden="true" />
          {t("meetings.takeAttendance")}
        </Button>
      )}
    </li>
  );
}

/**
 * A group's meetings (issue 27): the next ones (from the pattern or added one by one) in the
 * church's time zone, the recent ones with the member's own attendance, and for its leaders and
 * admins (`canLead`) a roll to take attendance with one tap per person.
 */
export function GroupMeetings({ groupId, canLead }: { groupId: string; canLead: boolean }) {
  const t = useT(groupLifeCatalog);
  const meetings = useGroupMeetings(groupId);
  const [taking, setTaking] = useState<string | null>(null);
  const headingId = `group-meetings-${groupId}`;
  const upcoming = meetings.data?.upcoming ?? [];
  const past = meetings.data?.past ?? [];
  return (
    <section aria-labelledby={headingId} className="grid gap-4">
      <h2 id={headingId} className="text-lg font-semibold">
        {t("meetings.title")}
      </h2>
      {canLead && taking ? (
        <TakeAttendance groupId={groupId} startsAt={taking} onDone={() => setTaking(null)} />
      ) : meetings.isPending ? (
        <div role="status" aria-label={t("meetings.loading")}>
          <SkeletonList label={t("meetings.loading")} count={3} rowClassName="flex gap-3 py-3">
            <Skeleton className="size-5" />
            <Skeleton className="h-4 w-56" />
          </SkeletonList>
        </div>
      ) : meetings.isError ? (
        <LoadError what={t("meetings.loadError")} onRetry={() => void meetings.refetch()} card />
      ) : upcoming.length === 0 && past.length === 0 ? (
        <EmptyState
          icon={CalendarDays}
          title={t("meetings.empty.title")}
          description={t("meetings.empty.description")}
        />
      ) : (
        <>
          <div className="grid gap-1">
            <h3 className="text-sm font-semibold text-muted-foreground">{t("meetings.upcoming")}</h3>
            {upcoming.length === 0 ? (
              <p className="text-sm text-muted-foreground">{t("meetings.noUpcoming")}</p>
            ) : (
              <ul aria-label={t("meetings.upcoming")} className="divide-y divide-border">
                {upcoming.map((m) => (
                  <MeetingRow
                    key={m.startsAt}
                    meeting={m}
                    canLead={canLead}
                    isPast={false}
                    onTake={() => setTaking(m.startsAt)}
                  />
                ))}
              </ul>
            )}
          </div>
          {past.length > 0 && (
            <div className="grid gap-1">
              <h3 className="text-sm font-semibold text-muted-foreground">{t("meetings.past")}</h3>
              <ul aria-label={t("meetings.past")} className="divide-y divide-border">
                {past.map((m) => (
                  <MeetingRow
                    key={m.startsAt}
                    meeting={m}
                    canLead={canLead}
                    isPast
                    onTake={() => setTaking(m.startsAt)}
                  />
                ))}
              </ul>
            </div>
          )}
        </>
      )}
    </section>
  );
}
