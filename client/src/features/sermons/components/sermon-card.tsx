import { formatDuration } from "@common/sermon-helpers";
import type { TSermon } from "@common/sermons";
import { CalendarDays, Clock, Headphones, Video } from "lucide-react";
import { Link } from "wouter";
import { Badge } from "@/components/ui/badge";
import { Skeleton } from "@/components/ui/skeleton";
import { formatSermonShortDate } from "../format";
import { MarkWatchedButton } from "./mark-watched-button";

/** Spec 1 screen 6: one sermon in the archive grid; the whole card opens the sermon. */
export function SermonCard({ sermon }: { sermon: TSermon }) {
  const duration = formatDuration(sermon.duration);
  return (
    <li className="group relative flex flex-col rounded-2xl border border-border bg-card p-5 shadow-xs transition-colors focus-within:border-brand-border hover:border-brand-border">
      <div className="mb-3 flex min-h-6 flex-wrap items-center gap-2">
        {sermon.videoUrl && (
          <Badge tone="brand">
            <Video className="size-3" aria-hidden="true" />
            Video
          </Badge>
        )}
        {sermon.audioUrl && (
          <span className="inline-flex items-center gap-1 text-xs font-medium text-stone-700">
            <Headphones className="size-3.5" aria-hidden="true" />
            Audio
          </span>
        )}
        {sermon.series && (
          <Badge tone="soft" className="max-w-full truncate">
            {sermon.series}
          </Badge>
        )}
      </div>
      <h2 className="text-base leading-snug font-semibold text-foreground">
        <Link
          href={`/sermons/${encodeURIComponent(sermon.id)}`}
          className="line-clamp-2 rounded-sm outline-none after:absolute after:inset-0 after:rounded-2xl after:content-[''] group-hover:text-brand-text focus-visible:after:outline-2 focus-visible:after:outline-offset-2 focus-visible:after:outline-brand-text"
        >
          {sermon.title}
        </Link>
      </h2>
      <p className="mt-1 truncate text-sm text-muted-foreground">{sermon.speaker}</p>
      <div className="mt-3 flex flex-wrap items-center gap-x-4 gap-y-1 text-xs text-stone-600">
        <span className="inline-flex items-center gap-1">
          <CalendarDays className="size-3.5" aria-hidden="true" />
          {formatSermonShortDate(sermon.date)}
        </span>
        {duration && (
          <span className="inline-flex items-center gap-1">
            <Clock className="size-3.5" aria-hidden="true" />
            {duration}
          </span>
        )}
      </div>
      <div className="relative z-10 mt-auto pt-4">
        <MarkWatchedButton sermon={sermon} className="w-full" />
      </div>
    </li>
  );
}

export function SermonCardSkeleton() {
  return (
    <li className="flex flex-col gap-3 rounded-2xl border border-border bg-card p-5" data-testid="sermon-skeleton">
      <Skeleton className="h-5 w-20 rounded-full" />
      <Skeleton className="h-5 w-4/5" />
      <Skeleton className="h-4 w-1/2" />
      <Skeleton className="h-3 w-2/3" />
      <Skeleton className="mt-2 h-8 w-full" />
    </li>
  );
}
