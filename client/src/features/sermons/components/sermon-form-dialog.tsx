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
import { type TTranslate, useT } from "@/lib/i18n";
import { useCreateSermon, useUpdateSermon } from "../api";
import { parseTopics, toDateInputValue } from "../format";
import { sermonsCatalog } from "../i18n";

type TSermonWords = (typeof sermonsCatalog)["en"];

/**
 * The form's own shape (text inputs hold strings): duration and topics are parsed into the API's
 * `ZSermonBody` with the same messages. The topics' own two messages are catalogue keys, said in the
 * language on screen where the form shows them.
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
    .refine((tags) => tags.every((t) => t.length <= 40), "form.tagTooLong")
    .refine((tags) => tags.length <= 20, "form.tooManyTags"),
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
    label: "form.videoUrl",
    hint: "form.videoUrlHint",
  },
  {
    name: "audioUrl",
    id: "sermon-audio",
    label: "form.audioUrl",
    hint: "form.audioUrlHint",
  },
  { name: "notesUrl", id: "sermon-notes-url", label: "form.notesUrl", hint: undefined },
] as const satisfies ReadonlyArray<{ name: string; id: string; label: keyof TSermonWords; hint?: keyof TSermonWords }>;

/** A message of the form's own (a catalogue key) in the language on screen; the contract's as it comes. */
const say = (t: TTranslate<TSermonWords>, message: string | undefined) =>
  message && Object.hasOwn(sermonsCatalog.en, message) ? t(message as keyof TSermonWords) : message;

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
  const t = useT(sermonsCatalog);
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
      toastApiError(error, { description: isEdit ? t("form.updateFailed") : t("form.createFailed") });
    };
    const done = (description: string) => () => {
      toast({ title: t("form.success"), description });
      onOpenChange(false);
    };
    if (sermon) {
      update.mutate({ id: sermon.id, body }, { onSuccess: done(t("form.updated")), onError });
    } else {
      create.mutate(body, { onSuccess: done(t("form.created")), onError });
    }
  });

  const err = (k: keyof TValues) => say(t, errors[k]?.message);
  const field = (k: keyof TValues, id: string, hint?: boolean) => fieldAria(id, err(k), hint);

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="max-w-2xl">
        <DialogHeader>
          <DialogTitle>{isEdit ? t("form.editTitle") : t("form.addTitle")}</DialogTitle>
          <DialogDescription>{isEdit ? t("form.editDescription") : t("form.addDescription")}</DialogDescription>
        </DialogHeader>
        <form id="sermon-form" onSubmit={onSubmit} noValidate className="grid gap-4 sm:grid-cols-2">
          <FormField id="sermon-title" label={t("form.title")} error={err("title")} className="sm:col-span-2">
            <Input {...field("title", "sermon-title")} {...form.register("title")} />
          </FormField>
          <FormField id="sermon-speaker" label={t("form.speaker")} error={err("speaker")}>
            <Input {...field("speaker", "sermon-speaker")} {...form.register("speaker")} />
          </FormField>
          <FormField id="sermon-date" label={t("form.date")} error={err("date")}>
            <Input {...field("date", "sermon-date")} type="date" {...form.register("date")} />
          </FormField>
          <FormField id="sermon-series" label={t("form.series")} error={err("series")}>
            <Input {...field("series", "sermon-series")} {...form.register("series")} />
          </FormField>
          <FormField id="sermon-duration" label={t("form.duration")} error={err("duration")}>
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
            label={t("form.scripture")}
            hint={t("form.scriptureHint")}
            error={err("scripture")}
            className="sm:col-span-2"
          >
            <Input {...field("scripture", "sermon-scripture", true)} {...form.register("scripture")} />
          </FormField>
          {URL_FIELDS.map(({ name, id, label, hint }) => (
            <UrlField
              key={name}
              id={id}
              label={t(label)}
              hint={hint && t(hint)}
              error={err(name)}
              className="sm:col-span-2"
              registration={form.register(name)}
            />
          ))}
          <FormField
            id="sermon-description"
            label={t("form.description")}
            error={err("description")}
            className="sm:col-span-2"
          >
            <Textarea {...field("description", "sermon-description")} rows={3} {...form.register("description")} />
          </FormField>
          <FormField
            id="sermon-notes"
            label={t("form.notes")}
            hint={t("form.notesHint")}
            error={err("notes")}
            className="sm:col-span-2"
          >
            <Textarea {...field("notes", "sermon-notes", true)} rows={5} {...form.register("notes")} />
          </FormField>
          <FormField
            id="sermon-tags"
            label={t("form.tags")}
            hint={t("form.tagsHint")}
            error={err("tags")}
            className="sm:col-span-2"
          >
            <Input {...field("tags", "sermon-tags", true)} {...form.register("tags")} />
          </FormField>
        </form>
        <DialogFormFooter
          formId="sermon-form"
          submitLabel={isEdit ? t("form.update") : t("form.create")}
          pendingLabel={isEdit ? t("form.updating") : t("form.creating")}
          pending={pending}
          onCancel={() => onOpenChange(false)}
        />
      </DialogContent>
    </Dialog>
  );
}
