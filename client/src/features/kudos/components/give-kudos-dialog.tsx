import type { TKudosCategory, TKudosType, ZKudosBody } from "@common/kudos";
import { type ComponentProps, useEffect } from "react";
import { useForm } from "react-hook-form";
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
import { useGiveKudos, useKudosRecipients } from "../api";
import { kudosCatalog } from "../i18n";
import { KUDOS_CATEGORY_LABELS, KUDOS_TYPE_LABELS, kudosPersonName } from "../labels";

type TValues = z.input<typeof ZKudosBody>;
type TOutput = z.output<typeof ZKudosBody>;

/** KUDOS_MESSAGE_MAX of common/kudos.ts (a test keeps them equal), here so the page does not download zod. */
export const MESSAGE_MAX = 1000;

// The same contract as the server's checks every field; it (and zod) arrives when the dialog opens.
const kudosContract = lazyZodResolver(() => import("@common/kudos").then((m) => m.ZKudosBody));

// The empty choice is "" so that the contract's own messages ("Choose a category") show under the field.
const EMPTY = { toUserId: "", type: "", category: "", title: "", message: "" } as unknown as TValues;
const FORM_ID = "give-kudos-form";

function NativeSelect({ className, ...props }: ComponentProps<"select">) {
  return <select className={cn(inputClasses, "appearance-auto", className)} {...props} />;
}

/**
 * Spec 2 Kudos: the Give Kudos dialog (Recognize, Recognition Type, Category, Title, Message). Errors
 * show under their fields; a sent kudos waits for an admin's approval. Radix keeps the focus inside,
 * closes on Escape and gives the focus back to the button that opened it.
 */
export function GiveKudosDialog({ open, onOpenChange }: { open: boolean; onOpenChange: (open: boolean) => void }) {
  const t = useT(kudosCatalog);
  const format = useFormat();
  const give = useGiveKudos();
  const members = useKudosRecipients(open);
  const form = useForm<TValues, unknown, TOutput>({ resolver: kudosContract.resolver, defaultValues: EMPTY });
  const { errors } = form.formState;
  const messageLength = (form.watch("message") ?? "").length;

  // Each opening starts empty (a closed dialog resets its form, spec 2 §4).
  useEffect(() => {
    if (!open) return;
    kudosContract.preload();
    form.reset(EMPTY);
  }, [open, form]);

  const onSubmit = form.handleSubmit((values) => {
    give.mutate(values, {
      onSuccess: () => {
        toast({ title: t("give.toast.title"), description: t("give.toast.description") });
        onOpenChange(false);
      },
      onError: (error) => {
        if (applyServerFieldErrors(form, error)) return;
        toastApiError(error, { description: t("give.failed") });
      },
    });
  });

  const err = (k: keyof TValues) => errors[k]?.message;
  const list = members.data ?? [];
  const membersHint = members.isError
    ? t("give.membersError")
    : members.isSuccess && list.length === 0
      ? t("give.noMembers")
      : undefined;

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="max-w-xl">
        <DialogHeader>
          <DialogTitle>{t("give.title")}</DialogTitle>
          <DialogDescription>{t("give.description")}</DialogDescription>
        </DialogHeader>
        <form id={FORM_ID} onSubmit={onSubmit} noValidate className="grid gap-4 sm:grid-cols-2">
          <FormField
            id="kudos-recipient"
            label={t("give.recipient")}
            hint={membersHint}
            error={err("toUserId")}
            className="sm:col-span-2"
          >
            <NativeSelect
              {...fieldAria("kudos-recipient", err("toUserId"), !!membersHint)}
              // Not disabled while the members load: the focus starts here when the dialog opens.
              aria-busy={members.isLoading || undefined}
              {...form.register("toUserId")}
            >
              <option value="" disabled>
                {members.isLoading ? t("give.loadingMembers") : t("give.chooseMember")}
              </option>
              {list.map((m) => (
                <option key={m.id} value={m.id}>
                  {kudosPersonName(m, t("person.member"))}
                </option>
              ))}
            </NativeSelect>
          </FormField>
          <FormField id="kudos-type" label={t("give.type")} error={err("type")}>
            <NativeSelect {...fieldAria("kudos-type", err("type"))} {...form.register("type")}>
              <option value="" disabled>
                {t("give.chooseType")}
              </option>
              {(Object.keys(KUDOS_TYPE_LABELS) as TKudosType[]).map((type) => (
                <option key={type} value={type}>
                  {t(KUDOS_TYPE_LABELS[type])}
                </option>
              ))}
            </NativeSelect>
          </FormField>
          <FormField id="kudos-category" label={t("give.category")} error={err("category")}>
            <NativeSelect {...fieldAria("kudos-category", err("category"))} {...form.register("category")}>
              <option value="" disabled>
                {t("give.chooseCategory")}
              </option>
              {(Object.keys(KUDOS_CATEGORY_LABELS) as TKudosCategory[]).map((c) => (
                <option key={c} value={c}>
                  {t(KUDOS_CATEGORY_LABELS[c])}
                </option>
              ))}
            </NativeSelect>
          </FormField>
          <FormField id="kudos-title" label={t("give.titleLabel")} error={err("title")} className="sm:col-span-2">
            <Input
              {...fieldAria("kudos-title", err("title"))}
              autoComplete="off"
              placeholder={t("give.titlePlaceholder")}
              {...form.register("title")}
            />
          </FormField>
          <FormField
            id="kudos-message"
            label={t("give.message")}
            hint={t("give.messageHint", { length: format.number(messageLength), max: format.number(MESSAGE_MAX) })}
            error={err("message")}
            className="sm:col-span-2"
          >
            <Textarea {...fieldAria("kudos-message", err("message"), true)} rows={4} {...form.register("message")} />
          </FormField>
        </form>
        <DialogFormFooter
          formId={FORM_ID}
          submitLabel={t("give.submit")}
          pendingLabel={t("give.sending")}
          pending={give.isPending}
          onCancel={() => onOpenChange(false)}
        />
      </DialogContent>
    </Dialog>
  );
}
