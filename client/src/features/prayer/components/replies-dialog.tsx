import type { TPrayerRequest } from "@common/prayer";
import type { TPrayerReply } from "@common/prayer-replies";
import { Lock } from "lucide-react";
import { type FormEvent, useState } from "react";
import { DialogFormFooter } from "@/components/dialog-form-footer";
import { LoadError } from "@/components/load-error";
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from "@/components/ui/dialog";
import { FormField } from "@/components/ui/form-field";
import { Textarea } from "@/components/ui/input";
import { Skeleton } from "@/components/ui/skeleton";
import { getServerMessage, getStatus } from "@/lib/api-client";
import { toastApiError } from "@/lib/auth-redirect";
import { useFormat, useT } from "@/lib/i18n";
import { cn } from "@/lib/utils";
import { usePrayerReplies, useSendPrayerReply } from "../api";
import { DATE_OPTIONS } from "../format";
import { prayerCatalog } from "../i18n";

/** The limit of ZPrayerReplyBody's message (common/prayer-replies.ts PRAYER_REPLY_MAX). */
const MESSAGE_MAX = 2000;

/** Who wrote a reply, as the reader sees it: "You", the pastor's name, or "The person who asked". */
function useWriter(request: TPrayerRequest, userId: string) {
  const t = useT(prayerCatalog);
  return (reply: TPrayerReply) => {
    if (reply.fromAuthor) return request.isMine ? t("replies.you") : t("replies.personWhoAsked");
    if (reply.author?.id === userId) return t("replies.you");
    const name = [reply.author?.firstName, reply.author?.lastName].filter(Boolean).join(" ").trim();
    return name || t("replies.pastor");
  };
}

function Thread({ request, userId }: { request: TPrayerRequest; userId: string }) {
  const t = useT(prayerCatalog);
  const format = useFormat();
  const replies = usePrayerReplies(request.id);
  const writer = useWriter(request, userId);
  if (replies.isLoading)
    return (
      <div className="grid gap-2" role="status" aria-label={t("replies.loading")}>
        <Skeleton className="h-14 w-4/5" />
        <Skeleton className="ms-auto h-14 w-3/5" />
      </div>
    );
  if (replies.isError) return <LoadError what={t("replies.loadError")} onRetry={() => replies.refetch()} />;
  const list = replies.data ?? [];
  if (list.length === 0) return <p className="text-sm text-muted-foreground">{t("replies.empty")}</p>;
  return (
    <ol className="grid max-h-80 gap-3 overflow-y-auto" aria-label={t("replies.list")}>
      {list.map((r) => {
        const isOwn = r.fromAuthor ? request.isMine : r.author?.id === userId;
        return (
          <li
            key={r.id}
            className={cn(
              "grid max-w-[85%] gap-1 rounded-2xl px-4 py-2.5",
              isOwn ? "ms-auto bg-brand/10 text-foreground" : "me-auto bg-stone-100 text-foreground",
            )}
          >
            <p className="text-xs font-semibold text-muted-foreground">
              {writer(r)}
              <span className="font-normal"> · {format.date(r.createdAt, DATE_OPTIONS)}</span>
            </p>
            <p className="text-sm leading-6 break-words whitespace-pre-line">{r.message}</p>
          </li>
        );
      })}
    </ol>
  );
}

/**
 * A request's private thread (issue 28), for its author and the church's pastors. The pastors see
 * the request as the wall shows it ("Anonymous" for an anonymous one) and the author's replies as
 * "The person who asked"; the author sees the pastors' names and their own replies as "You". An
 * answered or hidden request's thread is read only.
 */
export function RepliesDialog({
  request,
  userId,
  onClose,
}: {
  request: TPrayerRequest | null;
  userId: string;
  onClose: () => void;
}) {
  return (
    <Dialog open={!!request} onOpenChange={(open) => !open && onClose()}>
      <DialogContent>
        {request && <RepliesBody key={request.id} request={request} userId={userId} onClose={onClose} />}
      </DialogContent>
    </Dialog>
  );
}

function RepliesBody({ request, userId, onClose }: { request: TPrayerRequest; userId: string; onClose: () => void }) {
  const t = useT(prayerCatalog);
  const send = useSendPrayerReply(request.id);
  const [message, setMessage] = useState("");
  const isClosed = request.isAnswered || request.isHidden;
  const asker = request.isAnonymous ? t("request.anonymous") : request.userName;

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const text = message.trim();
    if (!text) return;
    send.mutate(text, {
      onSuccess: () => setMessage(""),
      onError: (error) =>
        toastApiError(error, {
          description: (getStatus(error) === 409 ? getServerMessage(error) : null) ?? t("replies.failed"),
        }),
    });
  };

  return (
    <>
      <DialogHeader>
        <DialogTitle>{t("replies.title")}</DialogTitle>
        <DialogDescription className="grid gap-1 break-words">
          <span className="font-medium text-foreground">{t("quoted", { title: request.title })}</span>
          {!request.isMine && <span>{t("replies.askedBy", { name: asker })}</span>}
          <span className="flex items-center gap-1.5">
            <Lock className="size-3.5 shrink-0" aria-hidden="true" />
            {request.isMine ? t("replies.privateAuthor") : t("replies.private")}
          </span>
        </DialogDescription>
      </DialogHeader>
      <Thread request={request} userId={userId} />
      {isClosed ? (
        <p className="rounded-lg bg-stone-100 px-3 py-2 text-sm text-muted-foreground">
          {request.isAnswered ? t("replies.closedAnswered") : t("replies.closedHidden")}
        </p>
      ) : (
        <>
          <form id="reply-form" onSubmit={submit} className="grid gap-4">
            <FormField id="reply-message" label={t("replies.messageLabel")}>
              <Textarea
                id="reply-message"
                value={message}
                rows={3}
                maxLength={MESSAGE_MAX}
                onChange={(e) => setMessage(e.target.value)}
                placeholder={request.isMine ? t("replies.placeholderAuthor") : t("replies.placeholderPastor")}
              />
            </FormField>
          </form>
          <DialogFormFooter
            formId="reply-form"
            submitLabel={t("replies.send")}
            pendingLabel={t("replies.sending")}
            pending={send.isPending}
            onCancel={onClose}
          />
        </>
      )}
    </>
  );
}
