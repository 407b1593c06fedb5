import { getEventStatus } from "@common/event-helpers";
import type { TEvent } from "@common/events";
import { mapSearchUrl } from "@common/map-link";
import { isAdminRole } from "@common/roles";
import {
  ArrowLeft,
  CalendarDays,
  CalendarPlus,
  Clock,
  ExternalLink,
  MapPin,
  Pencil,
  Radio,
  Repeat,
  SearchX,
  Users,
  XCircle,
} from "lucide-react";
import { Suspense, useMemo, useState } from "react";
import { Link, useLocation, useSearch } from "wouter";
import { ConfirmDeleteDialog } from "@/components/confirm-delete-dialog";
import { commonCatalog } from "@/components/i18n";
import { LoadError } from "@/components/load-error";
import { Button, buttonClasses } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { Skeleton, skeletonKeys } from "@/components/ui/skeleton";
import { toast } from "@/components/ui/use-toast";
import { getServerMessage, getStatus } from "@/lib/api-client";
import { toastApiError } from "@/lib/auth-redirect";
import { useCurrentUser } from "@/lib/current-user";
import { dateFormat, useT } from "@/lib/i18n";
import { lazyComponent } from "@/lib/lazy";
import { safeTimeZone } from "@/lib/time-zone";
import { useDocumentTitle } from "@/lib/use-document-title";
import { useNow } from "@/lib/use-now";
import { eventCalendarUrl, useCancelOccurrence, useEvent, useEventAttendees, useRsvp } from "../api";
import { EventStatusBadge } from "../components/event-status-badge";
import { eventFormatter } from "../format";
import { eventsCatalog } from "../i18n";
import { describeEventRepeat, eventPageHref } from "../repeat";

// Only an admin opens the form: its code downloads when they do.
const EventFormDialog = lazyComponent(() => import("../components/event-form-dialog").then((m) => m.EventFormDialog));

const linkClasses = "font-medium text-brand-text underline underline-offset-2 hover:no-underline";

function BackToEvents() {
  const t = useT(eventsCatalog);
  return (
    <Link href="/events" className="mb-4 inline-flex items-center gap-1.5 text-sm font-medium text-brand-text">
      <ArrowLeft className="rtl:-scale-x-100 size-4" aria-hidden="true" />
      {t("event.back")}
    </Link>
  );
}

function EventNotFound() {
  const t = useT(eventsCatalog);
  useDocumentTitle(t("notFound.title"));
  return (
    <Card className="mx-auto flex max-w-md flex-col items-center gap-3 px-6 py-12 text-center">
      <span className="flex size-14 items-center justify-center rounded-full bg-brand-soft text-brand-text">
        <SearchX className="size-6" aria-hidden="true" />
      </span>
      <h1 className="text-2xl font-bold tracking-tight">{t("notFound.title")}</h1>
      <p className="text-muted-foreground">{t("notFound.description")}</p>
      <Link href="/events" className={buttonClasses({ variant: "outline", className: "mt-2" })}>
        <ArrowLeft className="rtl:-scale-x-100" aria-hidden="true" />
        {t("notFound.back")}
      </Link>
    </Card>
  );
}

function EventSkeleton() {
  const t = useT(eventsCatalog);
  return (
    <div className="grid gap-4" role="status" aria-label={t("event.loading")}>
      <Skeleton className="h-5 w-24 rounded-full" />
      <Skeleton className="h-9 w-3/4" />
      <Skeleton className="h-40 w-full rounded-2xl" />
      <Skeleton className="h-28 w-full rounded-2xl" />
    </div>
  );
}

/** "MST", "CET": the church's zone at the event's start, so a visitor from elsewhere knows. */
function zoneName(iso: string, timeZone: string | undefined): string {
  const parts = dateFormat({ timeZone, timeZoneName: "short" }).formatToParts(new Date(iso));
  return parts.find((p) => p.type === "timeZoneName")?.value ?? "";
}

function RsvpButton({ event }: { event: TEvent }) {
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
    <Button
      variant={event.isGoing ? "default" : "outline"}
      aria-pressed={event.isGoing}
      disabled={rsvp.isPending}
      onClick={toggle}
    >
      {event.isGoing ? t("rsvp.going") : t("rsvp.join")}
    </Button>
  );
}

function WhoIsComing({ event }: { event: TEvent }) {
  const t = useT(eventsCatalog);
  const attendees = useEventAttendees(event.id, event.recurrence ? event.occurrenceStart : null);
  return (
    <Card className="p-5 sm:p-6" aria-labelledby="who-is-coming">
      <h2 id="who-is-coming" className="flex items-center gap-2 text-lg font-semibold">
        <Users className="size-5 text-brand-text" aria-hidden="true" />
        {t("coming.title")}
      </h2>
      {attendees.isLoading ? (
        <ul className="mt-3 flex flex-wrap gap-2" aria-label={t("coming.loading")}>
          {skeletonKeys(3).map((key) => (
            <li key={key}>
              <Skeleton className="h-8 w-24 rounded-full" />
            </li>
          ))}
        </ul>
      ) : attendees.isError ? (
        <LoadError what={t("coming.loadError")} onRetry={() => attendees.refetch()} className="mt-3" />
      ) : (attendees.data ?? []).length === 0 ? (
        <p className="mt-2 text-sm text-muted-foreground">{t("coming.none")}</p>
      ) : (
        <>
          <p className="mt-1 text-sm text-muted-foreground">
            {t("rsvp.count", { count: attendees.data?.length ?? 0 })}
          </p>
          <ul className="mt-3 flex flex-wrap gap-2">
            {attendees.data?.map((a) => (
              <li
                key={a.id}
                className="inline-flex items-center gap-2 rounded-full border border-border bg-card py-1 pe-3 ps-1 text-sm"
              >
                <span
                  aria-hidden="true"
                  className="flex size-6 items-center justify-center rounded-full bg-brand-soft text-xs font-semibold text-brand-text"
                >
                  {a.name.charAt(0)}
                </span>
                {a.name}
                {a.isYou && <span className="text-muted-foreground">{t("coming.you")}</span>}
              </li>
            ))}
          </ul>
        </>
      )}
    </Card>
  );
}

/** An admin's edit (asking which occurrences for a repeating event) and "Cancel this date". */
function AdminActions({ event, timeZone }: { event: TEvent; timeZone: string }) {
  const t = useT(eventsCatalog);
  const common = useT(commonCatalog);
  const [isEditing, setEditing] = useState(false);
  const [toCancel, setToCancel] = useState<TEvent | null>(null);
  const cancel = useCancelOccurrence();
  const [, navigate] = useLocation();
  const confirmCancel = (e: TEvent) =>
    cancel.mutate(e, {
      onSuccess: () => {
        toast({ title: t("admin.cancelled.title"), description: t("admin.cancelled.description") });
        navigate("/events");
      },
      onError: (error) => toastApiError(error, { description: t("admin.cancelFailed") }),
    });
  return (
    <>
      <Button variant="outline" onClick={() => setEditing(true)}>
        <Pencil aria-hidden="true" />
        {common("action.edit")}
      </Button>
      {event.recurrence && (
        <Button variant="outline" onClick={() => setToCancel(event)}>
          <XCircle aria-hidden="true" />
          {t("admin.cancelDate")}
        </Button>
      )}
      {isEditing && (
        <Suspense fallback={null}>
          <EventFormDialog
            open={isEditing}
            event={event}
            isOccurrence
            timeZone={timeZone}
            onOpenChange={setEditing}
            onSaved={(saved) => navigate(eventPageHref(saved), { replace: true })}
          />
        </Suspense>
      )}
      <ConfirmDeleteDialog
        item={toCancel}
        title={t("admin.cancelConfirm.title")}
        description={t("admin.cancelConfirm.description", { title: toCancel?.title ?? "" })}
        confirmLabel={t("admin.cancelDate")}
        onConfirm={confirmCancel}
        onClose={() => setToCancel(null)}
      />
    </>
  );
}

/**
 * Issue 24: one event's page (`/events/{id}`): when and where, RSVP, who's coming, add to a calendar.
 * A repeating event's occurrence is `?occurrence=<ISO>` (its start by the rule); without it, the
 * next one.
 */
export function EventPage({ id }: { id: string }) {
  const t = useT(eventsCatalog);
  const user = useCurrentUser();
  const occurrence = new URLSearchParams(useSearch()).get("occurrence");
  const event = useEvent(id, occurrence);
  const now = useNow();
  const timeZone = user.church.timeZone;
  const format = useMemo(() => eventFormatter(timeZone), [timeZone]);
  useDocumentTitle(event.data?.title ?? t("event.title"));

  if (event.isLoading) return <EventSkeleton />;
  if (event.isError) {
    if (getStatus(event.error) === 404) return <EventNotFound />;
    return <LoadError card what={t("event.loadError")} onRetry={() => event.refetch()} className="p-8 text-center" />;
  }
  const e = event.data as TEvent;
  const isPast = getEventStatus(e, now) === "Past";
  const zone = zoneName(e.startTime, safeTimeZone(timeZone));
  const repeat = describeEventRepeat(e, timeZone, t);

  return (
    <article className="grid max-w-3xl gap-5">
      <div>
        <BackToEvents />
        <div className="flex flex-wrap items-center gap-2">
          <EventStatusBadge event={e} now={now} />
        </div>
        <h1 className="mt-2 text-2xl font-bold tracking-tight break-words text-foreground sm:text-3xl">{e.title}</h1>
      </div>

      <Card className="grid gap-4 p-5 sm:p-6">
        <dl className="grid gap-3 text-sm">
          <div className="flex gap-3">
            <dt className="shrink-0">
              <CalendarDays className="size-5 text-brand-text" aria-hidden="true" />
              <span className="sr-only">{t("event.date")}</span>
            </dt>
            <dd className="font-medium text-foreground">{format.date(e.startTime)}</dd>
          </div>
          <div className="flex gap-3">
            <dt className="shrink-0">
              <Clock className="size-5 text-brand-text" aria-hidden="true" />
              <span className="sr-only">{t("event.time")}</span>
            </dt>
            <dd className="text-foreground">
              {format.timeRange(e.startTime, e.endTime)}
              {zone && <span className="text-muted-foreground"> ({zone})</span>}
            </dd>
          </div>
          <div className="flex gap-3">
            <dt className="shrink-0">
              <MapPin className="size-5 text-brand-text" aria-hidden="true" />
              <span className="sr-only">{t("event.place")}</span>
            </dt>
            <dd className="grid min-w-0 gap-0.5">
              <span className="break-words text-foreground">{e.location}</span>
              <a href={mapSearchUrl(e.location)} target="_blank" rel="noreferrer" className={linkClasses}>
                {t("event.openMap")}
                <span className="sr-only"> {t("event.newTab")}</span>
                <ExternalLink className="ms-1 inline size-3.5 align-[-2px]" aria-hidden="true" />
              </a>
            </dd>
          </div>
          {repeat && (
            <div className="flex gap-3">
              <dt className="shrink-0">
                <Repeat className="size-5 text-brand-text" aria-hidden="true" />
                <span className="sr-only">{t("event.repeats")}</span>
              </dt>
              <dd className="text-foreground">{repeat}</dd>
            </div>
          )}
          {e.streamUrl && (
            <div className="flex gap-3">
              <dt className="shrink-0">
                <Radio className="size-5 text-brand-text" aria-hidden="true" />
                <span className="sr-only">{t("event.stream")}</span>
              </dt>
              <dd className="min-w-0">
                <a href={e.streamUrl} target="_blank" rel="noreferrer" className={linkClasses}>
                  {t("event.watch")}
                  <span className="sr-only"> {t("event.newTab")}</span>
                </a>
              </dd>
            </div>
          )}
        </dl>
        <div className="flex flex-wrap items-center gap-3 border-t border-border pt-4">
          {!isPast && <RsvpButton event={e} />}
          <a href={eventCalendarUrl(e.id)} download className={buttonClasses({ variant: "outline" })}>
            <CalendarPlus aria-hidden="true" />
            {t("event.addToCalendar")}
          </a>
          {isAdminRole(user.role) && <AdminActions event={e} timeZone={timeZone} />}
        </div>
      </Card>

      {e.description.trim() && (
        <Card className="p-5 sm:p-6" aria-labelledby="about-event">
          <h2 id="about-event" className="text-lg font-semibold">
            {t("event.about")}
          </h2>
          <p className="mt-2 text-sm whitespace-pre-line break-words text-stone-700">{e.description}</p>
        </Card>
      )}

      <WhoIsComing event={e} />
    </article>
  );
}
