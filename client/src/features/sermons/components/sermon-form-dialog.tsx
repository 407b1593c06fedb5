import { type TSermon, ZSermonBody } from "@common/sermons";
import { zodResolver } from "@hookform/resolvers/zod";
import { useEffect } from "react";
import { useForm } from "react-hook-form";
import { z } from "zod";
import { DialogFormFooter } from "@/components/dialog-form-footer";
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from "@/components/ui/dialog";
import { FormField, fieldAria } from "@/components/ui/form-field";
import { Input, Textarea } from "@/components/ui/input";
import { toast } from "@/components/ui/use-toast";
import { UrlField } from "@/components/url-field";
import { toastApiError } from "@/lib/auth-redirect";
import { applyServerFieldErrors } from "@/lib/form-errors";
import { useCreateSermon, useUpdateSermon } from "../api";
import { parseTopics, toDateInputValue } from "../format";

/**
 * The form's own shape (text inputs hold strings): duration and topics are parsed into the API's
 * `ZSermonBody` with the same messages.
 */
export const ZSermonForm = ZSermonBody.extend({
  duration: z
    .string()
    .trim()
    .transform((v) => (v === "" ? null : Number(v)))
    // The API's own rule and messages (its input also allows undefined, which never comes from here).
    .pipe(ZSermonBody.shape.duration as unknown as z.ZodType<number | null, number | null>),
  tags: z
    .string()
    .transform(parseTopics)
    .refine((tags) => tags.every((t) => t.length <= 40), "Each topic must be at most 40 characters")
    .refine((tags) => tags.length <= 20, "At most 20 topics"),
});
type TValues = z.input<typeof ZSermonForm>;
type TOutput = z.output<typeof ZSermonForm>;

const EMPTY: TValues = {
  title: "",
  speaker: "",
  date: "",
  videoUrl: "",
  audioUrl: "",
  notesUrl: "",
  series: "",
  scripture: "",
  description: "",
  notes: "",
  duration: "",
  tags: "",
};

/** The media links, in the order the form shows them. */
const URL_FIELDS = [
  {
    name: "videoUrl",
    id: "sermon-video",
    label: "Video URL (optional)",
    hint: "A YouTube, Vimeo or Facebook link, or a video file or stream (.m3u8).",
  },
  {
    name: "audioUrl",
    id: "sermon-audio",
    label: "Audio URL (optional)",
    hint: "An audio file (MP3). Sermons with audio appear in your podcast feed.",
  },
  { name: "notesUrl", id: "sermon-notes-url", label: "Notes URL (optional)", hint: undefined },
] as const;

function toFormValues(s: TSermon): TValues {
  return {
    title: s.title,
    speaker: s.speaker,
    date: toDateInputValue(s.date),
    videoUrl: s.videoUrl ?? "",
    audioUrl: s.audioUrl ?? "",
    notesUrl: s.notesUrl ?? "",
    series: s.series ?? "",
    scripture: s.scripture ?? "",
    description: s.description ?? "",
    notes: s.notes ?? "",
    duration: s.duration === null ? "" : String(s.duration),
    tags: s.tags.join(", "),
  };
}

/** Spec 2 Manage Sermons: 'Add New Sermon' and edit, in one dialog. */
export function SermonFormDialog({
  open,
  sermon,
  onOpenChange,
}: {
  open: boolean;
  /** The sermon being edited; null to add one. */
  sermon: TSermon | null;
  onOpenChange: (open: boolean) => void;
}) {
  const create = useCreateSermon();
  const update = useUpdateSermon();
  const form = useForm<TValues, unknown, TOutput>({ resolver: zodResolver(ZSermonForm), defaultValues: EMPTY });
  const { errors } = form.formState;
  const isEdit = !!sermon;
  const pending = create.isPending || update.isPending;

  // A closed dialog resets its form; opening it shows the sermon being edited.
  useEffect(() => {
    if (open) form.reset(sermon ? toFormValues(sermon) : EMPTY);
  }, [open, sermon, form]);

  const onSubmit = form.handleSubmit((body) => {
    const onError = (error: unknown) => {
      if (applyServerFieldErrors(form, error)) return;
      toastApiError(error, { description: isEdit ? "Failed to update sermon" : "Failed to create sermon" });
    };
    const done = (description: string) => () => {
      toast({ title: "Success!", description });
      onOpenChange(false);
    };
    if (sermon) {
      update.mutate({ id: sermon.id, body }, { onSuccess: done("Sermon updated successfully."), onError });
    } else {
      create.mutate(body, { onSuccess: done("Sermon created successfully."), onError });
    }
  });

  const err = (k: keyof TValues) => errors[k]?.message;
  const field = (k: keyof TValues, id: string, hint?: boolean) => fieldAria(id, err(k), hint);

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="max-w-2xl">
        <DialogHeader>
          <DialogTitle>{isEdit ? "Edit Sermon" : "Add New Sermon"}</DialogTitle>
          <DialogDescription>
            {isEdit ? "Update this sermon's details and links." : "Add a sermon to your church's library."}
          </DialogDescription>
        </DialogHeader>
        <form id="sermon-form" onSubmit={onSubmit} noValidate className="grid gap-4 sm:grid-cols-2">
          <FormField id="sermon-title" label="Title" error={err("title")} className="sm:col-span-2">
            <Input {...field("title", "sermon-title")} {...form.register("title")} />
          </FormField>
          <FormField id="sermon-speaker" label="Speaker" error={err("speaker")}>
            <Input {...field("speaker", "sermon-speaker")} {...form.register("speaker")} />
          </FormField>
          <FormField id="sermon-date" label="Date" error={err("date")}>
            <Input {...field("date", "sermon-date")} type="date" {...form.register("date")} />
          </FormField>
          <FormField id="sermon-series" label="Series (optional)" error={err("series")}>
            <Input {...field("series", "sermon-series")} {...form.register("series")} />
          </FormField>
          <FormField id="sermon-duration" label="Duration in minutes (optional)" error={err("duration")}>
            <Input
              {...field("duration", "sermon-duration")}
              type="number"
              inputMode="numeric"
              min={0}
              max={1440}
              step={1}
              {...form.register("duration")}
            />
          </FormField>
          <FormField
            id="sermon-scripture"
            label="Scripture (optional)"
            hint="The passage preached on, e.g. John 3:16-21. Shown on the sermon's shared link too."
            error={err("scripture")}
            className="sm:col-span-2"
          >
            <Input {...field("scripture", "sermon-scripture", true)} {...form.register("scripture")} />
          </FormField>
          {URL_FIELDS.map(({ name, id, label, hint }) => (
            <UrlField
              key={name}
              id={id}
              label={label}
              hint={hint}
              error={err(name)}
              className="sm:col-span-2"
              registration={form.register(name)}
            />
          ))}
          <FormField
            id="sermon-description"
            label="Description (optional)"
            error={err("description")}
            className="sm:col-span-2"
          >
            <Textarea {...field("description", "sermon-description")} rows={3} {...form.register("description")} />
          </FormField>
          <FormField
            id="sermon-notes"
            label="Sermon notes (optional)"
            hint="Members read these beside the recording and can highlight passages."
            error={err("notes")}
            className="sm:col-span-2"
          >
            <Textarea {...field("notes", "sermon-notes", true)} rows={5} {...form.register("notes")} />
          </FormField>
          <FormField
            id="sermon-tags"
            label="Topics (optional)"
            hint="Separate topics with commas, e.g. grace, prayer, hope."
            error={err("tags")}
            className="sm:col-span-2"
          >
            <Input {...field("tags", "sermon-tags", true)} {...form.register("tags")} />
          </FormField>
        </form>
        <DialogFormFooter
          formId="sermon-form"
          submitLabel={isEdit ? "Update Sermon" : "Create Sermon"}
          pendingLabel={isEdit ? "Updating..." : "Creating..."}
          pending={pending}
          onCancel={() => onOpenChange(false)}
        />
      </DialogContent>
    </Dialog>
  );
}
