import { Radio } from "lucide-react";
import { type FormEvent, useState } from "react";
import { SwitchRow } from "@/components/switch-row";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { toast } from "@/components/ui/use-toast";
import { useT } from "@/lib/i18n";
import { useStartStream } from "../api";
import { liveCatalog } from "../i18n";
import { getStreamLink, toastStreamError } from "../stream-admin";
import { useStreamForm } from "../use-stream-form";
import { StreamFields, type TStreamFieldValues } from "./stream-fields";

const EMPTY: TStreamFieldValues = { title: "", description: "", streamUrl: "" };

/** Spec 2 Live stream management, offline: what the stream is, and Start Live Stream. */
export function StartStreamForm() {
  const t = useT(liveCatalog);
  const start = useStartStream();
  const form = useStreamForm(EMPTY);
  const [chatEnabled, setChatEnabled] = useState(true);
  const [recordingEnabled, setRecordingEnabled] = useState(true);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const fields = await form.check();
    if (!fields) return;
    // Awaited rather than mutate's callbacks: once live, the page draws the live view instead of
    // this form, and callbacks of an unmounted component never run.
    try {
      await start.mutateAsync({ ...fields, chatEnabled, recordingEnabled });
      toast({ title: t("start.toast.title"), description: t("start.toast.description", { link: getStreamLink() }) });
    } catch (err) {
      toastStreamError(err);
    }
  };

  const isPending = form.isChecking || start.isPending;
  return (
    <Card aria-labelledby="start-stream-heading">
      <CardHeader>
        <CardTitle id="start-stream-heading">{t("start.title")}</CardTitle>
        <CardDescription>{t("start.description")}</CardDescription>
      </CardHeader>
      <CardContent>
        <form onSubmit={submit} className="grid gap-4" noValidate>
          <StreamFields idPrefix="start-stream" {...form.fields} />
          <SwitchRow
            id="start-stream-chat"
            label={t("fields.chat")}
            hint={t("fields.chatHint")}
            checked={chatEnabled}
            onCheckedChange={setChatEnabled}
          />
          <SwitchRow
            id="start-stream-record"
            label={t("fields.record")}
            hint={t("fields.recordHint")}
            checked={recordingEnabled}
            onCheckedChange={setRecordingEnabled}
          />
          <Button type="submit" size="lg" disabled={isPending} className="w-full sm:w-auto sm:justify-self-start">
            <Radio aria-hidden="true" />
            {start.isPending ? t("start.pending") : t("start.action")}
          </Button>
        </form>
      </CardContent>
    </Card>
  );
}
