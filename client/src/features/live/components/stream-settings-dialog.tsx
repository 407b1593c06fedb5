import type { TLiveStream } from "@common/live";
import { type FormEvent, useRef, useState } from "react";
import { DialogFormFooter } from "@/components/dialog-form-footer";
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from "@/components/ui/dialog";
import { toast } from "@/components/ui/use-toast";
import { useUpdateStream } from "../api";
import { findStreamUrlError, toastStreamError, toastTitleRequired } from "../stream-admin";
import { CHAT_HINT, StreamFields, SwitchRow } from "./stream-fields";

const FORM_ID = "stream-settings-form";

function SettingsForm({ stream, onDone }: { stream: TLiveStream; onDone: () => void }) {
  const update = useUpdateStream();
  const [values, setValues] = useState({
    title: stream.title,
    description: stream.description ?? "",
    streamUrl: stream.streamUrl ?? "",
  });
  const [chatEnabled, setChatEnabled] = useState(stream.chatEnabled);
  const [urlError, setUrlError] = useState<string | undefined>();
  const [isChecking, setChecking] = useState(false);
  const titleRef = useRef<HTMLInputElement>(null);
  const urlRef = useRef<HTMLInputElement>(null);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const title = values.title.trim();
    if (!title) {
      toastTitleRequired();
      titleRef.current?.focus();
      return;
    }
    setChecking(true);
    const error = await findStreamUrlError(values.streamUrl);
    setChecking(false);
    setUrlError(error ?? undefined);
    if (error) {
      urlRef.current?.focus();
      return;
    }
    update.mutate(
      {
        title,
        description: values.description.trim() || null,
        streamUrl: values.streamUrl.trim() || null,
        chatEnabled,
      },
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
        <StreamFields
          idPrefix="stream-settings"
          values={values}
          onChange={(change) => {
            setValues((v) => ({ ...v, ...change }));
            if (change.streamUrl !== undefined) setUrlError(undefined);
          }}
          urlError={urlError}
          titleRef={titleRef}
          urlRef={urlRef}
        />
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
        pending={isChecking || update.isPending}
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
