import type { TLiveEvent, TLiveMessage } from "@common/live";
import { ArrowDown, Lock, MessageCircle } from "lucide-react";
import { useLayoutEffect, useRef, useState } from "react";
import { ConfirmDeleteDialog } from "@/components/confirm-delete-dialog";
import { LoadError } from "@/components/load-error";
import { Badge } from "@/components/ui/badge";
import { Card, CardTitle } from "@/components/ui/card";
import { Skeleton, skeletonKeys } from "@/components/ui/skeleton";
import { getStatus } from "@/lib/api-client";
import { toastApiError } from "@/lib/auth-redirect";
import { useT } from "@/lib/i18n";
import { cn } from "@/lib/utils";
import { useDeleteLiveMessage, useLiveMessages } from "../api";
import type { TLiveFormatter } from "../format";
import { liveCatalog } from "../i18n";
import { ChatComposer } from "./chat-composer";
import { ChatMessage } from "./chat-message";

/** Within this many pixels of the end counts as reading the newest messages. */
const NEAR_BOTTOM_PX = 64;
const NO_MESSAGES: TLiveMessage[] = [];

/**
 * Spec 1 §2.10 "Live Chat": the history, then new messages as they come. A member reading further
 * up stays where they are, with a button down to what is new.
 */
export function LiveChat({
  event,
  isConnected,
  format,
  className,
}: {
  event: Pick<TLiveEvent, "id" | "chatEnabled" | "canModerate">;
  isConnected: boolean;
  format: TLiveFormatter;
  className?: string;
}) {
  const t = useT(liveCatalog);
  const messages = useLiveMessages(event.id, !isConnected);
  const remove = useDeleteLiveMessage(event.id);
  const [toDelete, setToDelete] = useState<TLiveMessage | null>(null);
  const scroller = useRef<HTMLDivElement>(null);
  const isAtBottom = useRef(true);
  const lastId = useRef<string | undefined>(undefined);
  const [hasNewBelow, setHasNewBelow] = useState(false);
  const list = messages.data ?? NO_MESSAGES;

  const scrollToEnd = () => {
    const el = scroller.current;
    if (el) el.scrollTop = el.scrollHeight;
    isAtBottom.current = true;
    setHasNewBelow(false);
  };

  // After each change: follow the newest message if the member was at the end; else tell them.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs when the list changes
  useLayoutEffect(() => {
    const newest = list.at(-1)?.id;
    const isNew = newest !== lastId.current;
    lastId.current = newest;
    if (isAtBottom.current) scrollToEnd();
    else if (isNew && newest) setHasNewBelow(true);
  }, [list]);

  const onScroll = () => {
    const el = scroller.current;
    if (!el) return;
    isAtBottom.current = el.scrollHeight - el.scrollTop - el.clientHeight < NEAR_BOTTOM_PX;
    if (isAtBottom.current) setHasNewBelow(false);
  };

  const confirmDelete = (message: TLiveMessage) =>
    remove.mutate(message.id, {
      onError: (error) => {
        // Already gone (another moderator was quicker): nothing to tell.
        if (getStatus(error) === 404) return;
        toastApiError(error, { description: t("chat.deleteFailed") });
      },
    });

  return (
    <Card aria-labelledby="live-chat-title" className={cn("relative flex h-[28rem] flex-col", className)}>
      <div className="flex items-center justify-between gap-2 border-b border-border px-4 py-3 sm:px-5">
        <CardTitle id="live-chat-title" className="flex items-center gap-2">
          <MessageCircle className="size-4 text-brand-text" aria-hidden="true" />
          {t("chat.title")}
        </CardTitle>
        {!event.chatEnabled && (
          <Badge tone="grey">
            <Lock className="size-3" aria-hidden="true" />
            {t("chat.closedBadge")}
          </Badge>
        )}
      </div>
      <div
        ref={scroller}
        onScroll={onScroll}
        role="log"
        aria-label={t("chat.messages")}
        // biome-ignore lint/a11y/noNoninteractiveTabindex: the keyboard must reach and scroll the log, whether or not a message has a button
        tabIndex={0}
        className="min-h-0 flex-1 overflow-y-auto px-2 py-2 outline-none focus-visible:ring-2 focus-visible:ring-brand-text/40 focus-visible:ring-inset sm:px-3"
      >
        {messages.isLoading ? (
          <div className="grid gap-3 p-2" role="status" aria-label={t("chat.loading")}>
            {skeletonKeys(4).map((key) => (
              <div key={key} className="flex gap-2.5">
                <Skeleton className="size-8 rounded-full" />
                <div className="grid flex-1 gap-1.5">
                  <Skeleton className="h-3.5 w-24" />
                  <Skeleton className="h-3.5 w-4/5" />
                </div>
              </div>
            ))}
          </div>
        ) : messages.isError && list.length === 0 ? (
          <LoadError what={t("chat.loadWhat")} onRetry={() => messages.refetch()} className="p-4 text-center" />
        ) : list.length === 0 ? (
          <p className="px-4 py-10 text-center text-sm text-stone-600">
            {event.chatEnabled ? t("chat.empty") : t("chat.emptyClosed")}
          </p>
        ) : null}
        {list.length > 0 && (
          <ul className="grid gap-1">
            {list.map((m) => (
              <ChatMessage
                key={m.id}
                message={m}
                time={format.time(m.createdAt)}
                onDelete={event.canModerate ? setToDelete : undefined}
              />
            ))}
          </ul>
        )}
      </div>
      {hasNewBelow && (
        <button
          type="button"
          onClick={scrollToEnd}
          className="absolute start-1/2 bottom-32 inline-flex -translate-x-1/2 rtl:translate-x-1/2 items-center gap-1.5 rounded-full bg-primary px-3 py-1.5 text-xs font-medium text-primary-foreground shadow-md"
        >
          <ArrowDown className="size-3.5" aria-hidden="true" />
          {t("chat.newMessages")}
        </button>
      )}
      {event.chatEnabled ? (
        <ChatComposer eventId={event.id} onSent={scrollToEnd} />
      ) : (
        <p className="flex items-center gap-2 border-t border-border p-4 text-sm text-stone-700" role="status">
          <Lock className="size-4 shrink-0" aria-hidden="true" />
          {t("chat.closed")}
        </p>
      )}
      <ConfirmDeleteDialog
        item={toDelete}
        title={t("chat.deleteTitle")}
        description={t("chat.deleteDescription", { name: toDelete?.userName ?? "" })}
        onConfirm={confirmDelete}
        onClose={() => setToDelete(null)}
      />
    </Card>
  );
}
