import type { TEvent } from "@common/events";
import { BookOpen, CalendarDays, MapPin, Radio, RadioTower } from "lucide-react";
import { Link } from "wouter";
import { EmptyState } from "@/components/empty-state";
import { buttonClasses } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { useT } from "@/lib/i18n";
import type { TLiveFormatter } from "../format";
import { liveCatalog } from "../i18n";

/** The church's next event, under "No Live Stream Available". */
function NextEvent({ event, format }: { event: TEvent; format: TLiveFormatter }) {
  const t = useT(liveCatalog);
  return (
    <div className="mt-2 w-full max-w-md rounded-xl border border-border bg-muted/40 p-4 text-start">
      <p className="text-xs font-semibold tracking-wide text-stone-600 uppercase">{t("none.next")}</p>
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
        {t("none.allEvents")}
      </Link>
    </div>
  );
}

/** Spec 1 §2.10: nothing is live (the page asks again now and then, and shows a stream once it begins). */
export function NoLiveStream({ next, format }: { next: TEvent | null | undefined; format: TLiveFormatter }) {
  const t = useT(liveCatalog);
  return (
    <Card>
      <EmptyState
        icon={Radio}
        title={t("none.title")}
        description={t("none.description")}
        action={next ? <NextEvent event={next} format={format} /> : undefined}
        className="py-14"
      />
    </Card>
  );
}

/** The stream the member was watching has stopped. */
export function StreamEnded({ title }: { title: string }) {
  const t = useT(liveCatalog);
  return (
    <Card role="status">
      <EmptyState
        icon={RadioTower}
        title={t("ended.title")}
        description={t("ended.description", { title })}
        action={
          <Link href="/sermons" className={buttonClasses({ variant: "outline" })}>
            <BookOpen aria-hidden="true" />
            {t("ended.browse")}
          </Link>
        }
        className="py-14"
      />
    </Card>
  );
}
