import type { TLiveMessage } from "@common/live";
import { HandHeart, Trash2 } from "lucide-react";
import { memo } from "react";
import { Avatar } from "@/components/ui/avatar";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { useT } from "@/lib/i18n";
import { cn } from "@/lib/utils";
import { liveCatalog } from "../i18n";

/** One chat message; prayer requests stand out, and moderators get a delete button. */
export const ChatMessage = memo(function ChatMessage({
  message,
  time,
  onDelete,
}: {
  message: TLiveMessage;
  /** "10:05 AM" in the church's time zone. */
  time: string;
  /** Present for those who may delete (admins and moderators). */
  onDelete?: (message: TLiveMessage) => void;
}) {
  const t = useT(liveCatalog);
  const isPrayer = message.messageType === "prayer_request";
  return (
    <li
      className={cn("flex gap-2.5 rounded-xl px-2 py-2", isPrayer && "border border-amber-200 bg-amber-50/70")}
      data-message-id={message.id}
    >
      <Avatar name={message.userName} src={message.userImageUrl} className="mt-0.5 size-8 text-xs" />
      <div className="min-w-0 flex-1">
        <div className="flex flex-wrap items-center gap-x-2 gap-y-0.5">
          <span className="min-w-0 text-sm font-semibold break-words text-foreground">{message.userName}</span>
          <time dateTime={message.createdAt} className="text-xs text-stone-600">
            {time}
          </time>
          {isPrayer && (
            <Badge tone="amber" className="px-2 py-0">
              <HandHeart className="size-3" aria-hidden="true" />
              {t("chat.prayerRequest")}
            </Badge>
          )}
        </div>
        <p className="text-sm break-words whitespace-pre-wrap text-stone-800">{message.message}</p>
      </div>
      {onDelete && (
        <Button
          variant="ghost"
          size="icon-sm"
          className="shrink-0 text-stone-600 hover:text-red-700"
          aria-label={t("chat.deleteFrom", { name: message.userName })}
          onClick={() => onDelete(message)}
        >
          <Trash2 aria-hidden="true" />
        </Button>
      )}
    </li>
  );
});
