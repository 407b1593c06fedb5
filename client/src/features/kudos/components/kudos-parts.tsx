import type { TPendingKudos } from "@common/kudos";
import { Award } from "lucide-react";
import type { ReactNode } from "react";
import { Avatar } from "@/components/ui/avatar";
import { Badge } from "@/components/ui/badge";
import { formatDate, formatRelativeTime } from "@/lib/utils";
import { KUDOS_CATEGORY_LABELS, KUDOS_TYPE_LABELS } from "../labels";

type TKudosBase = Pick<TPendingKudos, "type" | "category" | "createdAt" | "title" | "message">;

/** A kudos' head: its type in words, its category, any state badges (`children`) and when it was given. */
export function KudosBadges({ kudos, now, children }: { kudos: TKudosBase; now: Date; children?: ReactNode }) {
  return (
    <div className="flex flex-wrap items-center gap-1.5">
      <Badge tone="soft">
        <Award className="size-3" aria-hidden="true" />
        {KUDOS_TYPE_LABELS[kudos.type]}
      </Badge>
      <Badge tone="grey">{KUDOS_CATEGORY_LABELS[kudos.category]}</Badge>
      {children}
      <time
        dateTime={kudos.createdAt}
        title={formatDate(kudos.createdAt)}
        className="ms-auto text-xs whitespace-nowrap text-muted-foreground"
      >
        {formatRelativeTime(kudos.createdAt, now)}
      </time>
    </div>
  );
}

/** The title (the card's name, `titleId`) and the message, as text with its line breaks. */
export function KudosText({
  kudos,
  titleId,
  isFocusable,
}: {
  kudos: TKudosBase;
  titleId: string;
  isFocusable?: boolean;
}) {
  return (
    <div className="grid gap-1">
      <h2
        id={titleId}
        tabIndex={isFocusable ? -1 : undefined}
        className="rounded-sm text-base font-semibold break-words text-foreground"
      >
        {kudos.title}
      </h2>
      <p className="text-sm leading-6 break-words whitespace-pre-line text-stone-700">{kudos.message}</p>
    </div>
  );
}

/** "Ann Lee recognized Ben Cole" (or "You recognized ..."), with the sender's photo or initials. */
export function KudosByline({
  from,
  fromLabel = from,
  to,
  imageUrl,
}: {
  from: string;
  fromLabel?: string;
  to: string;
  imageUrl: string | null | undefined;
}) {
  return (
    <div className="flex min-w-0 items-center gap-2.5">
      <Avatar name={from} src={imageUrl} className="size-8 text-xs" />
      <p className="min-w-0 text-sm leading-tight text-muted-foreground">
        <span className="font-medium break-words text-foreground">{fromLabel}</span>
        {" recognized "}
        <span className="font-medium break-words text-foreground">{to}</span>
      </p>
    </div>
  );
}
