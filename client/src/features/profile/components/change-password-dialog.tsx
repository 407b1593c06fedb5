import { ZChangePasswordBody } from "@common/profile";
import { zodResolver } from "@hookform/resolvers/zod";
import { useEffect, useMemo } from "react";
import { useForm } from "react-hook-form";
import { z } from "zod";
import { DialogFormFooter } from "@/components/dialog-form-footer";
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from "@/components/ui/dialog";
import { FormField, fieldAria } from "@/components/ui/form-field";
import { Input } from "@/components/ui/input";
import { toast } from "@/components/ui/use-toast";
import { getServerMessage } from "@/lib/api-client";
import { toastApiError } from "@/lib/auth-redirect";
import { applyServerFieldErrors } from "@/lib/form-errors";
import { type TTranslate, useT } from "@/lib/i18n";
import { useChangePassword } from "../api";
import { profileCatalog } from "../i18n";

// The contract, plus a second entry of the new password that only this form needs.
const changePasswordForm = (t: TTranslate<typeof profileCatalog.en>) =>
  ZChangePasswordBody.extend({ confirmPassword: z.string() }).refine((v) => v.newPassword === v.confirmPassword, {
    message: t("password.mismatch"),
    path: ["confirmPassword"],
  });
type TValues = z.input<ReturnType<typeof changePasswordForm>>;

const EMPTY: TValues = { currentPassword: "", newPassword: "", confirmPassword: "" };

/** Account Settings: a new password, proved by the current one. Other devices are signed out. */
export function ChangePasswordDialog({ open, onOpenChange }: { open: boolean; onOpenChange: (o: boolean) => void }) {
  const t = useT(profileCatalog);
  const change = useChangePassword();
  const schema = useMemo(() => changePasswordForm(t), [t]);
  const form = useForm<TValues>({ resolver: zodResolver(schema), defaultValues: EMPTY });
  const { errors } = form.formState;

  useEffect(() => {
    if (open) form.reset(EMPTY);
  }, [open, form]);

  const onSubmit = form.handleSubmit(({ currentPassword, newPassword }) => {
    change.mutate(
      { currentPassword, newPassword },
      {
        onSuccess: () => {
          toast({
            title: t("password.changed"),
            description: t("password.changedDescription"),
          });
          onOpenChange(false);
        },
        onError: (error) => {
          if (applyServerFieldErrors(form, error)) return;
          toastApiError(error, {
            title: t("toast.updateFailed"),
            description: getServerMessage(error) ?? t("password.failed"),
          });
        },
      },
    );
  });

  const err = (k: keyof TValues) => errors[k]?.message;
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="max-w-md">
        <DialogHeader>
          <DialogTitle>{t("password.title")}</DialogTitle>
          <DialogDescription>{t("password.description")}</DialogDescription>
        </DialogHeader>
        <form id="password-form" onSubmit={onSubmit} noValidate className="grid gap-4">
          <FormField id="password-current" label={t("password.current")} error={err("currentPassword")}>
            <Input
              {...fieldAria("password-current", err("currentPassword"))}
              type="password"
              autoComplete="current-password"
              {...form.register("currentPassword")}
            />
          </FormField>
          <FormField
            id="password-new"
            label={t("password.new")}
            hint={t("password.newHint")}
            error={err("newPassword")}
          >
            <Input
              {...fieldAria("password-new", err("newPassword"), true)}
              type="password"
              autoComplete="new-password"
              {...form.register("newPassword")}
            />
          </FormField>
          <FormField id="password-confirm" label={t("password.confirm")} error={err("confirmPassword")}>
            <Input
              {...fieldAria("password-confirm", err("confirmPassword"))}
              type="password"
              autoComplete="new-password"
              {...form.register("confirmPassword")}
            />
          </FormField>
        </form>
        <DialogFormFooter
          formId="password-form"
          submitLabel={t("password.submit")}
          pendingLabel={t("password.saving")}
          pending={change.isPending}
          onCancel={() => onOpenChange(false)}
        />
      </DialogContent>
    </Dialog>
  );
}
