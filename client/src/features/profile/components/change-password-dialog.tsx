import { ZChangePasswordBody } from "@common/profile";
import { zodResolver } from "@hookform/resolvers/zod";
import { useEffect } from "react";
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
import { useChangePassword } from "../api";

// The contract, plus a second entry of the new password that only this form needs.
const ZChangePasswordForm = ZChangePasswordBody.extend({ confirmPassword: z.string() }).refine(
  (v) => v.newPassword === v.confirmPassword,
  { message: "The passwords do not match", path: ["confirmPassword"] },
);
type TValues = z.input<typeof ZChangePasswordForm>;

const EMPTY: TValues = { currentPassword: "", newPassword: "", confirmPassword: "" };

/** Account Settings: a new password, proved by the current one. Other devices are signed out. */
export function ChangePasswordDialog({ open, onOpenChange }: { open: boolean; onOpenChange: (o: boolean) => void }) {
  const change = useChangePassword();
  const form = useForm<TValues>({ resolver: zodResolver(ZChangePasswordForm), defaultValues: EMPTY });
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
            title: "Password Changed",
            description: "Your password has been changed. Your other devices have been signed out.",
          });
          onOpenChange(false);
        },
        onError: (error) => {
          if (applyServerFieldErrors(form, error)) return;
          toastApiError(error, {
            title: "Update Failed",
            description: getServerMessage(error) ?? "Failed to change your password. Please try again.",
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
          <DialogTitle>Change Password</DialogTitle>
          <DialogDescription>You stay signed in here; your other devices will be signed out.</DialogDescription>
        </DialogHeader>
        <form id="password-form" onSubmit={onSubmit} noValidate className="grid gap-4">
          <FormField id="password-current" label="Current password" error={err("currentPassword")}>
            <Input
              {...fieldAria("password-current", err("currentPassword"))}
              type="password"
              autoComplete="current-password"
              {...form.register("currentPassword")}
            />
          </FormField>
          <FormField id="password-new" label="New password" hint="At least 8 characters." error={err("newPassword")}>
            <Input
              {...fieldAria("password-new", err("newPassword"), true)}
              type="password"
              autoComplete="new-password"
              {...form.register("newPassword")}
            />
          </FormField>
          <FormField id="password-confirm" label="Confirm new password" error={err("confirmPassword")}>
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
          submitLabel="Change Password"
          pendingLabel="Saving..."
          pending={change.isPending}
          onCancel={() => onOpenChange(false)}
        />
      </DialogContent>
    </Dialog>
  );
}
