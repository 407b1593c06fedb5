import type { TEvent } from "@common/events";
import { CalendarDays, Eye, MapPin, Pencil, SearchX, Trash2 } from "lucide-react";
import { Link } from "wouter";
import { EmptyState } from "@/components/empty-state";
import { Button, buttonClasses } from "@/components/ui/button";
import { Skeleton, skeletonKeys } from "@/components/ui/skeleton";
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from "@/components/ui/table";
import type { TEventFormatter } from "../format";
import { EventStatusBadge } from "./event-status-badge";

export const EVENT_SKELETON_ROWS = 5;

function RowActions({
  event,
  onEdit,
  onDelete,
}: {
  event: TEvent;
  onEdit: (e: TEvent) => void;
  onDelete: (e: TEvent) => void;
}) {
  return (
    <div className="flex justify-end gap-1">
      <Button variant="ghost" size="icon" onClick={() => onEdit(event)} aria-label={`Edit ${event.title}`}>
        <Pencil aria-hidden="true" />
      </Button>
      <Link
        href="/events"
        aria-label={`View ${event.title} on the events page`}
        className={buttonClasses({ variant: "ghost", size: "icon" })}
      >
        <Eye aria-hidden="true" />
      </Link>
      <Button
        variant="ghost"
        size="icon"
        className="text-red-700 hover:bg-red-50"
        onClick={() => onDelete(event)}
        aria-label={`Delete ${event.title}`}
      >
        <Trash2 aria-hidden="true" />
      </Button>
    </div>
  );
}

/** Spec 2 Manage Events: the table (cards on a phone), skeleton rows and the empty state. */
export function EventAdminList({
  events,
  isLoading,
  isFiltered,
  now,
  format,
  onEdit,
  onDelete,
}: {
  events: TEvent[];
  isLoading: boolean;
  isFiltered: boolean;
  now: Date;
  format: TEventFormatter;
  onEdit: (e: TEvent) => void;
  onDelete: (e: TEvent) => void;
}) {
  if (isLoading) {
    return (
      <ul className="divide-y divide-border" aria-label="Loading events">
        {skeletonKeys(EVENT_SKELETON_ROWS).map((key) => (
          <li key={key} data-testid="event-row-skeleton" className="flex items-center gap-4 px-4 py-4">
            <div className="grid flex-1 gap-1.5">
              <Skeleton className="h-4 w-56 max-w-full" />
              <Skeleton className="h-3 w-72 max-w-full" />
            </div>
            <Skeleton className="hidden h-4 w-32 md:block" />
            <Skeleton className="h-5 w-20 rounded-full" />
          </li>
        ))}
      </ul>
    );
  }
  if (events.length === 0) {
    return (
      <EmptyState
        icon={isFiltered ? SearchX : CalendarDays}
        title="No events found"
        description={isFiltered ? "Try a different title or location." : "Create your first event to get started."}
      />
    );
  }
  return (
    <>
      {/* Phones: a card list, so nothing scrolls sideways. */}
      <ul className="divide-y divide-border md:hidden">
        {events.map((e) => (
          <li key={e.id} className="flex flex-col gap-2 px-4 py-4">
            <div className="flex items-start gap-2">
              <p className="min-w-0 flex-1 font-medium break-words text-foreground">{e.title}</p>
              <EventStatusBadge event={e} now={now} />
            </div>
            {e.description && <p className="line-clamp-2 text-sm text-muted-foreground">{e.description}</p>}
            <p className="text-sm text-stone-700">
              {format.date(e.startTime)} · {format.timeRange(e.startTime, e.endTime)}
            </p>
            <div className="flex items-center gap-2">
              <p className="inline-flex min-w-0 flex-1 items-center gap-1 text-sm text-muted-foreground">
                <MapPin className="size-3.5 shrink-0" aria-hidden="true" />
                <span className="truncate">{e.location}</span>
              </p>
              <div className="-mr-2">
                <RowActions event={e} onEdit={onEdit} onDelete={onDelete} />
              </div>
            </div>
          </li>
        ))}
      </ul>
      <div className="hidden md:block">
        <Table>
          <TableHeader>
            <TableRow className="hover:bg-transparent">
              <TableHead>Event</TableHead>
              <TableHead>Date &amp; Time</TableHead>
              <TableHead>Location</TableHead>
              <TableHead>Status</TableHead>
              <TableHead className="text-right">Actions</TableHead>
            </TableRow>
          </TableHeader>
          <TableBody>
            {events.map((e) => (
              <TableRow key={e.id}>
                <TableCell className="w-2/5 max-w-0">
                  <p className="truncate font-medium text-foreground" title={e.title}>
                    {e.title}
                  </p>
                  {e.description && <p className="truncate text-sm text-muted-foreground">{e.description}</p>}
                </TableCell>
                <TableCell className="whitespace-nowrap">
                  <p className="text-foreground">{format.date(e.startTime)}</p>
                  <p className="text-sm text-muted-foreground">{format.timeRange(e.startTime, e.endTime)}</p>
                </TableCell>
                <TableCell className="max-w-48 truncate text-stone-700">{e.location}</TableCell>
                <TableCell>
                  <EventStatusBadge event={e} now={now} />
                </TableCell>
                <TableCell className="text-right">
                  <RowActions event={e} onEdit={onEdit} onDelete={onDelete} />
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </div>
    </>
  );
}
