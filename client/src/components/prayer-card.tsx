import { CheckCircle2, HandHeart, UserRound } from "lucide-react";
import type { ReactNode } from "react";
import { Avatar } from "@/components/ui/avatar";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { useFormat } from "@/lib/i18n";
import { cn } from "@/lib/utils";

/**
 * One prayer request as a card, shared by the church's prayer wall (features/prayer) and a group's
 * prayer requests (features/groups, issue 27): the title with its badges ("yours", the caller's own,
 * "answered" last), the text, who asked (or the anonymous label: an anonymous author is named to
 * nobody) and when, and the actions. Each feature passes its own words, so both speak its namespace.
 */
export function PrayerCard({
  titleId,
  heading,
  isMine,
  isAnswered,
  yoursLabel,
  answeredLabel,
  badges,
  description,
  className,
  children,
  author,
  actions,
}: {
  /** The id of the heading's element: the card's accessible name. */
  titleId: string;
  /** The title's heading element (its level is the page's), carrying `id={titleId}`. */
  heading: ReactNode;
  isMine: boolean;
  isAnswered: boolean;
  yoursLabel: string;
  answeredLabel: string;
  /** Badges between "yours" and "answered". */
  badges?: ReactNode;
  description: string;
  /** The card's spacing and state (padding, gap, a hidden request's border). */
  className?: string;
  /** What comes between the text and who asked (a praise report, a note to the admin). */
  children?: ReactNode;
  author: ReactNode;
  actions: ReactNode;
}) {
  return (
    <li className="min-w-0">
      <article
        aria-labelledby={titleId}
        className={cn(
          "flex h-full flex-col rounded-2xl border bg-card shadow-xs",
          isAnswered ? "border-emerald-200" : "border-border",
          className,
        )}
      >
        <div className="flex flex-wrap items-start justify-between gap-2">
          {heading}
          <div className="flex flex-wrap gap-1.5">
            {isMine && <Badge tone="soft">{yoursLabel}</Badge>}
            {badges}
            {isAnswered && (
              <Badge tone="green">
                <CheckCircle2 className="size-3" aria-hidden="true" />
                {answeredLabel}
              </Badge>
            )}
          </div>
        </div>
        <p className="text-sm leading-6 break-words whitespace-pre-line text-stone-700">{description}</p>
        {children}
        <div className="mt-auto grid gap-3">
          {author}
          <div className="flex flex-wrap items-center gap-2 border-t border-border pt-3">{actions}</div>
        </div>
      </article>
    </li>
  );
}

/** Who asked (a picture or initials), or a plain figure and the anonymous label, and when. */
export function PrayerAuthor({
  isAnonymous,
  name,
  imageUrl,
  createdAt,
  now,
  dateTitle,
}: {
  isAnonymous: boolean;
  /** The author's name, or the anonymous label when `isAnonymous`. */
  name: string;
  imageUrl: string | null | undefined;
  createdAt: string;
  now: Date;
  /** The full date, shown on hover. */
  dateTitle?: string;
}) {
  const format = useFormat();
  return (
    <div className="flex min-w-0 items-center gap-2.5">
      {isAnonymous ? (
        <span className="flex size-8 shrink-0 items-center justify-center rounded-full bg-stone-100 text-stone-600">
          <UserRound className="size-4" aria-hidden="true" />
        </span>
      ) : (
        <Avatar name={name} src={imageUrl} className="size-8 text-xs" />
      )}
      <div className="grid min-w-0 leading-tight">
        <span className="text-sm font-medium break-words text-foreground">{name}</span>
        <time dateTime={createdAt} title={dateTitle} className="text-xs text-muted-foreground">
          {format.relative(createdAt, now)}
        </time>
      </div>
    </div>
  );
}

/**
 * "I prayed" with the count. Done for today it is a quiet "Prayed" state, legible rather than faded.
 * An answered request takes no more (the server says 409): its count stays, as thanks.
 */
export function PrayedButton({
  isAnswered,
  isDone,
  isPending,
  count,
  label,
  countLabel,
  answeredLabel,
  onPray,
}: {
  isAnswered: boolean;
  isDone: boolean;
  isPending: boolean;
  count: number;
  /** The button's words in its state ("I prayed", "Prayed"...). */
  label: string;
  /** The count in words for a screen reader ("3 prayers"). */
  countLabel: string;
  /** An answered request's line ("3 people prayed"). */
  answeredLabel: string;
  onPray: () => void;
}) {
  const format = useFormat();
  if (isAnswered) {
    return (
      <p className="inline-flex items-center gap-1.5 text-sm text-muted-foreground">
        <HandHeart className="size-4" aria-hidden="true" />
        {answeredLabel}
      </p>
    );
  }
  return (
    <Button
      variant="outline"
      size="sm"
      className={cn(isDone && "disabled:opacity-100")}
      disabled={isDone || isPending}
      onClick={onPray}
    >
      <HandHeart className={cn(isDone && "text-brand-text")} aria-hidden="true" />
      {label}
      <span className="rounded-full bg-brand-soft px-1.5 text-xs font-semibold text-brand-text tabular-nums">
        {format.number(count)}
      </span>
      <span className="sr-only"> {countLabel}</span>
    </Button>
  );
}
