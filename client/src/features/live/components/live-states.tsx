import type { TEvent } from "@common/events";
import { BookOpen, CalendarDays, MapPin, Radio, RadioTower } from "lucide-react";
import { Link } from "wouter";
import { EmptyState } from "@/components/empty-state";
import { buttonClasses } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import type { TLiveFormatter } from "../format";

/** The church's next event, under "No Live Stream Available". */
function NextEvent({ event, format }: { event: TEvent; format: TLiveFormatter }) {
  return (
    <div className="mt-2 w-full max-w-md rounded-xl border border-border bg-muted/40 p-4 text-start">
      <p className="text-xs font-semibold tracking-wide text-stone-600 uppercase">Next scheduled</p>
      <p className="mt-1 font-semibold text-foreground">{event.title}</p>
      <p className="mt-1 flex items-center gap-1.5 text-sm text-stone-700">
        <CalendarDays className="size-4 shrink-0 text-stone-500" aria-hidden="true" />
        <time dateTime={event.startTime}>{format.dateTime(event.startTime)}</time>
      </p>
      {event.location && (
        <p className="mt-1 flex items-center gap-1.5 text-sm text-stone-700">
          <MapPin className="size-4 shrink-0 text-stone-500" aria-hidden="true" />
          {event.location}
        </p>
      )}
      <Link href="/events" className="mt-3 inline-block text-sm font-medium text-brand-text hover:underline">
        See all events
      </Link>
    </div>
  );
}

/** Spec 1 §2.10: nothing is live (the page asks again now and then, and shows a stream once it begins). */
export function NoLiveStream({ next, format }: { next: TEvent | null | undefined; format: TLiveFormatter }) {
  return (
    <Card>
      <EmptyState
        icon={Radio}
        title="No Live Stream Available"
        description="There is no live service right now. This page shows the stream as soon as it begins."
        action={next ? <NextEvent event={next} format={format} /> : undefined}
        className="py-14"
      />
    </Card>
  );
}

/** The stream the member was watching has stopped. */
export function StreamEnded({ title }: { title: string }) {
  return (
    <Card role="status">
      <EmptyState
        icon={RadioTower}
        title="This live stream has ended."
        description={<>Thank you for joining “{title}”. Recordings of our services are added to the sermon archive.</>}
        action={
          <Link href="/sermons" className={buttonClasses({ variant: "outline" })}>
            <BookOpen aria-hidden="true" />
            Browse Sermons
          </Link>
        }
        className="py-14"
      />
    </Card>
  );
}
