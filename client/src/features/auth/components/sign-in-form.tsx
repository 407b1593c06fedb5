import { ZLoginBody } from "@common/auth";
import { zodResolver } from "@hookform/resolvers/zod";
import { useState } from "react";
import { useForm } from "react-hook-form";
import type { z } from "zod";
import { FormAlert } from "@/components/form-alert";
import { Button } from "@/components/ui/button";
import { FormField, fieldAria } from "@/components/ui/form-field";
import { Input } from "@/components/ui/input";
import { useLogin } from "../api";
import { getLoginErrorMessage } from "./auth-errors";
import { ForgotPasswordDialog } from "./forgot-password-dialog";

type TValues = z.input<typeof ZLoginBody>;

export function SignInForm({ lockedEmail, onSignedIn }: { lockedEmail?: string; onSignedIn: () => Promise<void> }) {
  const login = useLogin();
  const [formError, setFormError] = useState<string | null>(null);
  const [forgotOpen, setForgotOpen] = useState(false);
  const form = useForm<TValues, unknown, z.output<typeof ZLoginBody>>({
    resolver: zodResolver(ZLoginBody),
    defaultValues: { email: lockedEmail ?? "", password: "" },
  });
  const { errors, isSubmitting } = form.formState;

  const onSubmit = form.handleSubmit(async (values) => {
    setFormError(null);
    try {
      await login.mutateAsync(values);
      await onSignedIn();
    } catch (error) {
      setFormError(getLoginErrorMessage(error));
    }
  });

  const pending = isSubmitting || login.isPending;
  return (
    <form onSubmit={onSubmit} noValidate className="grid gap-4">
      <FormField id="signin-email" label="Email" error={errors.email?.message}>
        <Input
          {...fieldAria("signin-email", errors.email?.message)}
          type="email"
          autoComplete="email"
          readOnly={!!lockedEmail}
          {...form.register("email")}
        />
      </FormField>
      <div className="grid gap-1.5">
        <div className="flex items-center justify-between">
          <label htmlFor="signin-password" className="text-sm font-medium">
            Password
          </label>
          <button
            type="button"
            className="rounded text-sm font-medium text-brand-text hover:underline"
            onClick={() => setForgotOpen(true)}
          >
            Forgot password?
          </button>
        </div>
        <Input
          {...fieldAria("signin-password", errors.password?.message)}
          type="password"
          autoComplete="current-password"
          {...form.register("password")}
        />
        {errors.password?.message && (
          <p id="signin-password-error" role="alert" className="text-sm text-red-700">
            {errors.password.message}
          </p>
        )}
      </div>
      <FormAlert message={formError} />
      <Button type="submit" size="lg" disabled={pending}>
        {pending ? "Signing In..." : "Sign In"}
      </Button>
      <ForgotPasswordDialog
        open={forgotOpen}
        onOpenChange={setForgotOpen}
        initialEmail={lockedEmail ?? form.getValues("email")}
      />
    </form>
  );
}
