import type { TSermon } from "@common/sermons";
import { BookOpen } from "lucide-react";
import { useState } from "react";
import { cn } from "@/lib/utils";

const RINGS = [
  "radial-gradient(circle at 88% 8%, transparent 0 17%, rgb(255 255 255 / 0.11) 17.5% 25%, transparent 25.5%)",
  "radial-gradient(circle at 6% 104%, rgb(255 255 255 / 0.07) 0 22%, transparent 22.5%)",
].join(", ");

/**
 * The picture box: 16:9, so the card keeps its height while the picture loads. Its width comes from
 * the caller (`w-full` on a card, `w-20` beside a row): `cn` joins classes without resolving conflicts.
 */
const BOX = "relative aspect-video overflow-hidden bg-brand-soft";

/**
 * A sermon's picture on cards (issue 24): its YouTube or Vimeo thumbnail (`thumbnailUrl`, built by
 * common/sermon-thumbnail.ts on the server), or a placeholder in the church's color with the series
 * name. Decorative beside the title, so the picture has empty alt text; a picture that fails to load
 * falls back to the placeholder.
 */
export function SermonThumbnail({
  sermon,
  compact = false,
  isAboveFold = false,
  className,
}: {
  sermon: Pick<TSermon, "thumbnailUrl" | "series">;
  /** A small picture beside a list row: no words in the placeholder. */
  compact?: boolean;
  /**
   * On the first screen (the archive's first card): loaded at once and first, as it may be the
   * largest thing painted; every other picture waits until it scrolls near.
   */
  isAboveFold?: boolean;
  /** Its width (and corners): `w-full` on a card, a fixed width beside a row. */
  className?: string;
}) {
  const [failed, setFailed] = useState<string | null>(null);
  const url = sermon.thumbnailUrl && failed !== sermon.thumbnailUrl ? sermon.thumbnailUrl : null;
  if (url) {
    return (
      <span className={cn(BOX, "block", className)}>
        <img
          src={url}
          alt=""
          width={480}
          height={270}
          loading={isAboveFold ? "eager" : "lazy"}
          fetchPriority={isAboveFold ? "high" : "auto"}
          decoding="async"
          referrerPolicy="no-referrer"
          onError={() => setFailed(url)}
          className="size-full object-cover"
          data-testid="sermon-thumbnail"
        />
      </span>
    );
  }
  return (
    <span
      aria-hidden="true"
      data-testid="sermon-placeholder"
      className={cn(
        BOX,
        "flex flex-col items-center justify-center gap-2 bg-gradient-to-br from-primary to-brand-text px-4 text-center text-primary-foreground",
        className,
      )}
    >
      {/* A quiet ring pattern, so the color block reads as a picture rather than an empty box; drawn
          as a background inside the box, so nothing sticks out of it. */}
      {!compact && <span className="pointer-events-none absolute inset-0" style={{ backgroundImage: RINGS }} />}
      <span
        className={cn(
          "relative flex items-center justify-center rounded-full bg-white/15 ring-1 ring-white/25",
          compact ? "size-7" : "size-11",
        )}
      >
        <BookOpen className={compact ? "size-4" : "size-5"} />
      </span>
      {!compact && sermon.series && (
        <span className="relative line-clamp-2 max-w-full text-sm leading-snug font-semibold tracking-wide break-words">
          {sermon.series}
        </span>
      )}
    </span>
  );
}
