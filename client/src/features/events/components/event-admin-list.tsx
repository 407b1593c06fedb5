import type { TEvent } from "@common/events";
import { CalendarDays, Eye, MapPin, SearchX } from "lucide-react";
import { Link } from "wouter";
import { EmptyState } from "@/components/empty-state";
import { ResponsiveTable } from "@/components/responsive-table";
import { RowActions } from "@/components/row-actions";
import { SkeletonList } from "@/components/skeleton-list";
import { Badge } from "@/components/ui/badge";
import { buttonClasses } from "@/components/ui/button";
import { Skeleton } from "@/components/ui/skeleton";
import { TableCell } from "@/components/ui/table";
import { useT } from "@/lib/i18n";
import type { TEventFormatter } from "../format";
import { eventsCatalog } from "../i18n";
import { describeEventRepeat } from "../repeat";
import { EventStatusBadge } from "./event-status-badge";

export const EVENT_SKELETON_ROWS = 5;

/** A series is listed once, from its first date: "Repeating" rather than the first date's status. */
function SeriesOrStatus({ event, now }: { event: TEvent; now: Date }) {
  const t = useT(eventsCatalog);
  if (event.recurrence) return <Badge tone="blue">{t("admin.repeating")}</Badge>;
  return <EventStatusBadge event={event} now={now} />;
}

/** Spec 2 Manage Events: the table (cards on a phone), skeleton rows and the empty state. */
export function EventAdminList({
  events,
  isLoading,
  isFiltered,
  now,
  format,
  timeZone = "UTC",
  onEdit,
  onDelete,
}: {
  events: TEvent[];
  isLoading: boolean;
  isFiltered: boolean;
  now: Date;
  format: TEventFormatter;
  /** The church's zone, for "Repeats every Sunday". */
  timeZone?: string;
  onEdit: (e: TEvent) => void;
  onDelete: (e: TEvent) => void;
}) {
  const t = useT(eventsCatalog);
  if (isLoading) {
    return (
      <SkeletonList
        label={t("admin.loading")}
        count={EVENT_SKELETON_ROWS}
        testId="event-row-skeleton"
        rowClassName="flex items-center gap-4 px-4 py-4"
      >
        <div className="grid flex-1 gap-1.5">
          <Skeleton className="h-4 w-56 max-w-full" />
          <Skeleton className="h-3 w-72 max-w-full" />
        </div>
        <Skeleton className="hidden h-4 w-32 md:block" />
        <Skeleton className="h-5 w-20 rounded-full" />
      </SkeletonList>
    );
  }
  if (events.length === 0) {
    return (
      <EmptyState
        icon={isFiltered ? SearchX : CalendarDays}
        title={t("admin.empty.title")}
        description={isFiltered ? t("admin.empty.filtered") : t("admin.empty.first")}
      />
    );
  }
  const actions = (e: TEvent) => (
    <RowActions name={e.title} onEdit={() => onEdit(e)} onDelete={() => onDelete(e)}>
      <Link
        href={`/events/${encodeURIComponent(e.id)}`}
        aria-label={t("admin.view", { title: e.title })}
        className={buttonClasses({ variant: "ghost", size: "icon" })}
      >
        <Eye aria-hidden="true" />
      </Link>
    </RowActions>
  );
  return (
    <ResponsiveTable
      items={events}
      headings={[t("admin.col.event"), t("admin.col.when"), t("admin.col.location"), t("admin.col.status")]}
      cardClassName="flex flex-col gap-2 px-4 py-4"
      renderActions={actions}
      renderCard={(e) => (
        <>
          <div className="flex items-start gap-2">
            <p className="min-w-0 flex-1 font-medium break-words text-foreground">{e.title}</p>
            <SeriesOrStatus event={e} now={now} />
          </div>
          {e.description && <p className="line-clamp-2 text-sm text-muted-foreground">{e.description}</p>}
          <p className="text-sm text-stone-700">
            {e.recurrence ? t("admin.from", { date: format.date(e.startTime) }) : format.date(e.startTime)} ·{" "}
            {format.timeRange(e.startTime, e.endTime)}
          </p>
          {e.recurrence && <p className="text-sm text-brand-text">{describeEventRepeat(e, timeZone, t)}</p>}
          <div className="flex items-center gap-2">
            <p className="inline-flex min-w-0 flex-1 items-center gap-1 text-sm text-muted-foreground">
              <MapPin className="size-3.5 shrink-0" aria-hidden="true" />
              <span className="truncate">{e.location}</span>
            </p>
            <div className="-me-2">{actions(e)}</div>
          </div>
        </>
      )}
      renderCells={(e) => (
        <>
          <TableCell className="w-2/5 max-w-0">
            <p className="truncate font-medium text-foreground" title={e.title}>
              {e.title}
            </p>
            {e.description && <p className="truncate text-sm text-muted-foreground">{e.description}</p>}
          </TableCell>
          <TableCell className="whitespace-nowrap">
            <p className="text-foreground">
              {e.recurrence ? t("admin.from", { date: format.date(e.startTime) }) : format.date(e.startTime)}
            </p>
            <p className="text-sm text-muted-foreground">{format.timeRange(e.startTime, e.endTime)}</p>
            {e.recurrence && <p className="text-sm text-brand-text">{describeEventRepeat(e, timeZone, t)}</p>}
          </TableCell>
          <TableCell className="max-w-48 truncate text-stone-700">{e.location}</TableCell>
          <TableCell>
            <SeriesOrStatus event={e} now={now} />
          </TableCell>
        </>
      )}
    />
  );
}
