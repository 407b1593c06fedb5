import { type TEvent, type TEventEditScope, ZEventBody } from "@common/events";
import { zodResolver } from "@hookform/resolvers/zod";
import { useEffect, useState } from "react";
import { useForm } from "react-hook-form";
import type { z } from "zod";
import { DialogFormFooter } from "@/components/dialog-form-footer";
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from "@/components/ui/dialog";
import { FormField, fieldAria } from "@/components/ui/form-field";
import { Input, inputClasses, Textarea } from "@/components/ui/input";
import { RadioCards } from "@/components/ui/radio-cards";
import { toast } from "@/components/ui/use-toast";
import { UrlField } from "@/components/url-field";
import { toastApiError } from "@/lib/auth-redirect";
import { applyServerFieldErrors } from "@/lib/form-errors";
import { useT } from "@/lib/i18n";
import { cn } from "@/lib/utils";
import { useCreateEvent, useUpdateEvent } from "../api";
import { fromDateTimeLocalValue, toDateTimeLocalValue } from "../format";
import { eventsCatalog, type TEventsT } from "../i18n";
import { describeEventRepeat, fromRecurrence, getRepeatOptions, type TRepeatChoice, toRecurrence } from "../repeat";

type TValues = z.input<typeof ZEventBody>;
type TOutput = z.output<typeof ZEventBody>;

const EMPTY: TValues = {
  title: "",
  description: "",
  startTime: "",
  endTime: "",
  location: "",
  streamUrl: "",
  isService: false,
};

const scopes = (t: TEventsT): { value: TEventEditScope; label: string; description: string }[] => [
  { value: "one", label: t("form.scope.one"), description: t("form.scope.oneHint") },
  { value: "following", label: t("form.scope.following"), description: t("form.scope.followingHint") },
  { value: "all", label: t("form.scope.all"), description: t("form.scope.allHint") },
];

/**
 * Spec 2 Manage Events: 'Add New Event' and edit. Times are entered in the church's time zone.
 * Issue 24: "Repeats" (weekly or monthly, with an optional last date) and "Regular service"; an
 * occurrence of a repeating event opened from its page asks which dates the change reaches.
 */
export function EventFormDialog({
  open,
  event,
  timeZone,
  onOpenChange,
  isOccurrence = false,
  onSaved,
}: {
  open: boolean;
  /** The event being edited; null to add one. */
  event: TEvent | null;
  timeZone: string;
  onOpenChange: (open: boolean) => void;
  /** `event` is one occurrence (from its page), not the series (from the admin list). */
  isOccurrence?: boolean;
  onSaved?: (event: TEvent) => void;
}) {
  const t = useT(eventsCatalog);
  const create = useCreateEvent();
  const update = useUpdateEvent();
  const form = useForm<TValues, unknown, TOutput>({ resolver: zodResolver(ZEventBody), defaultValues: EMPTY });
  const { errors } = form.formState;
  const isEdit = !!event;
  const pending = create.isPending || update.isPending;
  const [repeat, setRepeat] = useState<TRepeatChoice>("none");
  const [until, setUntil] = useState("");
  const [scope, setScope] = useState<TEventEditScope>("one");
  const asksScope = isOccurrence && !!event?.recurrence;
  const startLocal = form.watch("startTime");
  const repeatOptions = getRepeatOptions(startLocal, t);
  if (repeat === "custom" && event) {
    repeatOptions.push({ value: "custom", label: describeEventRepeat(event, timeZone, t) ?? t("form.repeat.asIs") });
  }

  // A closed dialog resets its form; opening it shows the event being edited.
  useEffect(() => {
    if (!open) return;
    form.reset(
      event
        ? {
            title: event.title,
            description: event.description,
            startTime: toDateTimeLocalValue(event.startTime, timeZone),
            endTime: toDateTimeLocalValue(event.endTime, timeZone),
            location: event.location,
            streamUrl: event.streamUrl ?? "",
            isService: event.isService,
          }
        : EMPTY,
    );
    const r = fromRecurrence(event?.recurrence ?? null, timeZone);
    setRepeat(r.choice);
    setUntil(r.until);
    setScope("one");
  }, [open, event, timeZone, form]);

  const onSubmit = form.handleSubmit((values) => {
    const body = {
      ...values,
      startTime: fromDateTimeLocalValue(values.startTime, timeZone),
      endTime: fromDateTimeLocalValue(values.endTime, timeZone),
      // One date keeps the series' rule; otherwise the rule from the choice.
      ...(!(asksScope && scope === "one") && {
        recurrence: toRecurrence(repeat, values.startTime, until, event?.recurrence ?? null),
      }),
      ...(asksScope && event && { scope, occurrenceStart: event.occurrenceStart }),
    };
    const onError = (error: unknown) => {
      if (applyServerFieldErrors(form, error)) return;
      toastApiError(error, { description: isEdit ? t("form.failedUpdate") : t("form.failedCreate") });
    };
    const done = (description: string) => (saved: TEvent) => {
      toast({ title: t("form.saved.title"), description });
      onOpenChange(false);
      onSaved?.(saved);
    };
    if (event) update.mutate({ id: event.id, body }, { onSuccess: done(t("form.updated")), onError });
    else create.mutate(body, { onSuccess: done(t("form.created")), onError });
  });

  const err = (k: keyof TValues) => errors[k]?.message;
  const timeAria = (id: string, error?: string) => ({
    ...fieldAria(id, error),
    "aria-describedby": error ? `${id}-error event-time-hint` : "event-time-hint",
  });
  const timeHint = t("form.timeHint", { zone: timeZone.replace(/_/g, " ") });

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="max-w-xl">
        <DialogHeader>
          <DialogTitle>{isEdit ? t("form.editTitle") : t("form.addTitle")}</DialogTitle>
          <DialogDescription>{isEdit ? t("form.editDescription") : t("form.addDescription")}</DialogDescription>
        </DialogHeader>
        <form id="event-form" onSubmit={onSubmit} noValidate className="grid gap-4 sm:grid-cols-2">
          {asksScope && (
            <fieldset className="grid gap-2 sm:col-span-2">
              <legend id="event-scope-label" className="mb-2 text-sm font-medium">
                {t("form.scope.legend")}
              </legend>
              <RadioCards
                aria-labelledby="event-scope-label"
                name="scope"
                value={scope}
                onValueChange={setScope}
                options={scopes(t)}
              />
            </fieldset>
          )}
          <FormField id="event-title" label={t("form.title")} error={err("title")} className="sm:col-span-2">
            <Input {...fieldAria("event-title", err("title"))} {...form.register("title")} />
          </FormField>
          <FormField
            id="event-description"
            label={t("form.description")}
            error={err("description")}
            className="sm:col-span-2"
          >
            <Textarea
              {...fieldAria("event-description", err("description"))}
              rows={3}
              {...form.register("description")}
            />
          </FormField>
          <FormField id="event-start" label={t("form.start")} error={err("startTime")}>
            <Input
              {...timeAria("event-start", err("startTime"))}
              type="datetime-local"
              {...form.register("startTime", { deps: ["endTime"] })}
            />
          </FormField>
          <FormField id="event-end" label={t("form.end")} error={err("endTime")}>
            <Input {...timeAria("event-end", err("endTime"))} type="datetime-local" {...form.register("endTime")} />
          </FormField>
          <p id="event-time-hint" className="-mt-2 text-xs text-muted-foreground sm:col-span-2">
            {timeHint}
          </p>
          {!(asksScope && scope === "one") && (
            <>
              <FormField
                id="event-repeat"
                label={t("form.repeats")}
                className={repeat === "none" ? "sm:col-span-2" : ""}
              >
                <select
                  id="event-repeat"
                  className={cn(inputClasses, "appearance-auto")}
                  value={repeat}
                  onChange={(e) => setRepeat(e.target.value as TRepeatChoice)}
                >
                  {repeatOptions.map((o) => (
                    <option key={o.value} value={o.value} disabled={o.value !== "none" && !startLocal}>
                      {o.label}
                    </option>
                  ))}
                </select>
              </FormField>
              {repeat !== "none" && repeat !== "custom" && (
                <FormField id="event-until" label={t("form.until")}>
                  <Input id="event-until" type="date" value={until} onChange={(e) => setUntil(e.target.value)} />
                </FormField>
              )}
            </>
          )}
          <FormField id="event-location" label={t("form.location")} error={err("location")} className="sm:col-span-2">
            <Input {...fieldAria("event-location", err("location"))} {...form.register("location")} />
          </FormField>
          <UrlField
            id="event-stream"
            label={t("form.stream")}
            hint={t("form.streamHint")}
            error={err("streamUrl")}
            className="sm:col-span-2"
            registration={form.register("streamUrl")}
          />
          <div className="flex items-start gap-3 sm:col-span-2">
            <input
              id="event-service"
              type="checkbox"
              className="mt-0.5 size-4 shrink-0 accent-[var(--brand)]"
              aria-describedby="event-service-hint"
              {...form.register("isService")}
            />
            <div className="grid gap-0.5">
              <label htmlFor="event-service" className="text-sm font-medium">
                {t("form.service")}
              </label>
              <p id="event-service-hint" className="text-xs text-muted-foreground">
                {t("form.serviceHint")}
              </p>
            </div>
          </div>
        </form>
        <DialogFormFooter
          formId="event-form"
          submitLabel={isEdit ? t("form.update") : t("form.create")}
          pendingLabel={isEdit ? t("form.updating") : t("form.creating")}
          pending={pending}
          onCancel={() => onOpenChange(false)}
        />
      </DialogContent>
    </Dialog>
  );
}
