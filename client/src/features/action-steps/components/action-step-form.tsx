import type { TActionStepSummary, ZActionStepBody } from "@common/action-steps";
import { addDays, sundayOf } from "@common/dates";
import { Lightbulb } from "lucide-react";
import { useEffect } from "react";
import { type FieldErrors, useForm } from "react-hook-form";
import type { z } from "zod";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { FormField, fieldAria } from "@/components/ui/form-field";
import { Input, Textarea } from "@/components/ui/input";
import { toast } from "@/components/ui/use-toast";
import { toastApiError } from "@/lib/auth-redirect";
import { applyServerFieldErrors } from "@/lib/form-errors";
import { usePreload } from "@/lib/lazy";
import { lazyZodResolver } from "@/lib/lazy-zod-resolver";
import { useSaveActionStep } from "../api";
import { formatWeekOf } from "../week";

type TValues = z.input<typeof ZActionStepBody>;
type TOutput = z.output<typeof ZActionStepBody>;

// The contract (and zod) arrive when the form is first focused or checked, not with the page.
const contract = lazyZodResolver(() => import("@common/action-steps").then((m) => m.ZActionStepBody));

const TIPS = [
  "Make it specific and doable within one week.",
  "Tie it to Sunday's sermon or the passage preached on.",
  "Invite members to involve someone else: a neighbor, a friend, their family.",
  "Keep the title short; it is what members see first on their phones.",
];

/** A date input's `YYYY-MM-DD`, or null for anything else (a half-typed date). */
const asDate = (v: string | undefined) => (v && /^\d{4}-\d{2}-\d{2}$/.test(v) ? v : null);

/**
 * Spec 2 Growth settings: the form that sets a week's action step, with tips. The week starts at
 * this week's Sunday and moves to the Sunday after each saved week, so a series is set in a row.
 * `draft` (a listed step to edit) fills it in; `steps` tells it which weeks already have one.
 */
export function ActionStepForm({
  defaultWeekOf,
  steps,
  draft,
}: {
  defaultWeekOf: string;
  steps: TActionStepSummary[] | undefined;
  draft: TActionStepSummary | null;
}) {
  const save = useSaveActionStep();
  const form = useForm<TValues, unknown, TOutput>({
    resolver: contract.resolver,
    defaultValues: { title: "", description: "", weekOf: defaultWeekOf },
  });
  const { errors } = form.formState;
  usePreload([contract.preload]);

  useEffect(() => {
    if (draft) form.reset({ title: draft.title, description: draft.description, weekOf: draft.weekOf });
  }, [draft, form]);

  const chosen = asDate(form.watch("weekOf"));
  const existing = chosen ? steps?.find((s) => s.weekOf === sundayOf(chosen)) : undefined;

  const onValid = (values: TOutput) =>
    save.mutate(values, {
      onSuccess: (step) => {
        toast({ title: "Success!", description: "Weekly action step created successfully." });
        form.reset({ title: "", description: "", weekOf: addDays(step.weekOf, 7) });
      },
      onError: (error) => {
        if (applyServerFieldErrors(form, error)) return;
        toastApiError(error, { description: "Failed to create weekly action step" });
      },
    });
  const onInvalid = (errs: FieldErrors<TValues>) => {
    const values = form.getValues();
    const isMissing = [values.title, values.description, values.weekOf].some((v) => !v?.trim());
    if (isMissing && Object.keys(errs).length > 0)
      toast({ title: "Error", description: "Please fill in all fields", variant: "destructive" });
  };

  const err = (k: keyof TValues) => errors[k]?.message;
  return (
    <Card>
      <CardHeader>
        <CardTitle>Set Weekly Action Step</CardTitle>
        <CardDescription>One practical step for the whole congregation, Sunday to Saturday.</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-5">
        <form
          onSubmit={form.handleSubmit(onValid, onInvalid)}
          onFocus={contract.preload}
          noValidate
          className="grid gap-4"
          aria-label="Set weekly action step"
        >
          <FormField id="step-title" label="Title" error={err("title")}>
            <Input
              {...fieldAria("step-title", err("title"))}
              placeholder="e.g. Pray for a neighbor by name"
              maxLength={200}
              {...form.register("title")}
            />
          </FormField>
          <FormField id="step-description" label="Description" error={err("description")}>
            <Textarea
              {...fieldAria("step-description", err("description"))}
              rows={4}
              placeholder="What members do this week, and why it matters."
              maxLength={2000}
              {...form.register("description")}
            />
          </FormField>
          <FormField
            id="step-week"
            label="Week of"
            error={err("weekOf")}
            hint={
              existing
                ? `The week of ${formatWeekOf(existing.weekOf)} already has “${existing.title}”; saving replaces it.`
                : "Any day picks its week; the step is shown from that Sunday to Saturday."
            }
          >
            <Input
              {...fieldAria("step-week", err("weekOf"), true)}
              type="date"
              className="sm:max-w-56"
              {...form.register("weekOf")}
            />
          </FormField>
          <div className="flex justify-end">
            <Button type="submit" disabled={save.isPending} className="w-full sm:w-auto">
              {save.isPending ? "Saving..." : "Set Action Step"}
            </Button>
          </div>
        </form>
        <aside className="rounded-xl border border-brand-border bg-brand-soft p-4" aria-labelledby="step-tips-title">
          <h3 id="step-tips-title" className="flex items-center gap-2 text-sm font-semibold text-brand-text">
            <Lightbulb className="size-4" aria-hidden="true" />
            Tips for a good action step
          </h3>
          <ul className="mt-2 grid list-disc gap-1 ps-5 text-sm text-stone-700">
            {TIPS.map((tip) => (
              <li key={tip}>{tip}</li>
            ))}
          </ul>
        </aside>
      </CardContent>
    </Card>
  );
}
