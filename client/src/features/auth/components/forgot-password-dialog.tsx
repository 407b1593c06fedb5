import { ZForgotPasswordBody } from "@common/auth";
import { zodResolver } from "@hookform/resolvers/zod";
import { MailCheck } from "lucide-react";
import { useEffect, useState } from "react";
import { useForm } from "react-hook-form";
import type { z } from "zod";
import { FormAlert } from "@/components/form-alert";
import { commonCatalog } from "@/components/i18n";
import { Button } from "@/components/ui/button";
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from "@/components/ui/dialog";
import { FormField, fieldAria } from "@/components/ui/form-field";
import { Input } from "@/components/ui/input";
import { getServerMessage } from "@/lib/api-client";
import { useT } from "@/lib/i18n";
import { useForgotPassword } from "../api";
import { authCatalog } from "../i18n";

type TValues = z.input<typeof ZForgotPasswordBody>;

export function ForgotPasswordDialog({
  open,
  onOpenChange,
  initialEmail,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  initialEmail: string;
}) {
  const t = useT(authCatalog);
  const tc = useT(commonCatalog);
  const forgot = useForgotPassword();
  const [sent, setSent] = useState(false);
  const [formError, setFormError] = useState<string | null>(null);
  const form = useForm<TValues, unknown, z.output<typeof ZForgotPasswordBody>>({
    resolver: zodResolver(ZForgotPasswordBody),
    defaultValues: { email: "" },
  });
  const { errors } = form.formState;

  useEffect(() => {
    if (open) {
      form.reset({ email: initialEmail });
      setSent(false);
      setFormError(null);
    }
  }, [open, initialEmail, form]);

  const onSubmit = form.handleSubmit(async (values) => {
    setFormError(null);
    try {
      await forgot.mutateAsync(values);
      setSent(true);
    } catch (error) {
      setFormError(getServerMessage(error) ?? t("error.generic"));
    }
  });

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>{t("forgot.title")}</DialogTitle>
          <DialogDescription>{t("forgot.description")}</DialogDescription>
        </DialogHeader>
        {sent ? (
          <div
            role="status"
            className="flex items-start gap-3 rounded-lg border border-emerald-200 bg-emerald-50 p-4 text-sm text-emerald-900"
          >
            <MailCheck className="mt-0.5 size-5 shrink-0" aria-hidden="true" />
            <p>{t("forgot.sent")}</p>
          </div>
        ) : (
          <form id="forgot-password-form" onSubmit={onSubmit} noValidate className="grid gap-4">
            <FormField id="forgot-email" label={t("field.email")} error={errors.email?.message}>
              <Input
                {...fieldAria("forgot-email", errors.email?.message)}
                type="email"
                autoComplete="email"
                {...form.register("email")}
              />
            </FormField>
            <FormAlert message={formError} />
          </form>
        )}
        <DialogFooter>
          <Button variant="outline" onClick={() => onOpenChange(false)}>
            {sent ? tc("action.close") : tc("action.cancel")}
          </Button>
          {!sent && (
            <Button type="submit" form="forgot-password-form" disabled={forgot.isPending}>
              {forgot.isPending ? t("forgot.pending") : t("forgot.submit")}
            </Button>
          )}
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
