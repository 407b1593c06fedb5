import type { TKudos } from "@common/kudos";
import { Award, Clock, XCircle } from "lucide-react";
import { Avatar } from "@/components/ui/avatar";
import { Badge } from "@/components/ui/badge";
import { cn, formatDate, formatRelativeTime } from "@/lib/utils";
import { KUDOS_CATEGORY_LABELS, KUDOS_TYPE_LABELS, kudosPersonName } from "../labels";
import { ReactionBar } from "./reaction-bar";

/** The sender's own kudos that members do not see (yet): why, in words, with the admin's reason. */
function ReviewState({ kudos }: { kudos: TKudos }) {
  if (kudos.status === "pending") {
    return (
      <p className="flex items-start gap-2 rounded-lg bg-amber-50 px-3 py-2 text-sm text-amber-900">
        <Clock className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
        Only you can see this until a church leader approves it.
      </p>
    );
  }
  if (kudos.status === "rejected") {
    return (
      <div className="rounded-lg bg-red-50 px-3 py-2 text-sm text-red-900">
        <p>A church leader did not approve this recognition. Only you can see it.</p>
        {kudos.rejectionReason && (
          <p className="mt-1 break-words whitespace-pre-line">
            <span className="font-medium">Reason: </span>
            {kudos.rejectionReason}
          </p>
        )}
      </div>
    );
  }
  return null;
}

/** The id of a kudos' title (the card's name). */
export const kudosTitleId = (id: string) => `kudos-${id}-title`;

/**
 * One recognition (spec 2 Kudos): type badge, relative time, title, message, who gave it to whom, and
 * the reactions. The sender's own pending or rejected kudos say so. Text is rendered as text.
 */
export function KudosCard({ kudos, selfId, now }: { kudos: TKudos; selfId: string; now: Date }) {
  const titleId = kudosTitleId(kudos.id);
  const from = kudosPersonName(kudos.fromUser);
  const to = kudos.toUserId === selfId ? "you" : kudosPersonName(kudos.toUser);
  return (
    <li className="min-w-0">
      <article
        aria-labelledby={titleId}
        className={cn(
          "flex h-full flex-col gap-3 rounded-2xl border bg-card p-5 shadow-xs",
          kudos.status === "approved" ? "border-border" : "border-dashed border-stone-300",
        )}
      >
        <div className="flex flex-wrap items-center gap-1.5">
          <Badge tone="soft">
            <Award className="size-3" aria-hidden="true" />
            {KUDOS_TYPE_LABELS[kudos.type]}
          </Badge>
          <Badge tone="grey">{KUDOS_CATEGORY_LABELS[kudos.category]}</Badge>
          {kudos.status === "pending" && (
            <Badge tone="amber">
              <Clock className="size-3" aria-hidden="true" />
              Pending approval
            </Badge>
          )}
          {kudos.status === "rejected" && (
            <Badge tone="red">
              <XCircle className="size-3" aria-hidden="true" />
              Not approved
            </Badge>
          )}
          <time
            dateTime={kudos.createdAt}
            title={formatDate(kudos.createdAt)}
            className="ml-auto text-xs whitespace-nowrap text-muted-foreground"
          >
            {formatRelativeTime(kudos.createdAt, now)}
          </time>
        </div>
        <div className="grid gap-1">
          <h2 id={titleId} className="text-base font-semibold break-words text-foreground">
            {kudos.title}
          </h2>
          <p className="text-sm leading-6 break-words whitespace-pre-line text-stone-700">{kudos.message}</p>
        </div>
        <ReviewState kudos={kudos} />
        <div className="mt-auto grid gap-3">
          <div className="flex min-w-0 items-center gap-2.5">
            <Avatar name={from} src={kudos.fromUser?.profileImageUrl} className="size-8 text-xs" />
            <p className="min-w-0 text-sm leading-tight text-muted-foreground">
              <span className="font-medium break-words text-foreground">{kudos.isMine ? "You" : from}</span>
              {" recognized "}
              <span className="font-medium break-words text-foreground">{to}</span>
            </p>
          </div>
          {/* A kudos that was not approved takes no reactions (the server answers 409). */}
          {kudos.status !== "rejected" && (
            <div className="border-t border-border pt-3">
              <ReactionBar kudos={kudos} label={kudos.title} />
            </div>
          )}
        </div>
      </article>
    </li>
  );
}
