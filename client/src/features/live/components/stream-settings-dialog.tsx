import type { TLiveStream } from "@common/live";
import { type FormEvent, useState } from "react";
import { DialogFormFooter } from "@/components/dialog-form-footer";
import { SwitchRow } from "@/components/switch-row";
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from "@/components/ui/dialog";
import { toast } from "@/components/ui/use-toast";
import { useT } from "@/lib/i18n";
import { useUpdateStream } from "../api";
import { liveCatalog } from "../i18n";
import { toastStreamError } from "../stream-admin";
import { useStreamForm } from "../use-stream-form";
import { StreamFields } from "./stream-fields";

const FORM_ID = "stream-settings-form";

function SettingsForm({ stream, onDone }: { stream: TLiveStream; onDone: () => void }) {
  const t = useT(liveCatalog);
  const update = useUpdateStream();
  const form = useStreamForm({
    title: stream.title,
    description: stream.description ?? "",
    streamUrl: stream.streamUrl ?? "",
  });
  const [chatEnabled, setChatEnabled] = useState(stream.chatEnabled);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const fields = await form.check();
    if (!fields) return;
    update.mutate(
      { ...fields, chatEnabled },
      {
        onSuccess: () => {
          toast({ title: t("settings.toast.title"), description: t("settings.toast.description") });
          onDone();
        },
        onError: toastStreamError,
      },
    );
  };

  return (
    <>
      <form id={FORM_ID} onSubmit={submit} className="grid gap-4" noValidate>
        <StreamFields idPrefix="stream-settings" {...form.fields} />
        <SwitchRow
          id="stream-settings-chat"
          label={t("fields.chat")}
          hint={t("fields.chatHint")}
          checked={chatEnabled}
          onCheckedChange={setChatEnabled}
        />
      </form>
      <DialogFormFooter
        formId={FORM_ID}
        submitLabel={t("settings.save")}
        pendingLabel={t("settings.saving")}
        pending={form.isChecking || update.isPending}
        onCancel={onDone}
      />
    </>
  );
}

/** "Stream Settings" while live: title, description, URL and chat on or off (`PATCH /api/live-stream`). */
export function StreamSettingsDialog({
  stream,
  open,
  onOpenChange,
}: {
  stream: TLiveStream;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const t = useT(liveCatalog);
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="max-w-xl">
        <DialogHeader>
          <DialogTitle>{t("settings.title")}</DialogTitle>
          <DialogDescription>{t("settings.description")}</DialogDescription>
        </DialogHeader>
        {/* A fresh form each time it opens, from the stream as it is now. */}
        {open && <SettingsForm stream={stream} onDone={() => onOpenChange(false)} />}
      </DialogContent>
    </Dialog>
  );
}
