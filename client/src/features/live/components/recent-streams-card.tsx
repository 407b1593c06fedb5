import type { TLiveStream } from "@common/live";
import { formatDuration } from "@common/sermon-helpers";
import { Clock, Eye, FileVideo, History, MessageCircle } from "lucide-react";
import { Link } from "wouter";
import { EmptyState } from "@/components/empty-state";
import { LoadError } from "@/components/load-error";
import { Badge } from "@/components/ui/badge";
import { Card, CardHeader, CardTitle } from "@/components/ui/card";
import { Skeleton, skeletonKeys } from "@/components/ui/skeleton";
import { useFormat, useT } from "@/lib/i18n";
import { useLiveHistory } from "../api";
import type { TLiveFormatter } from "../format";
import { liveCatalog } from "../i18n";

function Figure({ icon: Icon, label, value }: { icon: typeof Clock; label: string; value: string }) {
  return (
    <span className="inline-flex items-center gap-1.5">
      <Icon className="size-4 text-stone-500" aria-hidden="true" />
      <span className="sr-only">{label}: </span>
      {value}
    </span>
  );
}

function StreamRow({ stream, format }: { stream: TLiveStream; format: TLiveFormatter }) {
  const t = useT(liveCatalog);
  const { number } = useFormat();
  const isLive = stream.endedAt === null;
  return (
    <li className="flex flex-col gap-2 px-5 py-4 sm:flex-row sm:items-center sm:justify-between sm:px-6">
      <div className="min-w-0">
        <p className="flex items-center gap-2 font-medium text-foreground">
          <span className="truncate">{stream.title}</span>
          {isLive && <Badge tone="red">{t("recent.live")}</Badge>}
        </p>
        <p className="text-sm text-stone-600">
          <time dateTime={stream.startedAt}>{format.dateTime(stream.startedAt)}</time>
        </p>
      </div>
      <div className="flex flex-wrap items-center gap-x-4 gap-y-1 text-sm text-stone-700">
        <Figure icon={Clock} label={t("recent.duration")} value={formatDuration(stream.durationMinutes) || "0m"} />
        <Figure
          icon={Eye}
          label={t("recent.peakLabel")}
          value={t("recent.peak", { count: number(stream.peakViewers) })}
        />
        <Figure
          icon={MessageCircle}
          label={t("recent.messagesLabel")}
          value={t("recent.messages", { count: stream.messageCount })}
        />
        {stream.sermonId && (
          <Link
            href="/admin/sermons"
            className="inline-flex items-center gap-1.5 font-medium text-brand-text hover:underline"
          >
            <FileVideo className="size-4" aria-hidden="true" />
            {t("recent.draft")}
          </Link>
        )}
      </div>
    </li>
  );
}

/** Spec 2 "Recent Streams": past streams with start, duration, peak viewers and messages. */
export function RecentStreamsCard({ format }: { format: TLiveFormatter }) {
  const t = useT(liveCatalog);
  const history = useLiveHistory();
  return (
    <Card aria-labelledby="recent-streams-title" className="overflow-hidden">
      <CardHeader className="border-b border-border pb-4 sm:pb-4">
        <CardTitle id="recent-streams-title" className="flex items-center gap-2">
          <History className="size-4 text-brand-text" aria-hidden="true" />
          {t("recent.title")}
        </CardTitle>
      </CardHeader>
      {history.isLoading ? (
        <ul aria-label={t("recent.loading")} className="divide-y divide-border">
          {skeletonKeys(3).map((key) => (
            <li key={key} className="grid gap-2 px-5 py-4 sm:px-6">
              <Skeleton className="h-4 w-1/3" />
              <Skeleton className="h-3.5 w-1/2" />
            </li>
          ))}
        </ul>
      ) : history.isError ? (
        <LoadError what={t("recent.loadWhat")} onRetry={() => history.refetch()} className="p-8 text-center" />
      ) : history.data?.length ? (
        <ul aria-label={t("recent.list")} className="divide-y divide-border">
          {history.data.map((s) => (
            <StreamRow key={s.id} stream={s} format={format} />
          ))}
        </ul>
      ) : (
        <EmptyState icon={History} title={t("recent.empty.title")} description={t("recent.empty.description")} />
      )}
    </Card>
  );
}
