import { CalendarDays } from "lucide-react";
import { useMemo } from "react";
import { EmptyState } from "@/components/empty-state";
import { LoadError } from "@/components/load-error";
import { PageHeader } from "@/components/page-header";
import { Card } from "@/components/ui/card";
import { Skeleton, skeletonKeys } from "@/components/ui/skeleton";
import { useCurrentUser } from "@/lib/current-user";
import { useDocumentTitle } from "@/lib/use-document-title";
import { useNow } from "@/lib/use-now";
import { useEvents } from "../api";
import { EventCard } from "../components/event-card";
import { eventFormatter } from "../format";

/** Spec 1 screen 8: Upcoming Events (`/events`), sorted by start time, in the church's time zone. */
export function EventsPage() {
  const user = useCurrentUser();
  const events = useEvents();
  const now = useNow();
  const format = useMemo(() => eventFormatter(user.church.timeZone), [user.church.timeZone]);
  useDocumentTitle("Upcoming Events");

  return (
    <>
      <PageHeader title="Upcoming Events" description={`Services, studies and gatherings at ${user.church.name}.`} />
      {events.isLoading ? (
        <ul className="grid gap-4" aria-label="Loading events">
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
        <LoadError card what="Events" onRetry={() => events.refetch()} className="p-8 text-center" />
      ) : (events.data ?? []).length === 0 ? (
        <Card>
          <EmptyState
            icon={CalendarDays}
            title="No events scheduled"
            description="New services and gatherings will appear here as soon as they are planned."
          />
        </Card>
      ) : (
        <ul className="grid gap-4">
          {(events.data ?? []).map((e) => (
            <EventCard key={e.id} event={e} now={now} format={format} />
          ))}
        </ul>
      )}
    </>
  );
}
