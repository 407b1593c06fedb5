import en from "@common/locales/en/prayer.json";
import { prayerRepliesUrl, type TPrayerReply } from "@common/prayer-replies";
import { type QueryKey, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { Lock, MessageCircle } from "lucide-react";
import { type FormEvent, useState } from "react";
import { DialogFormFooter } from "@/components/dialog-form-footer";
import { LoadError } from "@/components/load-error";
import { Button } from "@/components/ui/button";
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from "@/components/ui/dialog";
import { FormField } from "@/components/ui/form-field";
import { Textarea } from "@/components/ui/input";
import { Skeleton } from "@/components/ui/skeleton";
import { apiJson, getServerMessage, getStatus } from "@/lib/api-client";
import { toastApiError } from "@/lib/auth-redirect";
import { catalog, useFormat, useT } from "@/lib/i18n";
import { cn } from "@/lib/utils";

/** The `prayer` namespace (the same catalogue as features/prayer's): the thread's words live there. */
const prayerCatalog = catalog(
  "prayer",
  en,
  import.meta.glob(["@common/locales/*/prayer.json", "!@common/locales/en/*"], { import: "default" }),
);

const DATE_OPTIONS: Intl.DateTimeFormatOptions = { month: "short", day: "numeric", year: "numeric" };

/**
 * What the thread needs of a request: a church prayer request (TPrayerRequest) or a group's prayer
 * (TGroupPrayer, no `isHidden`: a hidden one is not listed). `inGroup`: its readers are the group's
 * leaders as well as the church's pastors.
 */
export type TRepliesRequest = {
  id: string;
  title: string;
  isMine: boolean;
  isAnonymous: boolean;
  isAnswered: boolean;
  isHidden?: boolean;
  userName: string;
};

/** The thread's query key: its URL (the default fetcher reads it). */
export const prayerRepliesKey = (id: string) => [prayerRepliesUrl(id)] as const;

/** `GET /api/prayer-requests/{id}/replies`: read afresh at each opening (the other side may have written since). */
function usePrayerReplies(id: string) {
  return useQuery<TPrayerReply[]>({ queryKey: prayerRepliesKey(id), staleTime: 0 });
}

/** `POST /api/prayer-requests/{id}/replies`; on 409 (answered or hidden meanwhile) `staleKey` is read again. */
function useSendPrayerReply(id: string, staleKey: QueryKey) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (message: string) => apiJson<TPrayerReply>("POST", prayerRepliesUrl(id), { message }),
    onSuccess: (reply) =>
      queryClient.setQueryData<TPrayerReply[]>(prayerRepliesKey(id), (old) => [...(old ?? []), reply]),
    onError: (error) => {
      if (getStatus(error) === 409) return queryClient.invalidateQueries({ queryKey: staleKey });
    },
  });
}

/** The limit of ZPrayerReplyBody's message (common/prayer-replies.ts PRAYER_REPLY_MAX). */
const MESSAGE_MAX = 2000;

/** Who wrote a reply, as the reader sees it: "You", the pastor's name, or "The person who asked". */
function useWriter(request: TRepliesRequest, userId: string) {
  const t = useT(prayerCatalog);
  return (reply: TPrayerReply) => {
    if (reply.fromAuthor) return request.isMine ? t("replies.you") : t("replies.personWhoAsked");
    if (reply.author?.id === userId) return t("replies.you");
    const name = [reply.author?.firstName, reply.author?.lastName].filter(Boolean).join(" ").trim();
    return name || t("replies.pastor");
  };
}

function Thread({ request, userId }: { request: TRepliesRequest; userId: string }) {
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
 * A request's private thread (issue 28), for its author and the church's pastors (and, on a group's
 * prayer, that group's leaders). The pastors see the request as the wall shows it ("Anonymous" for an
 * anonymous one) and the author's replies as "The person who asked"; the author sees the pastors'
 * names and their own replies as "You". An answered or hidden request's thread is read only.
 * `staleKey`: the list the request came from, read again when the server says it closed meanwhile.
 */
export function PrayerRepliesDialog({
  request,
  userId,
  inGroup = false,
  staleKey,
  onClose,
}: {
  request: TRepliesRequest | null;
  userId: string;
  inGroup?: boolean;
  staleKey: QueryKey;
  onClose: () => void;
}) {
  return (
    <Dialog open={!!request} onOpenChange={(open) => !open && onClose()}>
      <DialogContent>
        {request && (
          <RepliesBody
            key={request.id}
            request={request}
            userId={userId}
            inGroup={inGroup}
            staleKey={staleKey}
            onClose={onClose}
          />
        )}
      </DialogContent>
    </Dialog>
  );
}

function RepliesBody({
  request,
  userId,
  inGroup,
  staleKey,
  onClose,
}: {
  request: TRepliesRequest;
  userId: string;
  inGroup: boolean;
  staleKey: QueryKey;
  onClose: () => void;
}) {
  const t = useT(prayerCatalog);
  const send = useSendPrayerReply(request.id, staleKey);
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
            {inGroup
              ? request.isMine
                ? t("replies.privateAuthorGroup")
                : t("replies.privateGroup")
              : request.isMine
                ? t("replies.privateAuthor")
                : t("replies.private")}
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

/** The button that opens a request's thread: "Replies" for its author, "Reply privately" for a pastor or leader. */
export function PrayerRepliesButton({ request, onClick }: { request: TRepliesRequest; onClick: () => void }) {
  const t = useT(prayerCatalog);
  return (
    <Button variant="outline" size="sm" onClick={onClick}>
      <MessageCircle aria-hidden="true" />
      {request.isMine ? t("replies.open") : t("replies.reply")}
      <span className="sr-only"> {t("quoted", { title: request.title })}</span>
    </Button>
  );
}
