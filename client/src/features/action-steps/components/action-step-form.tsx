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
import { useT } from "@/lib/i18n";
import { usePreload } from "@/lib/lazy";
import { lazyZodResolver } from "@/lib/lazy-zod-resolver";
import { useSaveActionStep } from "../api";
import { actionStepsCatalog } from "../i18n";
import { formatWeekOf } from "../week";

type TValues = z.input<typeof ZActionStepBody>;
type TOutput = z.output<typeof ZActionStepBody>;

// The contract (and zod) arrive when the form is first focused or checked, not with the page.
const contract = lazyZodResolver(() => import("@common/action-steps").then((m) => m.ZActionStepBody));

const TIPS = ["form.tip1", "form.tip2", "form.tip3", "form.tip4"] as const;

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
  const t = useT(actionStepsCatalog);
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
        toast({ title: t("form.saved.title"), description: t("form.saved.description") });
        form.reset({ title: "", description: "", weekOf: addDays(step.weekOf, 7) });
      },
      onError: (error) => {
        if (applyServerFieldErrors(form, error)) return;
        toastApiError(error, { description: t("form.failed") });
      },
    });
  const onInvalid = (errs: FieldErrors<TValues>) => {
    const values = form.getValues();
    const isMissing = [values.title, values.description, values.weekOf].some((v) => !v?.trim());
    if (isMissing && Object.keys(errs).length > 0)
      toast({ title: t("form.missing.title"), description: t("form.missing.description"), variant: "destructive" });
  };

  const err = (k: keyof TValues) => errors[k]?.message;
  return (
    <Card>
      <CardHeader>
        <CardTitle>{t("form.title")}</CardTitle>
        <CardDescription>{t("form.description")}</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-5">
        <form
          onSubmit={form.handleSubmit(onValid, onInvalid)}
          onFocus={contract.preload}
          noValidate
          className="grid gap-4"
          aria-label={t("form.label")}
        >
          <FormField id="step-title" label={t("form.fieldTitle")} error={err("title")}>
            <Input
              {...fieldAria("step-title", err("title"))}
              placeholder={t("form.titlePlaceholder")}
              maxLength={200}
              {...form.register("title")}
            />
          </FormField>
          <FormField id="step-description" label={t("form.fieldDescription")} error={err("description")}>
            <Textarea
              {...fieldAria("step-description", err("description"))}
              rows={4}
              placeholder={t("form.descriptionPlaceholder")}
              maxLength={2000}
              {...form.register("description")}
            />
          </FormField>
          <FormField
            id="step-week"
            label={t("form.fieldWeek")}
            error={err("weekOf")}
            hint={
              existing
                ? t("form.weekTaken", { date: formatWeekOf(existing.weekOf), title: existing.title })
                : t("form.weekHint")
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
              {save.isPending ? t("form.saving") : t("form.submit")}
            </Button>
          </div>
        </form>
        <aside className="rounded-xl border border-brand-border bg-brand-soft p-4" aria-labelledby="step-tips-title">
          <h3 id="step-tips-title" className="flex items-center gap-2 text-sm font-semibold text-brand-text">
            <Lightbulb className="size-4" aria-hidden="true" />
            {t("form.tipsTitle")}
          </h3>
          <ul className="mt-2 grid list-disc gap-1 ps-5 text-sm text-stone-700">
            {TIPS.map((tip) => (
              <li key={tip}>{t(tip)}</li>
            ))}
          </ul>
        </aside>
      </CardContent>
    </Card>
  );
}
