import { formatTimestamp } from "@common/highlight-helpers";
import { type FormEvent, useEffect, useState } from "react";
import { DialogFormFooter } from "@/components/dialog-form-footer";
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from "@/components/ui/dialog";
import { FormField } from "@/components/ui/form-field";
import { Textarea } from "@/components/ui/input";
import { toast } from "@/components/ui/use-toast";
import { toastApiError } from "@/lib/auth-redirect";
import { useT } from "@/lib/i18n";
import { useCreateHighlight } from "../api";
import { sermonsCatalog } from "../i18n";

export type THighlightDraft = { text: string; timestamp: number };

/** Saves a selected passage with the player's time and an optional note. */
export function CreateHighlightDialog({
  sermonId,
  draft,
  onOpenChange,
}: {
  sermonId: string;
  draft: THighlightDraft | null;
  onOpenChange: (open: boolean) => void;
}) {
  const t = useT(sermonsCatalog);
  const create = useCreateHighlight();
  const [note, setNote] = useState("");

  // A closed dialog forgets its note.
  useEffect(() => {
    if (draft) setNote("");
  }, [draft]);

  const save = (e: FormEvent) => {
    e.preventDefault();
    if (!draft) return;
    create.mutate(
      { sermonId, timestamp: draft.timestamp, text: draft.text, note: note.trim() || null },
      {
        onSuccess: () => {
          toast({ title: t("highlightDialog.created.title"), description: t("highlightDialog.created.description") });
          onOpenChange(false);
        },
        onError: (error) => toastApiError(error, { description: t("highlightDialog.failed") }),
      },
    );
  };

  return (
    <Dialog open={!!draft} onOpenChange={onOpenChange}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>{t("highlightDialog.title")}</DialogTitle>
          <DialogDescription>
            {t("highlightDialog.description", { time: formatTimestamp(draft?.timestamp ?? 0) })}
          </DialogDescription>
        </DialogHeader>
        <form id="highlight-form" onSubmit={save} className="grid gap-4">
          <blockquote className="max-h-40 overflow-y-auto rounded-lg border-s-4 border-amber-400 bg-amber-50 px-4 py-3 text-sm leading-6 text-stone-800">
            {draft?.text}
          </blockquote>
          <FormField id="highlight-note" label={t("highlightDialog.noteLabel")}>
            <Textarea
              id="highlight-note"
              value={note}
              maxLength={2000}
              onChange={(e) => setNote(e.target.value)}
              placeholder={t("highlightDialog.notePlaceholder")}
            />
          </FormField>
        </form>
        <DialogFormFooter
          formId="highlight-form"
          submitLabel={t("highlightDialog.save")}
          pendingLabel={t("highlightDialog.saving")}
          pending={create.isPending}
          onCancel={() => onOpenChange(false)}
        />
      </DialogContent>
    </Dialog>
  );
}
