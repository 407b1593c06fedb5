import { getEventStatus, isCheckInOpen } from "@common/event-helpers";
import type { TEvent } from "@common/events";
import { CalendarDays, Check, Clock, MapPin, Repeat, UserCheck } from "lucide-react";
import { Link } from "wouter";
import { Button } from "@/components/ui/button";
import { toast } from "@/components/ui/use-toast";
import { getServerMessage, getStatus } from "@/lib/api-client";
import { toastApiError } from "@/lib/auth-redirect";
import { useT } from "@/lib/i18n";
import { cn } from "@/lib/utils";
import { useCheckIn, useRsvp } from "../api";
import type { TEventFormatter } from "../format";
import { eventsCatalog } from "../i18n";
import { describeEventRepeat, eventPageHref } from "../repeat";
import { EventStatusBadge } from "./event-status-badge";

function RsvpControls({ event }: { event: TEvent }) {
  const t = useT(eventsCatalog);
  const rsvp = useRsvp();
  const toggle = () =>
    rsvp.mutate(
      { event, going: !event.isGoing },
      {
        onError: (error) => toastApiError(error, { description: getServerMessage(error) ?? t("rsvp.failed") }),
      },
    );
  return (
    <div className="flex flex-wrap items-center gap-3">
      <Button
        variant={event.isGoing ? "default" : "outline"}
        size="sm"
        aria-pressed={event.isGoing}
        disabled={rsvp.isPending}
        onClick={toggle}
      >
        {event.isGoing ? t("rsvp.going") : t("rsvp.join")}
      </Button>
      <span className="text-sm text-muted-foreground" aria-live="polite">
        {t("rsvp.count", { count: event.rsvpCount })}
      </span>
    </div>
  );
}

function CheckInButton({ event }: { event: TEvent }) {
  const t = useT(eventsCatalog);
  const checkIn = useCheckIn();
  if (event.isCheckedIn) {
    return (
      <Button variant="secondary" size="sm" disabled className="text-emerald-800 disabled:opacity-100">
        <Check aria-hidden="true" />
        {t("checkIn.done")}
      </Button>
    );
  }
  const onClick = () =>
    checkIn.mutate(event, {
      onSuccess: () =>
        toast({ title: t("checkIn.toastTitle"), description: t("checkIn.toastDescription", { title: event.title }) }),
      onError: (error) =>
        toastApiError(error, {
          description:
            (getStatus(error) === 409 || getStatus(error) === 400 ? getServerMessage(error) : null) ??
            t("checkIn.failed"),
        }),
    });
  return (
    <Button size="sm" onClick={onClick} disabled={checkIn.isPending}>
      <UserCheck aria-hidden="true" />
      {checkIn.isPending ? t("checkIn.pending") : t("checkIn.action")}
    </Button>
  );
}

/**
 * Spec 1 screen 8: one event; past events are dimmed (with text that still meets AA contrast). An
 * event under way is "Happening now" (issue 24), and a card shows only the event's own words. An
 * occurrence of a repeating event is a card of its own, with its own date, RSVP and link.
 */
export function EventCard({
  event,
  now,
  format,
  headingLevel = 2,
  timeZone,
}: {
  event: TEvent;
  now: Date;
  format: TEventFormatter;
  headingLevel?: 2 | 3;
  /** The church's zone, for "Repeats every Sunday". */
  timeZone?: string;
}) {
  const t = useT(eventsCatalog);
  const repeat = timeZone ? describeEventRepeat(event, timeZone, t) : null;
  const status = getEventStatus(event, now);
  const past = status === "Past";
  const checkInOpen = isCheckInOpen(event, now);
  const tile = format.tile(event.startTime);
  const Heading = headingLevel === 3 ? "h3" : "h2";
  return (
    <li
      data-status={status}
      className={cn(
        "flex gap-4 rounded-2xl border p-4 sm:p-5",
        past && !checkInOpen ? "border-stone-200 bg-stone-100/70 text-stone-600" : "border-border bg-card shadow-xs",
      )}
    >
      <div
        aria-hidden="true"
        className={cn(
          "flex size-14 shrink-0 flex-col items-center justify-center rounded-xl sm:size-16",
          past ? "bg-stone-200 text-stone-600" : "bg-brand-soft text-brand-text",
        )}
      >
        <span className="text-[11px] font-semibold tracking-wide">{tile.month}</span>
        <span className="text-xl leading-none font-bold sm:text-2xl">{tile.day}</span>
      </div>
      <div className="grid min-w-0 flex-1 grid-cols-1 gap-2">
        <div className="flex flex-wrap items-center gap-2">
          <EventStatusBadge event={event} now={now} />
        </div>
        <Heading
          className={cn("text-lg leading-snug font-semibold break-words", past ? "text-stone-700" : "text-foreground")}
        >
          <Link
            href={eventPageHref(event)}
            className="underline-offset-2 hover:text-brand-text hover:underline focus-visible:underline"
          >
            {event.title}
          </Link>
        </Heading>
        {event.description && (
          <p className={cn("text-sm whitespace-pre-line break-words", past ? "text-stone-600" : "text-stone-700")}>
            {event.description}
          </p>
        )}
        <ul className="grid gap-1 text-sm text-stone-600 sm:flex sm:flex-wrap sm:gap-x-5">
          <li className="inline-flex items-center gap-1.5">
            <CalendarDays className="size-4 shrink-0" aria-hidden="true" />
            {format.date(event.startTime)}
          </li>
          <li className="inline-flex items-center gap-1.5">
            <Clock className="size-4 shrink-0" aria-hidden="true" />
            {format.timeRange(event.startTime, event.endTime)}
          </li>
          <li className="inline-flex min-w-0 items-center gap-1.5">
            <MapPin className="size-4 shrink-0" aria-hidden="true" />
            <span className="break-words">{event.location}</span>
          </li>
          {repeat && (
            <li className="inline-flex items-center gap-1.5">
              <Repeat className="size-4 shrink-0" aria-hidden="true" />
              {repeat}
            </li>
          )}
        </ul>
        {(!past || checkInOpen) && (
          <div className="mt-1 flex flex-wrap items-center gap-3">
            {!past && <RsvpControls event={event} />}
            {checkInOpen && <CheckInButton event={event} />}
          </div>
        )}
      </div>
    </li>
  );
}
