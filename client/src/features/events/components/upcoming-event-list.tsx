import { getEventStatus } from "@common/event-helpers";
import type { TEvent } from "@common/events";
import { MapPin } from "lucide-react";
import { Link } from "wouter";
import { useT } from "@/lib/i18n";
import { cn } from "@/lib/utils";
import type { TEventFormatter } from "../format";
import { eventsCatalog } from "../i18n";

/** A compact list of the dashboards' next events, each opening its page (or `href`); one under way says so. */
export function UpcomingEventList({
  events,
  format,
  now,
  href,
  className,
}: {
  events: TEvent[];
  format: TEventFormatter;
  now: Date;
  href?: string;
  className?: string;
}) {
  const t = useT(eventsCatalog);
  return (
    <ul className={cn("grid gap-2", className)}>
      {events.map((e) => {
        const tile = format.tile(e.startTime);
        return (
          <li key={e.id}>
            <Link
              href={href ?? `/events/${encodeURIComponent(e.id)}`}
              className="flex items-center gap-3 rounded-xl border border-border p-3 transition-colors hover:border-brand-border hover:bg-brand-soft"
            >
              <span
                aria-hidden="true"
                className="flex size-12 shrink-0 flex-col items-center justify-center rounded-lg bg-brand-soft text-brand-text"
              >
                <span className="text-[10px] font-semibold tracking-wide">{tile.month}</span>
                <span className="text-lg leading-none font-bold">{tile.day}</span>
              </span>
              <span className="grid min-w-0 flex-1 grid-cols-1 gap-0.5">
                <span className="truncate text-sm font-medium text-foreground">{e.title}</span>
                <span className="truncate text-xs text-muted-foreground">
                  <span className="sr-only">{format.date(e.startTime)}, </span>
                  {getEventStatus(e, now) === "Happening now" ? (
                    <span className="font-semibold text-green-700">{t("list.happeningNow")} · </span>
                  ) : (
                    <span aria-hidden="true">{format.weekday(e.startTime)} · </span>
                  )}
                  {format.timeRange(e.startTime, e.endTime)}
                </span>
                <span className="inline-flex min-w-0 items-center gap-1 text-xs text-muted-foreground">
                  <MapPin className="size-3 shrink-0" aria-hidden="true" />
                  <span className="truncate">{e.location}</span>
                </span>
              </span>
            </Link>
          </li>
        );
      })}
    </ul>
  );
}
