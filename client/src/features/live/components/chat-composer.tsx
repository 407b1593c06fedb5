import type { TLiveMessageType } from "@common/live";
import { LIVE_MESSAGE_MAX } from "@common/live-helpers";
import { HandHeart, SendHorizontal } from "lucide-react";
import { type KeyboardEvent, useState } from "react";
import { Button } from "@/components/ui/button";
import { Textarea } from "@/components/ui/input";
import { getServerMessage, getStatus } from "@/lib/api-client";
import { toastApiError } from "@/lib/auth-redirect";
import { type TTranslate, useT } from "@/lib/i18n";
import { useSendLiveMessage } from "../api";
import { liveCatalog } from "../i18n";

/** Shown near the limit, so nobody is surprised by a cut-off message. */
const COUNT_FROM = LIVE_MESSAGE_MAX - 100;

/** What to tell the sender when the server refuses (spec 1 §5 and §8). */
function describeSendError(error: unknown, t: TTranslate<typeof liveCatalog.en>): string {
  const status = getStatus(error);
  // Too fast (429), chat closed (409) or too long (400): the server's own words say which.
  if (status === 429 || status === 409 || status === 400) return getServerMessage(error) ?? t("composer.failed");
  if (status === 404) return t("composer.noLiveEvent");
  return t("composer.failed");
}

/**
 * Spec 1 §5: the message is trimmed; an empty one is not sent and the buttons are disabled; Enter
 * without Shift sends (Shift+Enter starts a new line). "Prayer" sends it as a prayer request.
 */
export function ChatComposer({ eventId, onSent }: { eventId: string; onSent: () => void }) {
  const t = useT(liveCatalog);
  const send = useSendLiveMessage(eventId);
  const [text, setText] = useState("");
  const message = text.trim();
  const isDisabled = !message || send.isPending;

  const submit = (messageType: TLiveMessageType) => {
    if (isDisabled) return;
    send.mutate(
      { message, messageType },
      {
        onSuccess: () => {
          setText("");
          onSent();
        },
        onError: (error) => toastApiError(error, { description: describeSendError(error, t) }),
      },
    );
  };

  const onKeyDown = (e: KeyboardEvent<HTMLTextAreaElement>) => {
    if (e.key !== "Enter" || e.shiftKey || e.nativeEvent.isComposing) return;
    e.preventDefault();
    submit("chat");
  };

  return (
    <form
      className="grid gap-2 border-t border-border p-3 sm:p-4"
      onSubmit={(e) => {
        e.preventDefault();
        submit("chat");
      }}
    >
      <label htmlFor="live-chat-message" className="sr-only">
        {t("composer.label")}
      </label>
      <Textarea
        id="live-chat-message"
        value={text}
        onChange={(e) => setText(e.target.value)}
        onKeyDown={onKeyDown}
        maxLength={LIVE_MESSAGE_MAX}
        rows={2}
        placeholder={t("composer.placeholder")}
        aria-describedby="live-chat-hint"
        className="min-h-16 resize-none"
      />
      <div className="flex flex-wrap items-center justify-between gap-2">
        <p id="live-chat-hint" className="text-xs text-stone-600">
          {text.length >= COUNT_FROM
            ? t("composer.count", { length: text.length, max: LIVE_MESSAGE_MAX })
            : t("composer.hint")}
        </p>
        <div className="flex gap-2">
          <Button
            variant="outline"
            size="sm"
            disabled={isDisabled}
            onClick={() => submit("prayer_request")}
            aria-label={t("composer.sendPrayer")}
          >
            <HandHeart aria-hidden="true" />
            {t("composer.prayer")}
          </Button>
          <Button type="submit" size="sm" disabled={isDisabled}>
            <SendHorizontal aria-hidden="true" />
            {send.isPending ? t("composer.sending") : t("composer.send")}
          </Button>
        </div>
      </div>
    </form>
  );
}
