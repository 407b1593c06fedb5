import type { TCreateGroupBody, TGroup, TGroupJoinPolicy, TGroupKind, TGroupVisibility } from "@common/groups";
import { type ComponentProps, useEffect } from "react";
import { Controller, useForm } from "react-hook-form";
import type { z } from "zod";
import { DialogFormFooter } from "@/components/dialog-form-footer";
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from "@/components/ui/dialog";
import { FormField, fieldAria } from "@/components/ui/form-field";
import { Input, inputClasses, Textarea } from "@/components/ui/input";
import { toast } from "@/components/ui/use-toast";
import { toastApiError } from "@/lib/auth-redirect";
import { applyServerFieldErrors } from "@/lib/form-errors";
import { useFormat, useT } from "@/lib/i18n";
import { lazyZodResolver } from "@/lib/lazy-zod-resolver";
import { cn } from "@/lib/utils";
import { useCreateGroup, useUpdateGroup } from "../api";
import { groupsCatalog } from "../i18n";
import {
  dayName,
  GROUP_KIND_OPTIONS,
  GROUP_POLICY_OPTIONS,
  GROUP_VISIBILITY_OPTIONS,
  KIND_LABELS,
  POLICY_LABELS,
  VISIBILITY_LABELS,
  WEEK_DAYS,
} from "../labels";
import { LeaderPicker } from "./leader-picker";

/** The form's values: what the inputs hold (numbers as typed, "" for none). */
type TValues = {
  name: string;
  description: string;
  kind: TGroupKind | "";
  meetingDay: string;
  meetingTime: string;
  location: string;
  capacity: string;
  joinPolicy: TGroupJoinPolicy;
  visibility: TGroupVisibility;
  leaderIds: string[];
};
type TOutput = TCreateGroupBody & { leaderIds: string[] };

/** The inputs' values as the contract takes them: a day and a capacity as numbers, null when empty. */
function toBody(v: TValues) {
  return {
    ...v,
    meetingDay: v.meetingDay === "" ? null : Number(v.meetingDay),
    meetingTime: v.meetingTime || null,
    capacity: v.capacity.trim() === "" ? null : Number(v.capacity),
  };
}

// The same contract as the server's checks every field; it (and zod) arrives when the dialog opens.
const groupContract = lazyZodResolver(() =>
  import("@common/groups").then((m) => m.groupFormContract<TValues>(toBody) as unknown as z.ZodType<TOutput, TValues>),
);

const EMPTY: TValues = {
  name: "",
  description: "",
  kind: "",
  meetingDay: "",
  meetingTime: "",
  location: "",
  capacity: "",
  joinPolicy: "open",
  visibility: "listed",
  leaderIds: [],
};

const valuesOf = (g: TGroup): TValues => ({
  name: g.name,
  description: g.description ?? "",
  kind: g.kind,
  meetingDay: g.meetingDay === null ? "" : String(g.meetingDay),
  meetingTime: g.meetingTime ?? "",
  location: g.location ?? "",
  capacity: g.capacity === null ? "" : String(g.capacity),
  joinPolicy: g.joinPolicy,
  visibility: g.visibility,
  leaderIds: g.leaders.map((l) => l.id),
});

const FORM_ID = "group-form";

function NativeSelect({ className, ...props }: ComponentProps<"select">) {
  return <select className={cn(inputClasses, "appearance-auto", className)} {...props} />;
}

/**
 * Issue 27: an admin's New group dialog, and Edit for an admin or one of the group's leaders (a leader
 * does not choose leaders: admins give and take that role). Every control has a label; errors show
 * under their fields, in the language on screen; Radix keeps the focus inside and gives it back.
 */
export function GroupFormDialog({
  open,
  onOpenChange,
  group,
  canChooseLeaders,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The group to edit; a new one when absent. */
  group?: TGroup;
  canChooseLeaders: boolean;
}) {
  const t = useT(groupsCatalog);
  const format = useFormat();
  const create = useCreateGroup();
  const update = useUpdateGroup(group?.id ?? "");
  const form = useForm<TValues, unknown, TOutput>({ resolver: groupContract.resolver, defaultValues: EMPTY });
  const { errors } = form.formState;
  const pending = create.isPending || update.isPending;

  // Each opening starts from the group as it is (or empty).
  useEffect(() => {
    if (!open) return;
    groupContract.preload();
    form.reset(group ? valuesOf(group) : EMPTY);
  }, [open, group, form]);

  const onSubmit = form.handleSubmit((body) => {
    const onError = (error: unknown) => {
      if (applyServerFieldErrors(form, error)) return;
      toastApiError(error, { description: t("form.failed") });
    };
    if (!group) {
      create.mutate(body, {
        onSuccess: (created) => {
          toast({ title: t("form.created", { name: created?.name ?? body.name }) });
          onOpenChange(false);
        },
        onError,
      });
      return;
    }
    const { leaderIds, ...rest } = body;
    update.mutate(canChooseLeaders ? body : rest, {
      onSuccess: () => {
        toast({ title: t("form.saved") });
        onOpenChange(false);
      },
      onError,
    });
  });

  const err = (k: keyof TValues) => errors[k]?.message;

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="max-w-2xl">
        <DialogHeader>
          <DialogTitle>{group ? t("form.editTitle") : t("form.createTitle")}</DialogTitle>
          <DialogDescription>{t("form.intro")}</DialogDescription>
        </DialogHeader>
        <form id={FORM_ID} onSubmit={onSubmit} noValidate className="grid gap-4 sm:grid-cols-2">
          <FormField id="group-name" label={t("form.name")} error={err("name")} className="sm:col-span-2">
            <Input {...fieldAria("group-name", err("name"))} autoComplete="off" {...form.register("name")} />
          </FormField>
          <FormField
            id="group-description"
            label={t("form.description")}
            error={err("description")}
            className="sm:col-span-2"
          >
            <Textarea
              {...fieldAria("group-description", err("description"))}
              rows={3}
              {...form.register("description")}
            />
          </FormField>
          <FormField id="group-kind" label={t("form.kind")} error={err("kind")}>
            <NativeSelect {...fieldAria("group-kind", err("kind"))} {...form.register("kind")}>
              <option value="" disabled>
                {t("form.kind")}
              </option>
              {GROUP_KIND_OPTIONS.map((kind) => (
                <option key={kind} value={kind}>
                  {t(KIND_LABELS[kind])}
                </option>
              ))}
            </NativeSelect>
          </FormField>
          <FormField id="group-day" label={t("form.meetingDay")} error={err("meetingDay")}>
            <NativeSelect {...fieldAria("group-day", err("meetingDay"))} {...form.register("meetingDay")}>
              <option value="">{t("form.noDay")}</option>
              {WEEK_DAYS.map((day) => (
                <option key={day} value={String(day)}>
                  {dayName(format.date, day)}
                </option>
              ))}
            </NativeSelect>
          </FormField>
          <FormField id="group-time" label={t("form.meetingTime")} error={err("meetingTime")}>
            <Input
              {...fieldAria("group-time", err("meetingTime"))}
              type="time"
              step={60}
              {...form.register("meetingTime")}
            />
          </FormField>
          <FormField
            id="group-capacity"
            label={t("form.capacity")}
            hint={t("form.capacityHint")}
            error={err("capacity")}
          >
            <Input
              {...fieldAria("group-capacity", err("capacity"), true)}
              type="number"
              inputMode="numeric"
              min={1}
              {...form.register("capacity")}
            />
          </FormField>
          <FormField
            id="group-location"
            label={t("form.location")}
            hint={t("form.locationHint")}
            error={err("location")}
            className="sm:col-span-2"
          >
            <Input
              {...fieldAria("group-location", err("location"), true)}
              autoComplete="off"
              {...form.register("location")}
            />
          </FormField>
          <FormField id="group-policy" label={t("form.joinPolicy")} error={err("joinPolicy")} className="sm:col-span-2">
            <NativeSelect {...fieldAria("group-policy", err("joinPolicy"))} {...form.register("joinPolicy")}>
              {GROUP_POLICY_OPTIONS.map((policy) => (
                <option key={policy} value={policy}>
                  {t(POLICY_LABELS[policy])}
                </option>
              ))}
            </NativeSelect>
          </FormField>
          {/* Full width, as the way to join above it: its choices are sentences ("Listed: every member finds it on Groups"). */}
          <FormField
            id="group-visibility"
            label={t("form.visibility")}
            error={err("visibility")}
            className="sm:col-span-2"
          >
            <NativeSelect {...fieldAria("group-visibility", err("visibility"))} {...form.register("visibility")}>
              {GROUP_VISIBILITY_OPTIONS.map((visibility) => (
                <option key={visibility} value={visibility}>
                  {t(VISIBILITY_LABELS[visibility])}
                </option>
              ))}
            </NativeSelect>
          </FormField>
          {canChooseLeaders && (
            <Controller
              control={form.control}
              name="leaderIds"
              render={({ field }) => (
                <LeaderPicker value={field.value} onChange={field.onChange} error={err("leaderIds")} />
              )}
            />
          )}
        </form>
        <DialogFormFooter
          formId={FORM_ID}
          submitLabel={group ? t("form.save") : t("form.create")}
          pendingLabel={group ? t("form.saving") : t("form.creating")}
          pending={pending}
          onCancel={() => onOpenChange(false)}
        />
      </DialogContent>
    </Dialog>
  );
}
