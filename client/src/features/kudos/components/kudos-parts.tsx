import type { TPendingKudos } from "@common/kudos";
import { Award } from "lucide-react";
import type { ReactNode } from "react";
import { Avatar } from "@/components/ui/avatar";
import { Badge } from "@/components/ui/badge";
import { Rich, useFormat, useT } from "@/lib/i18n";
import { kudosCatalog } from "../i18n";
import { DATE_OPTIONS, KUDOS_CATEGORY_LABELS, KUDOS_TYPE_LABELS } from "../labels";

type TKudosBase = Pick<TPendingKudos, "type" | "category" | "createdAt" | "title" | "message">;

/** A kudos' head: its type in words, its category, any state badges (`children`) and when it was given. */
export function KudosBadges({ kudos, now, children }: { kudos: TKudosBase; now: Date; children?: ReactNode }) {
  const t = useT(kudosCatalog);
  const format = useFormat();
  return (
    <div className="flex flex-wrap items-center gap-1.5">
      <Badge tone="soft">
        <Award className="size-3" aria-hidden="true" />
        {t(KUDOS_TYPE_LABELS[kudos.type])}
      </Badge>
      <Badge tone="grey">{t(KUDOS_CATEGORY_LABELS[kudos.category])}</Badge>
      {children}
      <time
        dateTime={kudos.createdAt}
        title={format.date(kudos.createdAt, DATE_OPTIONS)}
        className="ms-auto text-xs whitespace-nowrap text-muted-foreground"
      >
        {format.relative(kudos.createdAt, now)}
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

const NAME = <span className="font-medium break-words text-foreground" />;

/**
 * "Ann Lee recognized Ben Cole" (or "You recognized ...", "... recognized you": each its own sentence,
 * for languages whose verb follows who acts), with the sender's photo or initials.
 */
export function KudosByline({
  from,
  to,
  isFromSelf,
  isToSelf,
  imageUrl,
}: {
  from: string;
  to: string;
  isFromSelf?: boolean;
  isToSelf?: boolean;
  imageUrl: string | null | undefined;
}) {
  return (
    <div className="flex min-w-0 items-center gap-2.5">
      <Avatar name={from} src={imageUrl} className="size-8 text-xs" />
      <p className="min-w-0 text-sm leading-tight text-muted-foreground">
        <Rich
          catalog={kudosCatalog}
          k={isFromSelf ? "byline.fromYou" : isToSelf ? "byline.toYou" : "byline.other"}
          values={{ from, to }}
          components={{ 0: NAME, 1: NAME }}
        />
      </p>
    </div>
  );
}
