import type { TSermon } from "@common/sermons";
import { CalendarDays, Clock, Headphones, Video } from "lucide-react";
import { Link } from "wouter";
import { Badge } from "@/components/ui/badge";
import { Skeleton } from "@/components/ui/skeleton";
import { useT } from "@/lib/i18n";
import { useSermonFormat } from "../format";
import { sermonsCatalog } from "../i18n";
import { seriesHref } from "../series-link";
import { MarkWatchedButton } from "./mark-watched-button";
import { SermonThumbnail } from "./sermon-thumbnail";

/**
 * Spec 1 screen 6: one sermon in the archive grid, with its picture (issue 24); the whole card opens
 * the sermon, its series badge the series page (`linkSeries` off on the series page itself).
 */
export function SermonCard({
  sermon,
  linkSeries = true,
  isFirst = false,
}: {
  sermon: TSermon;
  linkSeries?: boolean;
  /** The list's first card: its picture is on the first screen, so it loads at once (see SermonThumbnail). */
  isFirst?: boolean;
}) {
  const t = useT(sermonsCatalog);
  const format = useSermonFormat();
  const duration = format.duration(sermon.duration);
  return (
    <li className="group relative flex flex-col rounded-2xl border border-border bg-card shadow-xs transition-colors focus-within:border-brand-border hover:border-brand-border">
      <SermonThumbnail sermon={sermon} isAboveFold={isFirst} className="w-full rounded-t-2xl border-b border-border" />
      <div className="flex flex-1 flex-col p-5">
        {/* Kept empty in a grid row so titles line up; on a phone's single column an empty row is dropped. */}
        <div className="mb-3 flex min-h-6 flex-wrap items-center gap-2 max-sm:empty:hidden">
          {sermon.videoUrl && (
            <Badge tone="brand">
              <Video className="size-3" aria-hidden="true" />
              {t("card.video")}
            </Badge>
          )}
          {sermon.audioUrl && (
            <span className="inline-flex items-center gap-1 text-xs font-medium text-stone-700">
              <Headphones className="size-3.5" aria-hidden="true" />
              {t("card.audio")}
            </span>
          )}
          {sermon.series &&
            (linkSeries ? (
              // Above the card's own link (z-10), so the badge opens the series rather than the sermon.
              <Link
                href={seriesHref(sermon.series)}
                className="relative z-10 max-w-full rounded-full focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-text"
              >
                <Badge tone="soft" className="max-w-full truncate hover:underline">
                  <span className="sr-only">{t("card.series")} </span>
                  {sermon.series}
                </Badge>
              </Link>
            ) : (
              <Badge tone="soft" className="max-w-full truncate">
                {sermon.series}
              </Badge>
            ))}
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
            {format.shortDate(sermon.date)}
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
      </div>
    </li>
  );
}

export function SermonCardSkeleton() {
  return (
    <li
      className="flex flex-col gap-3 overflow-hidden rounded-2xl border border-border bg-card"
      data-testid="sermon-skeleton"
    >
      <Skeleton className="aspect-video w-full rounded-none" />
      <div className="flex flex-col gap-3 px-5 pb-5">
        <Skeleton className="h-5 w-20 rounded-full" />
        <Skeleton className="h-5 w-4/5" />
        <Skeleton className="h-4 w-1/2" />
        <Skeleton className="h-3 w-2/3" />
        <Skeleton className="mt-2 h-8 w-full" />
      </div>
    </li>
  );
}
