import type { TPrayerRequest } from "@common/prayer";
import { type FormEvent, useState } from "react";
import { DialogFormFooter } from "@/components/dialog-form-footer";
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from "@/components/ui/dialog";
import { FormField } from "@/components/ui/form-field";
import { Textarea } from "@/components/ui/input";
import { toast } from "@/components/ui/use-toast";
import { toastApiError } from "@/lib/auth-redirect";
import { useMarkAnswered } from "../api";

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
          toast({ title: "Praise God!", description: "Prayer request marked as answered." });
          close();
        },
        onError: (error) => toastApiError(error, { description: "Failed to update prayer request" }),
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
          <DialogTitle>Mark as Answered</DialogTitle>
          <DialogDescription className="break-words">
            Celebrate how God answered “{request?.title}”. The note is shown with the request as a praise.
          </DialogDescription>
        </DialogHeader>
        <form id="answer-form" onSubmit={save} className="grid gap-4">
          <FormField id="answer-note" label="How was it answered? (optional)">
            <Textarea
              id="answer-note"
              value={note}
              rows={4}
              maxLength={NOTE_MAX}
              onChange={(e) => setNote(e.target.value)}
              placeholder="Share the good news with your church family."
            />
          </FormField>
        </form>
        <DialogFormFooter
          formId="answer-form"
          submitLabel="Mark as Answered"
          pendingLabel="Saving..."
          pending={answer.isPending}
          onCancel={close}
        />
      </DialogContent>
    </Dialog>
  );
}
