import type { TPrayerRequest } from "@common/prayer";
import { CheckCircle2, Eye, EyeOff, HandHeart, Lock, PartyPopper, UserRound } from "lucide-react";
import { Avatar } from "@/components/ui/avatar";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { toast } from "@/components/ui/use-toast";
import { getServerMessage, getStatus } from "@/lib/api-client";
import { toastApiError } from "@/lib/auth-redirect";
import { useFormat, useT } from "@/lib/i18n";
import { cn } from "@/lib/utils";
import { usePray, useSetHidden } from "../api";
import { DATE_OPTIONS } from "../format";
import { prayerCatalog } from "../i18n";

function Author({ request, now }: { request: TPrayerRequest; now: Date }) {
  const t = useT(prayerCatalog);
  const format = useFormat();
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
        <span className="text-sm font-medium break-words text-foreground">
          {request.isAnonymous ? t("request.anonymous") : request.userName}
        </span>
        <time
          dateTime={request.createdAt}
          title={format.date(request.createdAt, DATE_OPTIONS)}
          className="text-xs text-muted-foreground"
        >
          {format.relative(request.createdAt, now)}
        </time>
      </div>
    </div>
  );
}

function PrayButton({ request }: { request: TPrayerRequest }) {
  const t = useT(prayerCatalog);
  const format = useFormat();
  const pray = usePray();
  const done = request.prayedToday;
  // An answered prayer takes no more "I prayed" (the server says 409): its count stays, as thanks.
  if (request.isAnswered) {
    return (
      <p className="inline-flex items-center gap-1.5 text-sm text-muted-foreground">
        <HandHeart className="size-4" aria-hidden="true" />
        {t("request.peoplePrayed", { count: request.prayedCount })}
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
              description: (getStatus(error) === 409 ? getServerMessage(error) : null) ?? t("request.failed"),
            }),
        })
      }
    >
      <HandHeart className={cn(done && "text-brand-text")} aria-hidden="true" />
      {done ? t("request.prayed") : pray.isPending ? t("request.praying") : t("request.iPrayed")}
      <span className="rounded-full bg-brand-soft px-1.5 text-xs font-semibold text-brand-text tabular-nums">
        {format.number(request.prayedCount)}
      </span>
      <span className="sr-only"> {t("request.prayers", { count: request.prayedCount })}</span>
    </Button>
  );
}

function HideButton({ request }: { request: TPrayerRequest }) {
  const t = useT(prayerCatalog);
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
                  ? { title: t("request.hiddenToast.title"), description: t("request.hiddenToast.description") }
                  : { title: t("request.shownToast.title"), description: t("request.shownToast.description") },
              ),
            onError: (error) => toastApiError(error, { description: t("request.failed") }),
          },
        )
      }
    >
      {hide ? <EyeOff aria-hidden="true" /> : <Eye aria-hidden="true" />}
      {hide ? t("request.hide") : t("request.showAgain")}
      <span className="sr-only"> {t("quoted", { title: request.title })}</span>
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
  const t = useT(prayerCatalog);
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
            {request.isMine && <Badge tone="soft">{t("request.yours")}</Badge>}
            {request.visibility === "leaders" && (
              <Badge tone="blue" title={t("request.leadersOnlyTitle")}>
                <Lock className="size-3" aria-hidden="true" />
                {t("request.leadersOnly")}
              </Badge>
            )}
            {request.isHidden && (
              <Badge tone="amber">
                <EyeOff className="size-3" aria-hidden="true" />
                {t("request.hidden")}
              </Badge>
            )}
            {request.isAnswered && (
              <Badge tone="green">
                <CheckCircle2 className="size-3" aria-hidden="true" />
                {t("request.answered")}
              </Badge>
            )}
          </div>
        </div>
        <p className="text-sm leading-6 break-words whitespace-pre-line text-stone-700">{request.description}</p>
        {request.isAnswered && request.answerNote && (
          <figure className="rounded-xl border border-emerald-200 bg-emerald-50 px-4 py-3">
            <figcaption className="mb-1 flex items-center gap-1.5 text-xs font-semibold tracking-wide text-emerald-800 uppercase">
              <PartyPopper className="size-3.5" aria-hidden="true" />
              {t("request.praiseReport")}
            </figcaption>
            <p className="text-sm leading-6 break-words whitespace-pre-line text-emerald-950">{request.answerNote}</p>
          </figure>
        )}
        {request.isHidden && (
          <p className="rounded-lg bg-amber-50 px-3 py-2 text-sm text-amber-900">
            {isAdmin ? t("request.hiddenAdmin") : t("request.hiddenAuthor")}
          </p>
        )}
        <div className="mt-auto grid gap-3">
          <Author request={request} now={now} />
          <div className="flex flex-wrap items-center gap-2 border-t border-border pt-3">
            <PrayButton request={request} />
            {request.canAnswer && !request.isAnswered && (
              <Button variant="outline" size="sm" onClick={() => onAnswer(request)}>
                <CheckCircle2 aria-hidden="true" />
                {t("request.markAnswered")}
                <span className="sr-only"> {t("quoted", { title: request.title })}</span>
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
