import { type TEvent, ZEventBody } from "@common/events";
import { zodResolver } from "@hookform/resolvers/zod";
import { useEffect } from "react";
import { useForm } from "react-hook-form";
import type { z } from "zod";
import { DialogFormFooter } from "@/components/dialog-form-footer";
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from "@/components/ui/dialog";
import { FormField, fieldAria } from "@/components/ui/form-field";
import { Input, Textarea } from "@/components/ui/input";
import { toast } from "@/components/ui/use-toast";
import { UrlField } from "@/components/url-field";
import { toastApiError } from "@/lib/auth-redirect";
import { applyServerFieldErrors } from "@/lib/form-errors";
import { useCreateEvent, useUpdateEvent } from "../api";
import { fromDateTimeLocalValue, toDateTimeLocalValue } from "../format";

type TValues = z.input<typeof ZEventBody>;
type TOutput = z.output<typeof ZEventBody>;

const EMPTY: TValues = { title: "", description: "", startTime: "", endTime: "", location: "", streamUrl: "" };

/** Spec 2 Manage Events: 'Add New Event' and edit. Times are entered in the church's time zone. */
export function EventFormDialog({
  open,
  event,
  timeZone,
  onOpenChange,
}: {
  open: boolean;
  /** The event being edited; null to add one. */
  event: TEvent | null;
  timeZone: string;
  onOpenChange: (open: boolean) => void;
}) {
  const create = useCreateEvent();
  const update = useUpdateEvent();
  const form = useForm<TValues, unknown, TOutput>({ resolver: zodResolver(ZEventBody), defaultValues: EMPTY });
  const { errors } = form.formState;
  const isEdit = !!event;
  const pending = create.isPending || update.isPending;

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
          }
        : EMPTY,
    );
  }, [open, event, timeZone, form]);

  const onSubmit = form.handleSubmit((values) => {
    const body = {
      ...values,
      startTime: fromDateTimeLocalValue(values.startTime, timeZone),
      endTime: fromDateTimeLocalValue(values.endTime, timeZone),
    };
    const onError = (error: unknown) => {
      if (applyServerFieldErrors(form, error)) return;
      toastApiError(error, { description: isEdit ? "Failed to update event" : "Failed to create event" });
    };
    const done = (description: string) => () => {
      toast({ title: "Success!", description });
      onOpenChange(false);
    };
    if (event) update.mutate({ id: event.id, body }, { onSuccess: done("Event updated successfully."), onError });
    else create.mutate(body, { onSuccess: done("Event created successfully."), onError });
  });

  const err = (k: keyof TValues) => errors[k]?.message;
  const timeAria = (id: string, error?: string) => ({
    ...fieldAria(id, error),
    "aria-describedby": error ? `${id}-error event-time-hint` : "event-time-hint",
  });
  const timeHint = `Times are in the church's time zone (${timeZone.replace(/_/g, " ")}).`;

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="max-w-xl">
        <DialogHeader>
          <DialogTitle>{isEdit ? "Edit Event" : "Add New Event"}</DialogTitle>
          <DialogDescription>
            {isEdit ? "Update this event's details." : "Plan a service, study or gathering for your church."}
          </DialogDescription>
        </DialogHeader>
        <form id="event-form" onSubmit={onSubmit} noValidate className="grid gap-4 sm:grid-cols-2">
          <FormField id="event-title" label="Title" error={err("title")} className="sm:col-span-2">
            <Input {...fieldAria("event-title", err("title"))} {...form.register("title")} />
          </FormField>
          <FormField id="event-description" label="Description" error={err("description")} className="sm:col-span-2">
            <Textarea
              {...fieldAria("event-description", err("description"))}
              rows={3}
              {...form.register("description")}
            />
          </FormField>
          <FormField id="event-start" label="Start time" error={err("startTime")}>
            <Input
              {...timeAria("event-start", err("startTime"))}
              type="datetime-local"
              {...form.register("startTime", { deps: ["endTime"] })}
            />
          </FormField>
          <FormField id="event-end" label="End time" error={err("endTime")}>
            <Input {...timeAria("event-end", err("endTime"))} type="datetime-local" {...form.register("endTime")} />
          </FormField>
          <p id="event-time-hint" className="-mt-2 text-xs text-muted-foreground sm:col-span-2">
            {timeHint}
          </p>
          <FormField id="event-location" label="Location" error={err("location")} className="sm:col-span-2">
            <Input {...fieldAria("event-location", err("location"))} {...form.register("location")} />
          </FormField>
          <UrlField
            id="event-stream"
            label="Live stream URL (optional)"
            hint="A YouTube, Vimeo or Facebook link, for events streamed live."
            error={err("streamUrl")}
            className="sm:col-span-2"
            registration={form.register("streamUrl")}
          />
        </form>
        <DialogFormFooter
          formId="event-form"
          submitLabel={isEdit ? "Update Event" : "Create Event"}
          pendingLabel={isEdit ? "Updating..." : "Creating..."}
          pending={pending}
          onCancel={() => onOpenChange(false)}
        />
      </DialogContent>
    </Dialog>
  );
}
