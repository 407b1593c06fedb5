import { ZForgotPasswordBody } from "@common/auth";
import { zodResolver } from "@hookform/resolvers/zod";
import { MailCheck } from "lucide-react";
import { useEffect, useState } from "react";
import { useForm } from "react-hook-form";
import type { z } from "zod";
import { FormAlert } from "@/components/form-alert";
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
import { useForgotPassword } from "../api";

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
      setFormError(getServerMessage(error) ?? "Something went wrong. Please try again.");
    }
  });

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Reset your password</DialogTitle>
          <DialogDescription>Enter your email and we will send you a link to choose a new password.</DialogDescription>
        </DialogHeader>
        {sent ? (
          <div
            role="status"
            className="flex items-start gap-3 rounded-lg border border-emerald-200 bg-emerald-50 p-4 text-sm text-emerald-900"
          >
            <MailCheck className="mt-0.5 size-5 shrink-0" aria-hidden="true" />
            <p>If an account exists, we sent a reset link</p>
          </div>
        ) : (
          <form id="forgot-password-form" onSubmit={onSubmit} noValidate className="grid gap-4">
            <FormField id="forgot-email" label="Email" error={errors.email?.message}>
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
            {sent ? "Close" : "Cancel"}
          </Button>
          {!sent && (
            <Button type="submit" form="forgot-password-form" disabled={forgot.isPending}>
              {forgot.isPending ? "Sending..." : "Send Reset Link"}
            </Button>
          )}
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
