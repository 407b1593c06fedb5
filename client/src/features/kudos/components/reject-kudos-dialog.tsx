import type { TPendingKudos } from "@common/kudos";
import { type FormEvent, useEffect, useState } from "react";
import { DialogFormFooter } from "@/components/dialog-form-footer";
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from "@/components/ui/dialog";
import { FormField } from "@/components/ui/form-field";
import { Textarea } from "@/components/ui/input";

/** The limit of ZKudosRejectBody's reason (common/kudos.ts; a test keeps them equal). */
export const REASON_MAX = 500;

/**
 * Reject a pending kudos, with an optional reason that the sender is told. Open while `kudos` is
 * set; the focus goes back to where `returnFocus` says (the Reject button is gone once rejected).
 */
export function RejectKudosDialog({
  kudos,
  pending,
  returnFocus,
  onReject,
  onClose,
}: {
  kudos: TPendingKudos | null;
  pending: boolean;
  returnFocus: () => HTMLElement | null;
  onReject: (kudos: TPendingKudos, reason: string) => void;
  onClose: () => void;
}) {
  const [reason, setReason] = useState("");
  // Each kudos starts with an empty reason, however the last dialog closed.
  const kudosId = kudos?.id;
  useEffect(() => {
    if (kudosId) setReason("");
  }, [kudosId]);
  const close = () => {
    setReason("");
    onClose();
  };
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (kudos) onReject(kudos, reason.trim());
  };

  return (
    <Dialog open={!!kudos} onOpenChange={(open) => !open && close()}>
      <DialogContent
        onCloseAutoFocus={(e) => {
          const target = returnFocus();
          if (!target) return;
          e.preventDefault();
          target.focus();
        }}
      >
        <DialogHeader>
          <DialogTitle>Reject Kudos</DialogTitle>
          <DialogDescription className="break-words">
            “{kudos?.title}” will not be shown to the church. Its sender is told, with your reason if you give one.
          </DialogDescription>
        </DialogHeader>
        <form id="reject-kudos-form" onSubmit={submit} className="grid gap-4">
          <FormField id="reject-reason" label="Reason (optional)">
            <Textarea
              id="reject-reason"
              value={reason}
              rows={3}
              maxLength={REASON_MAX}
              onChange={(e) => setReason(e.target.value)}
              placeholder="For example: please keep recognitions about service in the church."
            />
          </FormField>
        </form>
        <DialogFormFooter
          formId="reject-kudos-form"
          submitLabel="Reject"
          pendingLabel="Rejecting..."
          pending={pending}
          onCancel={close}
        />
      </DialogContent>
    </Dialog>
  );
}
