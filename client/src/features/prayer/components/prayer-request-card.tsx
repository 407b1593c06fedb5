import type { TPrayerRequest } from "@common/prayer";
import { CheckCircle2, Eye, EyeOff, HandHeart, Lock, PartyPopper, UserRound } from "lucide-react";
import { Avatar } from "@/components/ui/avatar";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { toast } from "@/components/ui/use-toast";
import { getServerMessage, getStatus } from "@/lib/api-client";
import { toastApiError } from "@/lib/auth-redirect";
import { cn, formatDate, formatRelativeTime } from "@/lib/utils";
import { usePray, useSetHidden } from "../api";

function Author({ request, now }: { request: TPrayerRequest; now: Date }) {
  return (
    <div className="flex min-w-0 items-center gap-2.5">
      {request.isAnonymous ? (
        <span className="flex size-8 shrink-0 items-center justify-center rounded-full bg-stone-100 text-stone-600">
          <UserRound className="size-4" aria-hidden="true" />
        </span>
      ) : (
        <Avatar name={request.userName} src={request.userImageUrl} className="size-8 text-xs" />
      )}
      <div className="grid min-w-0 leading-tight">
        <span className="text-sm font-medium break-words text-foreground">{request.userName}</span>
        <time
          dateTime={request.createdAt}
          title={formatDate(request.createdAt)}
          className="text-xs text-muted-foreground"
        >
          {formatRelativeTime(request.createdAt, now)}
        </time>
      </div>
    </div>
  );
}

function PrayButton({ request }: { request: TPrayerRequest }) {
  const pray = usePray();
  const done = request.prayedToday;
  // An answered prayer takes no more "I prayed" (the server says 409): its count stays, as thanks.
  if (request.isAnswered) {
    return (
      <p className="inline-flex items-center gap-1.5 text-sm text-muted-foreground">
        <HandHeart className="size-4" aria-hidden="true" />
        {request.prayedCount === 1 ? "1 person prayed" : `${request.prayedCount} people prayed`}
      </p>
    );
  }
  return (
    <Button
      variant="outline"
      size="sm"
      // Done for today: drawn as a quiet "Prayed" state, legible rather than faded.
      className={cn(done && "disabled:opacity-100")}
      disabled={done || pray.isPending}
      onClick={() =>
        pray.mutate(request.id, {
          onError: (error) =>
            toastApiError(error, {
              // Answered meanwhile (409): the server's words say so.
              description:
                (getStatus(error) === 409 ? getServerMessage(error) : null) ?? "Failed to update prayer request",
            }),
        })
      }
    >
      <HandHeart className={cn(done && "text-brand-text")} aria-hidden="true" />
      {done ? "Prayed" : pray.isPending ? "Praying..." : "I prayed"}
      <span className="rounded-full bg-brand-soft px-1.5 text-xs font-semibold text-brand-text tabular-nums">
        {request.prayedCount}
      </span>
      <span className="sr-only">{request.prayedCount === 1 ? " prayer" : " prayers"}</span>
    </Button>
  );
}

function HideButton({ request }: { request: TPrayerRequest }) {
  const setHidden = useSetHidden();
  const hide = !request.isHidden;
  return (
    <Button
      variant="ghost"
      size="sm"
      disabled={setHidden.isPending}
      onClick={() =>
        setHidden.mutate(
          { id: request.id, hidden: hide },
          {
            onSuccess: () =>
              toast(
                hide
                  ? { title: "Request Hidden", description: "Members no longer see this prayer request." }
                  : { title: "Request Shown", description: "Members can see this prayer request again." },
              ),
            onError: (error) => toastApiError(error, { description: "Failed to update prayer request" }),
          },
        )
      }
    >
      {hide ? <EyeOff aria-hidden="true" /> : <Eye aria-hidden="true" />}
      {hide ? "Hide" : "Show again"}
      <span className="sr-only"> “{request.title}”</span>
    </Button>
  );
}

/** The id of a request's title (the card's name, and where the focus goes after answering it). */
export const requestTitleId = (id: string) => `prayer-${id}-title`;

/**
 * One request of the prayer wall (spec 1 §2.11): what to pray for, who asked (or "Anonymous"), when,
 * "I prayed" with the count, and the answered praise or "Mark as Answered". Text is rendered as text.
 */
export function PrayerRequestCard({
  request,
  isAdmin,
  now,
  onAnswer,
}: {
  request: TPrayerRequest;
  isAdmin: boolean;
  now: Date;
  onAnswer: (request: TPrayerRequest) => void;
}) {
  const titleId = requestTitleId(request.id);
  return (
    <li className="min-w-0">
      <article
        aria-labelledby={titleId}
        className={cn(
          "flex h-full flex-col gap-4 rounded-2xl border bg-card p-5 shadow-xs",
          request.isAnswered ? "border-emerald-200" : "border-border",
          request.isHidden && "border-dashed bg-stone-50",
        )}
      >
        <div className="flex flex-wrap items-start justify-between gap-2">
          <h2
            id={titleId}
            tabIndex={-1}
            className="min-w-0 flex-1 rounded-sm text-base font-semibold break-words text-foreground"
          >
            {request.title}
          </h2>
          <div className="flex flex-wrap gap-1.5">
            {request.isMine && <Badge tone="soft">Yours</Badge>}
            {request.visibility === "leaders" && (
              <Badge tone="blue" title="Only the church's pastors and leaders (admins) and its author see this request">
                <Lock className="size-3" aria-hidden="true" />
                Leaders only
              </Badge>
            )}
            {request.isHidden && (
              <Badge tone="amber">
                <EyeOff className="size-3" aria-hidden="true" />
                Hidden
              </Badge>
            )}
            {request.isAnswered && (
              <Badge tone="green">
                <CheckCircle2 className="size-3" aria-hidden="true" />
                Answered
              </Badge>
            )}
          </div>
        </div>
        <p className="text-sm leading-6 break-words whitespace-pre-line text-stone-700">{request.description}</p>
        {request.isAnswered && request.answerNote && (
          <figure className="rounded-xl border border-emerald-200 bg-emerald-50 px-4 py-3">
            <figcaption className="mb-1 flex items-center gap-1.5 text-xs font-semibold tracking-wide text-emerald-800 uppercase">
              <PartyPopper className="size-3.5" aria-hidden="true" />
              Praise report
            </figcaption>
            <p className="text-sm leading-6 break-words whitespace-pre-line text-emerald-950">{request.answerNote}</p>
          </figure>
        )}
        {request.isHidden && (
          <p className="rounded-lg bg-amber-50 px-3 py-2 text-sm text-amber-900">
            {isAdmin
              ? "Hidden from members. Only church leaders and its author can see it."
              : "Church leaders have hidden this request. Only you can see it now."}
          </p>
        )}
        <div className="mt-auto grid gap-3">
          <Author request={request} now={now} />
          <div className="flex flex-wrap items-center gap-2 border-t border-border pt-3">
            <PrayButton request={request} />
            {request.canAnswer && !request.isAnswered && (
              <Button variant="outline" size="sm" onClick={() => onAnswer(request)}>
                <CheckCircle2 aria-hidden="true" />
                Mark as Answered
                <span className="sr-only"> “{request.title}”</span>
              </Button>
            )}
            {isAdmin && (
              <div className="ms-auto">
                <HideButton request={request} />
              </div>
            )}
          </div>
        </div>
      </article>
    </li>
  );
}
