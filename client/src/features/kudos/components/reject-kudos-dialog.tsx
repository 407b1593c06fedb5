import type { TPendingKudos } from "@common/kudos";
import { type FormEvent, useEffect, useState } from "react";
import { DialogFormFooter } from "@/components/dialog-form-footer";
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from "@/components/ui/dialog";
import { FormField } from "@/components/ui/form-field";
import { Textarea } from "@/components/ui/input";
import { useT } from "@/lib/i18n";
import { kudosCatalog } from "../i18n";

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
  const t = useT(kudosCatalog);
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
          <DialogTitle>{t("reject.title")}</DialogTitle>
          <DialogDescription className="break-words">
            {t("reject.description", { title: kudos?.title ?? "" })}
          </DialogDescription>
        </DialogHeader>
        <form id="reject-kudos-form" onSubmit={submit} className="grid gap-4">
          <FormField id="reject-reason" label={t("reject.reason")}>
            <Textarea
              id="reject-reason"
              value={reason}
              rows={3}
              maxLength={REASON_MAX}
              onChange={(e) => setReason(e.target.value)}
              placeholder={t("reject.placeholder")}
            />
          </FormField>
        </form>
        <DialogFormFooter
          formId="reject-kudos-form"
          submitLabel={t("reject.submit")}
          pendingLabel={t("reject.pending")}
          pending={pending}
          onCancel={close}
        />
      </DialogContent>
    </Dialog>
  );
}
