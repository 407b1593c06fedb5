import { splitEventsByStatus } from "@common/event-helpers";
import type { TEvent } from "@common/events";
import { CalendarDays } from "lucide-react";
import { useMemo, useState } from "react";
import { EmptyState } from "@/components/empty-state";
import { LoadError } from "@/components/load-error";
import { PageHeader } from "@/components/page-header";
import { Button } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { Skeleton, skeletonKeys } from "@/components/ui/skeleton";
import { useCurrentUser } from "@/lib/current-user";
import { useT } from "@/lib/i18n";
import { useDocumentTitle } from "@/lib/use-document-title";
import { useNow } from "@/lib/use-now";
import { useEventOccurrences } from "../api";
import { EventCard } from "../components/event-card";
import { eventFormatter, type TEventFormatter } from "../format";
import { eventsCatalog } from "../i18n";

/** Past events shown before "Show all"; a church's history grows for years. */
export const PAST_SHOWN = 5;
/** The window the page asks for: repeating events are expanded into each occurrence within it. */
export const EVENTS_PAST_DAYS = 60;
export const EVENTS_AHEAD_DAYS = 120;
const DAY_MS = 86_400_000;

/** Dates of one repeating event shown among the upcoming ones: a weekly service does not fill the page. */
export const REPEAT_DATES_SHOWN = 4;

const occurrenceKey = (e: TEvent) => `${e.id}|${e.occurrenceStart}`;

/** Keeps the first `max` occurrences of each repeating event, and every single event. */
function limitRepeats(events: TEvent[], max: number): TEvent[] {
  const seen = new Map<string, number>();
  return events.filter((e) => {
    if (!e.recurrence) return true;
    const n = (seen.get(e.id) ?? 0) + 1;
    seen.set(e.id, n);
    return n <= max;
  });
}

function PastEvents({
  events,
  now,
  format,
  timeZone,
}: {
  events: TEvent[];
  now: Date;
  format: TEventFormatter;
  timeZone: string;
}) {
  const t = useT(eventsCatalog);
  const [showAll, setShowAll] = useState(false);
  const shown = showAll ? events : events.slice(0, PAST_SHOWN);
  return (
    <section aria-labelledby="past-events" className="mt-10 grid gap-4">
      <h2 id="past-events" className="text-lg font-semibold text-foreground">
        {t("past.title")}
      </h2>
      <ul className="grid gap-4">
        {shown.map((e) => (
          <EventCard key={occurrenceKey(e)} event={e} now={now} format={format} headingLevel={3} timeZone={timeZone} />
        ))}
      </ul>
      {events.length > shown.length && (
        <Button variant="outline" className="justify-self-start" onClick={() => setShowAll(true)}>
          {t("past.showAll", { count: events.length })}
        </Button>
      )}
    </section>
  );
}

/**
 * Spec 1 screen 8: Upcoming Events (`/events`) in the church's time zone. Issue 24: what has not ended
 * comes first (happening now, then upcoming, soonest first); past events sit apart below, most
 * recent first. Each occurrence of a repeating event is its own card, over the last
 * EVENTS_PAST_DAYS and the next EVENTS_AHEAD_DAYS (the next REPEAT_DATES_SHOWN of each series).
 */
export function EventsPage() {
  const t = useT(eventsCatalog);
  const user = useCurrentUser();
  const timeZone = user.church.timeZone;
  // The window is fixed when the page opens, so the query is asked once.
  const [range] = useState(() => {
    const t = Date.now();
    return {
      from: new Date(t - EVENTS_PAST_DAYS * DAY_MS).toISOString(),
      to: new Date(t + EVENTS_AHEAD_DAYS * DAY_MS).toISOString(),
    };
  });
  const events = useEventOccurrences(range.from, range.to);
  const now = useNow();
  const format = useMemo(() => eventFormatter(user.church.timeZone), [user.church.timeZone]);
  const { current, past } = useMemo(() => {
    const split = splitEventsByStatus(events.data ?? [], now);
    return { current: limitRepeats(split.current, REPEAT_DATES_SHOWN), past: split.past };
  }, [events.data, now]);
  useDocumentTitle(t("page.title"));

  return (
    <>
      <PageHeader title={t("page.title")} description={t("page.description", { church: user.church.name })} />
      {events.isLoading ? (
        <ul className="grid gap-4" aria-label={t("page.loading")}>
          {skeletonKeys(3).map((key) => (
            <li key={key} className="flex gap-4 rounded-2xl border border-border bg-card p-5">
              <Skeleton className="size-16 rounded-xl" />
              <div className="grid flex-1 gap-2">
                <Skeleton className="h-5 w-20 rounded-full" />
                <Skeleton className="h-5 w-2/3" />
                <Skeleton className="h-4 w-1/2" />
              </div>
            </li>
          ))}
        </ul>
      ) : events.isError ? (
        <LoadError card what={t("page.loadError")} onRetry={() => events.refetch()} className="p-8 text-center" />
      ) : (events.data ?? []).length === 0 ? (
        <Card>
          <EmptyState icon={CalendarDays} title={t("page.empty.title")} description={t("page.empty.description")} />
        </Card>
      ) : (
        <>
          {current.length === 0 ? (
            <Card>
              <EmptyState
                icon={CalendarDays}
                title={t("page.noUpcoming.title")}
                description={t("page.empty.description")}
              />
            </Card>
          ) : (
            <ul className="grid gap-4" aria-label={t("page.upcoming")}>
              {current.map((e) => (
                <EventCard key={occurrenceKey(e)} event={e} now={now} format={format} timeZone={timeZone} />
              ))}
            </ul>
          )}
          {past.length > 0 && <PastEvents events={past} now={now} format={format} timeZone={timeZone} />}
        </>
      )}
    </>
  );
}
