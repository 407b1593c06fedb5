import type { TLiveEvent } from "@common/live";
import { Clock, Info, MapPin, Users } from "lucide-react";
import { Suspense, useEffect, useMemo, useState } from "react";
import { LoadError } from "@/components/load-error";
import { PageHeader } from "@/components/page-header";
import { Card, CardContent, CardHeader, CardTitle } from "@/components/ui/card";
import { Skeleton } from "@/components/ui/skeleton";
import { useCurrentUser } from "@/lib/current-user";
import { Rich, useT } from "@/lib/i18n";
import { lazyComponent } from "@/lib/lazy";
import { useDocumentTitle } from "@/lib/use-document-title";
import { cn } from "@/lib/utils";
import { useLiveEvent, useNextEvent } from "../api";
import { LiveChat } from "../components/live-chat";
import { NoLiveStream, StreamEnded } from "../components/live-states";
import { liveFormatter, type TLiveFormatter } from "../format";
import { liveCatalog } from "../i18n";
import { useLiveSocket } from "../use-live-socket";

const LivePlayer = lazyComponent(() => import("../components/live-player").then((m) => m.LivePlayer));

function ConnectionStatus({ isConnected }: { isConnected: boolean }) {
  const t = useT(liveCatalog);
  return (
    <span className="inline-flex items-center gap-1.5" role="status">
      <span
        className={cn("size-2 rounded-full", isConnected ? "bg-emerald-600" : "animate-pulse bg-amber-500")}
        aria-hidden="true"
      />
      {isConnected ? t("connection.connected") : t("connection.connecting")}
    </span>
  );
}

function PlayerFrame({ event }: { event: TLiveEvent }) {
  const t = useT(liveCatalog);
  return (
    <div className="aspect-video w-full overflow-hidden rounded-2xl bg-stone-900 shadow-sm">
      {event.streamUrl ? (
        <Suspense fallback={<div className="size-full animate-pulse bg-stone-800" />}>
          <LivePlayer key={event.streamUrl} url={event.streamUrl} title={event.title} />
        </Suspense>
      ) : (
        <div className="flex size-full items-center justify-center p-6 text-center text-stone-100">
          <p className="text-lg font-medium">{t("player.beginShortly")}</p>
        </div>
      )}
    </div>
  );
}

function AboutStream({ event, format, className }: { event: TLiveEvent; format: TLiveFormatter; className?: string }) {
  const t = useT(liveCatalog);
  return (
    <Card aria-labelledby="about-stream-title" className={className}>
      <CardHeader>
        <CardTitle id="about-stream-title" className="flex items-center gap-2">
          <Info className="size-4 text-brand-text" aria-hidden="true" />
          {t("about.title")}
        </CardTitle>
      </CardHeader>
      <CardContent className="grid gap-3 text-sm">
        {event.description && <p className="whitespace-pre-wrap text-stone-800">{event.description}</p>}
        <dl className="grid gap-2 text-stone-700">
          {event.location && (
            <div className="flex items-center gap-2">
              <dt>
                <MapPin className="size-4 text-stone-500" aria-hidden="true" />
                <span className="sr-only">{t("about.location")}</span>
              </dt>
              <dd>{event.location}</dd>
            </div>
          )}
          <div className="flex items-center gap-2">
            <dt>
              <Clock className="size-4 text-stone-500" aria-hidden="true" />
              <span className="sr-only">{t("about.time")}</span>
            </dt>
            <dd>
              <Rich
                catalog={liveCatalog}
                k="about.started"
                values={{ dateTime: format.dateTime(event.startedAt) }}
                components={{ 0: <time dateTime={event.startedAt} /> }}
              />
            </dd>
          </div>
        </dl>
      </CardContent>
    </Card>
  );
}

function LiveStreamView({ event, format }: { event: TLiveEvent; format: TLiveFormatter }) {
  const t = useT(liveCatalog);
  const { isConnected } = useLiveSocket(event.id);
  return (
    <>
      <header className="mb-6 flex flex-col gap-3 sm:flex-row sm:items-end sm:justify-between">
        <div className="min-w-0">
          <span className="mb-2 inline-flex items-center gap-1.5 rounded-full bg-red-700 px-2.5 py-0.5 text-xs font-bold tracking-wider text-white">
            <span className="size-1.5 animate-pulse rounded-full bg-white" aria-hidden="true" />
            {t("badge.live")}
          </span>
          <h1 className="text-2xl font-bold tracking-tight text-balance break-words text-foreground sm:text-3xl">
            {event.title}
          </h1>
          {event.description && (
            <p className="mt-1 line-clamp-2 text-sm text-muted-foreground sm:text-base">{event.description}</p>
          )}
        </div>
        <div className="flex shrink-0 items-center gap-4 text-sm text-stone-700">
          <span className="inline-flex items-center gap-1.5">
            <Users className="size-4 text-stone-500" aria-hidden="true" />
            {t("watching", { count: event.viewerCount })}
          </span>
          <ConnectionStatus isConnected={isConnected} />
        </div>
      </header>
      {/* On a phone: player, chat, then the details; on a wide screen the chat sits beside both. */}
      <div className="grid items-start gap-6 lg:grid-cols-3">
        <div className="lg:col-span-2">
          <PlayerFrame event={event} />
        </div>
        <LiveChat
          event={event}
          isConnected={isConnected}
          format={format}
          // Beside the player and the details, as tall as both (its own height does not count).
          className="lg:col-start-3 lg:row-span-2 lg:row-start-1 lg:h-0 lg:min-h-full"
        />
        <AboutStream event={event} format={format} className="lg:col-span-2" />
      </div>
    </>
  );
}

function PageSkeleton() {
  const t = useT(liveCatalog);
  return (
    <div className="grid gap-4" role="status" aria-label={t("page.loading")}>
      <Skeleton className="h-5 w-16 rounded-full" />
      <Skeleton className="h-9 w-2/3" />
      <div className="grid gap-6 lg:grid-cols-3">
        <Skeleton className="aspect-video w-full rounded-2xl lg:col-span-2" />
        <Skeleton className="h-72 w-full rounded-2xl" />
      </div>
    </div>
  );
}

/**
 * Spec 1 §2.10 Live Stream (`/live`): the church's live service with its chat, or "No Live Stream
 * Available" with the next event; a stream that stops while the page is open says it has ended.
 */
export function LivePage() {
  const t = useT(liveCatalog);
  const user = useCurrentUser();
  const format = useMemo(() => liveFormatter(user.church.timeZone), [user.church.timeZone]);
  const live = useLiveEvent();
  const isNone = live.data === null;
  const next = useNextEvent(isNone);
  useDocumentTitle(live.data ? t("page.liveTitle", { title: live.data.title }) : t("page.title"));

  // The player's code downloads while the page asks what is live.
  useEffect(() => LivePlayer.preload(), []);

  // The last stream shown: once it is no longer live (its "stream_ended" frame, or a later read),
  // the page says it has ended instead of "No Live Stream Available".
  const [watched, setWatched] = useState<{ id: string; title: string } | null>(null);
  if (live.data && (live.data.id !== watched?.id || live.data.title !== watched.title)) {
    setWatched({ id: live.data.id, title: live.data.title });
  }

  if (live.data) return <LiveStreamView key={live.data.id} event={live.data} format={format} />;
  return (
    <>
      <PageHeader title={t("page.title")} description={t("page.description")} />
      {live.isLoading ? (
        <PageSkeleton />
      ) : live.isError && live.data === undefined ? (
        <LoadError card what={t("page.loadWhat")} onRetry={() => live.refetch()} className="p-8 text-center" />
      ) : watched ? (
        <StreamEnded title={watched.title} />
      ) : (
        <NoLiveStream next={next.data} format={format} />
      )}
    </>
  );
}
