import type { TPrayerRequest } from "@common/prayer";
import { CheckCircle2, Eye, EyeOff, Lock, MessageCircle, PartyPopper } from "lucide-react";
import { PrayedButton, PrayerAuthor, PrayerCard } from "@/components/prayer-card";
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

function PrayButton({ request }: { request: TPrayerRequest }) {
  const t = useT(prayerCatalog);
  const pray = usePray();
  const done = request.prayedToday;
  return (
    <PrayedButton
      isAnswered={request.isAnswered}
      isDone={done}
      isPending={pray.isPending}
      count={request.prayedCount}
      label={done ? t("request.prayed") : pray.isPending ? t("request.praying") : t("request.iPrayed")}
      countLabel={t("request.prayers", { count: request.prayedCount })}
      answeredLabel={t("request.peoplePrayed", { count: request.prayedCount })}
      onPray={() =>
        pray.mutate(request.id, {
          onError: (error) =>
            toastApiError(error, {
              // Answered meanwhile (409): the server's words say so.
              description: (getStatus(error) === 409 ? getServerMessage(error) : null) ?? t("request.failed"),
            }),
        })
      }
    />
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
  onReplies,
}: {
  request: TPrayerRequest;
  isAdmin: boolean;
  now: Date;
  onAnswer: (request: TPrayerRequest) => void;
  /** Opens the request's private thread (issue 28): for its author and the church's pastors. */
  onReplies?: (request: TPrayerRequest) => void;
}) {
  const t = useT(prayerCatalog);
  const format = useFormat();
  const titleId = requestTitleId(request.id);
  return (
    <PrayerCard
      titleId={titleId}
      heading={
        <h2
          id={titleId}
          tabIndex={-1}
          className="min-w-0 flex-1 rounded-sm text-base font-semibold break-words text-foreground"
        >
          {request.title}
        </h2>
      }
      isMine={request.isMine}
      isAnswered={request.isAnswered}
      yoursLabel={t("request.yours")}
      answeredLabel={t("request.answered")}
      badges={
        <>
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
        </>
      }
      description={request.description}
      className={cn("gap-4 p-5", request.isHidden && "border-dashed bg-stone-50")}
      author={
        <PrayerAuthor
          isAnonymous={request.isAnonymous}
          name={request.isAnonymous ? t("request.anonymous") : request.userName}
          imageUrl={request.userImageUrl}
          createdAt={request.createdAt}
          now={now}
          dateTitle={format.date(request.createdAt, DATE_OPTIONS)}
        />
      }
      actions={
        <>
          <PrayButton request={request} />
          {request.canAnswer && !request.isAnswered && (
            <Button variant="outline" size="sm" onClick={() => onAnswer(request)}>
              <CheckCircle2 aria-hidden="true" />
              {t("request.markAnswered")}
              <span className="sr-only"> {t("quoted", { title: request.title })}</span>
            </Button>
          )}
          {onReplies && (request.isMine || isAdmin) && (
            <Button variant="outline" size="sm" onClick={() => onReplies(request)}>
              <MessageCircle aria-hidden="true" />
              {request.isMine ? t("replies.open") : t("replies.reply")}
              <span className="sr-only"> {t("quoted", { title: request.title })}</span>
            </Button>
          )}
          {isAdmin && (
            <div className="ms-auto">
              <HideButton request={request} />
            </div>
          )}
        </>
      }
    >
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
    </PrayerCard>
  );
}
