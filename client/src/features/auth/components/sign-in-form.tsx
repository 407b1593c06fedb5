import type { ZLoginBody } from "@common/auth";
import { Suspense, useState } from "react";
import { useForm } from "react-hook-form";
import type { z } from "zod";
import { FormAlert } from "@/components/form-alert";
import { Button } from "@/components/ui/button";
import { FormField, fieldAria } from "@/components/ui/form-field";
import { Input } from "@/components/ui/input";
import { useT } from "@/lib/i18n";
import { lazyComponent } from "@/lib/lazy";
import { lazyZodResolver } from "@/lib/lazy-zod-resolver";
import { useLogin } from "../api";
import { authCatalog } from "../i18n";
import { getLoginErrorMessage } from "./auth-errors";

type TValues = z.input<typeof ZLoginBody>;
// The contract (and zod) arrive when the form is first focused or submitted.
const loginContract = lazyZodResolver(() => import("@common/auth").then((m) => m.ZLoginBody));

// Few visits need it: the dialog's code downloads when a pointer or the keyboard reaches its link.
const ForgotPasswordDialog = lazyComponent(() =>
  import("./forgot-password-dialog").then((m) => m.ForgotPasswordDialog),
);

export function SignInForm({ lockedEmail, onSignedIn }: { lockedEmail?: string; onSignedIn: () => Promise<void> }) {
  const t = useT(authCatalog);
  const login = useLogin();
  const [formError, setFormError] = useState<string | null>(null);
  const [forgotOpen, setForgotOpen] = useState(false);
  const [isForgotDrawn, setIsForgotDrawn] = useState(false);
  if (forgotOpen && !isForgotDrawn) setIsForgotDrawn(true);
  const form = useForm<TValues, unknown, z.output<typeof ZLoginBody>>({
    resolver: loginContract.resolver,
    defaultValues: { email: lockedEmail ?? "", password: "" },
  });
  const { errors, isSubmitting } = form.formState;

  const onSubmit = form.handleSubmit(async (values) => {
    setFormError(null);
    try {
      await login.mutateAsync(values);
      await onSignedIn();
    } catch (error) {
      setFormError(getLoginErrorMessage(error, t));
    }
  });

  const pending = isSubmitting || login.isPending;
  return (
    <form onSubmit={onSubmit} onFocus={loginContract.preload} noValidate className="grid gap-4">
      <FormField id="signin-email" label={t("field.email")} error={errors.email?.message}>
        <Input
          {...fieldAria("signin-email", errors.email?.message)}
          type="email"
          autoComplete="email"
          readOnly={!!lockedEmail}
          {...form.register("email")}
        />
      </FormField>
      {/* "Forgot password?" sits beside the label on screen but after the field in the DOM, so Tab
          goes from the email straight to the password (issue 24). */}
      <div className="grid grid-cols-[1fr_auto] items-center gap-x-3 gap-y-1.5">
        <label htmlFor="signin-password" className="col-start-1 row-start-1 text-sm font-medium">
          {t("field.password")}
        </label>
        <Input
          {...fieldAria("signin-password", errors.password?.message)}
          type="password"
          autoComplete="current-password"
          className="col-span-2 row-start-2"
          {...form.register("password")}
        />
        <button
          type="button"
          className="col-start-2 row-start-1 justify-self-end rounded text-sm font-medium text-brand-text hover:underline"
          onPointerEnter={ForgotPasswordDialog.preload}
          onFocus={ForgotPasswordDialog.preload}
          onClick={() => setForgotOpen(true)}
        >
          {t("signIn.forgot")}
        </button>
        {errors.password?.message && (
          <p id="signin-password-error" role="alert" className="col-span-2 row-start-3 text-sm text-red-700">
            {errors.password.message}
          </p>
        )}
      </div>
      <FormAlert message={formError} />
      <Button type="submit" size="lg" disabled={pending}>
        {pending ? t("signIn.pending") : t("signIn.submit")}
      </Button>
      {isForgotDrawn && (
        <Suspense fallback={null}>
          <ForgotPasswordDialog
            open={forgotOpen}
            onOpenChange={setForgotOpen}
            initialEmail={lockedEmail ?? form.getValues("email")}
          />
        </Suspense>
      )}
    </form>
  );
}
