import type { TLiveStream } from "@common/live";
import { type FormEvent, useState } from "react";
import { DialogFormFooter } from "@/components/dialog-form-footer";
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from "@/components/ui/dialog";
import { toast } from "@/components/ui/use-toast";
import { useUpdateStream } from "../api";
import { toastStreamError } from "../stream-admin";
import { useStreamForm } from "../use-stream-form";
import { CHAT_HINT, StreamFields, SwitchRow } from "./stream-fields";

const FORM_ID = "stream-settings-form";

function SettingsForm({ stream, onDone }: { stream: TLiveStream; onDone: () => void }) {
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
          toast({ title: "Settings Updated", description: "Members watching see the changes at once." });
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
          label="Enable Chat"
          hint={CHAT_HINT}
          checked={chatEnabled}
          onCheckedChange={setChatEnabled}
        />
      </form>
      <DialogFormFooter
        formId={FORM_ID}
        submitLabel="Save Settings"
        pendingLabel="Saving..."
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
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="max-w-xl">
        <DialogHeader>
          <DialogTitle>Stream Settings</DialogTitle>
          <DialogDescription>Changes reach everyone watching right away.</DialogDescription>
        </DialogHeader>
        {/* A fresh form each time it opens, from the stream as it is now. */}
        {open && <SettingsForm stream={stream} onDone={() => onOpenChange(false)} />}
      </DialogContent>
    </Dialog>
  );
}
