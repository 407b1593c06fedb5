import { ERASE_REASON_MAX } from "@common/member-erasure-helpers";
import { type FormEvent, useEffect, useState } from "react";
import { FormAlert } from "@/components/form-alert";
import { Button } from "@/components/ui/button";
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from "@/components/ui/dialog";
import { FormField, fieldAria } from "@/components/ui/form-field";
import { Textarea } from "@/components/ui/input";
import { getServerMessage } from "@/lib/api-client";
import { useT } from "@/lib/i18n";
import { useEraseMember } from "../api";
import { membersCatalog } from "../i18n";

/** The shortest reason the server takes (common/member-erasure.ts ZEraseMemberBody). */
const REASON_MIN = 3;

/**
 * "Erase member…" (issue 28): an admin erases a member on their request. The dialog says what
 * erasure does and that it is final, and asks why (kept in the audit trail, required); the server's
 * sentence is shown as it answers (the last admin, a super admin). Open while there is a member.
 */
export function EraseMemberDialog({
  member,
  onClose,
  onErased,
}: {
  member: { id: string; name: string } | null;
  onClose: () => void;
  onErased: (name: string) => void;
}) {
  const t = useT(membersCatalog);
  const erase = useEraseMember();
  const [reason, setReason] = useState("");
  const [isTouched, setIsTouched] = useState(false);
  const isValid = reason.trim().length >= REASON_MIN;
  const reasonError = isTouched && !isValid ? t("erase.reasonRequired") : undefined;

  useEffect(() => {
    if (!member) return;
    setReason("");
    setIsTouched(false);
    erase.reset();
  }, [member, erase.reset]);

  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    setIsTouched(true);
    if (!member || !isValid || erase.isPending) return;
    erase.mutate(
      { id: member.id, reason: reason.trim() },
      {
        onSuccess: () => {
          onErased(member.name);
          onClose();
        },
      },
    );
  };

  return (
    <Dialog open={member !== null} onOpenChange={(open) => !open && onClose()}>
      <DialogContent className="max-w-lg">
        <DialogHeader>
          <DialogTitle>{t("erase.title", { name: member?.name ?? "" })}</DialogTitle>
          <DialogDescription>{t("erase.description")}</DialogDescription>
        </DialogHeader>
        <div className="grid gap-2 text-sm text-muted-foreground">
          <p>{t("erase.leaves")}</p>
          <p>{t("erase.stays")}</p>
          <p className="font-medium text-red-700">{t("erase.final")}</p>
        </div>
        <form id="erase-member-form" onSubmit={onSubmit} noValidate className="grid gap-4">
          <FormField id="erase-reason" label={t("erase.reason")} hint={t("erase.reasonHint")} error={reasonError}>
            <Textarea
              {...fieldAria("erase-reason", reasonError, true)}
              required
              rows={3}
              maxLength={ERASE_REASON_MAX}
              value={reason}
              onChange={(e) => setReason(e.target.value)}
              onBlur={() => setIsTouched(true)}
            />
          </FormField>
          <FormAlert message={erase.isError ? (getServerMessage(erase.error) ?? t("erase.failed")) : null} />
        </form>
        <DialogFooter>
          <Button variant="outline" onClick={onClose}>
            {t("erase.cancel")}
          </Button>
          <Button type="submit" form="erase-member-form" variant="destructive" disabled={erase.isPending}>
            {erase.isPending ? t("erase.erasing") : t("erase.confirm")}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
