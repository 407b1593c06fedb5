import { Radio } from "lucide-react";
import { type FormEvent, useRef, useState } from "react";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { toast } from "@/components/ui/use-toast";
import { useStartStream } from "../api";
import { findStreamUrlError, getStreamLink, toastStreamError, toastTitleRequired } from "../stream-admin";
import { CHAT_HINT, RECORD_HINT, StreamFields, SwitchRow, type TStreamFieldValues } from "./stream-fields";

const EMPTY: TStreamFieldValues = { title: "", description: "", streamUrl: "" };

/** Spec 2 Live stream management, offline: what the stream is, and Start Live Stream. */
export function StartStreamForm() {
  const start = useStartStream();
  const [values, setValues] = useState(EMPTY);
  const [chatEnabled, setChatEnabled] = useState(true);
  const [recordingEnabled, setRecordingEnabled] = useState(true);
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
    // Awaited rather than mutate's callbacks: once live, the page draws the live view instead of
    // this form, and callbacks of an unmounted component never run.
    try {
      await start.mutateAsync({
        title,
        description: values.description.trim() || null,
        streamUrl: values.streamUrl.trim() || null,
        chatEnabled,
        recordingEnabled,
      });
      toast({ title: "Stream Started", description: `You are live. Members can watch at ${getStreamLink()}` });
    } catch (err) {
      toastStreamError(err);
    }
  };

  const isPending = isChecking || start.isPending;
  return (
    <Card aria-labelledby="start-stream-heading">
      <CardHeader>
        <CardTitle id="start-stream-heading">Start a Live Stream</CardTitle>
        <CardDescription>Members watch and chat on the Live Stream page while you are live.</CardDescription>
      </CardHeader>
      <CardContent>
        <form onSubmit={submit} className="grid gap-4" noValidate>
          <StreamFields
            idPrefix="start-stream"
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
            id="start-stream-chat"
            label="Enable Chat"
            hint={CHAT_HINT}
            checked={chatEnabled}
            onCheckedChange={setChatEnabled}
          />
          <SwitchRow
            id="start-stream-record"
            label="Record Stream"
            hint={RECORD_HINT}
            checked={recordingEnabled}
            onCheckedChange={setRecordingEnabled}
          />
          <Button type="submit" size="lg" disabled={isPending} className="w-full sm:w-auto sm:justify-self-start">
            <Radio aria-hidden="true" />
            {start.isPending ? "Starting..." : "Start Live Stream"}
          </Button>
        </form>
      </CardContent>
    </Card>
  );
}
