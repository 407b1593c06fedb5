import type { TPrayerRequest } from "@common/prayer";
import { type FormEvent, useState } from "react";
import { DialogFormFooter } from "@/components/dialog-form-footer";
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from "@/components/ui/dialog";
import { FormField } from "@/components/ui/form-field";
import { Textarea } from "@/components/ui/input";
import { toast } from "@/components/ui/use-toast";
import { toastApiError } from "@/lib/auth-redirect";
import { useT } from "@/lib/i18n";
import { useMarkAnswered } from "../api";
import { prayerCatalog } from "../i18n";

/** The limit of ZPrayerAnsweredBody's note (common/prayer.ts). */
const NOTE_MAX = 1000;

/**
 * "Mark as Answered" with an optional praise note. Open while `request` is set; Radix keeps the
 * focus inside, closes on Escape and returns the focus to the button that opened it.
 */
export function AnswerDialog({
  request,
  returnFocus,
  onClose,
}: {
  request: TPrayerRequest | null;
  /** Where the focus goes back to on closing (the dialog has no trigger of its own); once answered, the
   * button is gone and the focus goes to the request's title instead. */
  returnFocus: () => HTMLElement | null;
  onClose: () => void;
}) {
  const t = useT(prayerCatalog);
  const answer = useMarkAnswered();
  const [note, setNote] = useState("");

  const close = () => {
    setNote("");
    onClose();
  };

  const save = (e: FormEvent) => {
    e.preventDefault();
    if (!request) return;
    answer.mutate(
      { id: request.id, answerNote: note.trim() },
      {
        onSuccess: () => {
          toast({ title: t("answer.toast.title"), description: t("answer.toast.description") });
          close();
        },
        onError: (error) => toastApiError(error, { description: t("request.failed") }),
      },
    );
  };

  return (
    <Dialog open={!!request} onOpenChange={(open) => !open && close()}>
      <DialogContent
        onCloseAutoFocus={(e) => {
          const target = returnFocus();
          if (!target) return;
          e.preventDefault();
          target.focus();
        }}
      >
        <DialogHeader>
          <DialogTitle>{t("answer.title")}</DialogTitle>
          <DialogDescription className="break-words">
            {t("answer.description", { title: request?.title ?? "" })}
          </DialogDescription>
        </DialogHeader>
        <form id="answer-form" onSubmit={save} className="grid gap-4">
          <FormField id="answer-note" label={t("answer.noteLabel")}>
            <Textarea
              id="answer-note"
              value={note}
              rows={4}
              maxLength={NOTE_MAX}
              onChange={(e) => setNote(e.target.value)}
              placeholder={t("answer.notePlaceholder")}
            />
          </FormField>
        </form>
        <DialogFormFooter
          formId="answer-form"
          submitLabel={t("answer.submit")}
          pendingLabel={t("answer.saving")}
          pending={answer.isPending}
          onCancel={close}
        />
      </DialogContent>
    </Dialog>
  );
}
